import { afterEach, describe, expect, it } from 'vitest';
import type { Category } from '#contract/categories.ts';
import { UNDO_WINDOW_MS, type Photo } from '#contract/photos.ts';
import { createCategory, insertPhotoRows } from '#tests/fixtures/photos.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

/** Bulk move, order, delete and Undo: each one request, all or nothing. */

let t: TestApp;
let cookie: string;
let clock: ReturnType<typeof createTestClock>;
afterEach(async () => {
  await t?.close();
});

async function start() {
  clock = createTestClock();
  t = await createTestApp({ clock });
  cookie = await t.signIn();
}

const post = (url: string, payload: object, signedIn = true) =>
  t.app.inject({ method: 'POST', url, payload, headers: signedIn ? { cookie } : {} });

const insertPhotos = (count: number, titles?: string[]) => insertPhotoRows(t, count, titles);

/** [id, categoryId, order] of every live photo, as the owner's list gives them. */
async function placements(): Promise<Array<[number, number | null, number]>> {
  const photos = (await t.app.inject({ url: '/api/photos', headers: { cookie } })).json<Photo[]>();
  return photos.map((photo) => [photo.id, photo.categoryId, photo.order]);
}

describe('POST /api/photos/move', () => {
  it('moves 100 photos to the end of a category in one request, in their page order', async () => {
    await start();
    const category = await createCategory(t, 'Wedding');
    const [first, ...rest] = await insertPhotos(102);
    // One photo is in the category already: the 100 go after it.
    await t.database.db.updateTable('photos').set({ categoryId: category, sortOrder: 5 }).where('id', '=', first!).execute();
    const moved = rest.slice(0, 100);

    const response = await post('/api/photos/move', { ids: [...moved].reverse(), categoryId: category });
    expect(response.statusCode, response.body).toBe(200);
    const after = await placements();
    expect(after.filter(([, categoryId]) => categoryId === category)).toEqual([
      [first, category, 5],
      ...moved.map((id, index) => [id, category, 6 + index]),
    ]);
    expect(after.filter(([, categoryId]) => categoryId === null).map(([id]) => id)).toEqual([rest[100]]);

    // And back to the bank, after what is there.
    expect((await post('/api/photos/move', { ids: moved.slice(0, 2), categoryId: null })).statusCode).toBe(200);
    expect((await placements()).filter(([, categoryId]) => categoryId === null)).toEqual([
      [rest[100], null, 101],
      [moved[0], null, 102],
      [moved[1], null, 103],
    ]);
  });

  it('is atomic: one unknown photo or an unknown category changes nothing', async () => {
    await start();
    const category = await createCategory(t, 'Wedding');
    const ids = await insertPhotos(100);
    const before = await placements();

    const unknownPhoto = await post('/api/photos/move', { ids: [...ids.slice(0, 99), 999_999], categoryId: category });
    expect(unknownPhoto.statusCode).toBe(404);
    expect(unknownPhoto.json().message).toBe('Photo 999999 not found');
    expect(await placements()).toEqual(before);

    const unknownCategory = await post('/api/photos/move', { ids, categoryId: 999_999 });
    expect(unknownCategory.statusCode).toBe(400);
    expect(await placements()).toEqual(before);

    // A photo in the trash is no longer there to move.
    await post('/api/photos/delete', { ids: [ids[0]!] });
    expect((await post('/api/photos/move', { ids: ids.slice(0, 2), categoryId: category })).statusCode).toBe(404);
    expect((await placements()).filter(([, categoryId]) => categoryId !== null)).toEqual([]);
  });

  it('refuses a visitor, an empty or repeated list and more than 10000 ids, with reasons', async () => {
    await start();
    const [id] = await insertPhotos(1);
    expect((await post('/api/photos/move', { ids: [id], categoryId: null }, false)).statusCode).toBe(401);
    const empty = await post('/api/photos/move', { ids: [], categoryId: null });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Select at least one photo');
    expect((await post('/api/photos/move', { ids: [id, id], categoryId: null })).json().message).toContain(
      'Each photo may appear only once',
    );
    const many = Array.from({ length: 10_001 }, (_, index) => index + 1);
    expect((await post('/api/photos/move', { ids: many, categoryId: null })).statusCode).toBe(400);
  });
});

describe('PUT /api/photos/{id}/place', () => {
  const place = (id: number, payload: object, signedIn = true) =>
    t.app.inject({ method: 'PUT', url: `/api/photos/${id}/place`, payload, headers: signedIn ? { cookie } : {} });
  const updatedAtOf = async (id: number) =>
    (await t.database.db.selectFrom('photos').select('updatedAt').where('id', '=', id).executeTakeFirstOrThrow()).updatedAt;

  it('puts a photo before or after another of its place, renumbering only the photos between', async () => {
    await start();
    const [a, b, c, d, e] = await insertPhotos(5);
    const untouched = await updatedAtOf(a!);
    clock.advance(1000);

    expect((await place(b!, { categoryId: null, after: d })).json()).toEqual({ message: 'Photos reordered successfully' });
    expect(await placements()).toEqual([[a, null, 0], [c, null, 1], [d, null, 2], [b, null, 3], [e, null, 4]]);
    // a and e kept their places: their rows were not written.
    expect(await updatedAtOf(a!)).toBe(untouched);
    expect(await updatedAtOf(e!)).toBe(untouched);

    expect((await place(e!, { categoryId: null, before: a })).statusCode).toBe(200);
    expect((await placements()).map(([id]) => id)).toEqual([e, a, c, d, b]);
    // Before or after itself: where it is.
    expect((await place(c!, { categoryId: null, before: c })).statusCode).toBe(200);
    expect((await placements()).map(([id]) => id)).toEqual([e, a, c, d, b]);
  });

  it('moves a photo into another place at its first position, or beside a photo there', async () => {
    await start();
    const category = await createCategory(t, 'Wedding');
    const [a, b, c, d] = await insertPhotos(4);
    expect((await place(a!, { categoryId: category })).statusCode).toBe(200);
    expect((await place(b!, { categoryId: category })).statusCode).toBe(200);
    expect((await place(c!, { categoryId: category, after: a })).statusCode).toBe(200);
    // The place a photo leaves keeps its numbers: gaps sort the same.
    expect(await placements()).toEqual([[b, category, 0], [a, category, 1], [c, category, 2], [d, null, 3]]);
    // And back to the bank, before the one left there.
    expect((await place(a!, { categoryId: null, before: d })).statusCode).toBe(200);
    expect(await placements()).toEqual([[b, category, 0], [c, category, 2], [a, null, 0], [d, null, 1]]);
  });

  it("counts a photo whose category is in the trash as the bank's, beside which another may be put", async () => {
    await start();
    const trashed = await createCategory(t, 'Old');
    const [a, , c] = await insertPhotos(3);
    await t.database.db.updateTable('photos').set({ categoryId: trashed, sortOrder: 0 }).where('id', '=', a!).execute();
    await t.database.db.updateTable('categories').set({ deletedAt: new Date().toISOString() }).where('id', '=', trashed).execute();

    const orders = async () => new Map((await placements()).map(([id, categoryId, order]) => [id, [categoryId, order]]));
    // "Before a" is a place in the bank, wherever the engine sorts a's old category id there.
    const bank = (await placements()).map(([id]) => id).filter((id) => id !== c);
    const dragged = await place(c!, { categoryId: null, before: a });
    expect(dragged.statusCode, dragged.body).toBe(200);
    bank.splice(bank.indexOf(a!), 0, c!);
    expect(await orders()).toEqual(new Map(bank.map((id, order) => [id, [null, order]])));
    // Moved to the bank's end: after a too.
    expect((await post('/api/photos/move', { ids: [c], categoryId: null })).statusCode).toBe(200);
    expect((await orders()).get(c!)).toEqual([null, 3]);
  });

  it('refuses a visitor, an unknown photo or category, a neighbour from elsewhere and both neighbours, changing nothing', async () => {
    await start();
    const category = await createCategory(t, 'Wedding');
    const [a, b] = await insertPhotos(2);
    expect((await place(a!, { categoryId: category })).statusCode).toBe(200);
    const before = await placements();

    expect((await place(b!, { categoryId: category }, false)).statusCode).toBe(401);
    const unknownPhoto = await place(999_999, { categoryId: category });
    expect(unknownPhoto.statusCode).toBe(404);
    expect(unknownPhoto.json().message).toBe('Photo 999999 not found');
    const unknownCategory = await place(b!, { categoryId: 999_999 });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toBe('Category 999999 does not exist');
    // a is in the category, not in the bank: "before a" in the bank names no place there.
    const elsewhere = await place(b!, { categoryId: null, before: a });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(`Photo ${a} is not in that place`);
    const both = await place(b!, { categoryId: category, before: a, after: a });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('Give before or after, not both');
    expect(await placements()).toEqual(before);
  });
});

describe('GET /api/photos/ids', () => {
  it("gives the owner every id of one section in its order, and no one else any", async () => {
    await start();
    const category = await createCategory(t, 'Wedding');
    const ids = await insertPhotos(300);
    expect((await post('/api/photos/move', { ids: ids.slice(0, 250), categoryId: category })).statusCode).toBe(200);

    const inCategory = await t.app.inject({ url: `/api/photos/ids?categoryId=${category}`, headers: { cookie } });
    expect(inCategory.json()).toEqual({ ids: ids.slice(0, 250) });
    const inBank = await t.app.inject({ url: '/api/photos/ids?categoryId=other', headers: { cookie } });
    expect(inBank.json()).toEqual({ ids: ids.slice(250) });

    expect((await t.app.inject({ url: `/api/photos/ids?categoryId=${category}` })).statusCode).toBe(401);
    const unknown = await t.app.inject({ url: '/api/photos/ids?categoryId=999999', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'categories.not_found', message: 'Category not found' });
  });
});

describe('POST /api/photos/order', () => {
  it('sorts a whole section, or only the selected photos among the places they hold', async () => {
    await start();
    const ids = await insertPhotos(5, ['delta', 'Alpha', 'charlie', 'bravo 10', 'bravo 9']);
    const titlesInOrder = async () => {
      const photos = (await t.app.inject({ url: '/api/photos', headers: { cookie } })).json<Photo[]>();
      return photos.map((photo) => photo.title);
    };

    expect((await post('/api/photos/order', { ids, by: 'title' })).statusCode).toBe(200);
    expect(await titlesInOrder()).toEqual(['Alpha', 'bravo 9', 'bravo 10', 'charlie', 'delta']);

    // Without a date taken yet, by date taken is by upload.
    expect((await post('/api/photos/order', { ids, by: 'taken' })).statusCode).toBe(200);
    expect(await titlesInOrder()).toEqual(['delta', 'Alpha', 'charlie', 'bravo 10', 'bravo 9']);

    // Only two selected: they swap their places; the others stay where they are.
    await post('/api/photos/order', { ids: [ids[0]!, ids[1]!], by: 'title' });
    expect(await titlesInOrder()).toEqual(['Alpha', 'delta', 'charlie', 'bravo 10', 'bravo 9']);
    expect((await placements()).map(([, , order]) => order)).toEqual([0, 1, 2, 3, 4]);

    await post('/api/photos/order', { ids, by: 'upload' });
    expect(await titlesInOrder()).toEqual(['delta', 'Alpha', 'charlie', 'bravo 10', 'bravo 9']);

    // With the date the camera recorded: oldest first, a photo without one by its upload.
    const taken = ['2025-07-01T10:00:00', null, '2024-05-01T18:22:10', '2024-05-01T09:00:00', null];
    for (const [index, takenAt] of taken.entries()) {
      await t.database.db.updateTable('photos').set({ takenAt }).where('id', '=', ids[index]!).execute();
    }
    expect((await post('/api/photos/order', { ids, by: 'taken' })).statusCode).toBe(200);
    expect(await titlesInOrder()).toEqual(['bravo 10', 'charlie', 'delta', 'Alpha', 'bravo 9']);

    const before = await placements();
    expect((await post('/api/photos/order', { ids: [ids[0]!, 999_999], by: 'title' })).statusCode).toBe(404);
    expect((await post('/api/photos/order', { ids, by: 'size' })).statusCode).toBe(400);
    expect(await placements()).toEqual(before);
  });
});

describe('POST /api/photos/delete and Undo', () => {
  it('deletes 100 photos in one request, and Undo within the window brings every one back where it was', async () => {
    await start();
    const category = await createCategory(t, 'Wedding');
    const ids = await insertPhotos(110);
    await post('/api/photos/move', { ids: ids.slice(0, 50), categoryId: category });
    const before = await placements();
    const doomed = ids.slice(5, 105);

    const deleted = await post('/api/photos/delete', { ids: doomed });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      message: '100 photos deleted',
      ids: doomed,
      undoUntil: new Date(clock().getTime() + UNDO_WINDOW_MS).toISOString(),
    });
    expect((await placements()).map(([id]) => id)).toEqual([...ids.slice(0, 5), ...ids.slice(105)]);
    // A visitor does not see them either.
    expect((await t.app.inject(`/api/photos/${doomed[0]}`)).statusCode).toBe(404);

    clock.advance(UNDO_WINDOW_MS - 1000);
    const restored = await post('/api/photos/restore', { ids: doomed });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await placements()).toEqual(before);
  });

  it('is atomic: one unknown photo deletes nothing; a restore of anything not in the trash restores nothing', async () => {
    await start();
    const ids = await insertPhotos(100);
    const before = await placements();

    const refused = await post('/api/photos/delete', { ids: [...ids.slice(1), 999_999] });
    expect(refused.statusCode).toBe(404);
    expect(await placements()).toEqual(before);

    await post('/api/photos/delete', { ids: ids.slice(0, 10) });
    // ids[10] was never deleted: the whole Undo is refused, and the ten stay in the trash.
    const mixed = await post('/api/photos/restore', { ids: ids.slice(0, 11) });
    expect(mixed.statusCode).toBe(404);
    expect((await placements()).map(([id]) => id)).toEqual(ids.slice(10));
    expect((await post('/api/photos/restore', { ids: ids.slice(0, 10) })).statusCode).toBe(200);
    expect(await placements()).toEqual(before);
  });

  it('refuses Undo once the window has passed, and a visitor at any time', async () => {
    await start();
    const ids = await insertPhotos(3);
    await post('/api/photos/delete', { ids });
    expect((await post('/api/photos/restore', { ids }, false)).statusCode).toBe(401);
    clock.advance(UNDO_WINDOW_MS + 1);
    const late = await post('/api/photos/restore', { ids });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe('These photos can no longer be restored');
    expect(await placements()).toEqual([]);
  });
});

describe('Undo of a category delete', () => {
  it('brings the category back with the photos still in it, within the window only', async () => {
    await start();
    const created = await post('/api/categories', { name: 'Travel', description: 'Far away' });
    const category = created.json<Category>();
    const ids = await insertPhotos(3);
    await post('/api/photos/move', { ids, categoryId: category.id });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/categories/${category.id}`, headers: { cookie } });
    expect(deleted.statusCode).toBe(200);
    expect((await placements()).map(([, categoryId]) => categoryId)).toEqual([null, null, null]);
    // One photo is moved on meanwhile: it stays where the owner put it.
    const other = await createCategory(t, 'Other work', 1);
    await post('/api/photos/move', { ids: [ids[2]!], categoryId: other });

    const restored = await post(`/api/categories/${category.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(category);
    expect(await placements()).toEqual([
      [ids[0], category.id, 0],
      [ids[1], category.id, 1],
      [ids[2], other, 0],
    ]);

    await t.app.inject({ method: 'DELETE', url: `/api/categories/${category.id}`, headers: { cookie } });
    clock.advance(UNDO_WINDOW_MS + 1);
    expect((await post(`/api/categories/${category.id}/restore`, {})).statusCode).toBe(404);
    expect((await post(`/api/categories/${other}/restore`, {})).statusCode).toBe(404);
  });
});
