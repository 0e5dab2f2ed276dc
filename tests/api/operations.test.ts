import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/database.ts';
import { startS3Server, type TestS3Server } from '#tests/setup/s3.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';

let t: TestApp | undefined;
let s3: TestS3Server | undefined;
let clientDir: string | undefined;
afterEach(async () => {
  await t?.close();
  await s3?.close();
  if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  t = s3 = clientDir = undefined;
});

/** A built client, so the page fallback is live and could answer any unknown GET. */
function builtClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-client-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Atelier</title></head><body><div id="root"></div></body></html>');
  return dir;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /healthz and /readyz', () => {
  it('answer as probes, not as pages, whatever Origin or cookie a request carries', async () => {
    clientDir = builtClient();
    t = await createTestApp({ clientDir });
    for (const headers of [{}, { origin: 'https://elsewhere.example', cookie: 'atelier_session=stale' }]) {
      const alive = await t.app.inject({ method: 'GET', url: '/healthz', headers });
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({ status: 'ok' });
      expect(alive.headers['cache-control']).toBe('no-store');

      const ready = await t.app.inject({ method: 'GET', url: '/readyz', headers });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['content-type']).toMatch(/^application\/json/);
      expect(ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', 'storage.uploads': 'ok', 'storage.originals': 'ok', 'storage.restricted': 'ok' },
      });
    }
    // The fallback is live: an unknown path is still a page.
    expect((await t.app.inject({ method: 'GET', url: '/healthzz' })).headers['content-type']).toMatch(/^text\/html/);
  });

  it('is not ready once the S3 store stops answering, and says which check failed', async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: s3.env });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await s3.close();
    s3 = undefined;
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', 'storage.uploads': 'unreachable', 'storage.originals': 'unreachable', 'storage.restricted': 'unreachable' },
    });
    // Still alive: a restart would not bring the store back.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('is not ready when its database server does not answer', async () => {
    t = await createTestApp();
    // Nothing listens on port 1: the connection is refused, as when PostgreSQL is down.
    const gone = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/atelier', sqlitePath: '' });
    const app = await buildApp({ config: t.config, database: gone, logger: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'unreachable', 'storage.uploads': 'ok', 'storage.originals': 'ok', 'storage.restricted': 'ok' },
      });
      expect(ready.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|Error/);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await gone.destroy();
    }
  });
});

describe('request ids', () => {
  /** An app whose JSON log lines are collected. */
  async function appWithLog() {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp();
    const app = await buildApp({ config: t.config, database: t.database, logger: { level: 'info', stream } });
    return { app, lines };
  }

  it('echoes a sane X-Request-Id and writes it on every JSON log line of the request', async () => {
    const { app, lines } = await appWithLog();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/photos', headers: { 'x-request-id': 'lb-7f3a.42:1' } });
      expect(response.headers['x-request-id']).toBe('lb-7f3a.42:1');
      const ofRequest = lines.filter((line) => line.requestId === 'lb-7f3a.42:1');
      // One access line per request, written once the answer has gone.
      expect(ofRequest.map((line) => line.msg)).toEqual(['request completed']);
      expect(ofRequest[0]).toMatchObject({ req: { method: 'GET', url: '/api/photos' }, res: { statusCode: 200 } });
      expect(ofRequest[0]!.responseTime).toEqual(expect.any(Number));
    } finally {
      await app.close();
    }
  });

  it('writes a served file\'s one access line and no error, whole, ranged or unchanged', async () => {
    const { app, lines } = await appWithLog();
    try {
      const site = t!;
      const [photo] = await createPhotos(site, await site.signIn(), 1);
      const url = `/uploads/${photo!.filename}`;
      const whole = await app.inject({ url, headers: { 'x-request-id': 'file-whole' } });
      expect(whole.statusCode).toBe(200);
      const ranged = await app.inject({ url, headers: { 'x-request-id': 'file-range', range: 'bytes=0-9' } });
      expect(ranged.statusCode).toBe(206);
      const unchanged = await app.inject({ url, headers: { 'x-request-id': 'file-304', 'if-none-match': whole.headers.etag! } });
      expect(unchanged.statusCode).toBe(304);
      for (const id of ['file-whole', 'file-range', 'file-304']) {
        expect(lines.filter((line) => line.requestId === id).map((line) => line.msg), id).toEqual(['request completed']);
      }
    } finally {
      await app.close();
    }
  });

  it('replaces a missing or unsafe id with a fresh UUID, on errors too', async () => {
    const { app, lines } = await appWithLog();
    try {
      const seen = new Set<string>();
      for (const incoming of [undefined, 'two words', 'x'.repeat(129), 'a\u00e9b', '<script>', 'id"}{"level":60']) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/photos/999999',
          headers: incoming === undefined ? {} : { 'x-request-id': incoming },
        });
        expect(response.statusCode).toBe(404);
        const id = String(response.headers['x-request-id']);
        expect(id, String(incoming)).toMatch(UUID);
        seen.add(id);
      }
      expect(seen.size).toBe(6);
      expect(lines.some((line) => typeof line.requestId === 'string' && !UUID.test(line.requestId))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
