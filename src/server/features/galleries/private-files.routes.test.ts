import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Gallery, NewGalleryLink } from '#contract/galleries.ts';
import { displayImagePath, photoSrcSet, thumbnailPath, tileSrcSet } from '#contract/image-urls.ts';
import type { Photo } from '#contract/photos.ts';
import { formWith, jpeg } from '#tests/fixtures/images.ts';
import { galleryFixture, tokenOf } from '#tests/fixtures/galleries.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { startS3Server, startUploadsOnlyCdn, type TestS3Server } from '#tests/setup/s3.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

/**
 * A non-public gallery's copies are served only to a request holding access,
 * privately, and every URL a link handed out answers 404 once it is revoked or has expired, on
 * the local store and on S3 (with S3_PUBLIC_URL in front of the bucket's uploads/, as deployed).
 */

let t: TestApp | undefined;
let s3: TestS3Server | undefined;
let cdn: { url: string; close: () => Promise<void> } | undefined;
afterEach(async () => {
  await t?.close();
  await cdn?.close();
  await s3?.close();
  t = s3 = cdn = undefined;
});

const PASSWORD = 'river-stone-42';

/** Every file URL a photo's markup can name: display, every width, the thumbnail. */
function urlsOf(photo: Photo): string[] {
  const fromSrcSet = (srcset: string) => srcset.split(', ').map((candidate) => candidate.split(' ')[0]!);
  return [...new Set([displayImagePath(photo), thumbnailPath(photo), ...fromSrcSet(photoSrcSet(photo)), ...fromSrcSet(tileSrcSet(photo))])];
}

/** The names of a photo's copies (display, widths, thumbnail). */
const namesOf = (photo: Photo) => [photo.filename, photo.thumbnail, ...photo.variants.map((variant) => variant.filename)];

async function site(where: 'local' | 's3') {
  const clock = createTestClock(new Date('2026-11-26T12:00:00Z'));
  if (where === 's3') {
    s3 = await startS3Server();
    cdn = await startUploadsOnlyCdn(s3);
  }
  const app = await createTestApp({ clock, env: s3 && cdn ? { ...s3.env, S3_PUBLIC_URL: cdn.url.replace(/\/$/, '') } : {} });
  t = app;
  const cookie = await app.signIn();
  const categoryId = await createCategory(app, 'Smith wedding');
  const photos = await createPhotos(app, cookie, 3);
  const owner = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const moved = await owner('POST', '/api/photos/move', { ids: [photos[0]!.id, photos[1]!.id], categoryId });
  expect(moved.statusCode, moved.body).toBe(200);
  return { t: app, clock, cookie, categoryId, photos, owner };
}

type Site = Awaited<ReturnType<typeof site>>;

const makeUnlisted = (s: Site) => unlist(s.cookie, s.categoryId);

const { createLink, makeUnlisted: unlist } = galleryFixture(() => t!);

/** A client's browser: the link's cookie once its password is given. */
async function unlockedCookie(s: Site, link: NewGalleryLink): Promise<string> {
  const response = await s.t.app.inject({ method: 'POST', url: `/api/galleries/${tokenOf(link)}/unlock`, payload: { password: PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = [response.headers['set-cookie']].flat()[0]!;
  return setCookie.split(';')[0]!;
}

/** Where the public copies of a name would be for a visitor: /uploads, and on S3 the CDN it redirects to. */
async function publicStatus(s: Site, name: string): Promise<number> {
  const response = await s.t.app.inject({ url: `/uploads/${name}` });
  if (response.statusCode !== 302) return response.statusCode;
  return (await fetch(response.headers.location!)).status;
}

describe.each(['local', 's3'] as const)('a non-public gallery\'s files, on the %s store', (where) => {
  it('are served only through access, privately, and every URL a link handed out ends with it', async () => {
    const s = await site(where);
    const [first, second] = s.photos;
    // Public first: a visitor fetches the thumbnail (kept in memory by the uploads store) and the display image.
    expect(await publicStatus(s, first!.thumbnail)).toBe(200);
    expect(await publicStatus(s, first!.filename)).toBe(200);

    await makeUnlisted(s);
    // Gone from /uploads (and from the bucket's public prefix), memory included.
    for (const name of [...namesOf(first!), ...namesOf(second!)]) expect(await publicStatus(s, name), name).toBe(404);
    // The owner's list says where they are now; the owner gets them, privately; a visitor does not.
    const ownerPhotos = (await s.owner('GET', '/api/photos')).json<Photo[]>();
    const ownFirst = ownerPhotos.find((photo) => photo.id === first!.id)!;
    expect(ownFirst.filesBase).toBe('/restricted');
    for (const url of urlsOf(ownFirst)) {
      const asOwner = await s.owner('GET', url);
      expect(asOwner.statusCode, url).toBe(200);
      expect(asOwner.headers['cache-control']).toBe('private, no-cache');
      expect((await s.t.app.inject({ url })).statusCode, url).toBe(401);
    }

    const link = await createLink(s, { label: 'Parents', password: PASSWORD });
    const token = tokenOf(link);
    // Without the password's cookie: neither the gallery nor a file, and no 304 either.
    expect((await s.t.app.inject({ url: `/api/galleries/${token}` })).statusCode).toBe(401);
    const clientCookie = await unlockedCookie(s, link);
    const gallery = (await s.t.app.inject({ url: `/api/galleries/${token}`, headers: { cookie: clientCookie } })).json<Gallery>();
    const handedOut = gallery.photos.flatMap(urlsOf);
    // Each photo's display image and thumbnail at least (the test images are too small for widths).
    expect(handedOut.length).toBeGreaterThanOrEqual(4);
    for (const url of handedOut) {
      expect(url.startsWith(`/g/${token}/files/`), url).toBe(true);
      const held = await s.t.app.inject({ url, headers: { cookie: clientCookie } });
      expect(held.statusCode, url).toBe(200);
      expect(held.headers['cache-control']).toBe('private, no-cache');
      expect(held.headers['x-robots-tag']).toBe('noindex');
      // A revalidation with the right ETag is a 304 only for the holder.
      const etag = held.headers.etag!;
      expect((await s.t.app.inject({ url, headers: { cookie: clientCookie, 'if-none-match': etag } })).statusCode).toBe(304);
      const stranger = await s.t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(stranger.statusCode, url).toBe(401);
      expect(stranger.headers.etag).toBeUndefined();
    }
    // A name of another photo (the public one in Other) is not this gallery's to hand out.
    expect((await s.t.app.inject({ url: `/g/${token}/files/${s.photos[2]!.thumbnail}`, headers: { cookie: clientCookie } })).statusCode).toBe(404);

    // Revoked: every URL it handed out is 404 on the next request, and nothing is public either.
    expect((await s.owner('DELETE', `/api/gallery-links/${link.id}`)).statusCode).toBe(200);
    for (const url of handedOut) expect((await s.t.app.inject({ url, headers: { cookie: clientCookie } })).statusCode, url).toBe(404);
    for (const name of gallery.photos.flatMap(namesOf)) expect(await publicStatus(s, name), name).toBe(404);
  });
});

describe('access follows the photo and the link', () => {
  it('ends at the expiry, with a new password, and for a photo moved out of the gallery', async () => {
    const s = await site('local');
    const [first, second] = s.photos;
    await makeUnlisted(s);
    const link = await createLink(s, { label: 'Parents', password: PASSWORD, expiresAt: '2026-11-27T12:00:00Z' });
    const token = tokenOf(link);
    const cookie = await unlockedCookie(s, link);
    const gallery = (await s.t.app.inject({ url: `/api/galleries/${token}`, headers: { cookie } })).json<Gallery>();
    const urlOf = (id: number) => displayImagePath(gallery.photos.find((photo) => photo.id === id)!);
    const get = (url: string) => s.t.app.inject({ url, headers: { cookie } });
    expect((await get(urlOf(first!.id))).statusCode).toBe(200);

    // Moved to another (public) category: the gallery's URL ends; the photo is public again.
    const other = await createCategory(s.t, 'Portfolio');
    expect((await s.owner('POST', '/api/photos/move', { ids: [first!.id], categoryId: other })).statusCode).toBe(200);
    expect((await get(urlOf(first!.id))).statusCode).toBe(404);
    const published = (await s.owner('GET', `/api/photos/${first!.id}`)).json<Photo>();
    expect(await publicStatus(s, published.filename)).toBe(200);
    expect(fs.readdirSync(s.t.config.restrictedDir).some((name) => name.startsWith(published.filename.slice(0, 32)))).toBe(false);
    // Moved back in: private again (under new names), and the link serves it.
    expect((await s.owner('POST', '/api/photos/move', { ids: [first!.id], categoryId: s.categoryId })).statusCode).toBe(200);
    expect(await publicStatus(s, published.filename)).toBe(404);
    const again = (await s.t.app.inject({ url: `/api/galleries/${token}`, headers: { cookie } })).json<Gallery>();
    expect((await get(displayImagePath(again.photos.find((photo) => photo.id === first!.id)!))).statusCode).toBe(200);

    // A new password: the old cookie opens nothing.
    expect((await s.owner('PATCH', `/api/gallery-links/${link.id}`, { password: 'a-new-password' })).statusCode).toBe(200);
    expect((await get(urlOf(second!.id))).statusCode).toBe(401);
    expect((await s.owner('PATCH', `/api/gallery-links/${link.id}`, { password: null })).statusCode).toBe(200);
    expect((await get(urlOf(second!.id))).statusCode).toBe(200);

    // Past its expiry: 404.
    s.clock.advance(25 * 60 * 60 * 1000);
    expect((await get(urlOf(second!.id))).statusCode).toBe(404);
  });

  it('pauses the links of a private category, and keeps its photos from visitors', async () => {
    const s = await site('local');
    const [first] = s.photos;
    await makeUnlisted(s);
    const link = await createLink(s, { label: 'Parents' });
    const token = tokenOf(link);
    const gallery = (await s.t.app.inject({ url: `/api/galleries/${token}` })).json<Gallery>();
    const url = thumbnailPath(gallery.photos[0]!);
    expect((await s.t.app.inject({ url })).statusCode).toBe(200);

    expect((await s.owner('PUT', `/api/categories/${s.categoryId}`, { visibility: 'private' })).statusCode).toBe(200);
    expect((await s.t.app.inject({ url: `/api/galleries/${token}` })).statusCode).toBe(404);
    expect((await s.t.app.inject({ url })).statusCode).toBe(404);
    expect(await publicStatus(s, first!.thumbnail)).toBe(404);
    // The owner still has them.
    const own = (await s.owner('GET', '/api/photos')).json<Photo[]>().find((photo) => photo.id === first!.id)!;
    expect((await s.owner('GET', thumbnailPath(own))).statusCode).toBe(200);

    // Unlisted again: the same link works again.
    await makeUnlisted(s);
    expect((await s.t.app.inject({ url })).statusCode).toBe(200);
  });

  it('keeps a photo uploaded straight into an unlisted gallery off /uploads from its first answer on', async () => {
    const s = await site('local');
    await makeUnlisted(s);
    const response = await s.t.app.inject({
      method: 'POST',
      url: `/api/photos/upload?categoryId=${s.categoryId}`,
      headers: { cookie: s.cookie },
      payload: formWith('photos', [{ name: 'vows.jpg', data: await jpeg({ width: 320, height: 240 }), type: 'image/jpeg' }]),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [uploaded] = response.json<{ photos: Photo[] }>().photos;
    for (const name of namesOf(uploaded!)) expect(await publicStatus(s, name), name).toBe(404);
    const own = (await s.owner('GET', '/api/photos')).json<Photo[]>().find((photo) => photo.id === uploaded!.id)!;
    for (const url of urlsOf(own)) expect((await s.owner('GET', url)).statusCode, url).toBe(200);
  });

  it('keeps a deleted private gallery\'s photos private in the bank, and from visitors', async () => {
    const s = await site('local');
    const [first] = s.photos;
    await makeUnlisted(s);
    expect((await s.owner('DELETE', `/api/categories/${s.categoryId}`)).statusCode).toBe(200);
    // In the Undo window and after it, the photo is in the owner's bank, still restricted.
    const inBank = (await s.owner('GET', '/api/photos')).json<Photo[]>().find((photo) => photo.id === first!.id)!;
    expect(inBank).toMatchObject({ categoryId: null, filesBase: '/restricted' });
    const visitorPhotos = (await s.t.app.inject({ url: '/api/photos' })).json<Photo[]>().map((photo) => photo.id);
    expect(visitorPhotos).toEqual([s.photos[2]!.id]);
    expect((await s.t.app.inject({ url: `/api/photos/${first!.id}` })).statusCode).toBe(404);
    expect(await publicStatus(s, first!.filename)).toBe(404);
  });

  it('gives copies new names as they leave public view: what was cached for a year names nothing private', async () => {
    const s = await site('local');
    const [first] = s.photos;
    await makeUnlisted(s);
    const own = (await s.owner('GET', '/api/photos')).json<Photo[]>().find((photo) => photo.id === first!.id)!;
    const before = namesOf(first!);
    for (const name of namesOf(own)) expect(before, name).not.toContain(name);
    for (const name of before) expect((await s.owner('GET', `/restricted/${name}`)).statusCode, name).toBe(404);
  });

  it('keeps a photo moved from an unlisted gallery to the bank private there, until a public category takes it', async () => {
    const s = await site('local');
    const [first] = s.photos;
    await makeUnlisted(s);
    expect((await s.owner('POST', '/api/photos/move', { ids: [first!.id], categoryId: null })).statusCode).toBe(200);
    const inBank = (await s.owner('GET', '/api/photos')).json<Photo[]>().find((photo) => photo.id === first!.id)!;
    expect(inBank).toMatchObject({ categoryId: null, filesBase: '/restricted' });
    expect((await s.t.app.inject({ url: `/api/photos/${first!.id}` })).statusCode).toBe(404);
    for (const name of namesOf(inBank)) expect(await publicStatus(s, name), name).toBe(404);

    const open = await createCategory(s.t, 'Open');
    expect((await s.owner('POST', '/api/photos/move', { ids: [first!.id], categoryId: open })).statusCode).toBe(200);
    const published = (await s.owner('GET', '/api/photos')).json<Photo[]>().find((photo) => photo.id === first!.id)!;
    expect(published.filesBase).toBeUndefined();
    for (const name of namesOf(published)) expect(await publicStatus(s, name), name).toBe(200);
  });
});

describe('a link after its photos are rendered again', () => {
  it.each([
    ['a licence of the gallery', { defaultLicense: 'cc-by' }, null],
    ['a watermark of the site', null, { watermark: { kind: 'text', text: '© Studio', anchor: 'bottom-right', size: 20, opacity: 60, thumbnails: true } }],
  ] as const)('serves every new copy after %s', async (_change, categoryChange, siteWatermark) => {
    const s = await site('local');
    await makeUnlisted(s);
    const uploaded = await s.t.app.inject({
      method: 'POST',
      url: `/api/photos/upload?categoryId=${s.categoryId}`,
      headers: { cookie: s.cookie },
      payload: formWith('photos', [{ name: 'aisle.jpg', data: await jpeg({ width: 1600, height: 1000 }), type: 'image/jpeg' }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const link = await createLink(s, { label: 'Parents' });
    const token = tokenOf(link);
    const galleryNow = async () => (await s.t.app.inject({ url: `/api/galleries/${token}` })).json<Gallery>();
    const before = await galleryNow();

    if (categoryChange) expect((await s.owner('PUT', `/api/categories/${s.categoryId}`, categoryChange)).statusCode).toBe(200);
    if (siteWatermark) expect((await s.owner('PUT', '/api/watermark', siteWatermark)).statusCode).toBe(200);
    await s.t.runJobs();

    const after = await galleryNow();
    const renamed = after.photos.filter((photo) => !before.photos.some((old) => old.filename === photo.filename));
    expect(renamed.length).toBe(after.photos.length);
    const urls = after.photos.flatMap(urlsOf);
    // The big photo has widths too: every one of them, with the thumbnail and the display copy.
    expect(urls.length).toBeGreaterThan(after.photos.length * 2);
    for (const url of urls) expect((await s.t.app.inject({ url })).statusCode, url).toBe(200);
  });
});

