import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PageData } from '#contract/page-data.ts';
import { FIRST_PAGE_TILES } from '#contract/photo-cursor.ts';
import type { PhotoPage, PhotoSections } from '#contract/photo-pages.ts';
import type { Photo } from '#contract/photos.ts';
import { builtClientForFile } from '#tests/fixtures/built-client.ts';
import { createCategory, createPhotos, fillPortfolio, insertPhotoRows } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
const clientDir = builtClientForFile();
afterEach(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

async function page(query: string, cookie?: string): Promise<PhotoPage> {
  const response = await get(`/api/photos/page?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PhotoPage>();
}

/** Follows a section's `next` cursors to its end, as the client does while the visitor scrolls. */
async function walkSection(categoryId: number | 'other', limit: number, first: Photo[] = []): Promise<Photo[]> {
  const photos = [...first];
  let after = first.length ? `${first.at(-1)!.order}.${first.at(-1)!.id}` : undefined;
  for (;;) {
    const answer = await page(`categoryId=${categoryId}&limit=${limit}${after ? `&after=${after}` : ''}`);
    expect(answer.offset).toBe(photos.length);
    photos.push(...answer.photos);
    if (answer.next === null) {
      expect(photos).toHaveLength(answer.total);
      return photos;
    }
    after = answer.next;
  }
}

function pageDataOf(html: string): PageData {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return PageData.parse(JSON.parse(match?.[1] ?? ''));
}

describe('a 10,000-photo portfolio, a page at a time', () => {
  it('embeds only its first screens, and every photo is fetched by section exactly once, in page order', async () => {
    t = await createTestApp({ clientDir: clientDir() });
    const cookie = await t.signIn();
    await createPhotos(t, cookie, 1);
    await fillPortfolio(t.database.db, { photos: 10_000, categories: 100 });

    const response = await get('/', undefined, { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(100 * 1024);
    const html = zlib.gunzipSync(response.rawPayload).toString();
    const data = pageDataOf(html);
    const sections = data.photoSections!.sections;
    expect(sections).toHaveLength(101);
    expect(sections.reduce((sum, section) => sum + section.total, 0)).toBe(10_000);
    expect(sections.flatMap((section) => section.photos)).toHaveLength(FIRST_PAGE_TILES);

    // The spec's unpaged list is the page order every section walk must add up to.
    const everyPhoto = (await get('/api/photos')).json<Photo[]>().map((photo) => photo.id);
    const walked: number[] = [];
    for (const section of sections) {
      const photos = await walkSection(section.categoryId ?? 'other', 200, section.photos);
      walked.push(...photos.map((photo) => photo.id));
    }
    expect(walked).toEqual(everyPhoto);
    expect(new Set(walked).size).toBe(10_000);
  });
});

describe('GET /api/photos/page', () => {
  it('walks a section in order, picks up after a photo deleted since, and gives a ring window around a photo', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const categoryId = await createCategory(t, 'Streets');
    const photos = await createPhotos(t, cookie, 7);
    await t.database.db.updateTable('photos').set({ categoryId }).execute();

    const first = await page(`categoryId=${categoryId}&limit=3`);
    expect(first.photos.map((photo) => photo.id)).toEqual(photos.slice(0, 3).map((photo) => photo.id));
    expect(first).toMatchObject({ total: 7, offset: 0, next: `${first.photos[2]!.order}.${first.photos[2]!.id}` });
    // The cursor's photo goes away: the next page still starts after where it stood.
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/photos/${photos[2]!.id}`, headers: { cookie } });
    expect(gone.statusCode).toBe(200);
    const second = await page(`categoryId=${categoryId}&limit=3&after=${first.next}`);
    expect(second.photos.map((photo) => photo.id)).toEqual(photos.slice(3, 6).map((photo) => photo.id));
    expect(second).toMatchObject({ total: 6, offset: 2 });
    expect((await walkSection(categoryId, 4)).map((photo) => photo.id)).toEqual(
      photos.filter((_, index) => index !== 2).map((photo) => photo.id),
    );

    // The first photo's neighbours: the last one before it, the second after it.
    const window = await page(`categoryId=${categoryId}&around=${photos[0]!.id}&limit=3`);
    expect(window.photos.map((photo) => photo.id)).toEqual([photos[6]!.id, photos[0]!.id, photos[1]!.id]);
    expect(window).toMatchObject({ offset: 5, total: 6, next: null });
  });

  it('shows a visitor only what the portfolio shows, and the owner everything', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const hidden = await createCategory(t, 'Unreleased');
    await t.database.db.updateTable('categories').set({ hidden: 1 }).where('id', '=', hidden).execute();
    const [secret, loose] = await createPhotos(t, cookie, 2);
    await t.database.db.updateTable('photos').set({ categoryId: hidden }).where('id', '=', secret!.id).execute();

    const refused = await get(`/api/photos/page?categoryId=${hidden}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'categories.not_found', message: 'Category not found' });
    expect((await page(`categoryId=${hidden}`, cookie)).photos.map((photo) => photo.id)).toEqual([secret!.id]);
    expect((await page('categoryId=other')).photos.map((photo) => photo.id)).toEqual([loose!.id]);
    const sections = (await get('/api/photos/sections')).json<PhotoSections>().sections;
    expect(sections.map((section) => section.categoryId)).toEqual([null]);

    const off = await t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: { showOtherSection: false } });
    expect(off.statusCode).toBe(200);
    expect((await get('/api/photos/page?categoryId=other')).statusCode).toBe(404);
    expect((await get(`/api/photos/page?categoryId=other&around=${loose!.id}`)).statusCode).toBe(404);
    expect((await page('categoryId=other', cookie)).total).toBe(1);
  });

  it("walks the owner's sorted views (title, newest first) page by page, past a photo that has gone meanwhile", async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const titles = ['delta', 'Alpha', 'charlie', 'bravo 10', 'bravo 9', 'echo', 'foxtrot'];
    const ids = await insertPhotoRows(t, titles.length, titles);
    const titled = (photos: Photo[]) => photos.map((photo) => photo.title);

    const first = await page('categoryId=other&sort=title&limit=3', cookie);
    expect(titled(first.photos)).toEqual(['Alpha', 'bravo 9', 'bravo 10']);
    expect(first).toMatchObject({ total: 7, offset: 0, next: `2.${ids[3]}` });
    // The cursor's photo (bravo 10) goes: the next page starts where it stood.
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/photos/${ids[3]}`, headers: { cookie } });
    expect(gone.statusCode).toBe(200);
    const second = await page(`categoryId=other&sort=title&limit=3&after=${first.next}`, cookie);
    expect(titled(second.photos)).toEqual(['charlie', 'delta', 'echo']);
    expect(second).toMatchObject({ offset: 2, total: 6 });
    const third = await page(`categoryId=other&sort=title&limit=3&after=${second.next}`, cookie);
    expect(titled(third.photos)).toEqual(['foxtrot']);
    expect(third.next).toBeNull();

    // Inserted one second apart: the newest first.
    const newest = await page('categoryId=other&sort=date&limit=4', cookie);
    expect(titled(newest.photos)).toEqual(['foxtrot', 'echo', 'bravo 9', 'charlie']);
    const older = await page(`categoryId=other&sort=date&limit=4&after=${newest.next}`, cookie);
    expect(titled(older.photos)).toEqual(['Alpha', 'delta']);
    expect((await get('/api/photos/page?categoryId=other&sort=size', cookie)).statusCode).toBe(400);
  });

  it("counts the owner's photos without alt text in the sections, and tells a visitor nothing of it", async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const hidden = await createCategory(t, 'Unreleased');
    await t.database.db.updateTable('categories').set({ hidden: 1 }).where('id', '=', hidden).execute();
    const ids = await insertPhotoRows(t, 4);
    await t.database.db.updateTable('photos').set({ categoryId: hidden }).where('id', 'in', ids.slice(0, 2)).execute();
    await t.database.db.updateTable('photos').set({ altText: 'A pier at dusk' }).where('id', '=', ids[3]!).execute();

    const owners = (await get('/api/photos/sections?limit=0', cookie)).json<PhotoSections>();
    expect(owners.withoutAltText).toBe(3);
    expect(owners.sections.map((section) => section.total)).toEqual([2, 2]);
    const visitors = (await get('/api/photos/sections?limit=0')).json<PhotoSections>();
    expect(visitors).not.toHaveProperty('withoutAltText');
  });

  it('refuses a query it cannot read with the reason', async () => {
    t = await createTestApp();
    for (const query of ['', 'categoryId=none', 'categoryId=other&limit=0', 'categoryId=other&limit=201', 'categoryId=other&after=12', 'categoryId=other&after=1.2&around=3']) {
      const response = await get(`/api/photos/page?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toEqual(expect.any(String));
    }
  });

  it('answers 304 to a client that holds the page, and a new page once the section changes', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    await createPhotos(t, cookie, 2);
    const first = await get('/api/photos/page?categoryId=other');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await get('/api/photos/page?categoryId=other', undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    await createPhotos(t, cookie, 1);
    const changed = await get('/api/photos/page?categoryId=other', undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<PhotoPage>().total).toBe(3);
  });
});
