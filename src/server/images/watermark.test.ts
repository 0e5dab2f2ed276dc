import { createHash } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Watermark } from '#contract/watermarks.ts';
import { jpeg, png } from '#tests/fixtures/images.ts';
import { renderScratch } from '#tests/fixtures/render-scratch.ts';
import { markDifference } from '#tests/fixtures/watermark-pixels.ts';
import { renderPhoto, type RenderedPhoto } from './image-pipeline.ts';
import { loadWatermark, textMarkSvg, watermarkBox, type LoadedWatermark } from './watermark.ts';

const limits = { maxPixels: 100_000_000 };
const scratch = renderScratch('atelier-watermark-');
const plainKey = 'a'.repeat(32);
const markedKey = 'b'.repeat(32);

const noLogo = () => Promise.resolve(null);
const text = (overrides: Partial<Watermark> = {}): Watermark =>
  ({ kind: 'text', text: '© Jane Doe', anchor: 'bottom-right', size: 40, opacity: 100, thumbnails: false, ...overrides }) as Watermark;
const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const read = (name: string) => fs.readFileSync(scratch.out(name));

/** Each copy of a render, paired with the same copy of the other render. */
function copies(plain: RenderedPhoto, marked: RenderedPhoto) {
  return [
    { plain: plain.filename, marked: marked.filename, width: plain.width, height: plain.height },
    ...plain.variants.map((variant, index) => ({
      plain: variant.filename,
      marked: marked.variants[index]!.filename,
      width: variant.width,
      height: Math.round((variant.width * plain.height) / plain.width),
    })),
  ];
}

async function renderBoth(source: Buffer, watermark: LoadedWatermark) {
  const file = scratch.source('photo.jpg', source);
  const before = sha(file);
  const plain = await renderPhoto(file, plainKey, scratch.store, limits);
  const marked = await renderPhoto(file, markedKey, scratch.store, limits, null, undefined, watermark);
  return { file, before, plain, marked };
}

describe('watermarks on the copies', () => {
  it('draws the text inside its box on the display image and every width, leaves the rest and the original as they were', async () => {
    const watermark = (await loadWatermark(text(), noLogo))!;
    const { file, before, plain, marked } = await renderBoth(await jpeg({ width: 3000, height: 2000 }), watermark);

    expect(plain.variants.map((variant) => variant.width)).toEqual([320, 640, 960, 1280, 1920]);
    for (const copy of copies(plain, marked)) {
      const box = watermarkBox(copy.width, copy.height, watermark);
      expect(box.left + box.width).toBeLessThan(copy.width);
      expect(box.width).toBeCloseTo(copy.width * 0.4, -1);
      const difference = await markDifference(read(copy.marked), read(copy.plain), box);
      expect(difference.inside, copy.marked).toBeGreaterThan(20);
      expect(difference.outside, copy.marked).toBeLessThan(1);
    }
    // Not chosen for thumbnails: the thumbnail is the plain one, byte for byte.
    expect(read(marked.thumbnail).equals(read(plain.thumbnail))).toBe(true);
    expect(sha(file)).toBe(before);
  });

  it('marks the thumbnail too when chosen', async () => {
    const watermark = (await loadWatermark(text({ anchor: 'centre', size: 60, thumbnails: true }), noLogo))!;
    const { plain, marked } = await renderBoth(await jpeg({ width: 1200, height: 900 }), watermark);
    const side = (await sharp(read(plain.thumbnail)).metadata()).width;
    const difference = await markDifference(read(marked.thumbnail), read(plain.thumbnail), watermarkBox(side, side, watermark));
    expect(difference.inside).toBeGreaterThan(20);
    expect(difference.outside).toBeLessThan(1);
  });

  it('fades the mark with its opacity', async () => {
    const strong = (await loadWatermark(text({ opacity: 100 }), noLogo))!;
    const faint = (await loadWatermark(text({ opacity: 15 }), noLogo))!;
    const file = scratch.source('photo.jpg', await jpeg({ width: 1600, height: 1200 }));
    const plain = await renderPhoto(file, plainKey, scratch.store, limits);
    const box = watermarkBox(plain.width, plain.height, strong);
    const strongCopy = await renderPhoto(file, markedKey, scratch.store, limits, null, undefined, strong);
    const strongDifference = await markDifference(read(strongCopy.filename), read(plain.filename), box);
    const faintCopy = await renderPhoto(file, 'c'.repeat(32), scratch.store, limits, null, undefined, faint);
    const faintDifference = await markDifference(read(faintCopy.filename), read(plain.filename), box);
    expect(faintDifference.inside).toBeGreaterThan(1);
    expect(faintDifference.inside).toBeLessThan(strongDifference.inside / 3);
  });

  it('draws a logo with its transparency, resized to its share of the width', async () => {
    // A green disc on a transparent square: only the disc may change the photo.
    const disc = await sharp(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="200" fill="#00ff00"/></svg>'),
    )
      .png()
      .toBuffer();
    const logo: Watermark = { kind: 'logo', logo: 'watermark-logo.webp', anchor: 'top-left', size: 20, opacity: 100, thumbnails: false };
    const watermark = (await loadWatermark(logo, (name) => Promise.resolve(name === 'watermark-logo.webp' ? disc : null)))!;
    expect(watermark.aspect).toBe(1);
    const { plain, marked } = await renderBoth(await jpeg({ width: 2000, height: 1000 }), watermark);
    const box = watermarkBox(plain.width, plain.height, watermark);
    expect(box).toMatchObject({ left: 30, top: 30, width: 400, height: 400 });
    const { data } = await sharp(read(marked.filename)).extract({ left: box.left + 190, top: box.top + 190, width: 20, height: 20 }).raw().toBuffer({ resolveWithObject: true });
    // The disc's centre is green; the photo's left half there is red.
    expect(data[1]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(60);
    // The square's transparent corner leaves the photo as it was.
    const corner = await markDifference(read(marked.filename), read(plain.filename), { left: box.left, top: box.top, width: 30, height: 30 }, 0);
    expect(corner.inside).toBeLessThan(2);
  });

  it('keeps the mark inside a short image: a wide mark on a panorama is made smaller', async () => {
    const box = watermarkBox(3000, 200, { aspect: 0.5, anchor: 'bottom', size: 80 });
    expect(box.top).toBeGreaterThanOrEqual(6);
    expect(box.top + box.height).toBeLessThanOrEqual(194);
    expect(box.width).toBe(Math.floor(188 / 0.5));
    expect(box.left).toBe(Math.round((3000 - box.width) / 2));
  });

  it('escapes the text: markup in it is drawn as text, not read as SVG', async () => {
    expect(textMarkSvg('<b>&"\'</b>')).toContain('&lt;b&gt;&amp;&quot;&#39;&lt;/b&gt;');
    const watermark = await loadWatermark(text({ text: '</text><image href="file:///etc/passwd"/>' }), noLogo);
    expect(watermark!.aspect).toBeGreaterThan(0);
    expect(watermark!.aspect).toBeLessThan(0.2);
  });

  it('draws no mark for a logo that is gone', async () => {
    const logo: Watermark = { kind: 'logo', logo: 'watermark-gone.webp', anchor: 'top-left', size: 20, opacity: 100, thumbnails: false };
    expect(await loadWatermark(logo, noLogo)).toBeNull();
  });

  it('marks a transparent PNG\'s WebP display image too', async () => {
    const watermark = (await loadWatermark(text({ anchor: 'top', size: 50 }), noLogo))!;
    const file = scratch.source('clear.png', await png({ width: 800, height: 600, transparent: true }));
    const plain = await renderPhoto(file, plainKey, scratch.store, limits);
    const marked = await renderPhoto(file, markedKey, scratch.store, limits, null, undefined, watermark);
    expect(marked.filename.endsWith('.webp')).toBe(true);
    const difference = await markDifference(read(marked.filename), read(plain.filename), watermarkBox(800, 600, watermark));
    expect(difference.inside).toBeGreaterThan(10);
  });
});
