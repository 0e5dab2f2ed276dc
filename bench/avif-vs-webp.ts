/**
 * `npm run bench:avif`: is AVIF worth serving beside WebP? For every photo of a corpus and every
 * width the site serves below it, the bytes of the WebP the pipeline writes today, the bytes of
 * the smallest AVIF whose SSIM (against the same resized pixels) is at least the WebP's, and the
 * time to encode that AVIF at a few efforts. Figures, never assertions; results go to
 * bench/results/avif.json and the terminal.
 *
 * The corpus, made on the spot (nothing binary is committed):
 * - photographs from Debian packages, fetched with `apt-get download` and unpacked in a temporary
 *   folder: scikit-image's sample data (python3-skimage: NASA and public-domain or CC0 photos,
 *   microscopy and texture shots) and Ubuntu Touch's wallpapers (lomiri-wallpapers-20.04, CC BY-SA
 *   photographs);
 * - drawn scenes with photographic grain, as bench/photo-fixtures.ts and the demo seed make them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { DISPLAY_MAX_SIDE } from '#contract/image-sizes.ts';
import { drawDemoPhoto } from '#server/images/demo-images.ts';
import { write12MegapixelJpeg } from './photo-fixtures.ts';

sharp.cache(false);

const DEBIAN_PHOTOS: Record<string, string[]> = {
  'python3-skimage': [
    'usr/lib/python3/dist-packages/skimage/data/astronaut.png',
    'usr/lib/python3/dist-packages/skimage/data/camera.png',
    'usr/lib/python3/dist-packages/skimage/data/chelsea.png',
    'usr/lib/python3/dist-packages/skimage/data/coffee.png',
    'usr/lib/python3/dist-packages/skimage/data/brick.png',
    'usr/lib/python3/dist-packages/skimage/data/grass.png',
    'usr/lib/python3/dist-packages/skimage/data/gravel.png',
    'usr/lib/python3/dist-packages/skimage/data/hubble_deep_field.jpg',
    'usr/lib/python3/dist-packages/skimage/data/ihc.png',
    'usr/lib/python3/dist-packages/skimage/data/motorcycle_left.png',
    'usr/lib/python3/dist-packages/skimage/data/retina.jpg',
    'usr/lib/python3/dist-packages/skimage/data/rocket.jpg',
  ],
  'lomiri-wallpapers-20.04': [
    'usr/share/backgrounds/Infinite-Sea_by_Aury88.jpg',
    'usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg',
    'usr/share/backgrounds/Painting-Colors_by__herobrine7gamer.jpg',
  ],
};

async function debianPhotos(workDir: string): Promise<string[]> {
  const debs = path.join(workDir, 'debs');
  const tree = path.join(workDir, 'tree');
  fs.mkdirSync(debs, { recursive: true });
  execFileSync('apt-get', ['download', '-qq', ...Object.keys(DEBIAN_PHOTOS)], { cwd: debs, stdio: 'inherit' });
  for (const deb of fs.readdirSync(debs)) execFileSync('dpkg', ['-x', path.join(debs, deb), tree]);
  return Object.values(DEBIAN_PHOTOS)
    .flat()
    .map((file) => path.join(tree, file));
}

/** Scenes with grain: a landscape at 12 MP (as the upload bench), demo scenes with finer grain. */
async function drawnPhotos(workDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const seed of [0, 3]) {
    const file = path.join(workDir, `drawn-12mp-${seed}.jpg`);
    await write12MegapixelJpeg(file, seed);
    files.push(file);
  }
  for (const [index, sigma] of [[1, 6], [2, 10], [5, 3], [6, 16], [9, 8]] as const) {
    const scene = sharp(await drawDemoPhoto(index));
    const { width = 0, height = 0 } = await scene.metadata();
    const grain = await sharp({
      create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
    })
      .raw()
      .toBuffer();
    const file = path.join(workDir, `drawn-scene-${index}.jpg`);
    await scene
      .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
      .jpeg({ quality: 92 })
      .toFile(file);
    files.push(file);
  }
  return files;
}

/** Mean SSIM of the luma, on 8×8 windows every 4 pixels (the usual fast variant). */
function ssim(a: Buffer, b: Buffer, width: number, height: number, channels: number): number {
  const luma = (data: Buffer) => {
    const out = new Float64Array(width * height);
    for (let i = 0; i < out.length; i += 1) {
      const p = i * channels;
      out[i] = 0.299 * data[p]! + 0.587 * data[p + 1 < data.length ? p + 1 : p]! + 0.114 * data[p + 2 < data.length ? p + 2 : p]!;
    }
    return out;
  };
  const x = luma(a);
  const y = luma(b);
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let windows = 0;
  for (let top = 0; top + 8 <= height; top += 4) {
    for (let left = 0; left + 8 <= width; left += 4) {
      let sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
      for (let row = top; row < top + 8; row += 1) {
        for (let col = left; col < left + 8; col += 1) {
          const vx = x[row * width + col]!;
          const vy = y[row * width + col]!;
          sx += vx; sy += vy; sxx += vx * vx; syy += vy * vy; sxy += vx * vy;
        }
      }
      const mx = sx / 64, my = sy / 64;
      const vx = sxx / 64 - mx * mx, vy = syy / 64 - my * my, cov = sxy / 64 - mx * my;
      total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
      windows += 1;
    }
  }
  return total / windows;
}

interface Measure {
  photo: string;
  width: number;
  webp: { bytes: number; ssim: number; ms: number };
  avif: {
    quality: number;
    byEffort: Record<number, { bytes: number; ssim: number; ms: number }>;
  } | null;
}

// sharp's default effort is 4; 0 and 2 are the fast ones an upload could afford. (Effort 6 took
// 3–10 times effort 4 on the first photos of a trial run, so it is left out.) The quality that
// matches WebP's SSIM is searched at effort 2, then each effort is encoded at that quality and
// its own bytes and SSIM are reported: on a shared 2-core machine a search at effort 4 on every
// width took hours.
const EFFORTS = [0, 2, 4];
const SEARCH_EFFORT = 2;
/** The widths measured: a tile (320, 640) and the photo page on a laptop (1280). */
const MEASURED_WIDTHS = [320, 640, 1280];

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function measureOne(photo: string, width: number, reference: { data: Buffer; info: OutputInfo }): Promise<Measure> {
  const { data, info } = reference;
  const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const decodedSsim = async (encoded: Buffer) => ssim(data, await sharp(encoded).raw().toBuffer(), info.width, info.height, info.channels);

  const [webp, webpMs] = await timed(() => raw().webp({ quality: 78 }).toBuffer());
  const webpSsim = await decodedSsim(webp);
  // The lowest AVIF quality whose SSIM reaches the WebP's (SSIM rises with quality).
  let low = 30;
  let high = 85;
  let best: { quality: number; bytes: number; ssim: number } | null = null;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const avif = await raw().avif({ quality, effort: SEARCH_EFFORT }).toBuffer();
    const score = await decodedSsim(avif);
    if (score >= webpSsim) {
      best = { quality, bytes: avif.length, ssim: score };
      high = quality - 1;
    } else {
      low = quality + 1;
    }
  }
  const byEffort: Record<number, { bytes: number; ssim: number; ms: number }> = {};
  if (best) {
    for (const effort of EFFORTS) {
      const quality = best.quality;
      const [avif, ms] = await timed(() => raw().avif({ quality, effort }).toBuffer());
      byEffort[effort] = { bytes: avif.length, ssim: await decodedSsim(avif), ms };
    }
  }
  return {
    photo: path.basename(photo),
    width,
    webp: { bytes: webp.length, ssim: webpSsim, ms: webpMs },
    avif: best && { quality: best.quality, byEffort },
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-avif-'));
  try {
    const photos = [...(await debianPhotos(workDir)), ...(await drawnPhotos(workDir))];
    process.stderr.write(`${photos.length} photos; WebP q78 against AVIF at equal SSIM…\n`);
    const measures: Measure[] = [];
    for (const photo of photos) {
      const display = await sharp(photo)
        .rotate()
        .resize({ width: DISPLAY_MAX_SIDE, height: DISPLAY_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const served = MEASURED_WIDTHS.filter((width) => width < display.info.width);
      // A photo narrower than 320 px (none here) would be served at its own width only.
      const widths = served.length > 0 ? served : [display.info.width];
      for (const width of widths) {
        const reference =
          width === display.info.width
            ? display
            : await sharp(display.data, { raw: display.info }).resize({ width }).raw().toBuffer({ resolveWithObject: true });
        const measure = await measureOne(photo, width, reference);
        measures.push(measure);
        const avif = measure.avif;
        process.stderr.write(
          `${measure.photo} ${width}px: WebP ${measure.webp.bytes} B (SSIM ${round(measure.webp.ssim, 4)}, ${round(measure.webp.ms)} ms), ` +
            (avif
              ? `AVIF q${avif.quality}: ${EFFORTS.map((e) => `e${e} ${avif.byEffort[e]!.bytes} B ${round(avif.byEffort[e]!.ssim, 4)} ${round(avif.byEffort[e]!.ms)} ms`).join(', ')}\n`
              : 'AVIF never reached it\n'),
        );
      }
    }
    const byWidth = new Map<string, Measure[]>();
    for (const measure of measures) byWidth.set(`${measure.width}`, [...(byWidth.get(`${measure.width}`) ?? []), measure]);
    const rows = [...byWidth.entries(), ['all', measures] as const].map(([band, list]) => {
      const reached = list.filter((measure) => measure.avif);
      const webpBytes = sum(reached.map((measure) => measure.webp.bytes));
      return {
        width: band,
        images: list.length,
        avifReachedWebpSsim: reached.length,
        webpKB: round(webpBytes / 1024),
        webpMs: round(sum(list.map((measure) => measure.webp.ms))),
        ...Object.fromEntries<string | number>(
          EFFORTS.flatMap((effort): Array<[string, string | number]> => {
            const bytes = sum(reached.map((measure) => measure.avif!.byEffort[effort]!.bytes));
            return [
              [`e${effort}KB`, round(bytes / 1024)],
              [`e${effort}Saves`, `${round((1 - bytes / webpBytes) * 100, 1)} %`],
              [`e${effort}Ms`, round(sum(reached.map((measure) => measure.avif!.byEffort[effort]!.ms)))],
              [`e${effort}SsimBelowWebp`, reached.filter((m) => m.avif!.byEffort[effort]!.ssim < m.webp.ssim).length],
            ];
          }),
        ),
      };
    });
    console.table(rows);
    const perPhoto = (effort: number) => sum(measures.map((m) => m.avif?.byEffort[effort]?.ms ?? 0)) / photos.length;
    const webpPerPhoto = sum(measures.map((m) => m.webp.ms)) / photos.length;
    const summary = {
      photos: photos.length,
      webpMsPerPhoto: round(webpPerPhoto),
      ...Object.fromEntries(EFFORTS.map((effort) => [`avifEffort${effort}MsPerPhoto`, round(perPhoto(effort))])),
    };
    console.log(summary);
    const out = path.join(import.meta.dirname, 'results', 'avif.json');
    fs.writeFileSync(
      out,
      `${JSON.stringify({ date: new Date().toISOString(), sharp: sharp.versions, cpus: os.cpus().length, rows, summary, measures }, null, 2)}\n`,
    );
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
