import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DISPLAY_MAX_SIDE } from '#contract/image-sizes.ts';
import type { CameraDetails } from '#contract/photos.ts';
import { cameraDetailsOf } from './camera-details.ts';
import { withoutExifSegments } from './colour.ts';
import type { CameraFormat } from './image-format.ts';
import { runTool, type SystemTools } from './system-tools.ts';

/**
 * HEIC/HEIF and camera RAW, turned by Debian's tools into a file the sharp pipeline reads:
 *
 * - HEIC: `heif-convert` (libheif with libde265) writes a JPEG at quality 95 with the file's
 *   colour profile (Display P3 on iPhones). libheif has already turned the picture upright by the
 *   HEIF's own rotation and mirror; the EXIF it copies still says how the camera was held, so the
 *   JPEG's EXIF is removed, or the pipeline would turn it a second time. Camera details and the
 *   embedded text are read from the original, never from this copy.
 * - RAW: `raw-identify` reads the size, rotation, the embedded preview's size and the camera's
 *   details. When the camera left a JPEG preview as large as the display image (most bodies since
 *   2008 keep a full-size one), that preview is the picture: the camera's own rendering, in a few
 *   milliseconds. Otherwise `dcraw_emu` develops the raw data (camera white balance, sRGB, AHD
 *   demosaicing), at half size when half is still larger than the display image: four times fewer
 *   pixels to demosaic, none of them visible in the copies.
 */

/** A decoder that runs longer than this is stopped and the file refused. */
export const DECODE_TIMEOUT_MS = 120_000;
/** raw-identify reads headers only. */
const IDENTIFY_TIMEOUT_MS = 30_000;

export interface RawIdentity {
  /** The developed picture's size, upright. */
  width: number;
  height: number;
  /** The largest embedded preview (0 × 0 when none). */
  thumbWidth: number;
  thumbHeight: number;
  /** LibRaw's flip: 0, 3 (180°), 5 (90° counter-clockwise), 6 (90° clockwise). */
  flip: number;
  details: CameraDetails | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `raw-identify -v` output as a RawIdentity; null when it names no picture size. */
export function parseRawIdentify(output: string): RawIdentity | null {
  const field = (name: string) => new RegExp(`^\\s*${name}:[ \\t]*(.*)$`, 'm').exec(output)?.[1]?.trim() ?? '';
  const size = (name: string) => /(\d+)\s*x\s*(\d+)/.exec(field(name))?.slice(1, 3).map(Number) ?? [0, 0];
  const [width = 0, height = 0] = size('Output size');
  if (!width || !height) return null;
  const [thumbWidth = 0, thumbHeight = 0] = size('Thumb size');
  const number = (text: string) => {
    const value = Number.parseFloat(text);
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  const shutter = field('Shutter');
  const fraction = /^1\/([\d.]+)/.exec(shutter);
  const lens = [...output.matchAll(/^\s*Lens:[ \t]*(.+)$/gm)].map((match) => match[1]!.trim()).find(Boolean) ?? null;
  const camera = field('Camera').replace(/\s+ID:.*$/, '').trim() || null;
  const time = /^\w{3} (\w{3}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/.exec(field('Timestamp'));
  const month = time ? MONTHS.indexOf(time[1]!) + 1 : 0;
  const takenAt = time && month > 0 ? `${time[6]}:${String(month).padStart(2, '0')}:${time[2]!.padStart(2, '0')} ${time[3]}:${time[4]}:${time[5]}` : null;
  // Through the same checks as EXIF's (lengths, control characters, ranges).
  const details = cameraDetailsOf({
    Model: camera,
    LensModel: lens,
    FocalLength: number(field('Focal length')),
    FNumber: number(field('Aperture').replace(/^f\//, '')),
    ExposureTime: fraction ? 1 / (number(fraction[1]!) ?? Number.NaN) : number(shutter),
    ISO: number(field('ISO speed')),
    DateTimeOriginal: takenAt,
  });
  return { width, height, thumbWidth, thumbHeight, flip: Number(field('Image flip')) || 0, details };
}

export async function identifyRaw(tools: SystemTools, file: string): Promise<RawIdentity | null> {
  const output = await runTool(tools.path('raw-identify'), ['-v', file], { timeoutMs: IDENTIFY_TIMEOUT_MS });
  return parseRawIdentify(output);
}

/** A folder of one decode beside its source; the tools write their files there. */
async function decodeFolder<T>(source: string, work: (folder: string, input: string) => Promise<T>): Promise<T> {
  const folder = `${source}.decode-${randomBytes(6).toString('hex')}`;
  await fsp.mkdir(folder);
  try {
    // simple_dcraw writes its preview beside its input: a link keeps it in this folder.
    const input = path.join(folder, 'in');
    await fsp.symlink(path.resolve(source), input);
    return await work(folder, input);
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

/** HEIC to JPEG at `target`, upright, with its colour profile and without EXIF. */
export async function decodeHeic(tools: SystemTools, source: string, target: string): Promise<void> {
  await decodeFolder(source, async (folder, input) => {
    const out = path.join(folder, 'out.jpg');
    await runTool(tools.path('heif-convert'), ['--quiet', '-q', '95', input, out], { timeoutMs: DECODE_TIMEOUT_MS });
    await fsp.writeFile(target, withoutExifSegments(await fsp.readFile(out)));
  });
}

/** LibRaw's flip as the EXIF orientation that sets the picture upright. */
const ORIENTATION_OF_FLIP: Record<number, number> = { 0: 1, 3: 3, 5: 8, 6: 6 };

/** A JPEG APP1 segment holding only an EXIF orientation. */
function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([marker, payload]);
}

/** The JPEG with its EXIF replaced by the orientation alone. */
export function withOrientation(jpeg: Buffer, orientation: number): Buffer {
  const clean = withoutExifSegments(jpeg);
  return orientation === 1 ? clean : Buffer.concat([clean.subarray(0, 2), orientationSegment(orientation), clean.subarray(2)]);
}

export type RawRendering = 'preview' | 'half-size' | 'full-size';

/** Which way a RAW is turned into pixels: its preview when large enough, else a decode. */
export function rawRenderingOf(identity: RawIdentity): RawRendering {
  const longSide = Math.max(identity.width, identity.height);
  if (Math.max(identity.thumbWidth, identity.thumbHeight) >= Math.min(DISPLAY_MAX_SIDE, longSide)) return 'preview';
  return longSide / 2 >= DISPLAY_MAX_SIDE ? 'half-size' : 'full-size';
}

/**
 * A RAW's picture at `target` (a JPEG or a TIFF, as `extension` of the path the caller chose is
 * ignored by libvips): its preview with the RAW's orientation, or its developed raw data.
 */
export async function decodeRaw(tools: SystemTools, source: string, identity: RawIdentity, target: string): Promise<RawRendering> {
  const wanted = rawRenderingOf(identity);
  return decodeFolder(source, async (folder, input) => {
    if (wanted === 'preview') {
      await runTool(tools.path('simple_dcraw'), ['-e', input], { timeoutMs: DECODE_TIMEOUT_MS, cwd: folder });
      const preview = await fsp.readFile(`${input}.thumb.jpg`).catch(() => null);
      // A bitmap preview (.thumb.ppm), or one smaller than it said: the raw data is developed instead.
      if (preview && (await isLargeEnough(preview, identity))) {
        await fsp.writeFile(target, withOrientation(preview, ORIENTATION_OF_FLIP[identity.flip] ?? 1));
        return 'preview';
      }
    }
    const half = wanted === 'half-size';
    const out = path.join(folder, 'out.tiff');
    // sRGB's own tone curve (dcraw's default is BT.709's): 1.5 dB closer to the scene at display size.
    const args = ['-w', '-o', '1', '-g', '2.4', '12.92', '-T', ...(half ? ['-h'] : []), '-Z', out, input];
    await runTool(tools.path('dcraw_emu'), args, { timeoutMs: DECODE_TIMEOUT_MS, cwd: folder });
    await fsp.rename(out, target);
    return half ? 'half-size' : 'full-size';
  });
}

async function isLargeEnough(preview: Buffer, identity: RawIdentity): Promise<boolean> {
  try {
    const { width = 0, height = 0, format } = await sharp(preview).metadata();
    return format === 'jpeg' && Math.max(width, height) >= Math.min(DISPLAY_MAX_SIDE, Math.max(identity.width, identity.height));
  } catch {
    return false;
  }
}

/** A camera file decoded for the pipeline, at `target`; the RAW's way is returned for the log and the bench. */
export async function decodeCameraFile(
  tools: SystemTools,
  format: CameraFormat,
  source: string,
  target: string,
): Promise<RawRendering | 'heif-convert'> {
  if (format === 'heic') {
    await decodeHeic(tools, source, target);
    return 'heif-convert';
  }
  const identity = await identifyRaw(tools, source);
  if (!identity) throw new Error('raw-identify found no picture');
  return decodeRaw(tools, source, identity, target);
}
