import { afterEach, describe, expect, it } from 'vitest';
import type { Photo, UploadPhotosResponse } from '#contract/photos.ts';
import { filesUnder, html, jpeg } from '#tests/fixtures/images.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** Batches of one selection, as the admin's upload sends them: each file after its position. */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

interface BatchFile {
  position: number;
  name: string;
  data: Buffer;
}

function sendBatch(cookie: string, query: string, files: BatchFile[]) {
  const form = new FormData();
  for (const file of files) {
    form.append('position', String(file.position));
    form.append('photos', new Blob([new Uint8Array(file.data)], { type: 'image/jpeg' }), file.name);
  }
  return t.app.inject({ method: 'POST', url: `/api/photos/upload?${query}`, headers: { cookie }, payload: form });
}

async function selectionFiles(count: number): Promise<BatchFile[]> {
  const data = await jpeg({ width: 64, height: 48 });
  return Array.from({ length: count }, (_, position) => ({ position, name: `pick-${position}.jpg`, data }));
}

const listed = async () => (await t.app.inject({ method: 'GET', url: '/api/photos' })).json<Photo[]>();
const rowCount = async () => (await t.database.db.selectFrom('photos').select('id').execute()).length;

describe('POST /api/photos/upload in batches of a selection', () => {
  it('puts new photos first in the photo bank, in the order they were sent', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    await createPhotos(t, cookie, 2, ['first.jpg', 'second.jpg']);
    const later = await createPhotos(t, cookie, 2, ['third.jpg', 'fourth.jpg']);
    expect(later.map((photo) => [photo.title, photo.order])).toEqual([
      ['third', 0],
      ['fourth', 1],
    ]);
    expect((await listed()).map((photo) => photo.title)).toEqual(['third', 'fourth', 'first', 'second']);
  });

  it('lines a selection up in the order picked, whatever order its batches arrive in, before what was there', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    await createPhotos(t, cookie, 1, ['older.jpg']);
    const files = await selectionFiles(5);
    const query = 'selection=pick-aaaaaaaa&count=5';
    const late = await sendBatch(cookie, query, files.slice(3));
    expect(late.statusCode).toBe(201);
    const early = await sendBatch(cookie, query, files.slice(0, 3));
    expect(early.statusCode).toBe(201);
    const body = early.json<UploadPhotosResponse>();
    expect(body.receipts?.map((receipt) => receipt.position)).toEqual([0, 1, 2]);
    expect(body.receipts?.every((receipt) => receipt.photoId !== null && receipt.reason === null)).toBe(true);
    expect((await listed()).map((photo) => photo.title)).toEqual(['pick-0', 'pick-1', 'pick-2', 'pick-3', 'pick-4', 'older']);
  });

  it('stores a file once when its batch is sent again, answering with the photo stored the first time', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const files = await selectionFiles(3);
    const query = 'selection=again-aaaaaaa&count=3';
    const first = (await sendBatch(cookie, query, files)).json<UploadPhotosResponse>();
    const storedFiles = filesUnder(t.config.uploadsDir).length;
    const again = await sendBatch(cookie, query, files);
    expect(again.statusCode).toBe(201);
    expect((again.json<UploadPhotosResponse>()).receipts).toEqual(first.receipts);
    expect(await rowCount()).toBe(3);
    expect(filesUnder(t.config.uploadsDir)).toHaveLength(storedFiles);
  });

  it('stores a file once when the same batch arrives twice at the same time, and keeps no copy of the loser', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const files = await selectionFiles(4);
    const query = 'selection=race-aaaaaaaa&count=4';
    const answers = await Promise.all([sendBatch(cookie, query, files), sendBatch(cookie, query, files)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const [one, two] = answers.map((answer) => answer.json<UploadPhotosResponse>());
    expect(two?.receipts).toEqual(one?.receipts);
    const photos = await listed();
    expect(photos).toHaveLength(4);
    const expected = photos.flatMap((photo) => [photo.filename, photo.thumbnail, ...photo.variants.map((v) => v.filename)]);
    expect(filesUnder(t.config.uploadsDir).sort()).toEqual(expected.sort());
    expect(filesUnder(t.config.originalsDir)).toHaveLength(4);
  });

  it('answers each file of a batch on its own: a refused one carries its reason, the others are stored', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [good, , last] = await selectionFiles(3);
    const bad = { position: 1, name: 'notes.jpg', data: html() };
    const response = await sendBatch(cookie, 'selection=mixed-aaaaaaa&count=3', [good!, bad, last!]);
    expect(response.statusCode).toBe(201);
    const receipts = (response.json<UploadPhotosResponse>()).receipts!;
    expect(receipts.map((receipt) => [receipt.position, receipt.photoId !== null])).toEqual([
      [0, true],
      [1, false],
      [2, true],
    ]);
    expect(receipts[1]?.reason).toMatch(/JPEG|image|format/i);
  });

  it('uploads straight into a category, first there, and refuses a category of no one', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const categoryId = await createCategory(t, 'Coast');
    const files = await selectionFiles(2);
    const response = await sendBatch(cookie, `categoryId=${categoryId}&selection=cat-aaaaaaaa&count=2`, files);
    expect(response.statusCode).toBe(201);
    const photos = (response.json<UploadPhotosResponse>()).photos;
    expect(photos.map((photo) => [photo.title, photo.categoryId, photo.order])).toEqual([
      ['pick-0', categoryId, 0],
      ['pick-1', categoryId, 1],
    ]);

    const unknown = await sendBatch(cookie, `categoryId=${categoryId + 100}&selection=cat-bbbbbbbb&count=2`, files);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Category not found');
    expect(await rowCount()).toBe(2);
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('refuses a selection whose files lack a position, or a count without a selection, storing nothing', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'a.jpg');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload?selection=nopos-aaaaaaa&count=1',
      headers: { cookie },
      payload: form,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/position/);
    const outside = await sendBatch(cookie, 'selection=nopos-bbbbbbb&count=1', (await selectionFiles(2)).slice(1));
    expect(outside.statusCode).toBe(400);
    const countOnly = await sendBatch(cookie, 'count=2', await selectionFiles(1));
    expect(countOnly.statusCode).toBe(400);
    expect(await rowCount()).toBe(0);
  });
});
