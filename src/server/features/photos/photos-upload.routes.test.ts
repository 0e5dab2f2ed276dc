import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import {
  CAMERA_MARKER,
  filesUnder,
  formWith,
  gif,
  GPS_MARKER,
  html,
  hugePng,
  jpeg,
  png,
  svg,
  truncatedJpeg,
  webp,
  type FormFile,
} from '#tests/fixtures/images.ts';
import { createPhotos, postPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const uploadsDir = () => t.config.uploadsDir;
const originalsDir = () => t.config.originalsDir;
const photoRows = () => t.database.db.selectFrom('photos').selectAll().execute();

/** Nothing of a refused upload may remain: no row, no stored file, no temp file. */
async function expectNothingStored() {
  expect(await photoRows()).toEqual([]);
  expect(filesUnder(uploadsDir())).toEqual([]);
  expect(filesUnder(originalsDir())).toEqual([]);
  expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
}

function publicFilesOf(photo: Photo): string[] {
  return [photo.filename, photo.thumbnail, ...photo.variants.map((variant) => variant.filename)];
}

/** A new site whose signed-in owner sends this body to the upload route. */
async function postToNewSite(payload: FormData | object) {
  t = await createTestApp();
  const cookie = await t.signIn();
  return t.app.inject({ method: 'POST', url: '/api/photos/upload', headers: { cookie }, payload });
}

/** A new site whose signed-in owner uploads these files. */
const uploadToNewSite = (files: FormFile[]) => postToNewSite(formWith('photos', files));

describe('POST /api/photos/upload', () => {
  it('answers 401 without a session and stores nothing', async () => {
    t = await createTestApp();
    const response = await postPhotos(t, undefined, [{ name: 'a.jpg', data: await jpeg() }]);
    expect(response.statusCode).toBe(401);
    await expectNothingStored();
  });

  it('stores a JPEG as a photo in the photo bank, titled after the file, with every size and a placeholder', async () => {
    const response = await uploadToNewSite([{ name: 'Harbour at dusk.jpg', data: await jpeg({ width: 3000, height: 2000 }) }]);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Uploaded 1 photo');
    expect(body.rejected).toEqual([]);
    const [photo] = body.photos as Photo[];
    expect(photo).toMatchObject({
      title: 'Harbour at dusk',
      categoryId: null,
      order: 0,
      description: null,
      hyperlink: null,
      version: 1,
      width: 2560,
      height: 1707,
      tracks: null,
    });
    expect(photo?.filename).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(photo?.variants.map((variant) => variant.width)).toEqual([320, 640, 960, 1280, 1920]);

    const display = await sharp(path.join(uploadsDir(), photo!.filename)).metadata();
    expect(display).toMatchObject({ format: 'jpeg', width: 2560, height: 1707 });
    for (const variant of photo!.variants) {
      const meta = await sharp(path.join(uploadsDir(), variant.filename)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
    }
    const thumbnail = await sharp(path.join(uploadsDir(), photo!.thumbnail)).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(thumbHashToApproximateAspectRatio(Buffer.from(photo!.placeholder!, 'base64'))).toBeCloseTo(1.5, 0);

    expect(filesUnder(uploadsDir()).sort()).toEqual(publicFilesOf(photo!).sort());
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('keeps the original untouched, privately, under a generated name', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const data = await jpeg({ gps: true });
    const [photo] = await postPhotos(t, cookie, [{ name: 'holiday.jpg', data }]).then((r) => r.json().photos as Photo[]);
    const key = photo!.filename.replace(/\.jpg$/, '');

    // The key, then a random part no public name carries: the original's name cannot be guessed.
    const [originalName] = filesUnder(originalsDir());
    expect(filesUnder(originalsDir())).toEqual([expect.stringMatching(new RegExp(`^${key}-[0-9a-f]{32}\\.jpg$`))]);
    const original = fs.readFileSync(path.join(originalsDir(), originalName!));
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(sha(original)).toBe(sha(data));
    // The same name under /uploads is the display image, never the original.
    const served = await t.app.inject({ url: `/uploads/${key}.jpg` });
    expect(served.statusCode).toBe(200);
    expect(sha(served.rawPayload)).not.toBe(sha(data));
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    // Stored 600×400, left half red; orientation 6 means "rotate 90° clockwise to view".
    const data = await jpeg({ width: 600, height: 400, orientation: 6 });
    const [photo] = await postPhotos(t, cookie, [{ name: 'sideways.jpg', data }]).then((r) => r.json().photos as Photo[]);

    expect(photo).toMatchObject({ width: 400, height: 600 });
    const file = path.join(uploadsDir(), photo!.filename);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ width: 400, height: 600 });
    expect(meta.orientation).toBeUndefined();
    const { data: pixels } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...pixels.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3)];
    const [topRed, , topBlue] = pixel(200, 20);
    const [bottomRed, , bottomBlue] = pixel(200, 580);
    expect(topRed).toBeGreaterThan(topBlue! + 100);
    expect(bottomBlue).toBeGreaterThan(bottomRed! + 100);
  });

  it('strips GPS and every other metadata from each file it serves', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const data = await jpeg({ width: 2000, height: 1500, gps: true });
    expect(data.includes(GPS_MARKER)).toBe(true);
    const response = await postPhotos(t, cookie, [{ name: 'where-i-live.jpg', data }]);
    const [photo] = response.json().photos as Photo[];

    for (const name of publicFilesOf(photo!)) {
      const served = await t.app.inject({ url: `/uploads/${name}?v=${photo!.version}` });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(meta.iptc, name).toBeUndefined();
      expect(served.rawPayload.includes(GPS_MARKER), name).toBe(false);
      expect(served.rawPayload.includes(CAMERA_MARKER), name).toBe(false);
    }
  });

  it('accepts PNG, GIF and WebP; a transparent image keeps its alpha in a WebP display image', async () => {
    const response = await uploadToNewSite([
      { name: 'flat.png', data: await png() },
      { name: 'cut-out.png', data: await png({ transparent: true }) },
      { name: 'anim.gif', data: await gif() },
      { name: 'modern.webp', data: await webp() },
    ]);
    expect(response.statusCode).toBe(201);
    const photos = response.json().photos as Photo[];
    expect(photos.map((photo) => photo.title)).toEqual(['flat', 'cut-out', 'anim', 'modern']);
    expect(photos.map((photo) => photo.filename.split('.').at(-1))).toEqual(['jpg', 'webp', 'jpg', 'jpg']);
    const cutOut = await sharp(path.join(uploadsDir(), photos[1]!.filename)).metadata();
    expect(cutOut.hasAlpha).toBe(true);
  });

  it('refuses an SVG with 415 and stores nothing', async () => {
    const response = await uploadToNewSite([{ name: 'logo.svg', data: svg(), type: 'image/svg+xml' }]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/logo\.svg: SVG images are not accepted/);
    expect(response.json().rejected).toEqual([{ name: 'logo.svg', reason: expect.stringMatching(/SVG/), code: 'images.svg_refused', params: { formats: 'JPEG, PNG, GIF, WebP, HEIC, RAW, MP4, MOV or WebM' } }]);
    await expectNothingStored();
  });

  it('refuses an SVG renamed .jpg and sent as image/jpeg', async () => {
    const response = await uploadToNewSite([{ name: 'logo.jpg', data: svg(), type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(415);
    await expectNothingStored();
  });

  it('refuses an HTML page renamed .jpg with 415 and stores nothing', async () => {
    const response = await uploadToNewSite([{ name: 'cat.jpg', data: html(), type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(415);
    expect(response.json().rejected).toEqual([{ name: 'cat.jpg', reason: 'Not a JPEG, PNG, GIF, WebP, HEIC, RAW, MP4, MOV or WebM image', code: 'images.wrong_format', params: { formats: 'JPEG, PNG, GIF, WebP, HEIC, RAW, MP4, MOV or WebM' } }]);
    await expectNothingStored();
  });

  it('refuses a truncated JPEG as damaged and stores nothing', async () => {
    const response = await uploadToNewSite([{ name: 'half.jpg', data: await truncatedJpeg() }]);
    expect(response.statusCode).toBe(415);
    expect(response.json().rejected).toEqual([{ name: 'half.jpg', reason: 'The image is damaged or incomplete', code: 'images.damaged' }]);
    await expectNothingStored();
  });

  it('refuses an empty file and stores nothing', async () => {
    const response = await uploadToNewSite([{ name: 'empty.jpg', data: Buffer.alloc(0) }]);
    expect(response.statusCode).toBe(415);
    expect(response.json().rejected).toEqual([{ name: 'empty.jpg', reason: 'The file is empty', code: 'images.empty' }]);
    await expectNothingStored();
  });

  it('refuses a decompression bomb (a 20000×20000 PNG) with 413 before decoding it', { tags: ['media'] }, async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const bomb = hugePng();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const response = await postPhotos(t, cookie, [{ name: 'bomb.png', data: bomb }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().rejected).toEqual([
      { name: 'bomb.png', reason: expect.stringMatching(/too many pixels.*100 megapixels/), code: 'images.too_many_megapixels', params: { megapixels: 100 } },
    ]);
    await expectNothingStored();
  });

  it('takes the pixel limit from IMAGE_MAX_PIXELS', async () => {
    t = await createTestApp({ env: { IMAGE_MAX_PIXELS: '1000000' } });
    const cookie = await t.signIn();
    const response = await postPhotos(t, cookie, [{ name: 'big.jpg', data: await jpeg({ width: 1200, height: 1000 }) }]);
    expect(response.statusCode).toBe(413);
    const fits = await postPhotos(t, cookie, [{ name: 'fits.jpg', data: await jpeg({ width: 1000, height: 1000 }) }]);
    expect(fits.statusCode).toBe(201);
  });

  it('refuses a file above UPLOAD_MAX_FILE_BYTES with 413 while storing the others', async () => {
    t = await createTestApp({ env: { UPLOAD_MAX_FILE_BYTES: '40000' } });
    const cookie = await t.signIn();
    const small = await jpeg({ width: 200, height: 100 });
    const big = Buffer.concat([small, Buffer.alloc(50_000)]);
    const tooBig = await postPhotos(t, cookie, [{ name: 'big.jpg', data: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().rejected).toEqual([{ name: 'big.jpg', reason: 'The file is larger than 39 KB', code: 'photos.file_too_large', params: { size: '39 KB' } }]);
    await expectNothingStored();

    const mixed = await postPhotos(t, cookie, [
      { name: 'big.jpg', data: big },
      { name: 'small.jpg', data: small },
    ]);
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().photos.map((photo: Photo) => photo.title)).toEqual(['small']);
    expect(mixed.json().rejected).toEqual([{ name: 'big.jpg', reason: 'The file is larger than 39 KB', code: 'photos.file_too_large', params: { size: '39 KB' } }]);
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('refuses more files than UPLOAD_MAX_FILES with 413 and stores none of them', async () => {
    t = await createTestApp({ env: { UPLOAD_MAX_FILES: '2' } });
    const cookie = await t.signIn();
    const data = await jpeg({ width: 200, height: 100 });
    const response = await postPhotos(t, cookie, [1, 2, 3].map((n) => ({ name: `${n}.jpg`, data })));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Too many files: at most 2 at once');
    await expectNothingStored();
  });

  it('stores the good files of a mixed upload and names each bad one with its reason', async () => {
    const response = await uploadToNewSite([
      { name: 'good-1.jpg', data: await jpeg() },
      { name: 'evil.svg', data: svg() },
      { name: 'good-2.png', data: await png() },
      { name: 'page.jpg', data: html() },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Uploaded 2 photos; 2 files were refused');
    expect(body.photos.map((photo: Photo) => photo.title)).toEqual(['good-1', 'good-2']);
    expect(body.rejected.map((file: { name: string }) => file.name)).toEqual(['evil.svg', 'page.jpg']);
    expect(await photoRows()).toHaveLength(2);
    expect(filesUnder(originalsDir())).toHaveLength(2);
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('never takes a stored name from the upload: ../../x.jpg changes nothing outside the uploads folder', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const escapee = `escape-${randomBytes(6).toString('hex')}`;
    const response = await postPhotos(t, cookie, [
      { name: `../../${escapee}.jpg`, data: await jpeg() },
      { name: `..\\..\\${escapee}-2.jpg`, data: await jpeg() },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().photos.map((photo: Photo) => photo.title)).toEqual([escapee, `${escapee}-2`]);

    // Wherever ../../ could have led from any folder the server writes to, nothing arrived.
    for (const from of [t.config.uploadsDir, t.config.originalsDir, t.config.upload.tmpDir, process.cwd()]) {
      for (const up of ['..', '../..', '../../..']) {
        const folder = path.resolve(from, up);
        const found = fs.readdirSync(folder).filter((name) => name.includes(escapee));
        expect(found, folder).toEqual([]);
      }
    }
    const written = filesUnder(t.dataDir).filter((file) => !file.startsWith('atelier.sqlite'));
    expect(written.length).toBeGreaterThan(0);
    for (const file of written) {
      expect(file).toMatch(/^(uploads\/[0-9a-f]{32}(-w\d+|-thumb)?\.(jpg|webp)|originals\/[0-9a-f]{32}-[0-9a-f]{32}\.(jpg|png|gif|webp))$/);
    }
  });

  it('cleans control characters and bidi overrides out of titles and caps them at 255 characters', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const long = `${'a'.repeat(300)}.jpg`;
    const [tricky, longest] = await createPhotos(t, cookie, 2, ['report\u202Egpj.exe\u0007 .jpg', long]);
    expect(tricky?.title).toBe('report gpj.exe');
    expect(longest?.title).toBe('a'.repeat(255));
  });

  it('answers 400 when no file came in the photos field', async () => {
    const form = new FormData();
    form.append('title', 'no file here');
    const response = await postToNewSite(form);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/No photos were sent/);
  });

  it('skips files sent in another field', async () => {
    const response = await postToNewSite(formWith('file', [{ name: 'a.jpg', data: await jpeg() }]));
    expect(response.statusCode).toBe(400);
    await expectNothingStored();
  });

  it('answers 415 to a body that is not multipart', async () => {
    const response = await postToNewSite({ photos: 'x' });
    expect(response.statusCode).toBe(415);
  });
});
