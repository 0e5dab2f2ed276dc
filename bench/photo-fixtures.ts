import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A 12-megapixel JPEG that compresses like a photograph: a drawn scene with grain on top, so the
 * encoder and decoder work as hard as on a camera's file (a flat drawing would flatter them).
 */
export async function write12MegapixelJpeg(file: string, seed: number): Promise<number> {
  const width = 4000;
  const height = 3000;
  const hue = (seed * 67) % 360;
  const scene =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},50%,25%)"/><stop offset="1" stop-color="hsl(${hue + 60},70%,65%)"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${1200 + seed * 300}" cy="1100" r="650" fill="hsl(${hue + 30},90%,80%)" opacity="0.8"/>` +
    `<polygon points="0,3000 0,2100 900,1700 1800,2200 2700,1600 4000,2300 4000,3000" fill="hsl(${hue + 180},35%,22%)"/>` +
    `</svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } },
  })
    .raw()
    .toBuffer();
  await sharp(Buffer.from(scene))
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toFile(file);
  return fs.statSync(file).size;
}

export async function writeFixtures(dir: string, count: number): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let seed = 0; seed < count; seed += 1) {
    const file = path.join(dir, `photo-${seed}.jpg`);
    await write12MegapixelJpeg(file, seed);
    files.push(file);
  }
  return files;
}
