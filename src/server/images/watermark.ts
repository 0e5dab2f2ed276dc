import sharp, { type Gravity, type OverlayOptions, type Sharp } from 'sharp';
import { watermarkKey, type Watermark, type WatermarkAnchor } from '#contract/watermarks.ts';
import { escapeHtml } from '#server/lib/html.ts';

/**
 * Watermarks: the mark is made once per setting at a large size (the text drawn from an
 * SVG by librsvg, or the owner's logo as stored), then for each copy resized to a share of that
 * copy's width, given its opacity and composited at its anchor by libvips. Originals are never
 * touched: only renderPhoto's copies pass here.
 */

/** A watermark ready to be drawn: its mark's pixels (PNG with alpha) and where and how. */
export interface LoadedWatermark {
  /** A stable text of the setting it was made from, for caching and comparing. */
  key: string;
  mark: Buffer;
  /** The mark's height over its width. */
  aspect: number;
  anchor: WatermarkAnchor;
  size: number;
  opacity: number;
  thumbnails: boolean;
}

/** Fonts tried in order; the Docker image installs DejaVu, most Linux systems have one of these. */
const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
const TEXT_FONT_SIZE = 160;

/** The text as an SVG, white with a dark outline so it reads on light and dark photos alike. */
export function textMarkSvg(text: string): string {
  const fontSize = TEXT_FONT_SIZE;
  // Wide enough for the widest glyphs; the margin is trimmed away after drawing.
  const width = Math.ceil([...text].length * fontSize * 1.1 + 2 * fontSize);
  const height = fontSize * 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${fontSize / 2}" y="${fontSize * 1.3}" font-family="${escapeHtml(FONT_FAMILY)}" font-size="${fontSize}" font-weight="bold" ` +
    `fill="#ffffff" stroke="#000000" stroke-opacity="0.55" stroke-width="${fontSize / 16}" paint-order="stroke" stroke-linejoin="round">` +
    `${escapeHtml(text)}</text></svg>`
  );
}

async function textMark(text: string): Promise<Buffer> {
  const drawn = sharp(Buffer.from(textMarkSvg(text)));
  if ((await drawn.clone().stats()).isOpaque === false) {
    const { data, info } = await drawn.trim({ threshold: 0 }).png().toBuffer({ resolveWithObject: true });
    // A fully transparent drawing trims to nothing: no font could draw the text.
    if (info.width > 1 && info.height > 1) return data;
  }
  throw new Error('No font could draw the watermark text: install a font (fonts-dejavu-core)');
}

const cache = new Map<string, LoadedWatermark>();
const CACHE_SIZE = 8;

/**
 * The mark of a setting, drawn once and kept for the next copies (a pass renders hundreds of
 * photos with the same one). `readLogo` reads a stored logo by name; null when it is gone, and
 * then the photo gets no mark rather than no copy.
 */
export async function loadWatermark(
  watermark: Watermark,
  readLogo: (name: string) => Promise<Buffer | null>,
): Promise<LoadedWatermark | null> {
  const key = watermarkKey(watermark)!;
  const cached = cache.get(key);
  if (cached) return cached;
  let mark: Buffer;
  if (watermark.kind === 'text') {
    mark = await textMark(watermark.text);
  } else {
    const logo = await readLogo(watermark.logo);
    if (!logo) return null;
    mark = logo;
  }
  const { width = 1, height = 1 } = await sharp(mark).metadata();
  const loaded: LoadedWatermark = {
    key,
    mark,
    aspect: height / width,
    anchor: watermark.anchor,
    size: watermark.size,
    opacity: watermark.opacity,
    thumbnails: watermark.thumbnails,
  };
  cache.set(key, loaded);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return loaded;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const GRAVITY: Record<WatermarkAnchor, Gravity> = {
  'top-left': 'northwest',
  top: 'north',
  'top-right': 'northeast',
  left: 'west',
  centre: 'centre',
  right: 'east',
  'bottom-left': 'southwest',
  bottom: 'south',
  'bottom-right': 'southeast',
};

/**
 * Where the mark lands on an image of this size: `size`% of its width (less when the image is too
 * short for it), a margin of 3% of the shorter side from the edges it is anchored to.
 */
export function watermarkBox(imageWidth: number, imageHeight: number, watermark: Pick<LoadedWatermark, 'aspect' | 'anchor' | 'size'>): Box {
  const margin = Math.round(Math.min(imageWidth, imageHeight) * 0.03);
  let width = Math.max(1, Math.round((imageWidth * watermark.size) / 100));
  const maxWidth = Math.max(1, imageWidth - 2 * margin);
  const maxHeight = Math.max(1, imageHeight - 2 * margin);
  width = Math.min(width, maxWidth, Math.floor(maxHeight / watermark.aspect));
  width = Math.max(1, width);
  const height = Math.max(1, Math.min(maxHeight, Math.round(width * watermark.aspect)));
  const [vertical, horizontal] = anchorSides(watermark.anchor);
  const left = horizontal === 'start' ? margin : horizontal === 'end' ? imageWidth - margin - width : Math.round((imageWidth - width) / 2);
  const top = vertical === 'start' ? margin : vertical === 'end' ? imageHeight - margin - height : Math.round((imageHeight - height) / 2);
  return { left, top, width, height };
}

type Side = 'start' | 'middle' | 'end';

function anchorSides(anchor: WatermarkAnchor): [Side, Side] {
  const vertical: Side = anchor.startsWith('top') ? 'start' : anchor.startsWith('bottom') ? 'end' : 'middle';
  const horizontal: Side = anchor.endsWith('left') ? 'start' : anchor.endsWith('right') ? 'end' : 'middle';
  return [vertical, horizontal];
}

/**
 * The overlay for a copy of about this size: the mark resized and faded, padded with transparent
 * margin on the sides it is anchored to, placed by gravity. Gravity rather than a computed offset,
 * so a copy a pixel off the expected size (libvips' rounding) still gets its mark in place.
 */
export async function watermarkOverlay(imageWidth: number, imageHeight: number, watermark: LoadedWatermark): Promise<OverlayOptions> {
  const box = watermarkBox(imageWidth, imageHeight, watermark);
  const [vertical, horizontal] = anchorSides(watermark.anchor);
  const right = imageWidth - box.left - box.width;
  const bottom = imageHeight - box.top - box.height;
  const alpha = watermark.opacity / 100;
  const input = await sharp(watermark.mark)
    .ensureAlpha()
    .resize(box.width, box.height, { fit: 'fill' })
    .linear([1, 1, 1, alpha], [0, 0, 0, 0])
    .extend({
      top: vertical === 'start' ? box.top : 0,
      bottom: vertical === 'end' ? bottom : 0,
      left: horizontal === 'start' ? box.left : 0,
      right: horizontal === 'end' ? right : 0,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { input, gravity: GRAVITY[watermark.anchor] };
}

/**
 * Overlays made lately, by mark and copy size: the photos of one shoot share their sizes, so each
 * copy size's overlay is drawn once for all of them (decoding, resizing and encoding the mark took
 * about as long as drawing it on the copy). A few hundred KB at most.
 */
const overlays = new Map<string, Promise<OverlayOptions>>();
const OVERLAYS_KEPT = 48;

function cachedOverlay(width: number, height: number, watermark: LoadedWatermark): Promise<OverlayOptions> {
  const key = `${width}x${height}:${watermark.key}`;
  let overlay = overlays.get(key);
  if (!overlay) {
    overlay = watermarkOverlay(width, height, watermark);
    // A failure is not kept: the next copy tries again.
    overlay.catch(() => overlays.delete(key));
    overlays.set(key, overlay);
    if (overlays.size > OVERLAYS_KEPT) overlays.delete(overlays.keys().next().value!);
  }
  return overlay;
}

/** The image with the mark drawn on it, when there is one. */
export async function withWatermark(image: Sharp, width: number, height: number, watermark: LoadedWatermark | null | undefined): Promise<Sharp> {
  return watermark ? image.composite([await cachedOverlay(width, height, watermark)]) : image;
}

/** The largest side a stored logo keeps: enough for a mark across a 2560 px display image. */
export const WATERMARK_LOGO_MAX_SIDE = 1600;
