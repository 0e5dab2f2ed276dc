import { afterEach, describe, expect, it } from 'vitest';
import type { Gallery, NewGalleryLink } from '#contract/galleries.ts';
import type { Photo, PhotoWithCategory, UploadPhotosResponse } from '#contract/photos.ts';
import type { PhotoPage } from '#contract/photo-pages.ts';
import type { CurrentUser } from '#contract/auth.ts';
import { withXmp } from '#tests/fixtures/embedded-metadata.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { createCategory, postPhotos } from '#tests/fixtures/photos.ts';
import { builtClientForFile } from '#tests/fixtures/built-client.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const PUBLIC_URL = 'https://portfolio.example';
let t: TestApp;
const clientDir = builtClientForFile();
afterEach(async () => {
  await t?.close();
});

const as = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function setUp() {
  t = await createTestApp({ clientDir: clientDir(), env: { PUBLIC_URL } });
  const cookie = await t.signIn();
  const harbour = await createCategory(t, 'Harbour');
  const base = await jpeg({ width: 320, height: 240 });
  const uploaded = await postPhotos(t, cookie, [
    { name: 'IMG_1234.jpg', data: base, type: 'image/jpeg' },
    { name: 'lisbon-003.jpg', data: base, type: 'image/jpeg' },
    { name: 'Harbour at noon.jpg', data: base, type: 'image/jpeg' },
    { name: 'DSC00042.jpg', data: withXmp(base, { title: 'Fog' }), type: 'image/jpeg' },
    { name: 'album-cover.jpg', data: base, type: 'image/jpeg' },
  ]);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const [camera, oneWord, words, embedded, release] = uploaded.json<UploadPhotosResponse>().photos;
  await as(cookie, 'POST', '/api/photos/move', { ids: [camera!.id, words!.id, embedded!.id], categoryId: harbour });
  return { cookie, harbour, camera: camera!, oneWord: oneWord!, words: words!, embedded: embedded!, release: release! };
}

const titles = (photos: Photo[]) => Object.fromEntries(photos.map((photo) => [photo.id, photo.title]));

describe('the owner’s switch hiding titles that are only file names', () => {
  it('is off by default: visitors see the file-name titles, as the spec has them', async () => {
    const { camera, oneWord } = await setUp();
    const listed = (await as(undefined, 'GET', '/api/photos')).json<Photo[]>();
    expect(titles(listed)).toMatchObject({ [camera.id]: 'IMG_1234', [oneWord.id]: 'lisbon-003' });
    expect((await as(undefined, 'GET', '/api/portfolio-owner')).json()).toMatchObject({ hideFileNameTitles: false });
  });

  it('hides them on every visitor surface, never the owner’s, and not a title written by a person or into the file', async () => {
    const { cookie, harbour, camera, oneWord, words, embedded, release } = await setUp();
    const saved = await as(cookie, 'PATCH', '/api/portfolio-settings', { hideFileNameTitles: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CurrentUser>().hideFileNameTitles).toBe(true);

    // The lists and one photo, for a visitor.
    // A release's title is its name, and here what makes it a release: never hidden.
    const expected = { [camera.id]: '', [oneWord.id]: '', [words.id]: 'Harbour at noon', [embedded.id]: 'Fog', [release.id]: 'album-cover' };
    expect(titles((await as(undefined, 'GET', '/api/photos')).json<Photo[]>())).toEqual(expected);
    const page = (await as(undefined, 'GET', `/api/photos/page?categoryId=${harbour}`)).json<PhotoPage>();
    expect(titles(page.photos)).toEqual({ [camera.id]: '', [words.id]: 'Harbour at noon', [embedded.id]: 'Fog' });
    expect((await as(undefined, 'GET', `/api/photos/${camera.id}`)).json<PhotoWithCategory>().title).toBe('');
    // The owner still reads every title, to edit them.
    expect(titles((await as(cookie, 'GET', '/api/photos')).json<Photo[]>())).toMatchObject({ [camera.id]: 'IMG_1234', [oneWord.id]: 'lisbon-003' });
    expect((await as(cookie, 'GET', `/api/photos/${camera.id}`)).json<PhotoWithCategory>().title).toBe('IMG_1234');

    // The photo page: its head named by the category, the image described as a photo, no file name in it.
    const photoPage = await as(undefined, 'GET', `/photo/${camera.id}`);
    expect(photoPage.statusCode).toBe(200);
    expect(titleOf(photoPage.body)).toMatch(/^Harbour · /);
    expect(metaOf(photoPage.body, 'og:title')).toMatch(/^Harbour · /);
    expect(metaOf(photoPage.body, 'og:image:alt')).toBe('Photo');
    expect(photoPage.body).not.toContain('IMG_1234');
    // The owner's own browser gets every title in the page's data; its head stays the visitor's.
    const ownersPage = await as(cookie, 'GET', `/photo/${camera.id}`);
    expect(titleOf(ownersPage.body)).toMatch(/^Harbour · /);
    expect(ownersPage.body).toContain('IMG_1234');
    // Without a category, only the site's name.
    const loosePage = await as(undefined, 'GET', `/photo/${oneWord.id}`);
    expect(titleOf(loosePage.body)).not.toContain('·');
    expect(loosePage.body).not.toContain('lisbon-003');
    // A kept title is as before.
    expect(titleOf((await as(undefined, 'GET', `/photo/${embedded.id}`)).body)).toMatch(/^Fog · /);
    // The portfolio page's first data.
    expect((await as(undefined, 'GET', '/')).body).not.toContain('IMG_1234');

    // The feed: the category's name where Atom wants a title.
    const feed = (await as(undefined, 'GET', '/feed.xml')).body;
    expect(feed).not.toContain('IMG_1234');
    expect(feed).not.toContain('lisbon-003');
    const entry = feed.split('<entry>').find((part) => part.includes(`/photo/${camera.id}<`))!;
    expect(entry).toContain('<title>Harbour</title>');
    expect(entry).toContain('<summary>Photo</summary>');

    // A client's gallery.
    expect((await as(cookie, 'PUT', `/api/categories/${harbour}`, { visibility: 'unlisted' })).statusCode).toBe(200);
    const link = (await as(cookie, 'POST', `/api/categories/${harbour}/links`, { label: 'Client' })).json<NewGalleryLink>();
    const gallery = (await as(undefined, 'GET', `/api/galleries/${link.path.split('/').at(-1)}`)).json<Gallery>();
    expect(titles(gallery.photos)).toEqual({ [camera.id]: '', [words.id]: 'Harbour at noon', [embedded.id]: 'Fog' });

    // Retitled by the owner: shown again.
    await as(cookie, 'PUT', `/api/photos/${oneWord.id}`, { title: 'Tram 28' });
    expect(titles((await as(undefined, 'GET', '/api/photos')).json<Photo[]>())[oneWord.id]).toBe('Tram 28');
  });
});
