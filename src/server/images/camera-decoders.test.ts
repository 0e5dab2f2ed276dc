import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CANON_CR3, FUJIFILM_RAF, IPHONE_HEIC, linearDng, NIKON_NEF } from '#tests/fixtures/camera-files.ts';
import { CAMERA_MARKER, jpeg } from '#tests/fixtures/images.ts';
import { decodeRaw, identifyRaw, parseRawIdentify, rawRenderingOf, withOrientation, type RawIdentity } from './camera-decoders.ts';
import { inspectImage } from './image-pipeline.ts';
import { SystemTools } from './system-tools.ts';

const tools = SystemTools.find(process.env.PATH ?? '');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-camera-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const limits = { maxPixels: 100_000_000 };
const accepted = ['jpeg', 'heic', 'dng', 'cr2', 'cr3', 'nef', 'arw', 'raf', 'orf'] as const;

describe('camera files', () => {
  it("reads a RAW's size and camera details with LibRaw, for the formats EXIF readers do not know", async () => {
    expect(await inspectImage(CANON_CR3, accepted, limits, tools)).toEqual({
      format: 'cr3',
      width: 6024,
      height: 4020,
      cameraDetails: {
        camera: 'Canon EOS M50',
        lens: 'EF-M15-45mm f/3.5-6.3 IS STM',
        focalLength: 15,
        aperture: 3.5,
        exposureTime: 0.0125,
        iso: 12800,
        takenAt: '2018-02-21T12:08:56',
      },
    });
    expect(await inspectImage(NIKON_NEF, accepted, limits, tools)).toMatchObject({
      format: 'nef',
      cameraDetails: { camera: 'Nikon D70', focalLength: 18, aperture: 3.5, iso: 200, takenAt: '2004-06-09T16:02:35' },
    });
    expect(await inspectImage(FUJIFILM_RAF, accepted, limits, tools)).toMatchObject({
      format: 'raf',
      cameraDetails: { camera: 'Fujifilm S5Pro', focalLength: 70, aperture: 8 },
    });
    expect(await inspectImage(IPHONE_HEIC, accepted, limits, tools)).toEqual({ format: 'heic', width: 3024, height: 4032 });
  });

  it('refuses a RAW over the pixel limit before any decoder runs', async () => {
    await expect(inspectImage(CANON_CR3, accepted, { maxPixels: 20_000_000 }, tools)).rejects.toMatchObject({
      code: 'images.too_many_megapixels',
      status: 413,
    });
  });

  it('refuses a file that only looks like a RAW as damaged', async () => {
    const fake = path.join(folder, 'fake.raf');
    fs.writeFileSync(fake, Buffer.concat([Buffer.from('FUJIFILMCCD-RAW 0201'), Buffer.alloc(200)]));
    await expect(inspectImage(fake, accepted, limits, tools)).rejects.toMatchObject({ code: 'images.damaged', status: 415 });
  });

  it('lists what the server takes when it refuses a file, every RAW as one', async () => {
    const page = path.join(folder, 'page.jpg');
    fs.writeFileSync(page, '<html></html>');
    await expect(inspectImage(page, accepted, limits, tools)).rejects.toMatchObject({ message: 'Not a JPEG, HEIC or RAW image' });
    await expect(inspectImage(page, accepted, limits, SystemTools.none())).rejects.toMatchObject({ message: 'Not a JPEG image' });
  });

  it('develops a DNG without a preview, and takes the preview when it is as large as the display image', () => {
    const identity = (width: number, height: number, thumbWidth: number): RawIdentity => ({
      width,
      height,
      thumbWidth,
      thumbHeight: Math.round((thumbWidth * height) / width),
      flip: 0,
      details: null,
    });
    expect(rawRenderingOf(identity(6000, 4000, 6000))).toBe('preview');
    expect(rawRenderingOf(identity(6000, 4000, 1616))).toBe('half-size');
    expect(rawRenderingOf(identity(4032, 3024, 0))).toBe('full-size');
    expect(rawRenderingOf(identity(96, 64, 0))).toBe('full-size');
    expect(rawRenderingOf(identity(96, 64, 96))).toBe('preview');
  });

  it('parses what raw-identify says of a DNG it can develop', async () => {
    const dng = path.join(folder, 'test.dng');
    fs.writeFileSync(dng, linearDng({ width: 96, height: 64, orientation: 6 }));
    expect(await inspectImage(dng, accepted, limits, tools)).toMatchObject({ format: 'dng', width: 64, height: 96 });
    expect(parseRawIdentify('Camera: X\n')).toBeNull();
  });

  it("takes a RAW's embedded preview with the RAW's orientation, and leaves nothing beside the source", async () => {
    // ExifTool's RAF keeps a 160 × 120 preview; told the picture is that size, the preview is enough.
    const source = path.join(folder, 'preview.raf');
    fs.copyFileSync(FUJIFILM_RAF, source);
    const identity = (await identifyRaw(tools, source))!;
    expect(identity).toMatchObject({ thumbWidth: 160, thumbHeight: 120 });
    const target = path.join(folder, 'preview.out');
    const small = { ...identity, width: 160, height: 120, flip: 6 };
    expect(await decodeRaw(tools, source, small, target)).toBe('preview');
    expect(await sharp(target).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 120, orientation: 6 });
    expect(fs.readdirSync(folder).filter((name) => name.startsWith('preview.'))).toEqual(['preview.out', 'preview.raf']);
  });

  it("gives a preview the RAW's orientation in place of its own EXIF", async () => {
    const preview = await jpeg({ width: 60, height: 40, gps: true });
    const turned = await sharp(withOrientation(preview, 6)).metadata();
    expect(turned.orientation).toBe(6);
    expect(turned.exif!.toString('latin1')).not.toContain(CAMERA_MARKER);
    expect((await sharp(withOrientation(preview, 1)).metadata()).exif).toBeUndefined();
  });
});
