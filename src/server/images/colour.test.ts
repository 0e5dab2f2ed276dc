import fs from 'node:fs';
import sharp from 'sharp';
import { thumbHashToRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import {
  deltaE2000,
  displayP3Jpeg,
  displayP3Profile,
  labOf,
  linearSrgbOf,
  P3_PATCHES,
  P3_TO_XYZ,
  patchMeans,
  SRGB_TO_XYZ,
  ultraHdrJpeg,
  withIccSegment,
  xyzOf,
} from '#tests/fixtures/colour.ts';
import { CAMERA_MARKER, GPS_MARKER, jpeg } from '#tests/fixtures/images.ts';
import { renderScratch } from '#tests/fixtures/render-scratch.ts';
import { gamutAreaOfProfile, sourceColourOf, withoutExifSegments } from './colour.ts';
import { renderPhoto, type RenderedPhoto } from './image-pipeline.ts';

const limits = { maxPixels: 100_000_000 };
const key = 'c'.repeat(32);
const scratch = renderScratch('atelier-colour-');
const { source } = scratch;

const read = (name: string) => fs.readFileSync(scratch.out(name));
const publicFiles = (photo: RenderedPhoto) => [photo.filename, photo.thumbnail, ...photo.variants.map((variant) => variant.filename)];

// Real encodes of photo-sized images, on a machine that may be busy: more than vitest's 5 s default.
describe('renderPhoto keeps wide-gamut colour', { timeout: 60_000 }, () => {
  it('keeps Display P3 colours that sRGB cannot show in every public copy, with a compact P3 profile', async () => {
    const sourceFile = source('p3.jpg', await displayP3Jpeg(1000));
    const p3Profile = await displayP3Profile();
    // The fixture really is outside sRGB: each patch needs a linear-sRGB component beyond 0…1.
    for (const patch of P3_PATCHES) {
      expect(linearSrgbOf(xyzOf(patch, P3_TO_XYZ)).some((value) => value < -0.02 || value > 1.02), patch.join(',')).toBe(true);
    }
    const sourceLab = (await patchMeans(fs.readFileSync(sourceFile))).map((rgb) => labOf(xyzOf(rgb, P3_TO_XYZ)));

    const photo = await renderPhoto(sourceFile, key, scratch.store, limits);
    expect(photo.variants.map((variant) => variant.width)).toEqual([320, 640, 960]);
    for (const name of publicFiles(photo)) {
      const file = read(name);
      const meta = await sharp(file).metadata();
      // Sharp's own P3 profile (480 bytes), never a camera's large one.
      expect(meta.icc?.equals(p3Profile), name).toBe(true);
      const lab = (await patchMeans(file)).map((rgb) => labOf(xyzOf(rgb, P3_TO_XYZ)));
      lab.forEach((patch, index) => expect(deltaE2000(sourceLab[index]!, patch), `${name} patch ${index}`).toBeLessThan(2));
    }
  });

  it('treats Adobe RGB-like and other wide profiles as wide, sRGB and grey profiles as sRGB', async () => {
    const p3 = await displayP3Profile();
    const srgbTagged = await sharp(await jpeg()).withIccProfile('srgb').jpeg().toBuffer();
    const srgb = (await sharp(srgbTagged).metadata()).icc!;
    expect(gamutAreaOfProfile(p3) / gamutAreaOfProfile(srgb)).toBeGreaterThan(1.3);
    expect(sourceColourOf({ format: 'jpeg', space: 'srgb', icc: p3 }).wideGamut).toBe(true);
    expect(sourceColourOf({ format: 'jpeg', space: 'srgb', icc: srgb }).wideGamut).toBe(false);
    expect(sourceColourOf({ format: 'jpeg', space: 'srgb' }).wideGamut).toBe(false);
    expect(sourceColourOf({ format: 'jpeg', space: 'cmyk', icc: p3 }).wideGamut).toBe(false);
    expect(gamutAreaOfProfile(Buffer.from('not a profile'))).toBe(0);
    expect(gamutAreaOfProfile(p3.subarray(0, 200))).toBe(0);
  });

  it('leaves an sRGB photo in sRGB, without a profile, its colours as before', async () => {
    const srgbJpeg = await sharp(await jpeg({ width: 1200, height: 900, color: '#d0302a' }))
      .withIccProfile('srgb')
      .jpeg({ quality: 95 })
      .toBuffer();
    const photo = await renderPhoto(source('srgb.jpg', srgbJpeg), key, scratch.store, limits);
    for (const name of publicFiles(photo)) {
      const file = read(name);
      expect((await sharp(file).metadata()).icc, name).toBeUndefined();
    }
    const { data } = await sharp(read(photo.filename)).raw().toBuffer({ resolveWithObject: true });
    const red = [...data.subarray((450 * photo.width + 100) * 3, (450 * photo.width + 100) * 3 + 3)];
    expect(deltaE2000(labOf(xyzOf(red as [number, number, number], SRGB_TO_XYZ)), labOf(xyzOf([0xd0, 0x30, 0x2a], SRGB_TO_XYZ)))).toBeLessThan(2);
  });

  it('gives a P3 photo an sRGB placeholder close to its colours, and a thumbnail of the whole square', async () => {
    const photo = await renderPhoto(source('p3.jpg', await displayP3Jpeg(800)), key, scratch.store, limits);
    const thumb = await sharp(read(photo.thumbnail)).metadata();
    expect(thumb).toMatchObject({ width: 400, height: 400 });
    const { w, h, rgba } = thumbHashToRGBA(Buffer.from(photo.placeholder, 'base64'));
    expect(w).toBe(h);
    // The top-left patch is P3 red: the placeholder's top-left corner is a strong sRGB red.
    const [r, g, b] = [rgba[0], rgba[1], rgba[2]];
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(120);
    expect(b).toBeLessThan(120);
  });
});

describe('renderPhoto keeps an Ultra HDR gain map', { timeout: 60_000 }, () => {
  it('writes the display JPEG with the gain map, its SDR base as today, and nothing else of the metadata', async () => {
    const hdr = await ultraHdrJpeg({ width: 2800, height: 1200 });
    const sourceMeta = await sharp(hdr).metadata();
    expect(sourceMeta.gainMap).toBeDefined();
    expect(hdr.includes(GPS_MARKER)).toBe(true);

    const sourceFile = source('hdr.jpg', hdr);
    const photo = await renderPhoto(sourceFile, key, scratch.store, limits);
    expect(photo).toMatchObject({ width: 2560, height: 1097, filename: `${key}.jpg` });
    const display = read(photo.filename);
    const meta = await sharp(display).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2560, height: 1097 });
    expect(meta.gainMap).toBeDefined();
    const gainMap = await sharp(meta.gainMap!.image).metadata();
    const sourceGainMap = await sharp(sourceMeta.gainMap!.image).metadata();
    expect(gainMap.width / meta.width).toBeCloseTo(sourceGainMap.width / sourceMeta.width, 2);

    // Today's output: the SDR pipeline's display JPEG of the same file.
    const today = await sharp(sourceFile)
      .rotate()
      .resize({ width: 2560, height: 2560, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .jpeg({ quality: 82, progressive: true })
      .toBuffer();
    const [base, expected] = await Promise.all([sharp(display).raw().toBuffer(), sharp(today).raw().toBuffer()]);
    expect(base.length).toBe(expected.length);
    let difference = 0;
    for (let index = 0; index < base.length; index += 1) difference += Math.abs(base[index]! - expected[index]!);
    expect(difference / base.length).toBeLessThan(1);

    // The widths and thumbnail are SDR, as before; no copy carries EXIF, XMP or GPS.
    for (const name of publicFiles(photo)) {
      const file = read(name);
      const fileMeta = await sharp(file).metadata();
      expect(fileMeta.exif, name).toBeUndefined();
      expect(fileMeta.xmp, name).toBeUndefined();
      expect(fileMeta.iptc, name).toBeUndefined();
      expect(file.includes(GPS_MARKER), name).toBe(false);
      expect(file.includes(CAMERA_MARKER), name).toBe(false);
      if (name !== photo.filename) expect(fileMeta.gainMap, name).toBeUndefined();
    }
  });

  it('keeps the gain map upright for a photo turned by its EXIF orientation', async () => {
    const hdr = await ultraHdrJpeg({ width: 1200, height: 800 });
    for (const [orientation, width, height] of [[6, 800, 1200], [3, 1200, 800], [8, 800, 1200]] as const) {
      const turned = await sharp(hdr).keepGainMap().withMetadata({ orientation }).jpeg({ quality: 90 }).toBuffer();
      const photo = await renderPhoto(source(`turned-${orientation}.jpg`, turned), key, scratch.store, limits);
      expect(photo).toMatchObject({ width, height });
      const meta = await sharp(read(photo.filename)).metadata();
      expect(meta).toMatchObject({ width, height });
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      const gainMap = await sharp(meta.gainMap!.image).metadata();
      expect(gainMap.height > gainMap.width, `orientation ${orientation}`).toBe(height > width);
      // The base is the upright SDR image: the sun (top right of the unturned frame) is where
      // the turned frame puts it.
      const today = await sharp(turned).rotate().jpeg({ quality: 82 }).toBuffer();
      const [base, expected] = await Promise.all([sharp(read(photo.filename)).raw().toBuffer(), sharp(today).raw().toBuffer()]);
      let difference = 0;
      for (let index = 0; index < base.length; index += 1) difference += Math.abs(base[index]! - expected[index]!);
      expect(difference / base.length, `orientation ${orientation}`).toBeLessThan(1);
    }
  });
});

describe('withoutExifSegments', () => {
  it('drops EXIF segments and keeps every other byte', async () => {
    const plain = await sharp(await jpeg({ width: 64, height: 48 })).jpeg().toBuffer();
    expect(withoutExifSegments(plain)).toBe(plain);
    const tagged = await sharp(await jpeg({ width: 64, height: 48, gps: true })).keepExif().jpeg().toBuffer();
    const stripped = withoutExifSegments(tagged);
    expect(tagged.includes(GPS_MARKER)).toBe(true);
    expect(stripped.includes(GPS_MARKER)).toBe(false);
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect(await sharp(stripped).raw().toBuffer()).toEqual(await sharp(tagged).raw().toBuffer());
    const profiled = withIccSegment(stripped, await displayP3Profile());
    expect((await sharp(withoutExifSegments(profiled)).metadata()).icc).toBeDefined();
  });
});
