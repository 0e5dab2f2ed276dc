import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { png } from '#tests/fixtures/images.ts';
import { createPhotos, postPhotos } from '#tests/fixtures/photos.ts';
import { startS3Server, startUploadsOnlyCdn, type TestS3Server } from '#tests/setup/s3.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { loadConfig } from '#server/config.ts';
import { checkOriginalsPrivate, createFileStores, OriginalsExposedError, type FileStores } from '#server/storage/index.ts';
import { S3FileStore } from '#server/storage/s3-file-store.ts';

/** The same answers whether the files sit in DATA_DIR or in an S3 bucket. */
describe.each(['local folder', 'S3 bucket'] as const)('GET /uploads/{filename} from the %s', (where) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let stores: FileStores;
  let photo: Photo;
  let stored: Buffer;

  beforeEach(async () => {
    s3 = where === 'S3 bucket' ? await startS3Server() : undefined;
    t = await createTestApp({ env: s3?.env ?? {} });
    stores = createFileStores(t.config);
    [photo] = (await createPhotos(t, await t.signIn())) as [Photo];
    stored = await bytesOf(stores.uploads, photo.thumbnail);
  });
  afterEach(async () => {
    await t?.close();
    await s3?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves a stored file with its exact type, nosniff, a sandbox CSP and a year of immutable caching', async () => {
    const response = await get(`/uploads/${photo.thumbnail}?v=${photo.version}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(stored)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(stored.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);

    const display = await get(`/uploads/${photo.filename}`);
    expect(display.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 304 with no body when If-None-Match holds the ETag, weak or in a list', async () => {
    const { etag } = (await get(`/uploads/${photo.thumbnail}`)).headers as { etag: string };
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await get(`/uploads/${photo.thumbnail}?v=2`, { 'if-none-match': ifNoneMatch });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
    }
    expect((await get(`/uploads/${photo.thumbnail}`, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('answers a byte range with 206 and Content-Range', async () => {
    const size = stored.length;
    const first = await get(`/uploads/${photo.thumbnail}`, { range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.rawPayload.equals(stored.subarray(0, 10))).toBe(true);

    const from = await get(`/uploads/${photo.thumbnail}`, { range: `bytes=${size - 4}-` });
    expect(from.rawPayload.equals(stored.subarray(size - 4))).toBe(true);
    const suffix = await get(`/uploads/${photo.thumbnail}`, { range: 'bytes=-5' });
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(suffix.rawPayload.equals(stored.subarray(size - 5))).toBe(true);
    const clamped = await get(`/uploads/${photo.thumbnail}`, { range: `bytes=10-${size * 2}` });
    expect(clamped.headers['content-range']).toBe(`bytes 10-${size - 1}/${size}`);
  });

  it('answers 416 to a range that starts past the end, and ignores ranges it does not serve', async () => {
    const size = stored.length;
    const past = await get(`/uploads/${photo.thumbnail}`, { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    for (const range of ['bytes=0-1,4-5', 'bytes=9-2', 'items=0-1', 'bytes=x-y']) {
      const whole = await get(`/uploads/${photo.thumbnail}`, { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.length).toBe(size);
    }
    const changed = await get(`/uploads/${photo.thumbnail}`, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(changed.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and length and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: `/uploads/${photo.thumbnail}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(stored.length));
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.length).toBe(0);
  });

  it('answers 404 to a well-formed name that was never stored', async () => {
    expect((await get(`/uploads/${'0'.repeat(32)}.jpg`)).statusCode).toBe(404);
    expect((await get(`/uploads/${'0'.repeat(32)}-thumb.webp`)).statusCode).toBe(404);
  });

  it('reaches nothing outside the stored files, in any encoding of a path', async () => {
    // A file of a shape the server never generates, in the folder or under the bucket's prefix.
    await stores.uploads.put('notes.txt', Readable.from(['not generated']));
    const attempts = [
      '/uploads/..%2fatelier.sqlite',
      '/uploads/%2e%2e%2fatelier.sqlite',
      '/uploads/%2E%2E%2Fatelier.sqlite',
      '/uploads/%252e%252e%252fatelier.sqlite',
      '/uploads/..%252fatelier.sqlite',
      '/uploads/..%5catelier.sqlite',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/....//atelier.sqlite',
      '/uploads/%c0%ae%c0%ae%c0%afatelier.sqlite',
      `/uploads/${photo.thumbnail}%00.txt`,
      `/uploads/${photo.thumbnail}/..`,
      '/uploads/notes.txt',
      '/uploads/.',
      '/uploads/',
      `/uploads/..%2foriginals%2f${photo.filename}`,
    ];
    for (const url of attempts) {
      const response = await get(url);
      // 400 where the router cannot even decode the segment (overlong UTF-8).
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('SQLite format');
      expect(response.body, url).not.toContain('not generated');
      expect(response.headers['content-type'], url).not.toMatch(/^image\//);
    }
    // A literal ../ or ..\ is resolved by the URL parser before routing: no longer an /uploads request.
    for (const url of ['/uploads/../atelier.sqlite', '/uploads/..\\atelier.sqlite']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('SQLite format');
      expect(response.headers['content-type'], url).not.toMatch(/^image\//);
    }
  });

  it('never serves an original, even under its own name', async () => {
    const cookie = await t.signIn();
    const [upload] = (await postPhotos(t, cookie, [{ name: 'art.png', data: await png() }])).json().photos as Photo[];
    const key = upload!.filename.split('.')[0];
    const originals: string[] = [];
    for await (const file of stores.originals.list(key)) originals.push(file.name);
    const [original] = originals as [string];
    expect(original).toMatch(new RegExp(`^${key}-[0-9a-f]{32}\\.png$`));
    for (const name of [original, `${key}.png`]) {
      expect((await get(`/uploads/${name}`)).statusCode).toBe(404);
      expect((await get(`/uploads/..%2foriginals%2f${name}`)).statusCode).toBe(404);
    }
  });
});

async function bytesOf(store: FileStore, name: string): Promise<Buffer> {
  const opened = await store.open(name);
  if (!opened) throw new Error(`${name} is not stored`);
  return buffer(opened.stream);
}

describe('GET /uploads/{filename} with S3_PUBLIC_URL', () => {
  let t: TestApp;
  let s3: TestS3Server;
  let cdn: Awaited<ReturnType<typeof startUploadsOnlyCdn>>;
  beforeEach(async () => {
    s3 = await startS3Server();
    cdn = await startUploadsOnlyCdn(s3);
    t = await createTestApp({ env: { ...s3.env, S3_PUBLIC_URL: cdn.url } });
  });
  afterEach(async () => {
    await t?.close();
    await cdn?.close();
    await s3?.close();
  });

  it('redirects to the file in the bucket, which answers its bytes with the exact type', async () => {
    const [photo] = (await createPhotos(t, await t.signIn())) as [Photo];
    const response = await t.app.inject({ method: 'GET', url: `/uploads/${photo.thumbnail}?v=${photo.version}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${cdn.url}uploads/${photo.thumbnail}`);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');

    const fromBucket = await fetch(response.headers.location!);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/webp');
    const { uploads } = createFileStores(t.config);
    expect(uploads).toBeInstanceOf(S3FileStore);
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(await bytesOf(uploads, photo.thumbnail))).toBe(true);
  });

  it('still answers 404, without redirecting, to a name the server never generates', async () => {
    for (const url of ['/uploads/notes.txt', `/uploads/..%2foriginals%2f${'0'.repeat(32)}.png`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.location, url).toBeUndefined();
    }
  });
});

describe('originals on object storage', () => {
  let s3: TestS3Server;
  beforeEach(async () => {
    s3 = await startS3Server();
  });
  afterEach(async () => {
    await s3?.close();
  });
  const bucketUrl = () => `${s3.endpoint}/${s3.bucket}`;

  it('get a name that the public names do not give away, even from a bucket made public whole', async () => {
    // No S3_PUBLIC_URL: the operator made the bucket public without telling the server.
    const t = await createTestApp({ env: s3.env });
    try {
      const [photo] = (await createPhotos(t, await t.signIn())) as [Photo];
      const key = photo.filename.split('.')[0]!;
      const originals: string[] = [];
      for await (const file of createFileStores(t.config).originals.list()) originals.push(file.name);
      expect(originals).toHaveLength(1);
      const [original] = originals as [string];
      // The key, then 128 random bits no public name carries.
      expect(original).toMatch(new RegExp(`^${key}-[0-9a-f]{32}\\.(jpg|png|gif|webp)$`));
      const secret = original.slice(key.length + 1, key.length + 33);
      const publicNames = [photo.filename, photo.thumbnail, ...photo.variants.map((variant) => variant.filename)];
      for (const name of publicNames) expect(name).not.toContain(secret);
      // Every name derived from the public one answers nothing; the stored original is there.
      for (const extension of ['jpg', 'jpeg', 'png', 'gif', 'webp']) {
        expect((await fetch(`${bucketUrl()}/originals/${key}.${extension}`)).status, extension).toBe(404);
      }
      expect((await fetch(`${bucketUrl()}/originals/${original}`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('keep the server from starting when S3_PUBLIC_URL serves them, and leave no probe behind', async () => {
    // s3rver serves the whole bucket path-style to anyone: a bucket made public whole.
    const attempt = createTestApp({ env: { ...s3.env, S3_PUBLIC_URL: `${bucketUrl()}/` } });
    await expect(attempt).rejects.toThrow(OriginalsExposedError);
    await expect(attempt).rejects.toThrow(/only the uploads\/ prefix public/);
    const left: string[] = [];
    const stores = createFileStores(loadConfig({ DATA_DIR: '/nonexistent', ...s3.env }));
    for await (const file of stores.originals.list()) left.push(file.name);
    expect(left).toEqual([]);
  });

  it('keep the server from starting when S3_PUBLIC_URL serves the private galleries\' prefix', async () => {
    const cdn = await startUploadsOnlyCdn(s3, ['/uploads/', '/restricted/']);
    try {
      const attempt = createTestApp({ env: { ...s3.env, S3_PUBLIC_URL: cdn.url } });
      await expect(attempt).rejects.toThrow(/serves the bucket's private galleries/);
    } finally {
      await cdn.close();
    }
  });

  it('let the server start when only uploads/ is public, or when the public address does not answer', async () => {
    const cdn = await startUploadsOnlyCdn(s3);
    try {
      const t = await createTestApp({ env: { ...s3.env, S3_PUBLIC_URL: cdn.url } });
      await t.close();
    } finally {
      await cdn.close();
    }
    // A closed port: the check cannot be made, and the CDN being down is no reason to refuse the site.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await checkOriginalsPrivate(createFileStores(loadConfig({ DATA_DIR: '/nonexistent', ...s3.env })).originals, `http://127.0.0.1:${port}`)).toBe(
      'unreachable',
    );
  });
});
