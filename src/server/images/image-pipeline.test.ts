import fs from 'node:fs';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { gif, hugePng, jpeg, png, svg, truncatedJpeg } from '#tests/fixtures/images.ts';
import { manyFrameGif } from '#tests/api/support/upload-corpus.ts';
import { renderScratch } from '#tests/fixtures/render-scratch.ts';
import { ImageRejectedError, inspectImage, renderBanner, renderPhoto } from './image-pipeline.ts';

const limits = { maxPixels: 100_000_000 };
const scratch = renderScratch('atelier-pipeline-');
const { source } = scratch;

const stored = () => (fs.existsSync(scratch.out()) ? fs.readdirSync(scratch.out()).sort() : []);
const metaOf = (name: string) => sharp(scratch.out(name)).metadata();
const key = 'a'.repeat(32);

describe('renderPhoto', () => {
  it('caps the display image at 2560 px and makes only the widths narrower than it', async () => {
    const file = source('tall.jpg', await jpeg({ width: 3000, height: 4000 }));
    const photo = await renderPhoto(file, key, scratch.store, limits);

    expect(photo).toMatchObject({ width: 1920, height: 2560, filename: `${key}.jpg`, thumbnail: `${key}-thumb.webp` });
    expect(photo.variants.map((variant) => variant.width)).toEqual([320, 640, 960, 1280]);
    expect(await metaOf(photo.filename)).toMatchObject({ format: 'jpeg', width: 1920, height: 2560 });
    for (const variant of photo.variants) {
      const height = Math.round((variant.width * 4) / 3);
      expect(await metaOf(variant.filename)).toMatchObject({ format: 'webp', width: variant.width, height });
    }
    expect(await metaOf(photo.thumbnail)).toMatchObject({ width: 400, height: 400 });
    expect(stored()).toEqual([photo.filename, photo.thumbnail, ...photo.variants.map((v) => v.filename)].sort());
  });

  it('never enlarges a small image: no widths, a thumbnail no bigger than the image', async () => {
    const photo = await renderPhoto(source('small.png', await png({ width: 200, height: 150 })), key, scratch.store, limits);
    expect(photo).toMatchObject({ width: 200, height: 150, variants: [] });
    expect(await metaOf(photo.thumbnail)).toMatchObject({ width: 150, height: 150 });
  });

  it('computes a ThumbHash placeholder with the photo\'s shape', async () => {
    const photo = await renderPhoto(source('wide.jpg', await jpeg({ width: 1600, height: 800 })), key, scratch.store, limits);
    const hash = Buffer.from(photo.placeholder, 'base64');
    expect(hash.length).toBeLessThan(40);
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(2, 0);
  });

  it('takes the first frame of a GIF and gives an opaque image a JPEG display image', async () => {
    const photo = await renderPhoto(source('a.gif', await gif({ width: 300, height: 200 })), key, scratch.store, limits);
    expect(photo.filename).toBe(`${key}.jpg`);
    expect(await metaOf(photo.filename)).toMatchObject({ format: 'jpeg', channels: 3 });
  });

  it('refuses a truncated file as damaged and writes nothing', async () => {
    const attempt = renderPhoto(source('half.jpg', await truncatedJpeg()), key, scratch.store, limits);
    await expect(attempt).rejects.toThrow(ImageRejectedError);
    await expect(attempt).rejects.toMatchObject({ status: 415 });
    expect(stored()).toEqual([]);
  });

  it('stops at the pixel limit even when asked to render directly', async () => {
    const attempt = renderPhoto(source('big.jpg', await jpeg({ width: 2000, height: 1000 })), key, scratch.store, { maxPixels: 1_000_000 });
    await expect(attempt).rejects.toMatchObject({ status: 413 });
    expect(stored()).toEqual([]);
  });
});

describe('inspectImage', () => {
  const accepted = ['jpeg', 'png', 'gif', 'webp'] as const;

  it('reads the format and size from the header', async () => {
    expect(await inspectImage(source('a.png', await png({ width: 30, height: 20 })), accepted, limits)).toEqual({
      format: 'png',
      width: 30,
      height: 20,
    });
  });

  it('refuses with the reason and status a person can act on', async () => {
    const cases: Array<[string, Buffer, number, RegExp]> = [
      ['empty.jpg', Buffer.alloc(0), 415, /empty/],
      ['logo.svg', svg(), 415, /SVG images are not accepted/],
      ['page.jpg', Buffer.from('<html></html>'), 415, /Not a JPEG, PNG, GIF or WebP image/],
      ['bomb.png', hugePng(), 413, /too many pixels/],
      ['cut.png', (await png()).subarray(0, 20), 415, /damaged/],
    ];
    for (const [name, data, status, reason] of cases) {
      await expect(inspectImage(source(name, data), accepted, limits), name).rejects.toMatchObject({
        status,
        message: expect.stringMatching(reason),
      });
    }
  });

  it('counts every frame of an animation against the pixel limit, from the header', async () => {
    // 50 frames of a 200×200 canvas: 40,000 pixels a frame, 2 million in all.
    const animatedGif = manyFrameGif(50, 200, 16);
    const animatedWebp = await sharp(animatedGif, { animated: true }).webp({ effort: 0 }).toBuffer();
    expect((await sharp(animatedWebp).metadata()).pages).toBe(50);
    const small = { maxPixels: 1_000_000 };
    for (const [name, data] of [['frames.gif', animatedGif], ['frames.webp', animatedWebp]] as const) {
      await expect(inspectImage(source(name, data), accepted, small), name).rejects.toMatchObject({
        kind: 'tooLarge',
        status: 413,
        message: 'The image has too many pixels (at most 1 megapixels)',
      });
      // Within a limit that holds every frame, the same file is accepted.
      expect(await inspectImage(source(name, data), accepted, limits)).toMatchObject({ width: 200, height: 200 });
    }
    // One frame of the same canvas is far inside the small limit.
    expect(await inspectImage(source('still.gif', manyFrameGif(1, 200, 16)), accepted, small)).toMatchObject({ width: 200 });
  });

  it('refuses a format outside the accepted list', async () => {
    await expect(inspectImage(source('a.gif', await gif()), ['jpeg', 'png', 'webp'], limits)).rejects.toMatchObject({
      status: 415,
      message: 'Not a JPEG, PNG or WebP image',
    });
  });
});

describe('renderBanner', () => {
  it('crops to a 1920×640 WebP without metadata', async () => {
    const name = await renderBanner(source('b.jpg', await jpeg({ width: 1200, height: 1200, gps: true })), key, scratch.store, limits);
    expect(name).toBe(`banner-${key}.webp`);
    const meta = await metaOf(name);
    expect(meta).toMatchObject({ format: 'webp', width: 1920, height: 640 });
    expect(meta.exif).toBeUndefined();
  });
});
