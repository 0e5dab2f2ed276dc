import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoCameras, PhotoSearchIds, PhotoSearchPage } from '#contract/photo-search.ts';
import { api } from '#contract/routes.ts';
import { fillSearchColumns } from '#server/db/migrations/0021-photo-search-columns.ts';
import { createMedia } from '#server/images/media.ts';
import { X_T4_DETAILS } from '#tests/fixtures/camera-details.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { createCategory, insertPhotoRows, postPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { backfillCameraDetails } from './camera-details.service.ts';
import { cameraColumns } from './photos.service.ts';

/** The owner's search of their photos: text, place, date taken, camera, alt text; paged, on either database. */

let t: TestApp;
let cookie: string;
afterEach(async () => {
  await t?.close();
});

async function start() {
  t = await createTestApp();
  cookie = await t.signIn();
}

const search = (query: string, signedIn = true) =>
  t.app.inject({ url: `${api.photoSearch}?${query}`, headers: signedIn ? { cookie } : {} });

/** The titles a search finds, in its order (newest upload first). */
async function found(query: string): Promise<string[]> {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<PhotoSearchPage>();
  expect(page.total, query).toBe(page.photos.length);
  return page.photos.map((photo) => photo.title);
}

interface Shot {
  title: string;
  originalName?: string | null;
  camera?: string;
  takenAt?: string;
  altText?: string | null;
  categoryId?: number | null;
}

/** Photo rows, oldest first, with what the search reads: the file's name, camera details, alt text, place. */
async function insertShots(shots: Shot[]): Promise<number[]> {
  const ids = await insertPhotoRows(t, shots.length, shots.map((shot) => shot.title));
  for (const [index, shot] of shots.entries()) {
    const details = shot.camera || shot.takenAt ? { ...X_T4_DETAILS, camera: shot.camera ?? null, takenAt: shot.takenAt ?? null } : null;
    await t.database.db
      .updateTable('photos')
      .set({
        originalName: shot.originalName ?? null,
        altText: shot.altText ?? null,
        categoryId: shot.categoryId ?? null,
        ...cameraColumns(details),
      })
      .where('id', '=', ids[index]!)
      .execute();
  }
  return ids;
}

describe('GET /api/photos/search', () => {
  it("finds the owner's photos by title or by the file's name, letters' case aside, with % and _ taken literally", async () => {
    await start();
    await insertShots([
      { title: 'Été à Paris', originalName: 'DSC01234.JPG' },
      { title: 'Sunset', originalName: 'sunset_final.jpg' },
      { title: 'Dune', originalName: null },
      { title: '100% dune', originalName: 'sunsetXfinal.jpg' },
    ]);

    expect(await found('q=été')).toEqual(['Été à Paris']);
    expect(await found('q=%C3%89T%C3%89')).toEqual(['Été à Paris']);
    expect(await found('q=dsc01234')).toEqual(['Été à Paris']);
    expect(await found('q=.jpg')).toEqual(['100% dune', 'Sunset', 'Été à Paris']);
    // Title and name both match: found once.
    expect(await found('q=SUNSET')).toEqual(['100% dune', 'Sunset']);
    expect(await found('q=dune')).toEqual(['100% dune', 'Dune']);
    // LIKE's wildcards are letters like any other.
    expect(await found('q=sunset_')).toEqual(['Sunset']);
    expect(await found('q=%25')).toEqual(['100% dune']);
    // Blank text, or none, finds everything.
    expect(await found('q=%20%20')).toHaveLength(4);
    expect(await found('')).toHaveLength(4);
  });

  it('filters by category or the photo bank, date taken, camera and missing alt text, together; the trash is never found', async () => {
    await start();
    const wedding = await createCategory(t, 'Wedding');
    const old = await createCategory(t, 'Old', 1);
    const [, , , , trashed] = await insertShots([
      { title: 'Vows', categoryId: wedding, camera: 'FUJIFILM X-T4', takenAt: '2024-05-01T18:22:10', altText: 'Two people at an altar' },
      { title: 'Rings', categoryId: wedding, camera: 'Canon EOS R5', takenAt: '2024-05-02T00:00:00' },
      { title: 'Cake', categoryId: wedding, camera: 'FUJIFILM X-T4', takenAt: '2024-05-02T23:59:59', altText: '' },
      { title: 'Street', camera: 'FUJIFILM X-T4', takenAt: '2023-12-31T23:59:59' },
      { title: 'Binned', camera: 'FUJIFILM X-T4', takenAt: '2024-05-01T12:00:00' },
      { title: 'Left over', categoryId: old },
    ]);
    await t.app.inject({ method: 'POST', url: api.photosDelete, headers: { cookie }, payload: { ids: [trashed] } });
    // A photo of a category in the trash is in the photo bank, as everywhere else.
    await t.database.db.updateTable('categories').set({ deletedAt: new Date().toISOString() }).where('id', '=', old).execute();

    expect(await found(`categoryId=${wedding}`)).toEqual(['Cake', 'Rings', 'Vows']);
    expect(await found('categoryId=other')).toEqual(['Left over', 'Street']);
    // Days are whole: the last one up to its last second.
    expect(await found('takenFrom=2024-05-02')).toEqual(['Cake', 'Rings']);
    expect(await found('takenTo=2024-05-01')).toEqual(['Street', 'Vows']);
    expect(await found('takenFrom=2024-05-01&takenTo=2024-05-01')).toEqual(['Vows']);
    expect(await found('takenFrom=2024-01-01&takenTo=2024-12-31')).toEqual(['Cake', 'Rings', 'Vows']);
    expect(await found('camera=FUJIFILM%20X-T4')).toEqual(['Street', 'Cake', 'Vows']);
    expect(await found('camera=fujifilm%20x-t4')).toEqual([]);
    expect(await found('withoutAltText=true')).toEqual(['Left over', 'Street', 'Cake', 'Rings']);
    expect(await found('withoutAltText=false')).toHaveLength(5);
    expect(await found(`categoryId=${wedding}&camera=FUJIFILM%20X-T4&withoutAltText=true&takenFrom=2024-05-02&q=cak`)).toEqual(['Cake']);
  });

  it('pages newest upload first with a count of all it finds, and gives every id for Select all', async () => {
    await start();
    const ids = await insertPhotoRows(t, 130, Array.from({ length: 130 }, (_, index) => `Frame ${index + 1}`));
    const newestFirst = [...ids].reverse();

    const pages: PhotoSearchPage[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const response = await search(`q=frame&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page: PhotoSearchPage = response.json();
      pages.push(page);
      cursor = page.next;
    }
    expect(pages.map((page) => [page.photos.length, page.total])).toEqual([[50, 130], [50, 130], [30, 130]]);
    expect(pages.flatMap((page) => page.photos.map((photo) => photo.id))).toEqual(newestFirst);
    // A page of the default size.
    expect((await search('q=frame')).json<PhotoSearchPage>().photos).toHaveLength(48);

    const all = await t.app.inject({ url: `${api.photoSearchIds}?q=frame%201`, headers: { cookie } });
    expect(all.statusCode, all.body).toBe(200);
    const expected = newestFirst.filter((id) => /^Frame 1/.test(`Frame ${ids.indexOf(id) + 1}`));
    expect(all.json<PhotoSearchIds>()).toEqual({ ids: expected, total: expected.length });
  });

  it('refuses a visitor, and bad filters with 400 and a reason; an unknown category is not found', async () => {
    await start();
    await insertPhotoRows(t, 1);
    expect((await search('q=a', false)).statusCode).toBe(401);
    expect((await t.app.inject({ url: api.photoSearchIds })).statusCode).toBe(401);
    expect((await t.app.inject({ url: api.photoCameras })).statusCode).toBe(401);

    const refusals: Array<[string, string]> = [
      ['takenFrom=2024-13-01', 'The first date taken must be a date like 2024-05-01'],
      ['takenTo=2024-02-30', 'The last date taken must be a date like 2024-05-01'],
      ['takenFrom=yesterday', 'The first date taken must be a date like 2024-05-01'],
      ['takenFrom=2024-05-02&takenTo=2024-05-01', 'The first date taken must not be after the last'],
      ['withoutAltText=yes', ''],
      ['limit=0', ''],
      ['limit=201', ''],
      ['cursor=abc', 'cursor must be the next cursor of a page'],
      [`q=${'a'.repeat(201)}`, 'Search text must be at most 200 characters'],
      ['q=%00', 'Search text must be one line, without control characters'],
      ['categoryId=bank', ''],
    ];
    for (const [query, message] of refusals) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('request.invalid');
      if (message) expect(response.json().message, query).toContain(message);
    }
    const ids = await t.app.inject({ url: `${api.photoSearchIds}?takenFrom=2024-05-02&takenTo=2024-05-01`, headers: { cookie } });
    expect(ids.statusCode).toBe(400);

    const unknown = await search('categoryId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'categories.not_found', message: 'Category not found' });
  });
});

describe('GET /api/photos/cameras', () => {
  it("lists the cameras of the owner's live photos by name, with their counts", async () => {
    await start();
    const [, , binned] = await insertShots([
      { title: 'A', camera: 'FUJIFILM X-T4' },
      { title: 'B', camera: 'Canon EOS R5' },
      { title: 'C', camera: 'apple iPhone 15' },
      { title: 'D', camera: 'FUJIFILM X-T4' },
      { title: 'E', takenAt: '2024-01-01T00:00:00' },
      { title: 'F' },
    ]);
    await t.app.inject({ method: 'POST', url: api.photosDelete, headers: { cookie }, payload: { ids: [binned] } });
    const response = await t.app.inject({ url: api.photoCameras, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PhotoCameras>()).toEqual({
      cameras: [
        { name: 'Canon EOS R5', count: 1 },
        { name: 'FUJIFILM X-T4', count: 2 },
      ],
    });
  });
});

describe('the camera and date taken the search reads', () => {
  /** A photo as a camera writes it. */
  const cameraJpeg = async () =>
    sharp(await jpeg({ width: 400, height: 300 }))
      .withExif({ IFD0: { Make: 'FUJIFILM', Model: 'X-T4' }, IFD2: { DateTimeOriginal: '2024:05:01 18:22:10' } })
      .toBuffer();

  it('are stored at upload, by the backfill, and by the migration from the details stored before', async () => {
    await start();
    const upload = await postPhotos(t, cookie, [
      { name: 'IMG_0001.jpg', data: await cameraJpeg() },
      { name: 'plain.jpg', data: await jpeg() },
    ]);
    expect(upload.statusCode, upload.body).toBe(201);
    const columns = () => t.database.db.selectFrom('photos').select(['originalName', 'camera', 'takenAt']).orderBy('id').execute();
    const expected = [
      { originalName: 'IMG_0001.jpg', camera: 'FUJIFILM X-T4', takenAt: '2024-05-01T18:22:10' },
      { originalName: 'plain.jpg', camera: null, takenAt: null },
    ];
    expect(await columns()).toEqual(expected);
    expect(await found('camera=FUJIFILM%20X-T4&takenFrom=2024-05-01&takenTo=2024-05-01&q=img_0001')).toEqual(['IMG_0001']);

    // Photos stored before details were read: the backfill reads them from the originals.
    await t.database.db.updateTable('photos').set({ cameraDetails: null, camera: null, takenAt: null }).execute();
    await backfillCameraDetails({ db: t.database.db, media: createMedia(t.config) });
    expect(await columns()).toEqual(expected);

    // Photos read before the columns were: the migration copies them out of the stored JSON.
    await t.database.db.updateTable('photos').set({ camera: null, takenAt: null }).execute();
    await fillSearchColumns(t.database.db as never, t.dialect);
    expect(await columns()).toEqual(expected);
  });
});
