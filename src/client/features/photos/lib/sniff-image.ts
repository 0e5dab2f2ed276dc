import { t } from '@lingui/core/macro';
/**
 * What a file is by its content, not its name or type: the browser refuses a file that is not an
 * image before sending it, with the reason, as the server would after.
 */

export type SniffedImage = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'raw';

/** HEVC-coded HEIF brands (phones); AVIF shares mif1 but says avif. */
const HEIC_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];

/**
 * The first bytes of JPEG, PNG, GIF, WebP, HEIC and camera RAW (TIFF-based, CR3, RAF, ORF); null
 * for anything else. Which TIFF is a camera's RAW the server tells from its first directory.
 */
export async function sniffImage(file: Blob): Promise<SniffedImage | null> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG' && head[4] === 0x0d && head[5] === 0x0a) return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    const brands = Array.from({ length: 12 }, (_, index) => ascii(16 + index * 4, 20 + index * 4));
    if (ascii(8, 12) === 'crx ') return 'raw';
    if (HEIC_BRANDS.includes(ascii(8, 12)) && !brands.includes('avif')) return 'heic';
    return null;
  }
  if (ascii(0, 15) === 'FUJIFILMCCD-RAW' || ['II*\0', 'MM\0*', 'IIRO', 'IIRS', 'MMOR'].includes(ascii(0, 4))) return 'raw';
  return null;
}

/** The refusal of a file whose content is none of what the server takes (`takes`: its labels). */
export function notAnImage(takes: readonly string[]): string {
  const list = takes.length > 1 ? listOfChoices(takes) : (takes[0] ?? '');
  return t`Not an image: the file's content is not ${list}`;
}

/** The refusal of a file whose type (its name's extension) is none of what the server takes. */
export function notATakenType(takes: readonly string[]): string {
  const list = takes.length > 1 ? listOfChoices(takes) : (takes[0] ?? '');
  return t`File type must be ${list}`;
}

/** "JPEG, PNG or GIF" in the owner's language. */
function listOfChoices(items: readonly string[]): string {
  const most = items.slice(0, -1).join(', ');
  const last = items.at(-1) ?? '';
  return t`${most} or ${last}`;
}

/** What every server takes, before it has said what else. */
export const BASIC_FORMATS = ['JPEG', 'PNG', 'GIF', 'WebP'];

/** Whether a sniffed file is of a kind the server takes (HEIC and RAW only where it says so). */
export function isTaken(format: SniffedImage, takes: readonly string[]): boolean {
  if (format === 'heic') return takes.includes('HEIC');
  if (format === 'raw') return takes.includes('RAW');
  return true;
}
