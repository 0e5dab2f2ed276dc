import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import type { Watermark, WatermarkProgress } from '#contract/watermarks.ts';
import { formWith, jpeg, png } from '#tests/fixtures/images.ts';
import { createCategory } from '#tests/fixtures/photos.ts';
import { markDifference } from '#tests/fixtures/watermark-pixels.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createAppContext } from '#server/app-context.ts';
import { applyWatermarksCommand } from '#server/cli/apply-watermarks.ts';
import { loadWatermark, watermarkBox } from '#server/images/watermark.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const TEXT: Watermark = { kind: 'text', text: '© Proof', anchor: 'centre', size: 60, opacity: 100, thumbnails: true };
const silent = { info: () => {}, warn: () => {}, error: () => {} };

const put = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url, headers: cookie ? { cookie } : {}, payload: payload as Record<string, unknown> });
const getPhoto = async (id: number) => (await t.app.inject({ url: `/api/photos/${id}` })).json<Photo>();
const progress = async (cookie: string) => (await t.app.inject({ url: '/api/watermark/progress', headers: { cookie } })).json<WatermarkProgress>();
const served = async (name: string) => {
  const response = await t.app.inject({ url: `/uploads/${name}` });
  expect(response.statusCode, name).toBe(200);
  return response.rawPayload;
};
const originals = () =>
  Object.fromEntries(
    fs.readdirSync(t.config.originalsDir).map((name) => [name, createHash('sha256').update(fs.readFileSync(path.join(t.config.originalsDir, name))).digest('hex')]),
  );

async function upload(cookie: string, categoryId: number | null, count: number): Promise<Photo[]> {
  const files = await Promise.all(Array.from({ length: count }, async (_, index) => ({ name: `p${index}.jpg`, data: await jpeg({ width: 1400, height: 1000 }) })));
  const response = await t.app.inject({
    method: 'POST',
    url: categoryId === null ? '/api/photos/upload' : `/api/photos/upload?categoryId=${categoryId}`,
    headers: { cookie },
    payload: formWith('photos', files),
  });
  expect(response.statusCode).toBe(201);
  return response.json().photos as Photo[];
}

/** Every copy of a photo with its size: display, widths and thumbnail. */
async function copiesOf(photo: Photo) {
  const display = { name: photo.filename, width: photo.width, height: photo.height };
  const widths = photo.variants.map((variant) => ({ name: variant.filename, width: variant.width, height: Math.round((variant.width * photo.height) / photo.width) }));
  const side = (await sharp(await served(photo.thumbnail)).metadata()).width;
  return [display, ...widths, { name: photo.thumbnail, width: side, height: side }];
}

/** The copies of `after` show the mark inside its box, against the same copies of `before`. */
async function expectMarked(before: Photo, after: Photo, watermark: Watermark) {
  const mark = (await loadWatermark(watermark, () => Promise.resolve(null)))!;
  const old = await copiesOf(before);
  const now = await copiesOf(after);
  expect(now.map((copy) => copy.width)).toEqual(old.map((copy) => copy.width));
  for (const [index, copy] of now.entries()) {
    const difference = await markDifference(await served(copy.name), await served(old[index]!.name), watermarkBox(copy.width, copy.height, mark));
    expect(difference.inside, copy.name).toBeGreaterThan(20);
    expect(difference.outside, copy.name).toBeLessThan(1.5);
  }
}

describe('watermark settings', () => {
  it('are the owner\'s only, and refuse a bad setting with a clear message', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const categoryId = await createCategory(t, 'Wedding');
    expect((await t.app.inject({ url: '/api/watermark' })).statusCode).toBe(401);
    expect((await put('/api/watermark', { watermark: TEXT })).statusCode).toBe(401);
    expect((await put(`/api/categories/${categoryId}/watermark`, { mode: 'none' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/watermark/progress' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/watermark/logo', payload: formWith('logo', [{ name: 'l.png', data: await png() }]) })).statusCode).toBe(401);

    expect((await t.app.inject({ url: '/api/watermark', headers: { cookie } })).json()).toEqual({ watermark: null });
    const refusals: Array<[unknown, string]> = [
      [{ watermark: { ...TEXT, size: 3 } }, "Size must be at least 5% of the image's width"],
      [{ watermark: { ...TEXT, size: 81 } }, "Size must be at most 80% of the image's width"],
      [{ watermark: { ...TEXT, opacity: 0 } }, 'Opacity must be at least 1%'],
      [{ watermark: { ...TEXT, opacity: 101 } }, 'Opacity must be at most 100%'],
      [{ watermark: { ...TEXT, opacity: 50.5 } }, 'Opacity must be a whole number'],
      [{ watermark: { ...TEXT, anchor: 'middle' } }, 'Position must be a corner, an edge or the centre (top-left … bottom-right, centre)'],
      [{ watermark: { ...TEXT, text: '   ' } }, 'Watermark text is required'],
      [{ watermark: { ...TEXT, text: 'x'.repeat(101) } }, 'Watermark text must be at most 100 characters'],
      [{ watermark: { ...TEXT, text: 'two\nlines' } }, 'Watermark text must be one line, without control characters'],
      [{ watermark: { ...TEXT, kind: 'stamp' } }, 'Watermark kind must be text or logo'],
      [{ watermark: { kind: 'logo', logo: 'watermark-' + 'a'.repeat(32) + '.webp', anchor: 'top', size: 20, opacity: 50, thumbnails: false } }, 'The logo is not stored on this server; upload it again'],
      [{ watermark: { kind: 'logo', logo: '../../etc/passwd', anchor: 'top', size: 20, opacity: 50, thumbnails: false } }, 'The logo is not stored on this server; upload it again'],
    ];
    for (const [body, message] of refusals) {
      const response = await put('/api/watermark', body, cookie);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const categoryRefusal = await put(`/api/categories/${categoryId}/watermark`, { mode: 'mine' }, cookie);
    expect(categoryRefusal.statusCode).toBe(400);
    expect(categoryRefusal.json().message).toBe('Mode must be site, none or own');
    expect((await put('/api/categories/999999/watermark', { mode: 'none' }, cookie)).statusCode).toBe(404);

    expect((await put('/api/watermark', { watermark: { ...TEXT, text: '  © Ada  ' } }, cookie)).json()).toEqual({ watermark: { ...TEXT, text: '© Ada' } });
    expect((await t.app.inject({ url: '/api/watermark', headers: { cookie } })).json()).toEqual({ watermark: { ...TEXT, text: '© Ada' } });
    expect((await t.app.inject({ url: `/api/categories/${categoryId}/watermark`, headers: { cookie } })).json()).toEqual({ mode: 'site' });
    await put(`/api/categories/${categoryId}/watermark`, { mode: 'none' }, cookie);
    expect((await t.app.inject({ url: `/api/categories/${categoryId}/watermark`, headers: { cookie } })).json()).toEqual({ mode: 'none' });
    await t.runJobs();
  });

  it('takes a PNG or WebP logo, stores it as a lossless WebP, and refuses any other file', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const post = (name: string, data: Buffer) =>
      t.app.inject({ method: 'POST', url: '/api/watermark/logo', headers: { cookie }, payload: formWith('logo', [{ name, data }]) });
    const jpegLogo = await post('logo.jpg', await jpeg());
    expect(jpegLogo.statusCode).toBe(415);
    expect(jpegLogo.json().message).toBe('Not a PNG or WebP image');
    const huge = await post('huge.png', Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The logo must be at most 2 MB');

    const stored = await post('logo.png', await png({ width: 3000, height: 600, transparent: true }));
    expect(stored.statusCode).toBe(201);
    const { logo } = stored.json<{ logo: string }>();
    expect(logo).toMatch(/^watermark-[0-9a-f]{32}\.webp$/);
    const meta = await sharp(await served(logo)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 320, hasAlpha: true });
    const saved = await put('/api/watermark', { watermark: { kind: 'logo', logo, anchor: 'bottom-left', size: 30, opacity: 80, thumbnails: false } }, cookie);
    expect(saved.statusCode).toBe(200);
    await t.runJobs();
  });
});

// Renders of real images, on a machine that may be busy.
describe('applying a watermark', { timeout: 240_000 }, () => {
  it("renders a gallery's photos again in the background with the mark, reports progress, swaps the copies and keeps the old ones served", async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const categoryId = await createCategory(t, 'Wedding');
    const before = await upload(cookie, categoryId, 2);
    const [bank] = await upload(cookie, null, 1);
    await t.runJobs();
    const originalsBefore = originals();
    expect(Object.keys(originalsBefore)).toHaveLength(3);

    const saved = await put(`/api/categories/${categoryId}/watermark`, { mode: 'own', watermark: TEXT }, cookie);
    expect(saved.statusCode).toBe(200);
    expect((await progress(cookie)).running).toBe(true);
    await t.runJobs();
    expect(await progress(cookie)).toEqual({ running: false, done: 2, total: 2 });

    for (const photo of before) {
      const after = await getPhoto(photo.id);
      expect(after.version).toBe(photo.version + 1);
      expect(after.filename).not.toBe(photo.filename);
      await expectMarked(photo, after, TEXT);
      // The copies a page loaded before the swap asks for are still served.
      for (const name of [photo.filename, photo.thumbnail, ...photo.variants.map((variant) => variant.filename)]) await served(name);
    }
    // Another gallery's photo (here: the bank, under no watermark) is left as it was.
    expect((await getPhoto(bank!.id)).version).toBe(bank!.version);
    expect(originals()).toEqual(originalsBefore);

    // A photo uploaded into the gallery now gets the mark at once, with no second render.
    const [fresh] = await upload(cookie, categoryId, 1);
    await t.runJobs();
    expect((await getPhoto(fresh!.id)).version).toBe(fresh!.version);
    const freshRow = await t.database.db.selectFrom('photos').select('renderedWatermark').where('id', '=', fresh!.id).executeTakeFirstOrThrow();
    expect(JSON.parse(freshRow.renderedWatermark!)).toMatchObject({ kind: 'text', text: '© Proof' });

    // "None" for the gallery renders its photos without the mark again.
    await put(`/api/categories/${categoryId}/watermark`, { mode: 'none' }, cookie);
    await t.runJobs();
    expect(await progress(cookie)).toEqual({ running: false, done: 3, total: 3 });
    const plainAgain = await getPhoto(before[0]!.id);
    expect(plainAgain.version).toBe(before[0]!.version + 2);
    const difference = await markDifference(await served(plainAgain.filename), await served(before[0]!.filename), { left: 0, top: 0, width: 1, height: 1 }, 0);
    expect(difference.outside).toBeLessThan(0.5);
  });

  it('the site\'s watermark applies to the bank and to galleries that keep it; a gallery\'s own wins', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const keeps = await createCategory(t, 'Keeps');
    const own = await createCategory(t, 'Own');
    const [bank] = await upload(cookie, null, 1);
    const [kept] = await upload(cookie, keeps, 1);
    const [owned] = await upload(cookie, own, 1);
    await put(`/api/categories/${own}/watermark`, { mode: 'none' }, cookie);
    await put('/api/watermark', { watermark: { ...TEXT, anchor: 'bottom-right', size: 40 } }, cookie);
    await t.runJobs();
    expect((await getPhoto(bank!.id)).version).toBe(bank!.version + 1);
    expect((await getPhoto(kept!.id)).version).toBe(kept!.version + 1);
    expect((await getPhoto(owned!.id)).version).toBe(owned!.version);
    await expectMarked(kept!, await getPhoto(kept!.id), { ...TEXT, anchor: 'bottom-right', size: 40 });
  });

  it('the command line renders what is out of date for a site at rest, with progress, and removes the replaced copies', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const before = await upload(cookie, null, 2);
    await t.runJobs();
    // Set while no server runs: straight in the database.
    await t.database.db.updateTable('users').set({ watermark: JSON.stringify(TEXT) }).execute();
    const ctx = createAppContext({ config: t.config, database: t.database, log: silent });
    const stdout: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => stdout.push(chunk) > 0);
    let code: number;
    try {
      code = await applyWatermarksCommand.run(ctx, []);
    } finally {
      process.stdout.write = write;
    }
    expect(code).toBe(0);
    expect(stdout.join('')).toBe('Rendered 2 photos again; 0 without an original, 0 deleted meanwhile, 0 failed.\n');
    for (const photo of before) {
      const after = await getPhoto(photo.id);
      expect(after.version).toBe(photo.version + 1);
      expect((await t.app.inject({ url: `/uploads/${photo.filename}` })).statusCode).toBe(404);
      await served(after.filename);
    }
  });
});
