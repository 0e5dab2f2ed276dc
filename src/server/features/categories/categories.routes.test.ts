import { afterEach, describe, expect, it } from 'vitest';
import { UNDO_WINDOW_MS } from '#contract/photos.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let cookie: string;
afterEach(async () => {
  await t?.close();
});

async function setup(options: Parameters<typeof createTestApp>[0] = {}) {
  t = await createTestApp(options);
  cookie = await t.signIn();
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, signedIn = true) =>
  t.app.inject({ method, url, headers: signedIn ? { cookie } : {}, ...(payload ? { payload } : {}) });

const create = async (name: string, order?: number) => {
  const response = await call('POST', '/api/categories', order === undefined ? { name } : { name, order });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; name: string; order: number; description: string | null }>();
};

describe('categories API', () => {
  it('lets a visitor read the categories in the owner’s order, and nothing more', async () => {
    await setup();
    await create('Landscapes', 1);
    await create('Portraits', 0);
    const list = await call('GET', '/api/categories', undefined, false);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { name: string }) => c.name)).toEqual(['Portraits', 'Landscapes']);
    for (const [method, url] of [
      ['POST', '/api/categories'],
      ['PUT', '/api/categories/1'],
      ['DELETE', '/api/categories/1'],
      ['PUT', '/api/categories/reorder'],
    ] as const) {
      const response = await call(method, url, { name: 'x', categoryUpdates: [{ id: 1, order: 0 }] }, false);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('trims the name, refuses an empty one, and puts a category without order last', async () => {
    await setup();
    const created = await create('  Street  ');
    expect(created).toMatchObject({ name: 'Street', order: 0, description: null });
    expect((await create('Night')).order).toBe(1);
    const empty = await call('POST', '/api/categories', { name: '   ', order: 2 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Category name is required');
    expect((await call('GET', '/api/categories')).json()).toHaveLength(2);
  });

  it('is created public by default, or unlisted or private when the owner says so, and kept from visitors then', async () => {
    await setup();
    await create('Open');
    for (const visibility of ['unlisted', 'private']) {
      const made = await call('POST', '/api/categories', { name: `Closed ${visibility}`, visibility });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ visibility });
    }
    expect((await call('GET', '/api/categories')).json().map((c: { name: string; visibility: string }) => [c.name, c.visibility])).toEqual([
      ['Open', 'public'],
      ['Closed unlisted', 'unlisted'],
      ['Closed private', 'private'],
    ]);
    expect((await call('GET', '/api/categories', undefined, false)).json().map((c: { name: string }) => c.name)).toEqual(['Open']);
    const unknown = await call('POST', '/api/categories', { name: 'Secret', visibility: 'secret' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Visibility must be public, unlisted or private');
  });

  it('renames a category and ignores an update that sets nothing', async () => {
    await setup();
    const category = await create('Old name');
    const renamed = await call('PUT', `/api/categories/${category.id}`, { name: ' New name ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('New name');
    expect((await call('PUT', `/api/categories/${category.id}`, { name: '' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/categories/${category.id}`, {})).json().name).toBe('New name');
    expect((await call('PUT', '/api/categories/9999', { name: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/categories/abc', { name: 'x' })).statusCode).toBe(400);
  });

  it('keeps a layout and density per category: the square compact grid until the owner picks another', async () => {
    await setup();
    const category = await create('Panoramas');
    expect(category).toMatchObject({ layout: 'square', density: 'compact' });
    const changed = await call('PUT', `/api/categories/${category.id}`, { layout: 'justified', density: 'large' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Panoramas', layout: 'justified', density: 'large' });
    const bad = await call('PUT', `/api/categories/${category.id}`, { layout: 'carousel' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Layout must be square, justified or masonry');
    const visitorList = (await call('GET', '/api/categories', undefined, false)).json();
    expect(visitorList).toEqual([expect.objectContaining({ layout: 'justified', density: 'large' })]);
  });

  it('deletes a category and moves its photos to the photo bank', async () => {
    const clock = createTestClock();
    await setup({ clock });
    const category = await create('Doomed');
    const now = new Date().toISOString();
    const owner = await t.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('photos')
      .values({
        userId: owner.id,
        categoryId: category.id,
        title: 'Kept',
        fileKey: 'k1',
        copiesKey: 'k1',
        filename: 'k1.webp',
        thumbnail: 'k1-thumb.webp',
        variants: '[]',
        width: 10,
        height: 10,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const deleted = await call('DELETE', `/api/categories/${category.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', '/api/categories')).json()).toEqual([]);
    // In the trash for the Undo window: its photo shows in the bank, the row still points at it.
    expect((await call('GET', '/api/photos')).json()).toMatchObject([{ title: 'Kept', categoryId: null }]);
    clock.advance(UNDO_WINDOW_MS + 1);
    await t.runJobs();
    const photo = await t.database.db.selectFrom('photos').selectAll().executeTakeFirstOrThrow();
    expect(photo).toMatchObject({ title: 'Kept', categoryId: null });
    expect((await call('DELETE', `/api/categories/${category.id}`)).statusCode).toBe(404);
  });

  it('reorders atomically: an unknown id changes nothing', async () => {
    await setup();
    const a = await create('A', 0);
    const b = await create('B', 1);
    const reordered = await call('PUT', '/api/categories/reorder', {
      categoryUpdates: [
        { id: a.id, order: 1 },
        { id: b.id, order: 0 },
      ],
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().map((c: { name: string }) => c.name)).toEqual(['B', 'A']);

    const rejected = await call('PUT', '/api/categories/reorder', {
      categoryUpdates: [
        { id: a.id, order: 0 },
        { id: 9999, order: 1 },
      ],
    });
    expect(rejected.statusCode).toBe(404);
    const after = (await call('GET', '/api/categories')).json();
    expect(after.map((c: { name: string; order: number }) => [c.name, c.order])).toEqual([
      ['B', 0],
      ['A', 1],
    ]);
  });
});
