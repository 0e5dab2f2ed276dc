import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let cookie: string;
afterEach(async () => {
  await t?.close();
});

async function setup() {
  t = await createTestApp();
  cookie = await t.signIn();
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A first read, then the same read with its ETag: 200 with a strong tag, then 304 with nothing. */
async function expectRevalidates(url: string): Promise<string> {
  const first = await get(url);
  expect(first.statusCode, url).toBe(200);
  const etag = first.headers.etag;
  expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(first.headers['cache-control'], url).toBe('no-cache');

  const again = await get(url, { 'if-none-match': etag as string });
  expect(again.statusCode, url).toBe(304);
  expect(again.body, url).toBe('');
  expect(again.headers.etag, url).toBe(etag);
  expect(again.headers['cache-control'], url).toBe('no-cache');
  // The cached answer is the same bytes as the first one, and a stale tag gets them in full.
  const stale = await get(url, { 'if-none-match': '"not-this-one"' });
  expect(stale.statusCode, url).toBe(200);
  expect(stale.body, url).toBe(first.body);
  expect(stale.headers['content-type'], url).toBe(first.headers['content-type']);
  return etag as string;
}

describe('conditional requests on the list endpoints', () => {
  it('answers 200 with an ETag, 304 on a match, and a new ETag after each kind of change', async () => {
    await setup();
    const [photo] = await createPhotos(t, cookie, 2);

    const photosTag = await expectRevalidates('/api/photos');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/photos/${photo!.id}`,
      headers: { cookie },
      payload: { title: 'Renamed at once', description: null, hyperlink: null },
    });
    expect(renamed.statusCode).toBe(200);
    const afterRename = await get('/api/photos', { 'if-none-match': photosTag });
    expect(afterRename.statusCode).toBe(200);
    expect(afterRename.headers.etag).not.toBe(photosTag);
    expect(afterRename.json<Array<{ title: string }>>().map((p) => p.title)).toContain('Renamed at once');

    const categoriesTag = await expectRevalidates('/api/categories');
    const created = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { cookie }, payload: { name: 'Night' } });
    expect(created.statusCode).toBe(201);
    const afterCreate = await get('/api/categories', { 'if-none-match': categoriesTag });
    expect(afterCreate.statusCode).toBe(200);
    expect(afterCreate.headers.etag).not.toBe(categoriesTag);
    expect(afterCreate.json<Array<{ name: string }>>().map((c) => c.name)).toEqual(['Night']);

    const ownerTag = await expectRevalidates('/api/portfolio-owner');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/portfolio-settings',
      headers: { cookie },
      payload: { portfolioTitle: 'A new title' },
    });
    expect(saved.statusCode).toBe(200);
    const afterSave = await get('/api/portfolio-owner', { 'if-none-match': ownerTag });
    expect(afterSave.statusCode).toBe(200);
    expect(afterSave.headers.etag).not.toBe(ownerTag);
    expect(afterSave.json<{ portfolioTitle: string }>().portfolioTitle).toBe('A new title');
  });

  it('sees at once a change written to the database past the API, as the command line writes', async () => {
    await setup();
    const tag = await expectRevalidates('/api/categories');
    await createCategory(t, 'Written by the command line');
    const after = await get('/api/categories', { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.json<Array<{ name: string }>>().map((c) => c.name)).toEqual(['Written by the command line']);
  });

  it('gives the owner and a visitor the same body and tag, so one cached answer serves both', async () => {
    await setup();
    await createPhotos(t, cookie, 1);
    for (const url of ['/api/photos', '/api/categories', '/api/portfolio-owner']) {
      const visitor = await get(url);
      const owner = await get(url, { cookie });
      expect(owner.body, url).toBe(visitor.body);
      expect(owner.headers.etag, url).toBe(visitor.headers.etag);
      expect((await get(url, { cookie, 'if-none-match': visitor.headers.etag as string })).statusCode, url).toBe(304);
    }
  });

  // On PostgreSQL the data version moves with any transaction on the server, so a busy server
  // builds many answers rather than reading them from the cache: those go out compressed too.
  it('compresses the answer it has just built, not only the ones it kept', async () => {
    await setup();
    await createPhotos(t, cookie, 8);
    const first = await get('/api/photos', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(first.rawPayload).toString('utf8'))).toHaveLength(8);
    const again = await get('/api/photos', { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('sends a compressed copy to a client that accepts one, with a tag of its own', async () => {
    await setup();
    await createPhotos(t, cookie, 8);
    const plain = await get('/api/photos');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const compressed = await get('/api/photos', { 'accept-encoding': `${encoding}, deflate` });
      expect(compressed.statusCode, encoding).toBe(200);
      expect(compressed.headers['content-encoding'], encoding).toBe(encoding);
      expect(compressed.headers.vary, encoding).toMatch(/accept-encoding/i);
      expect(compressed.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length);
      expect(decode(compressed.rawPayload).toString('utf8'), encoding).toBe(plain.body);
      const tag = compressed.headers.etag as string;
      expect(tag, encoding).not.toBe(plain.headers.etag);
      const again = await get('/api/photos', { 'accept-encoding': encoding, 'if-none-match': tag });
      expect(again.statusCode, encoding).toBe(304);
      expect(again.rawPayload.length, encoding).toBe(0);
    }
  });

  it('answers a HEAD with the tag and no body, and leaves other reads without one', async () => {
    await setup();
    const tag = (await get('/api/photos')).headers.etag;
    const head = await t.app.inject({ method: 'HEAD', url: '/api/photos' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(tag);
    expect(head.body).toBe('');
    // Not a list endpoint: it differs per session, so it gets no shared tag.
    expect((await get('/api/auth/user', { cookie })).headers.etag).toBeUndefined();
  });
});

describe('the page a visitor gets, kept per data version', () => {
  it('shows the owner’s change, and a change written past the API, on the very next visit', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-client-'));
    try {
      fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Atelier</title></head><body><div id="root"></div></body></html>');
      t = await createTestApp({ clientDir });
      cookie = await t.signIn();
      const titleOf = async () => /<title>([^<]*)<\/title>/.exec((await get('/')).body)?.[1];
      const save = (portfolioTitle: string) =>
        t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: { portfolioTitle } });

      expect((await save('First title')).statusCode).toBe(200);
      expect(await titleOf()).toBe('First title');
      expect(await titleOf()).toBe('First title');
      expect((await save('Second title')).statusCode).toBe(200);
      expect(await titleOf()).toBe('Second title');
      await t.database.db.updateTable('users').set({ portfolioTitle: 'Third title' }).execute();
      expect(await titleOf()).toBe('Third title');
    } finally {
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
