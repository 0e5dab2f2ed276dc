import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DISPLAY_MAX_SIDE } from '#contract/image-sizes.ts';
import { decodeCameraFile } from '#server/images/camera-decoders.ts';
import { SystemTools } from '#server/images/system-tools.ts';
import { bayerDng, IPHONE_HEIC } from '#tests/fixtures/camera-files.ts';
import { ratioOf, round2, type BenchRow } from './report.ts';

/**
 * The camera rows (`npm run bench -- camera`, and at the end of the whole run):
 * - a 12-megapixel iPhone HEIC decoded the server's way (images/camera-decoders.ts: heif-convert,
 *   then the JPEG without its EXIF) against `heif-convert` alone on the same file;
 * - a 27-megapixel Bayer DNG (the same photo, mosaicked) developed at half size, as the server
 *   does when half is still above the display size, against a full-size AHD develop, with how
 *   close each comes to the photo at display size (PSNR) and each one's peak memory.
 */

const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Each task's median time, the tasks taking turns run by run: on a shared machine a burst of
 * other work then lands on both, not on one.
 */
async function timedInTurns(...tasks: Array<() => unknown>): Promise<number[]> {
  const times = tasks.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, task] of tasks.entries()) {
      const started = performance.now();
      await task();
      times[index]!.push(performance.now() - started);
    }
  }
  return times.map((each) => Math.round(median(each)));
}

/** A command's peak resident memory in MB, from GNU time; null where it is not installed. */
function peakMb(command: string, args: string[]): number | null {
  if (!fs.existsSync('/usr/bin/time')) return null;
  const run = spawnSync('/usr/bin/time', ['-f', '%M', command, ...args], { encoding: 'utf8' });
  const kb = Number(run.stderr.trim().split('\n').at(-1));
  return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
}

/** Peak signal-to-noise ratio of `image` against `reference`, both at display size, in dB. */
async function psnr(image: string, reference: Buffer, size: { width: number; height: number }): Promise<number> {
  const pixels = await sharp(image).resize({ ...size, fit: 'fill' }).removeAlpha().raw().toBuffer();
  let squared = 0;
  for (let index = 0; index < reference.length; index += 1) squared += (reference[index]! - pixels[index]!) ** 2;
  return round2(10 * Math.log10((255 * 255) / (squared / reference.length)));
}

export async function cameraRows(workDir: string, log: (line: string) => void): Promise<BenchRow[]> {
  const tools = SystemTools.find(process.env.PATH ?? '');
  const missing = tools.missing('heic') ?? tools.missing('raw');
  if (missing) {
    return [{ name: 'HEIC and RAW decode', figure: 0, unit: 'ms', target: 'the tools installed', met: false, note: `install the Debian package ${missing.package}` }];
  }
  fs.mkdirSync(workDir, { recursive: true });
  const heifConvert = tools.path('heif-convert');

  log('Decoding a 12-megapixel HEIC the server\'s way and with heif-convert alone…');
  const [ours = 0, bare = 0] = await timedInTurns(
    () => decodeCameraFile(tools, 'heic', IPHONE_HEIC, path.join(workDir, 'ours.jpg')),
    () => execFileSync(heifConvert, ['--quiet', '-q', '95', IPHONE_HEIC, path.join(workDir, 'bare.jpg')]),
  );
  const heicPeak = peakMb(heifConvert, ['--quiet', '-q', '95', IPHONE_HEIC, path.join(workDir, 'bare.jpg')]);
  const heicRatio = ratioOf(bare, ours);
  const rows: BenchRow[] = [
    {
      name: 'HEIC decode, 12 MP iPhone photo (the server\'s path)',
      figure: ours,
      unit: 'ms',
      baseline: { name: 'heif-convert alone', figure: bare },
      ratio: heicRatio,
      target: '≥ 0.9 × heif-convert',
      met: heicRatio >= 0.9,
      ...(heicPeak === null ? {} : { note: `heif-convert's peak memory ${heicPeak} MB; one decode runs at a time (images/image-pipeline.ts)` }),
    },
  ];

  log('Developing a 27-megapixel Bayer DNG at half size and at full size…');
  const photo = path.join(workDir, 'bare.jpg');
  const { data, info } = await sharp(photo).rotate(90).resize(6000, 4500, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const dng = path.join(workDir, 'bayer.dng');
  fs.writeFileSync(dng, bayerDng({ width: info.width, height: info.height, rgb: data }));
  const size = { width: DISPLAY_MAX_SIDE, height: Math.round((DISPLAY_MAX_SIDE * info.height) / info.width) };
  const reference = await sharp(data, { raw: info }).resize({ ...size, fit: 'fill' }).raw().toBuffer();
  const develop = (half: boolean) => {
    const out = path.join(workDir, half ? 'half.tiff' : 'full.tiff');
    const args = ['-w', '-o', '1', '-g', '2.4', '12.92', '-T', ...(half ? ['-h'] : []), '-Z', out, dng];
    return { out, args };
  };
  const half = develop(true);
  const full = develop(false);
  const [halfMs = 0, fullMs = 0] = await timedInTurns(
    () => decodeCameraFile(tools, 'dng', dng, path.join(workDir, 'server.tiff')),
    () => execFileSync(tools.path('dcraw_emu'), full.args),
  );
  execFileSync(tools.path('dcraw_emu'), half.args);
  const [halfPsnr, fullPsnr] = [await psnr(half.out, reference, size), await psnr(full.out, reference, size)];
  const [halfPeak, fullPeak] = [peakMb(tools.path('dcraw_emu'), half.args), peakMb(tools.path('dcraw_emu'), full.args)];
  rows.push({
    name: 'RAW develop, 27 MP Bayer DNG, half size (the server\'s choice above 2 × 2560 px)',
    figure: halfMs,
    unit: 'ms',
    baseline: { name: 'full size, AHD', figure: fullMs },
    ratio: ratioOf(fullMs, halfMs),
    target: 'faster than full size',
    met: halfMs < fullMs,
    note:
      `at display size, PSNR against the photo ${halfPsnr} dB (half) and ${fullPsnr} dB (full)` +
      (halfPeak !== null && fullPeak !== null ? `; peak memory ${halfPeak} MB and ${fullPeak} MB` : ''),
  });
  return rows;
}
