import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { sourceColourOf } from '#server/images/colour.ts';
import { IPHONE_HEIC, linearDng } from '#tests/fixtures/camera-files.ts';
import { filesUnder, jpeg, type FormFile } from '#tests/fixtures/images.ts';
import { postPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * HEIC from phones and RAW from cameras through the ordinary upload, decoded by Debian's tools
 * (libheif-examples, libraw-bin), which CI and the README's set-up install.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function upload(files: FormFile[], env?: Record<string, string>) {
  t = await createTestApp(env ? { env } : {});
  const cookie = await t.signIn();
  return postPhotos(t, cookie, files);
}

const readUpload = (name: string) => fs.readFileSync(path.join(t.config.uploadsDir, name));

/** A search path with no tool on it: the server as it is without the Debian packages. */
function pathWithoutTools(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-no-tools-'));
}

describe('HEIC and RAW uploads', { tags: ['media'] }, () => {
  it('renders an iPhone HEIC upright in Display P3, keeps the HEIC as the original, and reads its camera', async () => {
    const heic = fs.readFileSync(IPHONE_HEIC);
    const response = await upload([{ name: 'IMG_0001.HEIC', data: heic }]);

    expect(response.statusCode, response.body).toBe(201);
    const [photo] = response.json().photos as Photo[];
    // 3024 × 4032 as the phone was held: turned once by the HEIF, not again by its EXIF.
    expect(photo).toMatchObject({ title: 'IMG_0001', width: 1920, height: 2560 });
    const display = await sharp(readUpload(photo!.filename)).metadata();
    expect(display).toMatchObject({ format: 'jpeg', width: 1920, height: 2560 });
    expect(sourceColourOf(display).wideGamut).toBe(true);
    expect(display.exif).toBeUndefined();
    const thumbnail = await sharp(readUpload(photo!.thumbnail)).metadata();
    expect(sourceColourOf(thumbnail).wideGamut).toBe(true);

    const originals = filesUnder(t.config.originalsDir);
    expect(originals).toEqual([expect.stringMatching(/^[0-9a-f]{32}-[0-9a-f]{32}\.heic$/)]);
    expect(fs.readFileSync(path.join(t.config.originalsDir, originals[0]!)).equals(heic)).toBe(true);
    const [row] = await t.database.db.selectFrom('photos').select('cameraDetails').execute();
    expect(JSON.parse(row!.cameraDetails!)).toMatchObject({ camera: 'Apple iPhone 13 Pro Max', aperture: 1.5, iso: 250 });
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('shows a DNG developed from its raw data, upright by its orientation, and keeps the DNG', async () => {
    // Stored 96 × 64 with a red top and a blue bottom, orientation 6: upright, the red is on the right.
    const dng = linearDng({ width: 96, height: 64, orientation: 6 });
    const response = await upload([{ name: 'DSC_0001.dng', data: dng }]);

    expect(response.statusCode, response.body).toBe(201);
    const [photo] = response.json().photos as Photo[];
    expect(photo).toMatchObject({ width: 64, height: 96 });
    const { data, info } = await sharp(readUpload(photo!.filename)).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [leftRed, , leftBlue] = at(8, 48) as [number, number, number];
    const [rightRed, , rightBlue] = at(56, 48) as [number, number, number];
    expect(rightRed).toBeGreaterThan(rightBlue + 100);
    expect(leftBlue).toBeGreaterThan(leftRed + 100);
    expect(filesUnder(t.config.originalsDir)).toEqual([expect.stringMatching(/\.dng$/)]);
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('refuses a HEIC and a RAW with 415 naming the package when the server lacks the tool, and takes a JPEG as ever', async () => {
    const env = { TOOLS_PATH: pathWithoutTools() };
    const heic = await upload([{ name: 'IMG_0002.HEIC', data: fs.readFileSync(IPHONE_HEIC) }], env);
    expect(heic.statusCode).toBe(415);
    expect(heic.json()).toMatchObject({
      code: 'photos.upload_refused_one',
      message: 'Could not upload the file (IMG_0002.HEIC: HEIC files need heif-convert on the server: install the Debian package libheif-examples)',
    });
    expect(heic.json().rejected).toEqual([
      {
        name: 'IMG_0002.HEIC',
        reason: 'HEIC files need heif-convert on the server: install the Debian package libheif-examples',
        code: 'images.decoder_missing',
        params: { format: 'HEIC', tool: 'heif-convert', package: 'libheif-examples' },
      },
    ]);
    expect(await t.database.db.selectFrom('photos').select('id').execute()).toEqual([]);
    expect(filesUnder(t.config.originalsDir)).toEqual([]);
    await t.close();

    const both = await upload(
      [
        { name: 'DSC_0002.dng', data: linearDng() },
        { name: 'still.jpg', data: await jpeg({ width: 400, height: 300 }) },
      ],
      env,
    );
    expect(both.statusCode).toBe(201);
    expect((both.json().photos as Photo[]).map((photo) => photo.title)).toEqual(['still']);
    expect(both.json().rejected).toEqual([
      expect.objectContaining({ name: 'DSC_0002.dng', reason: 'RAW files need raw-identify on the server: install the Debian package libraw-bin' }),
    ]);
  });

  it('tells the owner what the upload takes, and which package would add what it does not', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const full = await t.app.inject({ method: 'GET', url: '/api/photos/upload', headers: { cookie } });
    expect(full.json()).toMatchObject({ takes: ['JPEG', 'PNG', 'GIF', 'WebP', 'HEIC', 'RAW', 'MP4', 'MOV', 'WebM'], missing: [] });
    expect(full.json().accept).toMatchObject({ 'image/heic': ['.heic'], 'image/x-adobe-dng': ['.dng'], 'image/jpeg': ['.jpeg', '.jpg'] });
    await t.close();

    t = await createTestApp({ env: { TOOLS_PATH: pathWithoutTools() } });
    const bare = await t.app.inject({ method: 'GET', url: '/api/photos/upload', headers: { cookie: await t.signIn() } });
    expect(bare.json()).toEqual({
      takes: ['JPEG', 'PNG', 'GIF', 'WebP'],
      accept: { 'image/jpeg': ['.jpeg', '.jpg'], 'image/png': ['.png'], 'image/gif': ['.gif'], 'image/webp': ['.webp'] },
      missing: [
        { label: 'HEIC', package: 'libheif-examples' },
        { label: 'RAW', package: 'libraw-bin' },
        { label: 'video', package: 'ffmpeg' },
      ],
    });
  });
});
