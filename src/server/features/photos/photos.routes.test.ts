import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { filesUnder } from '#tests/fixtures/images.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { UNDO_WINDOW_MS } from '#contract/photos.ts';
import { createUser } from '#server/features/owner/owner.service.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const getPhotos = () => t.app.inject({ method: 'GET', url: '/api/photos' });
const getPhoto = (id: number | string) => t.app.inject({ method: 'GET', url: `/api/photos/${id}` });
const putPhoto = (id: number | string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/photos/${id}`, payload, headers: cookie ? { cookie } : {} });
const deletePhoto = (id: number | string, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/photos/${id}`, headers: cookie ? { cookie } : {} });
const reorder = (photoUpdates: object[], cookie?: string) =>
  t.app.inject({ method: 'PUT', url: '/api/photos/reorder', payload: { photoUpdates }, headers: cookie ? { cookie } : {} });

/** [title, categoryId, order] of every photo, as the page lists them. */
async function placements(): Promise<Array<[string, number | null, number]>> {
  const photos = (await getPhotos()).json<Photo[]>();
  return photos.map((photo) => [photo.title, photo.categoryId, photo.order]);
}

describe('GET /api/photos', () => {
  it('gives visitors an empty list before anything is uploaded', async () => {
    t = await createTestApp();
    const response = await getPhotos();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists every photo in page order: categories by their order, then each photo\'s order, the photo bank last', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [a, b, c] = await createPhotos(t, cookie, 4, ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
    const second = await createCategory(t, 'Second', 1);
    const first = await createCategory(t, 'First', 0);
    await t.database.db.updateTable('photos').set({ categoryId: second, sortOrder: 0 }).where('id', '=', a!.id).execute();
    await t.database.db.updateTable('photos').set({ categoryId: first, sortOrder: 1 }).where('id', '=', b!.id).execute();
    await t.database.db.updateTable('photos').set({ categoryId: first, sortOrder: 0 }).where('id', '=', c!.id).execute();

    expect(await placements()).toEqual([
      ['c', first, 0],
      ['b', first, 1],
      ['a', second, 0],
      ['d', null, 3],
    ]);
    const [listed] = (await getPhotos()).json<Photo[]>();
    expect(listed).toEqual(expect.objectContaining({ id: c!.id, filename: c!.filename, variants: c!.variants }));
  });
});

describe('GET /api/photos/{id}', () => {
  it('answers a visitor with the photo and its category', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie, 1, ['portrait.jpg']);
    const category = await createCategory(t, 'Portraits');
    await reorder([{ id: photo!.id, order: 0, categoryId: category }], cookie);

    const response = await getPhoto(photo!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: photo!.id,
      title: 'portrait',
      categoryId: category,
      category: { id: category, name: 'Portraits' },
      filename: photo!.filename,
      thumbnail: photo!.thumbnail,
    });
  });

  it('gives a photo of the photo bank a null category', async () => {
    t = await createTestApp();
    const [photo] = await createPhotos(t, await t.signIn());
    expect((await getPhoto(photo!.id)).json()).toMatchObject({ categoryId: null, category: null });
  });

  it('answers 404 to an unknown id and 400 to one that is not a number', async () => {
    t = await createTestApp();
    const unknown = await getPhoto(999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'photos.not_found', message: 'Photo not found' });
    const malformed = await getPhoto('abc');
    expect(malformed.statusCode).toBe(400);
    expect((await getPhoto('1.5')).statusCode).toBe(400);
    expect((await getPhoto('-1')).statusCode).toBe(400);
  });
});

describe('PUT /api/photos/{id}', () => {
  it('answers 401 without a session and changes nothing', async () => {
    t = await createTestApp();
    const [photo] = await createPhotos(t, await t.signIn(), 1, ['kept.jpg']);
    const response = await putPhoto(photo!.id, { title: 'Changed' });
    expect(response.statusCode).toBe(401);
    expect((await getPhoto(photo!.id)).json().title).toBe('kept');
  });

  it('saves title, description and link, and leaves the files and version alone', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie);
    const response = await putPhoto(
      photo!.id,
      { title: '  Blue hour  ', description: 'Taken from the pier', hyperlink: 'https://example.com/project' },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Blue hour',
      description: 'Taken from the pier',
      hyperlink: 'https://example.com/project',
      filename: photo!.filename,
      thumbnail: photo!.thumbnail,
      variants: photo!.variants,
      version: photo!.version,
    });
    expect((await getPhoto(photo!.id)).json()).toMatchObject({ title: 'Blue hour', hyperlink: 'https://example.com/project' });
  });

  it('clears description and link sent blank', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie);
    await putPhoto(photo!.id, { title: 'T', description: 'D', hyperlink: 'https://example.com' }, cookie);
    const response = await putPhoto(photo!.id, { title: 'T', description: '', hyperlink: '' }, cookie);
    expect(response.json()).toMatchObject({ description: null, hyperlink: null });
  });

  it('refuses a missing or too long title and a link that is not http(s), changing nothing', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie, 1, ['kept.jpg']);
    const noTitle = await putPhoto(photo!.id, { title: '   ' }, cookie);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Title is required');
    expect((await putPhoto(photo!.id, { title: 'x'.repeat(256) }, cookie)).statusCode).toBe(400);
    const script = await putPhoto(photo!.id, { title: 'T', hyperlink: 'javascript:alert(1)' }, cookie);
    expect(script.statusCode).toBe(400);
    expect(script.json().issues).toEqual([expect.objectContaining({ path: 'hyperlink' })]);
    expect((await getPhoto(photo!.id)).json()).toMatchObject({ title: 'kept', hyperlink: null });
  });

  it('sets a track list, keeps it when the field is absent, and removes it with null', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie);
    const tracks = [
      { title: 'Intro', duration: '01:35' },
      { title: 'Night Drive', duration: '02:30' },
    ];
    expect((await putPhoto(photo!.id, { title: 'Night Drive EP', tracks }, cookie)).json().tracks).toEqual(tracks);
    expect((await putPhoto(photo!.id, { title: 'Night Drive EP' }, cookie)).json().tracks).toEqual(tracks);
    expect((await putPhoto(photo!.id, { title: 'Night Drive EP', tracks: null }, cookie)).json().tracks).toBeNull();
    const bad = await putPhoto(photo!.id, { title: 'EP', tracks: [{ title: 'X', duration: '2 minutes' }] }, cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 to an unknown id', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    expect((await putPhoto(999, { title: 'T' }, cookie)).statusCode).toBe(404);
  });
});

describe('DELETE /api/photos/{id}', () => {
  it('answers 401 without a session and keeps the photo', async () => {
    t = await createTestApp();
    const [photo] = await createPhotos(t, await t.signIn());
    expect((await deletePhoto(photo!.id)).statusCode).toBe(401);
    expect((await getPhoto(photo!.id)).statusCode).toBe(200);
  });

  it('hides the photo at once, keeps its files for the Undo window, then removes the row and every file, and only those', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const cookie = await t.signIn();
    const [doomed, kept] = await createPhotos(t, cookie, 2);
    const keptKey = kept!.filename.split('.')[0]!;
    const allFiles = () => [t.config.uploadsDir, t.config.restrictedDir, t.config.originalsDir].flatMap((dir) => filesUnder(dir)).sort();

    const response = await deletePhoto(doomed!.id, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Photo deleted',
      ids: [doomed!.id],
      undoUntil: new Date(clock().getTime() + UNDO_WINDOW_MS).toISOString(),
    });
    expect((await getPhoto(doomed!.id)).statusCode).toBe(404);
    expect((await getPhotos()).json<Photo[]>().map((photo) => photo.id)).toEqual([kept!.id]);
    const inTrash = allFiles();
    // Within the window nothing of it is removed: an Undo brings it back whole.
    clock.advance(UNDO_WINDOW_MS - 1);
    await t.runJobs();
    expect(allFiles()).toEqual(inTrash);

    // The trash is emptied twice a window: at the latest half a window after its end.
    clock.advance(UNDO_WINDOW_MS / 2 + 1);
    await t.runJobs();
    expect(await t.database.db.selectFrom('photos').select('id').execute()).toEqual([{ id: kept!.id }]);
    const left = allFiles();
    expect(left.length).toBeGreaterThan(0);
    for (const file of left) expect(file.startsWith(keptKey)).toBe(true);
    expect((await t.app.inject({ url: `/uploads/${doomed!.thumbnail}` })).statusCode).toBe(404);
  });

  it('stops serving a deleted photo at once, not when the trash is emptied, and an Undo serves it again', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie, 1);
    const names = [photo!.filename, photo!.thumbnail, ...photo!.variants.map((variant) => variant.filename)];
    for (const name of names) expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(200);

    expect((await deletePhoto(photo!.id, cookie)).statusCode).toBe(200);
    // Answered: none of its public addresses serves it any more, however long the Undo window.
    for (const name of names) expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(404);
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);

    const restored = await t.app.inject({ method: 'POST', url: '/api/photos/restore', headers: { cookie }, payload: { ids: [photo!.id] } });
    expect(restored.statusCode).toBe(200);
    const back = (await getPhoto(photo!.id)).json<Photo>();
    expect(back.filesBase).toBeUndefined();
    for (const name of [back.filename, back.thumbnail, ...back.variants.map((variant) => variant.filename)]) {
      expect((await t.app.inject({ url: `/uploads/${name}` })).statusCode, name).toBe(200);
    }
  });

  it('answers 404 to an unknown or already deleted photo', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [photo] = await createPhotos(t, cookie);
    await deletePhoto(photo!.id, cookie);
    expect((await deletePhoto(photo!.id, cookie)).statusCode).toBe(404);
  });
});

describe('PUT /api/photos/reorder', () => {
  it('answers 401 without a session', async () => {
    t = await createTestApp();
    const [photo] = await createPhotos(t, await t.signIn());
    expect((await reorder([{ id: photo!.id, order: 0, categoryId: null }])).statusCode).toBe(401);
  });

  it('renumbers photos and moves them between categories and the photo bank', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [a, b, c] = await createPhotos(t, cookie, 3, ['a.jpg', 'b.jpg', 'c.jpg']);
    const category = await createCategory(t, 'Travel');

    const response = await reorder(
      [
        { id: c!.id, order: 0, categoryId: category },
        { id: a!.id, order: 1, categoryId: category },
        { id: b!.id, order: 0, categoryId: null },
      ],
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Photos reordered successfully' });
    expect(await placements()).toEqual([
      ['c', category, 0],
      ['a', category, 1],
      ['b', null, 0],
    ]);
  });

  it('changes nothing when one id is unknown (404)', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [a, b] = await createPhotos(t, cookie, 2, ['a.jpg', 'b.jpg']);
    const category = await createCategory(t, 'Travel');
    const before = await placements();

    const response = await reorder(
      [
        { id: a!.id, order: 5, categoryId: category },
        { id: 999, order: 0, categoryId: category },
        { id: b!.id, order: 4, categoryId: category },
      ],
      cookie,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'photos.id_not_found', message: 'Photo 999 not found', params: { id: 999 } });
    expect(await placements()).toEqual(before);
  });

  it('changes nothing when a category is unknown or another user\'s (400)', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [a, b] = await createPhotos(t, cookie, 2, ['a.jpg', 'b.jpg']);
    const mine = await createCategory(t, 'Mine');
    const then = '2026-01-01T00:00:00Z';
    const stranger = await createUser(
      { db: t.database.db, clock: () => new Date(then) },
      { username: 'stranger', passwordHash: 'x', email: null },
    );
    const theirs = await t.database.db
      .insertInto('categories')
      .values({ userId: stranger.id, name: 'Theirs', description: null, sortOrder: 0, createdAt: then })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await placements();

    for (const categoryId of [theirs.id, 4242]) {
      const response = await reorder(
        [
          { id: a!.id, order: 0, categoryId: mine },
          { id: b!.id, order: 1, categoryId },
        ],
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`Category ${categoryId} does not exist`);
      expect(await placements()).toEqual(before);
    }
  });

  it('refuses a photo listed twice, and an empty or malformed list, with 400', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const [a] = await createPhotos(t, cookie);
    const twice = await reorder(
      [
        { id: a!.id, order: 0, categoryId: null },
        { id: a!.id, order: 1, categoryId: null },
      ],
      cookie,
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Each photo may appear only once');
    expect((await reorder([], cookie)).statusCode).toBe(400);
    expect((await reorder([{ id: a!.id, order: -1, categoryId: null }], cookie)).statusCode).toBe(400);
    expect((await reorder([{ id: 'x', order: 0, categoryId: null }], cookie)).statusCode).toBe(400);
  });
});
