import fs from 'node:fs/promises';
import exifr from 'exifr';

/**
 * What a photographer wrote into a file with Lightroom, Capture One or Photo Mechanic: the title,
 * the caption, the alt text, the credit and the copyright, from XMP first (what those write today)
 * and IPTC-IIM (APP13, what older tools and agencies write) after. The text is cleaned of control
 * characters and cut to the given lengths, never refused: a long caption costs no upload. A file
 * without any, or with broken metadata, gives nothing.
 */

export interface EmbeddedText {
  /** XMP dc:title, else IPTC Object Name, else the Headline (photoshop:Headline, IPTC 2:105). */
  title: string | null;
  /** XMP dc:description, else IPTC Caption-Abstract. Line breaks kept. */
  description: string | null;
  /** IPTC's accessibility alt text (Iptc4xmpCore:AltTextAccessibility); a caption is not an alt text. */
  altText: string | null;
  /** The credit line (photoshop:Credit, IPTC 2:110), else the creators (dc:creator, IPTC By-line). */
  credit: string | null;
  /** The copyright notice (dc:rights, IPTC 2:116). */
  copyright: string | null;
  /** The name an editor kept of the file before it renamed it (xmpMM:PreservedFileName). */
  preservedFileName: string | null;
}

export interface EmbeddedTextLimits {
  title: number;
  description: number;
  altText: number;
  credit: number;
  copyright: number;
}

const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Control characters but the line feed, and the bidi overrides. */
const UNSAFE_BUT_LINES = /(?!\n)[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const cut = (text: string, max: number) => [...text].slice(0, max).join('').trim();

/** One line: control characters and runs of space as one space. */
function line(value: string | null, max: number): string | null {
  if (value === null) return null;
  const clean = cut(value.normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim(), max);
  return clean || null;
}

/** Paragraphs: line breaks kept (CR LF as LF, at most one empty line), other control characters as spaces. */
function paragraphs(value: string | null, max: number): string | null {
  if (value === null) return null;
  const clean = value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(UNSAFE_BUT_LINES, ' ')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cut(clean, max) || null;
}

/**
 * A text as exifr gives it: a string, a number, a language alternative ({lang, value}, or a list
 * of them: x-default first), or a list (joined, for creators).
 */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const items = value as unknown[];
    const preferred = items.find((item) => isLangValue(item) && item.lang === 'x-default');
    if (preferred) return textOf(preferred);
    const texts = items.map(textOf).filter((text): text is string => Boolean(text?.trim()));
    return texts.length > 0 ? texts.join(', ') : null;
  }
  if (isLangValue(value)) return textOf(value.value);
  return null;
}

function isLangValue(value: unknown): value is { lang?: unknown; value?: unknown } {
  return typeof value === 'object' && value !== null && 'value' in value;
}

const first = (...values: unknown[]): string | null => {
  for (const value of values) {
    const text = textOf(value);
    if (text?.trim()) return text;
  }
  return null;
};

type Block = Record<string, unknown> | undefined;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * exifr reads IPTC-IIM as Latin-1 whatever its character set says; Lightroom and Photo Mechanic
 * write UTF-8 (and say so in 1:90). Bytes that are valid UTF-8 are read as UTF-8: Latin-1 text
 * with accents is almost never valid UTF-8.
 */
function iimText(value: unknown): unknown {
  // Plain ASCII reads the same either way; a character past Latin-1 was decoded already.
  if (typeof value !== 'string' || !/[\u0080-\u00ff]/.test(value) || /[^\p{Cc}\u0020-\u00ff]/u.test(value)) return value;
  try {
    return utf8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

/** The embedded text of exifr's output (mergeOutput off: one object per namespace or segment). */
export function embeddedTextOf(parsed: Record<string, unknown>, limits: EmbeddedTextLimits): EmbeddedText {
  const block = (name: string): Block => {
    const value = parsed[name];
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  };
  const dc = block('dc');
  const photoshop = block('photoshop');
  const core = block('Iptc4xmpCore');
  const mm = block('xmpMM');
  const iim = block('iptc');
  const iptc = iim && Object.fromEntries(Object.entries(iim).map(([key, value]) => [key, Array.isArray(value) ? value.map(iimText) : iimText(value)]));
  return {
    title: line(first(dc?.title, iptc?.ObjectName, photoshop?.Headline, iptc?.Headline), limits.title),
    description: paragraphs(first(dc?.description, iptc?.Caption), limits.description),
    altText: line(first(core?.AltTextAccessibility), limits.altText),
    credit: line(first(photoshop?.Credit, iptc?.Credit, dc?.creator, iptc?.Byline), limits.credit),
    copyright: line(first(dc?.rights, iptc?.CopyrightNotice), limits.copyright),
    preservedFileName: line(first(mm?.PreservedFileName), 255),
  };
}

export const NO_EMBEDDED_TEXT: EmbeddedText = {
  title: null,
  description: null,
  altText: null,
  credit: null,
  copyright: null,
  preservedFileName: null,
};

/** A JPEG's metadata segments may run to megabytes (extended XMP); past this they are not read. */
const JPEG_HEAD_MAX = 8 * 1024 * 1024;
const READ_STEP = 64 * 1024;

/**
 * The part of a JPEG that holds its metadata: the segments before the image data (SOS), or null
 * for another kind of file. exifr, asked for every XMP segment, reads the whole file into memory;
 * twenty 12-MP uploads at once took the server past its memory figure (bench: upload RSS).
 */
export async function jpegMetadataHead(filePath: string): Promise<Buffer | null> {
  const file = await fs.open(filePath, 'r');
  try {
    let head = Buffer.alloc(0);
    const readTo = async (length: number) => {
      while (head.length < length) {
        const chunk = Buffer.alloc(READ_STEP);
        const { bytesRead } = await file.read(chunk, 0, READ_STEP, head.length);
        if (bytesRead === 0) return false;
        head = Buffer.concat([head, chunk.subarray(0, bytesRead)]);
      }
      return true;
    };
    if (!(await readTo(4)) || head[0] !== 0xff || head[1] !== 0xd8) return null;
    let offset = 2;
    while (offset < JPEG_HEAD_MAX && (await readTo(offset + 4))) {
      if (head[offset] !== 0xff) break;
      const marker = head[offset + 1]!;
      // Fill bytes before a marker.
      if (marker === 0xff) {
        offset += 1;
        continue;
      }
      // The image data, or the end: every metadata segment came before.
      if (marker === 0xda || marker === 0xd9) break;
      offset += 2 + head.readUInt16BE(offset + 2);
    }
    await readTo(Math.min(offset, JPEG_HEAD_MAX));
    return head.subarray(0, Math.min(offset, head.length, JPEG_HEAD_MAX));
  } finally {
    await file.close();
  }
}

/** The embedded text of an image file (a path or its bytes); every field null when it has none. */
export async function readEmbeddedText(file: string | Buffer, limits: EmbeddedTextLimits): Promise<EmbeddedText> {
  try {
    const source = typeof file === 'string' ? ((await jpegMetadataHead(file)) ?? file) : file;
    const parsed: unknown = await exifr.parse(source, {
      tiff: false,
      exif: false,
      gps: false,
      icc: false,
      jfif: false,
      ihdr: false,
      xmp: true,
      iptc: true,
      // Lightroom writes a long caption's XMP over several segments (extended XMP).
      multiSegment: true,
      mergeOutput: false,
      reviveValues: false,
      translateValues: false,
    });
    return parsed && typeof parsed === 'object' ? embeddedTextOf(parsed as Record<string, unknown>, limits) : NO_EMBEDDED_TEXT;
  } catch {
    return NO_EMBEDDED_TEXT;
  }
}
