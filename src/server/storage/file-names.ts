import { randomBytes } from 'node:crypto';

/**
 * Every stored name is built here from a random key; nothing of an uploaded file's name reaches
 * the disk. Serving accepts only names of these shapes, so a crafted URL can name nothing else.
 */
const KEY = '[0-9a-f]{32}';
/** The parts every stored name is made of, read by the builders below and by the patterns. */
const PART = {
  banner: 'banner-',
  watermark: 'watermark-',
  variant: (width: number | string) => `-w${width}`,
  thumbnail: '-thumb',
  /** A video's playable copy, by its short side (1080, 720). */
  video: (height: number | string) => `-v${height}`,
  jpeg: '.jpg',
  webp: '.webp',
  mp4: '.mp4',
} as const;
/** A part as a pattern: the extensions' dot is the only character to escape. */
const literal = (part: string) => part.replace('.', '\\.');
const EXTENSION = `(?:${literal(PART.jpeg)}|${literal(PART.webp)})`;
const SERVED_NAME = new RegExp(
  `^(?:(?:${PART.banner}|${PART.watermark})?${KEY}(?:${PART.variant('\\d{2,4}')}|${PART.thumbnail})?${EXTENSION}|${KEY}${PART.video('\\d{3,4}')}${literal(PART.mp4)})$`,
);
const BANNER_NAME = new RegExp(`^${PART.banner}${KEY}${literal(PART.webp)}$`);
const WATERMARK_LOGO_NAME = new RegExp(`^${PART.watermark}${KEY}${literal(PART.webp)}$`);
const FILE_KEY = new RegExp(`^${KEY}$`);

export type DisplayFormat = 'jpeg' | 'webp';

export function newFileKey(): string {
  return randomBytes(16).toString('hex');
}

export function isFileKey(value: string): boolean {
  return FILE_KEY.test(value);
}

export const photoFileNames = {
  display: (key: string, format: DisplayFormat) => `${key}${PART[format]}`,
  variant: (key: string, width: number) => `${key}${PART.variant(width)}${PART.webp}`,
  thumbnail: (key: string) => `${key}${PART.thumbnail}${PART.webp}`,
  video: (key: string, height: number) => `${key}${PART.video(height)}${PART.mp4}`,
  /**
   * In the originals store; the extension is the format found in the bytes, not the upload's.
   * A second random part follows the key, so nobody who sees the public names can name the
   * original (with its GPS data) even where the originals sit in a bucket beside `uploads/`.
   * Originals stored before are `<key>.<ext>`; both shapes start with the key.
   */
  original: (key: string, extension: string) => `${key}-${randomBytes(16).toString('hex')}.${extension}`,
};

/**
 * A release's audio track: its original in the originals store (the photo originals' shape, so
 * nothing public names it), and its preview in the restricted store, served only through the
 * route that checks the release (`audioPreview`).
 */
export const audioFileNames = {
  original: (key: string, extension: string) => photoFileNames.original(key, extension),
  preview: (key: string) => `${key}.m4a`,
};

/** The prefix under which the originals store lists the original of the photo with this key. */
export const originalsPrefix = (key: string) => key;

/** The photo key an original's name starts with (keys have one fixed length). */
export function fileKeyOfOriginal(name: string): string {
  return name.slice(0, 32);
}

/** The key a copy's name starts with (a banner's gives none that matches). */
export function fileKeyOfCopy(name: string): string {
  return name.slice(0, 32);
}

/** The same copy (display image, width or thumbnail) named under another key. */
export function copyNameWithKey(name: string, key: string): string {
  if (!isFileKey(key) || !isFileKey(fileKeyOfCopy(name))) throw new Error('not a copy\'s name or not a key');
  return `${key}${name.slice(32)}`;
}

export const bannerFileName = (key: string) => `${PART.banner}${key}${PART.webp}`;

/** A watermark logo, in the uploads store: it is on every marked copy anyway. */
export const watermarkLogoFileName = (key: string) => `${PART.watermark}${key}${PART.webp}`;

export function isWatermarkLogoFileName(name: string): boolean {
  return WATERMARK_LOGO_NAME.test(name);
}

export function isServedFileName(name: string): boolean {
  return SERVED_NAME.test(name);
}

export function isBannerFileName(name: string): boolean {
  return BANNER_NAME.test(name);
}

const CONTENT_TYPES: Record<string, string> = { [PART.jpeg]: 'image/jpeg', [PART.webp]: 'image/webp', [PART.mp4]: 'video/mp4' };

/** The exact type of a served file, from the extension the server gave it. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';
}
