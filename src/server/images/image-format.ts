import fsp from 'node:fs/promises';

/** The formats sharp decodes itself. */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';
/** Camera RAW formats, decoded by LibRaw's tools (images/camera-decoders.ts). */
export type RawFormat = 'dng' | 'cr2' | 'cr3' | 'nef' | 'arw' | 'raf' | 'orf';
/** Formats a system tool decodes to a JPEG that sharp then reads: HEIC/HEIF (libheif) and RAW. */
export type CameraFormat = 'heic' | RawFormat;
/** Video containers ffmpeg reads; the pipeline draws from their poster frame (images/video.ts). */
export type VideoFormat = 'mp4' | 'mov' | 'webm';
export type UploadFormat = ImageFormat | CameraFormat | VideoFormat;

export const RAW_FORMATS: readonly RawFormat[] = ['dng', 'cr2', 'cr3', 'nef', 'arw', 'raf', 'orf'];
export const VIDEO_FORMATS: readonly VideoFormat[] = ['mp4', 'mov', 'webm'];

export const FORMAT_LABELS: Record<UploadFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  heic: 'HEIC',
  dng: 'DNG',
  cr2: 'CR2',
  cr3: 'CR3',
  nef: 'NEF',
  arw: 'ARW',
  raf: 'RAF',
  orf: 'ORF',
  mp4: 'MP4',
  mov: 'MOV',
  webm: 'WebM',
};
/** An original keeps its real format's extension, whatever the upload's name said. */
export const FORMAT_EXTENSIONS: Record<UploadFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  heic: 'heic',
  dng: 'dng',
  cr2: 'cr2',
  cr3: 'cr3',
  nef: 'nef',
  arw: 'arw',
  raf: 'raf',
  orf: 'orf',
  mp4: 'mp4',
  mov: 'mov',
  webm: 'webm',
};

export const isRawFormat = (format: UploadFormat): format is RawFormat => (RAW_FORMATS as readonly string[]).includes(format);
export const isCameraFormat = (format: UploadFormat): format is CameraFormat => format === 'heic' || isRawFormat(format);
export const isVideoFormat = (format: UploadFormat): format is VideoFormat => (VIDEO_FORMATS as readonly string[]).includes(format);

/** The format an original's extension names (originals are stored under FORMAT_EXTENSIONS). */
export function formatOfExtension(extension: string): UploadFormat | null {
  const lower = extension.toLowerCase();
  if (lower === 'jpeg') return 'jpeg';
  const found = Object.entries(FORMAT_EXTENSIONS).find(([, known]) => known === lower);
  return found ? (found[0] as UploadFormat) : null;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** ISO-BMFF brands of HEVC-coded HEIF (iPhone, Samsung, Nokia…); AVIF shares mif1 but not these. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** A HEIF's major and compatible brands from its ftyp box, or null when the file has none. */
function ftypBrands(head: Buffer): string[] | null {
  if (head.length < 16 || head.toString('latin1', 4, 8) !== 'ftyp') return null;
  const size = Math.min(head.readUInt32BE(0), head.length);
  const brands = [head.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(head.toString('latin1', offset, offset + 4));
  return brands;
}

/** Brands of ISO-BMFF video: QuickTime (iPhones, many cameras) and MP4's. */
const QUICKTIME_BRAND = 'qt  ';
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'mmp4', 'MSNV', '3gp4', '3gp5', '3gp6', 'dash', 'XAVC']);

function formatOfFtyp(brands: string[]): CameraFormat | VideoFormat | null {
  const [major = ''] = brands;
  if (major === QUICKTIME_BRAND) return 'mov';
  if (MP4_BRANDS.has(major)) return 'mp4';
  return cameraFormatOfFtyp(brands);
}

/** An old QuickTime file may start with its atoms and no ftyp at all. */
const QUICKTIME_FIRST_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip']);

function cameraFormatOfFtyp(brands: string[]): CameraFormat | null {
  const [major = ''] = brands;
  if (major === 'crx ') return 'cr3';
  if (HEIC_BRANDS.has(major)) return 'heic';
  // A generic HEIF is HEVC-coded unless it says AVIF, which this path does not take.
  if (GENERIC_HEIF_BRANDS.has(major) && !brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'heic';
  return null;
}

/**
 * The format the file's first bytes announce. The sharp formats are the only ones that ever reach
 * libvips, which could otherwise also parse SVG, PDF, TIFF, HEIF… and widen what an upload can
 * attack; the camera formats go to their decoder. A TIFF-based file gives 'tiff': which camera's
 * RAW it is, if any, is in its first directory (`rawFormatOfTiff`).
 */
export function sniffImageFormat(head: Buffer): UploadFormat | 'tiff' | 'svg' | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  const brands = ftypBrands(head);
  if (brands) return formatOfFtyp(brands);
  if (head.length >= 8 && QUICKTIME_FIRST_ATOMS.has(head.toString('latin1', 4, 8))) return 'mov';
  // Matroska's EBML header; WebM names its doctype in it (other Matroska files are not taken).
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return head.includes('webm', 0, 'latin1') ? 'webm' : null;
  if (startsWith(head, ascii('FUJIFILMCCD-RAW'))) return 'raf';
  // Olympus writes its own magic where TIFF has 42: IIRO, IIRS, MMOR.
  if (startsWith(head, ascii('IIRO')) || startsWith(head, ascii('IIRS')) || startsWith(head, ascii('MMOR'))) return 'orf';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) {
    // Canon's CR2 says so right after the TIFF header.
    return startsWith(head, ascii('CR'), 8) ? 'cr2' : 'tiff';
  }
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'))) return 'svg';
  if (text.startsWith('<!doctype svg')) return 'svg';
  return null;
}

const TAG_MAKE = 0x010f;
const TAG_DNG_VERSION = 0xc612;

/**
 * Which RAW a TIFF-based file is, from its first directory: a DNG has DNGVersion; Nikon's NEF and
 * Sony's ARW are plain TIFF named by their Make. A TIFF of no camera (a scan, an export) is null:
 * TIFF as such is not taken.
 */
export function rawFormatOfTiff(head: Buffer): RawFormat | null {
  if (head.length < 8) return null;
  const little = head[0] === 0x49;
  const u16 = (at: number) => (little ? head.readUInt16LE(at) : head.readUInt16BE(at));
  const u32 = (at: number) => (little ? head.readUInt32LE(at) : head.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > head.length) return null;
  const count = u16(ifd);
  let make = '';
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > head.length) break;
    const tag = u16(entry);
    if (tag === TAG_DNG_VERSION) return 'dng';
    if (tag === TAG_MAKE) {
      const length = u32(entry + 4);
      const at = length <= 4 ? entry + 8 : u32(entry + 8);
      if (at + length <= head.length) make = head.toString('latin1', at, at + length).replace(/\0.*$/s, '').trim().toUpperCase();
    }
  }
  if (make.startsWith('NIKON')) return 'nef';
  if (make.startsWith('SONY')) return 'arw';
  return null;
}

export async function readFileHead(filePath: string, bytes = 256): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** How much of a TIFF-based file is read to find its first directory's tags. */
export const TIFF_HEAD_BYTES = 64 * 1024;

/** The format of a file on disk, a TIFF-based one told apart by its first directory. */
export async function sniffFileFormat(filePath: string): Promise<UploadFormat | 'svg' | null | 'empty'> {
  const head = await readFileHead(filePath);
  if (head.length === 0) return 'empty';
  const sniffed = sniffImageFormat(head);
  if (sniffed !== 'tiff') return sniffed;
  return rawFormatOfTiff(await readFileHead(filePath, TIFF_HEAD_BYTES));
}
