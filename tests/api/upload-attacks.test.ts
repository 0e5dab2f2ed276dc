import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { filesUnder, hugePng, jpeg } from '#tests/fixtures/images.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { rawMultipart, type RawPart } from '#tests/api/support/multipart.ts';
import {
  gifJsPolyglot,
  JS_PAYLOAD,
  jpegWithPhp,
  jpegWithScriptComment,
  manyFrameGif,
  PHP_PAYLOAD,
  REFUSED_ATTACKS,
  SCRIPT_PAYLOAD,
  type CorpusFile,
} from '#tests/api/support/upload-corpus.ts';
import { waitFor } from '#tests/api/support/wait.ts';

/** Memory growth around each decompression bomb, printed at the end for the record. */
const memory: Array<{ attack: string; endpoint: string; rssGrowthMb: number; status: number }> = [];
let attacksTried = 0;

afterAll(() => {
  console.info(`upload attacks tried: ${attacksTried}\n${memory.map((row) => `  ${row.endpoint} ${row.attack}: ${row.status}, RSS +${row.rssGrowthMb} MB`).join('\n')}`);
});

const ENDPOINTS = [
  { url: '/api/photos/upload', field: 'photos' },
  { url: '/api/upload-banner', field: 'banner' },
];

async function post(t: TestApp, url: string, field: string, files: CorpusFile[], cookie: string) {
  const { body, contentType } = rawMultipart(files.map((file): RawPart => ({ field, filename: file.name, data: file.data, type: file.type })));
  attacksTried += 1;
  return t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': contentType }, payload: body });
}

/** Everything an upload could leave behind: stored files, originals, temp files, rows, the banner. */
async function siteState(t: TestApp) {
  return {
    uploads: filesUnder(t.config.uploadsDir),
    originals: filesUnder(t.config.originalsDir),
    tmp: filesUnder(t.config.upload.tmpDir),
    photos: await t.database.db.selectFrom('photos').selectAll().orderBy('id').execute(),
    users: await t.database.db.selectFrom('users').selectAll().execute(),
  };
}

async function expectStillServing(t: TestApp) {
  const list = await t.app.inject({ method: 'GET', url: '/api/photos' });
  expect(list.statusCode).toBe(200);
}

describe('upload attack corpus', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
    // A site with a photo already, so "nothing left behind" is checked against real content.
    await createPhotos(t, cookie, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe.each(ENDPOINTS)('$url', ({ url, field }) => {
    it.each(REFUSED_ATTACKS)('refuses $label with a 4xx and a message, leaving nothing behind', async (attack) => {
      const files = await attack.files();
      const before = await siteState(t);
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const response = await post(t, url, field, files, cookie);
      const rssGrowthMb = Math.round((process.memoryUsage().rss - rssBefore) / 1e6);
      if (attack.bomb) memory.push({ attack: attack.label, endpoint: url, rssGrowthMb, status: response.statusCode });

      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().message).toEqual(expect.any(String));
      expect(await siteState(t)).toEqual(before);
      // Decoding any of the bombs would take gigabytes; refusing them from their header, a few MB.
      if (attack.bomb) expect(rssGrowthMb).toBeLessThan(150);
      await expectStillServing(t);
    });
  });

  /** Stored, and served back, as images only: whatever rode along in the file is gone. */
  async function expectOnlyImagesServed(photo: Photo, markers: string[]) {
    for (const name of [photo.filename, photo.thumbnail, ...photo.variants.map((variant) => variant.filename)]) {
      const served = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/(jpeg|webp)$/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      for (const marker of markers) expect(served.rawPayload.includes(Buffer.from(marker)), `${name} holds ${marker}`).toBe(false);
    }
  }

  it.each([
    { label: 'a JPEG with a PHP shell after its end', make: jpegWithPhp, markers: [PHP_PAYLOAD, '<?php'] },
    { label: 'a JPEG with a script in its comment', make: jpegWithScriptComment, markers: [SCRIPT_PAYLOAD, '<script'] },
  ])('accepts $label as the picture it is, and serves only re-encoded pixels', async ({ make, markers }) => {
    const response = await post(t, '/api/photos/upload', 'photos', [{ name: 'poly.jpg', type: 'image/jpeg', data: await make() }], cookie);
    expect(response.statusCode, response.body).toBe(201);
    const [photo] = response.json().photos as Photo[];
    await expectOnlyImagesServed(photo!, markers);
    // The original keeps its bytes, in a folder no URL reaches.
    const key = photo!.filename.split('.')[0];
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}.jpg` })).body).not.toContain('<?php');
  });

  it('serves a GIF that is also JavaScript, if at all, as a re-encoded image without the script', async () => {
    const before = await siteState(t);
    const response = await post(t, '/api/photos/upload', 'photos', [{ name: 'poly.gif', type: 'image/gif', data: gifJsPolyglot() }], cookie);
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode === 201) {
      await expectOnlyImagesServed((response.json().photos as Photo[])[0]!, [JS_PAYLOAD, 'alert(']);
    } else {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(await siteState(t)).toEqual(before);
    }
  });

  it('refuses a GIF whose 5000 frames exceed the pixel limit from its header, in bounded memory', async () => {
    const bomb = manyFrameGif(5000, 2000, 16);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await siteState(t);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const response = await post(t, '/api/photos/upload', 'photos', [{ name: 'frames.gif', type: 'image/gif', data: bomb }], cookie);
    const rssGrowthMb = Math.round((process.memoryUsage().rss - rssBefore) / 1e6);
    memory.push({ attack: 'a GIF of 5000 frames (80 GB if every frame were decoded)', endpoint: '/api/photos/upload', rssGrowthMb, status: response.statusCode });
    // 5000 frames of a 4-megapixel canvas are 20,000 megapixels: far past the limit of 100.
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toMatch(/too many pixels/);
    expect(await siteState(t)).toEqual(before);
    expect(rssGrowthMb).toBeLessThan(256);
    await expectStillServing(t);
  });

  it('refuses an animated WebP whose frames times canvas exceed IMAGE_MAX_PIXELS, though one frame fits', async () => {
    const small = await createTestApp({ env: { IMAGE_MAX_PIXELS: '1000000' } });
    try {
      const smallCookie = await small.signIn();
      // 30 frames of a 200×200 canvas: 40,000 pixels each, 1.2 million in all.
      const animated = await sharp(manyFrameGif(30, 200, 16), { animated: true }).webp({ effort: 0 }).toBuffer();
      const response = await post(small, '/api/photos/upload', 'photos', [{ name: 'frames.webp', type: 'image/webp', data: animated }], smallCookie);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json().message).toMatch(/too many pixels \(at most 1 megapixels\)/);
      expect(await siteState(small)).toMatchObject({ photos: [] });
    } finally {
      await small.close();
    }
  });

  it('processes a 100-megapixel PNG, right at the limit, in bounded memory', async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const response = await post(t, '/api/photos/upload', 'photos', [{ name: 'limit.png', type: 'image/png', data: hugePng(10_000, 10_000) }], cookie);
    const rssGrowthMb = Math.round((process.memoryUsage().rss - rssBefore) / 1e6);
    memory.push({ attack: 'a 100-megapixel PNG at the limit (control, accepted)', endpoint: '/api/photos/upload', rssGrowthMb, status: response.statusCode });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json().photos as Photo[])[0]).toMatchObject({ width: 2560, height: 2560 });
  });

  it('stores files under hostile names only under generated names, with clean titles', async () => {
    const marker = `escapee${Date.now().toString(36)}`;
    const names = [
      `../../../../${marker}-dots.jpg`,
      `..\\..\\${marker}-backslash.jpg`,
      `${marker}%00.jpg`,
      `${marker}\u0000-nul.jpg`,
      `${marker}.jpg.php`,
      `${marker}-\u202Egpj.php`,
      `/etc/${marker}-absolute.jpg`,
      `${marker}-${'a'.repeat(1000)}.jpg`,
      `${marker}-émoji-😀-ü.jpg`,
    ];
    const data = await jpeg({ width: 64, height: 64 });
    const before = await siteState(t);
    const response = await post(t, '/api/photos/upload', 'photos', names.map((name) => ({ name, type: 'image/jpeg', data })), cookie);
    expect(response.statusCode, response.body).toBe(201);
    const photos = response.json().photos as Photo[];
    expect(photos).toHaveLength(names.length);
    for (const photo of photos) {
      expect(photo.title).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069/\\]/u);
      expect(photo.title.length).toBeLessThanOrEqual(255);
      expect(photo.filename).toMatch(/^[0-9a-f]{32}\.jpg$/);
    }
    // Every new file has a generated name inside its folder; no name carries the marker anywhere.
    const after = await siteState(t);
    const created = [...after.uploads, ...after.originals].filter((file) => ![...before.uploads, ...before.originals].includes(file));
    for (const file of after.uploads.filter((name) => created.includes(name))) expect(file).toMatch(/^[0-9a-f]{32}(-w\d+|-thumb)?\.(jpg|webp)$/);
    for (const file of after.originals.filter((name) => created.includes(name))) expect(file).toMatch(/^[0-9a-f]{32}-[0-9a-f]{32}\.jpg$/);
    expect(after.tmp).toEqual([]);
    for (const folder of [t.dataDir, path.dirname(t.dataDir), os.tmpdir(), '/etc', process.cwd()]) {
      const found = fs.readdirSync(folder).filter((name) => name.includes(marker));
      expect(found, folder).toEqual([]);
    }
  });

  it('keeps a name that breaks out of its quotes from smuggling headers or fields', async () => {
    const before = await siteState(t);
    const data = await jpeg({ width: 64, height: 64 });
    const response = await post(
      t,
      '/api/photos/upload',
      'photos',
      [{ name: 'a.jpg"\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>', type: 'image/jpeg', data }],
      cookie,
    );
    expect(response.statusCode, response.body).toBeLessThan(500);
    const after = await siteState(t);
    expect(after.tmp).toEqual([]);
    for (const photo of after.photos.slice(before.photos.length)) expect(photo.title).not.toContain('<script');
  });
});

/** A raw HTTP/1.1 client: headers and as much of the body as the test says, then nothing. */
function openUpload(port: number, cookie: string, body: Buffer, contentType: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    'POST /api/photos/upload HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Cookie: ${cookie}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  return { socket, closed, response: () => received };
}

describe('a client that sends slowly and stops', () => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  let upload: { body: Buffer; contentType: string };
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    cookie = await t.signIn();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    const data = await jpeg({ width: 2000, height: 1500 });
    upload = rawMultipart([{ field: 'photos', filename: 'slow.jpg', data: Buffer.concat([data, Buffer.alloc(200_000)]), type: 'image/jpeg' }]);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    // Whatever happened, the temp file of the dropped request is gone, and nothing was stored.
    await waitFor(() => filesUnder(t.config.upload.tmpDir).length === 0, 'the temp file to be removed');
    expect(await t.database.db.selectFrom('photos').selectAll().execute()).toEqual([]);
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
    await expectStillServing(t);
  });

  it('is dropped with 408 when it stops half way through its body', async () => {
    // Watched rather than polled: the temp file may come and go between two looks.
    fs.mkdirSync(t.config.upload.tmpDir, { recursive: true });
    const created: string[] = [];
    const watcher = fs.watch(t.config.upload.tmpDir, (_event, name) => {
      if (name?.startsWith('upload-')) created.push(name);
    });
    try {
      const client = openUpload(port, cookie, upload.body, upload.contentType);
      client.socket.write(upload.body.subarray(0, upload.body.length / 2));
      await client.closed;
      expect(client.response()).toMatch(/^HTTP\/1\.1 408/);
      // The server had begun to store the file it never got whole.
      await waitFor(() => created.length > 0, 'the temp file to have been made');
    } finally {
      watcher.close();
    }
  });

  it('is dropped with 408 when it trickles its body slowly', async () => {
    const client = openUpload(port, cookie, upload.body, upload.contentType);
    let sent = 0;
    const trickle = setInterval(() => {
      if (client.socket.destroyed || sent >= upload.body.length) return;
      // 8 KB/s, never idle long: only a limit on the whole request stops it.
      client.socket.write(upload.body.subarray(sent, sent + 200));
      sent += 200;
    }, 25);
    try {
      await client.closed;
    } finally {
      clearInterval(trickle);
    }
    expect(sent).toBeLessThan(upload.body.length);
    expect(client.response()).toMatch(/^HTTP\/1\.1 408/);
  });
});
