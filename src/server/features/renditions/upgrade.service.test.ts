import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { COPY_QUALITY } from '#contract/image-sizes.ts';
import { displayP3Jpeg, displayP3Profile, ultraHdrJpeg } from '#tests/fixtures/colour.ts';
import { linearDng, SMALL_HEIC } from '#tests/fixtures/camera-files.ts';
import { filesUnder, jpeg } from '#tests/fixtures/images.ts';
import { deletePhotoForGood, postPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createMedia } from '#server/images/media.ts';
import { upgradePhotos } from './upgrade.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const listPhotos = async () => (await t.app.inject({ url: '/api/photos' })).json<Photo[]>();
const served = async (name: string, version: number) => {
  const response = await t.app.inject({ url: `/uploads/${name}?v=${version}` });
  expect(response.statusCode, name).toBe(200);
  return response.rawPayload;
};

/** What the pipeline wrote before it kept colour: every copy converted to sRGB, no gain map. */
async function writeAsTheOldPipelineDid(photo: Photo, original: Buffer): Promise<void> {
  const pixels = sharp(original).rotate().toColourspace('srgb');
  const write = (name: string, image: Sharp) => image.toFile(path.join(t.config.uploadsDir, name));
  await write(photo.filename, pixels.clone().resize({ width: photo.width }).jpeg({ quality: COPY_QUALITY.display, progressive: true }));
  for (const variant of photo.variants) await write(variant.filename, pixels.clone().resize({ width: variant.width }).webp({ quality: COPY_QUALITY.variant }));
}

// Uploads and renders of real images, on a machine that may be busy.
describe('upgradePhotos', { timeout: 120_000 }, () => {
  it('re-renders wide-gamut and HDR photos from their originals, bumps their version, and leaves the rest', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const originals = {
      p3: await displayP3Jpeg(1000),
      hdr: await ultraHdrJpeg({ width: 1200, height: 800 }),
      srgb: await jpeg({ width: 1000, height: 700 }),
      lost: await jpeg({ width: 600, height: 400 }),
    };
    const response = await postPhotos(t, cookie, [
      { name: 'p3.jpg', data: originals.p3 },
      { name: 'hdr.jpg', data: originals.hdr },
      { name: 'srgb.jpg', data: originals.srgb },
      { name: 'lost.jpg', data: originals.lost },
    ]);
    expect(response.statusCode).toBe(201);
    const [p3, hdr, srgb, lost] = response.json().photos as Photo[];
    await writeAsTheOldPipelineDid(p3!, originals.p3);
    await writeAsTheOldPipelineDid(hdr!, originals.hdr);
    expect((await sharp(await served(p3!.filename, p3!.version)).metadata()).icc).toBeUndefined();
    expect((await sharp(await served(hdr!.filename, hdr!.version)).metadata()).gainMap).toBeUndefined();
    for (const name of fs.readdirSync(t.config.originalsDir)) {
      if (name.startsWith(lost!.filename.slice(0, 32))) fs.rmSync(path.join(t.config.originalsDir, name));
    }
    const srgbBytes = await served(srgb!.filename, srgb!.version);
    // The owner renamed one meanwhile: the upgrade changes files, never the text.
    await t.app.inject({ method: 'PUT', url: `/api/photos/${p3!.id}`, headers: { cookie }, payload: { title: 'Sunset in P3' } });

    const progress: Array<[number, number]> = [];
    const media = createMedia(t.config);
    const report = await upgradePhotos({ ...t.ctx, media }, { onProgress: (done, total) => progress.push([done, total]) });
    expect(report).toEqual({ upgraded: 2, upToDate: 1, withoutOriginal: 1, deletedMeanwhile: 0, failed: [] });
    expect(progress).toEqual([[1, 4], [2, 4], [3, 4], [4, 4]]);

    const after = new Map((await listPhotos()).map((photo) => [photo.id, photo]));
    const p3After = after.get(p3!.id)!;
    expect(p3After).toMatchObject({ title: 'Sunset in P3', version: p3!.version + 1, filename: p3!.filename });
    const p3Profile = await displayP3Profile();
    for (const name of [p3After.filename, ...p3After.variants.map((variant) => variant.filename)]) {
      expect((await sharp(await served(name, p3After.version)).metadata()).icc?.equals(p3Profile), name).toBe(true);
    }
    const hdrAfter = after.get(hdr!.id)!;
    expect(hdrAfter.version).toBe(hdr!.version + 1);
    expect((await sharp(await served(hdrAfter.filename, hdrAfter.version)).metadata()).gainMap).toBeDefined();
    expect(after.get(srgb!.id)!.version).toBe(srgb!.version);
    expect((await served(srgb!.filename, srgb!.version)).equals(srgbBytes)).toBe(true);
    expect(after.get(lost!.id)!.version).toBe(lost!.version);

    // Run again: nothing left to do, no version moves.
    expect(await upgradePhotos({ ...t.ctx, media })).toMatchObject({ upgraded: 0, upToDate: 3, withoutOriginal: 1 });
    expect(new Map((await listPhotos()).map((photo) => [photo.id, photo.version]))).toEqual(
      new Map([...after.values()].map((photo) => [photo.id, photo.version])),
    );

    // --all re-renders every photo that has an original.
    expect(await upgradePhotos({ ...t.ctx, media }, { all: true })).toMatchObject({ upgraded: 3, withoutOriginal: 1 });
    expect((await listPhotos()).find((photo) => photo.id === srgb!.id)!.version).toBe(srgb!.version + 1);
  });

  it('re-renders a HEIC and a RAW from their originals through their decoders', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const response = await postPhotos(t, cookie, [
      { name: 'phone.heic', data: fs.readFileSync(SMALL_HEIC) },
      { name: 'camera.dng', data: linearDng() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const media = createMedia(t.config);
    expect(await upgradePhotos({ ...t.ctx, media })).toMatchObject({ upgraded: 0, upToDate: 2, failed: [] });
    expect(await upgradePhotos({ ...t.ctx, media }, { all: true })).toMatchObject({ upgraded: 2, failed: [] });
    expect(filesUnder(t.config.upload.tmpDir)).toEqual([]);
  });

  it('removes the new files of a photo deleted while it was re-rendered', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const response = await postPhotos(t, cookie, [{ name: 'p3.jpg', data: await displayP3Jpeg(800) }]);
    const [photo] = response.json().photos as Photo[];
    const media = createMedia(t.config);
    // The photo is deleted for good right after its files are re-rendered, before the row update.
    const renderPhoto = media.images.renderPhoto.bind(media.images);
    media.images.renderPhoto = async (...args) => {
      const rendered = await renderPhoto(...args);
      await deletePhotoForGood(t, cookie, photo!.id);
      return rendered;
    };
    const report = await upgradePhotos({ ...t.ctx, media }, { all: true });
    expect(report).toMatchObject({ upgraded: 0, deletedMeanwhile: 1 });
    expect(fs.readdirSync(t.config.uploadsDir).filter((name) => name.startsWith(photo!.filename.slice(0, 32)))).toEqual([]);
  });
});

describe('npm run cli -- upgrade-images', { timeout: 60_000 }, () => {
  it('is a command of the command line, and reports what it did', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-upgrade-'));
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'upgrade-images'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe('Upgraded 0 photos; 0 already up to date, 0 without an original, 0 deleted meanwhile.\n');
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
