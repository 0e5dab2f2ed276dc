import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { BANNER_MAX_BYTES } from '#contract/portfolio.ts';
import { filesUnder, formWith, gif, GPS_MARKER, html, jpeg, png, svg, webp, type FormFile } from '#tests/fixtures/images.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';
import { bannerExists } from './banner.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const postBanner = (cookie: string | undefined, files: FormFile[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upload-banner',
    headers: cookie ? { cookie } : {},
    payload: formWith('banner', files),
  });

function expectNothingStored() {
  expect(filesUnder(t.config.uploadsDir)).toEqual([]);
  expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
}

describe('POST /api/upload-banner', () => {
  it('answers 401 without a session and stores nothing', async () => {
    t = await createTestApp();
    const response = await postBanner(undefined, [{ name: 'b.jpg', data: await jpeg() }]);
    expect(response.statusCode).toBe(401);
    expectNothingStored();
  });

  it('crops a JPEG to a 1920×640 WebP banner, strips its metadata, and leaves the settings to the client', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const response = await postBanner(cookie, [{ name: 'wide.jpg', data: await jpeg({ width: 2400, height: 1600, gps: true }) }]);
    expect(response.statusCode).toBe(201);
    const { filename } = response.json();
    expect(filename).toMatch(/^banner-[0-9a-f]{32}\.webp$/);

    const served = await t.app.inject({ url: `/uploads/${filename}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1920, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(GPS_MARKER)).toBe(false);

    const owner = await t.database.db.selectFrom('users').select('bannerImage').executeTakeFirstOrThrow();
    expect(owner.bannerImage).toBeNull();
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('accepts PNG and WebP', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    expect((await postBanner(cookie, [{ name: 'b.png', data: await png() }])).statusCode).toBe(201);
    expect((await postBanner(cookie, [{ name: 'b.webp', data: await webp() }])).statusCode).toBe(201);
  });

  it('refuses a GIF, an SVG and an HTML page with 415 and stores nothing', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    for (const file of [
      { name: 'b.gif', data: await gif() },
      { name: 'b.svg', data: svg() },
      { name: 'b.jpg', data: html() },
    ]) {
      const response = await postBanner(cookie, [file]);
      expect(response.statusCode, file.name).toBe(415);
      expect(response.json().message, file.name).toMatch(/JPEG, PNG or WebP/);
    }
    expectNothingStored();
  });

  it('refuses a file above 5 MB with 413 and stores nothing', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const oversized = Buffer.concat([await jpeg(), Buffer.alloc(BANNER_MAX_BYTES)]);
    const response = await postBanner(cookie, [{ name: 'huge.jpg', data: oversized }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'banner.too_large', message: 'The banner must be at most 5 MB' });
    expectNothingStored();
  });

  it('takes one file only, and answers 400 when none came', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const data = await jpeg();
    const two = await postBanner(cookie, [
      { name: 'a.jpg', data },
      { name: 'b.jpg', data },
    ]);
    expect(two.statusCode).toBe(413);
    expect(two.json().message).toBe('Send one file only');
    expectNothingStored();

    const none = await postBanner(cookie, []);
    expect(none.statusCode).toBe(400);
  });
});

describe('bannerExists', () => {
  it('knows only banners this server stored', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const { filename } = (await postBanner(cookie, [{ name: 'b.jpg', data: await jpeg() }])).json();
    const [photo] = await createPhotos(t, cookie);
    const files = new LocalFileStore(t.config.uploadsDir);

    expect(await bannerExists(files, filename)).toBe(true);
    expect(await bannerExists(files, photo!.filename)).toBe(false);
    expect(await bannerExists(files, `banner-${'0'.repeat(32)}.webp`)).toBe(false);
    expect(await bannerExists(files, `../uploads/${filename}`)).toBe(false);
  });
});

describe('PATCH /api/portfolio-settings with a banner', () => {
  it('saves an uploaded banner and refuses a name no banner upload made', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const patch = (bannerImage: string | null) =>
      t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: { bannerImage } });
    const [photo] = await createPhotos(t, cookie, 1);

    for (const name of ['banner-00000000000000000000000000000000.webp', photo?.filename ?? '', '../atelier.sqlite']) {
      const refused = await patch(name);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().message).toBe('Unknown banner image; upload it first');
    }
    const { filename } = (await postBanner(cookie, [{ name: 'wide.jpg', data: await jpeg({ width: 2400, height: 1600 }) }])).json();
    expect((await patch(filename)).json().bannerImage).toBe(filename);
    expect((await patch(null)).json().bannerImage).toBeNull();
  });
});
