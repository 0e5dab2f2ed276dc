import { Readable } from 'node:stream';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { BANNER_SIZE, DISPLAY_MAX_SIDE, PLACEHOLDER_MAX_SIDE, THUMBNAIL_SIDE, VARIANT_WIDTHS } from '#contract/image-sizes.ts';
import type { ImageVariant } from '#contract/photos.ts';
import { DomainError } from '#server/lib/errors.ts';
import { bannerFileName, photoFileNames, type DisplayFormat } from '#server/storage/file-names.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { sourceColourOf, withoutExifSegments, type SourceColour } from './colour.ts';
import { FORMAT_LABELS, readFileHead, sniffImageFormat, type ImageFormat } from './image-format.ts';
import { Semaphore } from './semaphore.ts';
import { rightsXmp, withXmpSegment, type ImageRights } from './xmp.ts';

// Every upload is a new image: libvips' operation cache would only hold memory, never hit.
sharp.cache(false);
// Threads per image stay at sharp's default (1 on glibc, against heap fragmentation); images
// run side by side instead, as many as ImageProcessor allows.


/** Why a file is refused: too large (bytes or pixels), or not an image of an accepted kind. */
export class ImageRejectedError extends DomainError {
  constructor(
    override readonly kind: 'tooLarge' | 'unsupportedType',
    message: string,
  ) {
    super(kind, message);
    this.name = 'ImageRejectedError';
  }

  /** The refusal as the status it is answered with (413 or 415), for logs and the pipeline's tests. */
  get status(): 413 | 415 {
    return this.kind === 'tooLarge' ? 413 : 415;
  }
}

export interface ImageLimits {
  maxPixels: number;
}

export interface InspectedImage {
  format: ImageFormat;
  width: number;
  height: number;
}

function acceptedList(formats: readonly ImageFormat[]): string {
  const labels = formats.map((format) => FORMAT_LABELS[format]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

/**
 * Proves from its header that a file is one of the accepted formats and small enough to decode,
 * before any pixel is decompressed: a 20000×20000 PNG of a few hundred KB stops here.
 */
export async function inspectImage(
  filePath: string,
  accepted: readonly ImageFormat[],
  limits: ImageLimits,
): Promise<InspectedImage> {
  const head = await readFileHead(filePath);
  if (head.length === 0) throw new ImageRejectedError('unsupportedType', 'The file is empty');
  const sniffed = sniffImageFormat(head);
  if (sniffed === 'svg') {
    throw new ImageRejectedError('unsupportedType', `SVG images are not accepted; use a ${acceptedList(accepted)} image`);
  }
  if (!sniffed || !accepted.includes(sniffed)) {
    throw new ImageRejectedError('unsupportedType', `Not a ${acceptedList(accepted)} image`);
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(filePath, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('unsupportedType', 'The image is damaged or incomplete');
  }
  if (metadata.format !== sniffed || !metadata.width || !metadata.height) {
    throw new ImageRejectedError('unsupportedType', 'The image is damaged or incomplete');
  }
  // An animation counts every frame of its canvas: libvips walks the frames to reach the first
  // one shown, and a few KB of WebP can hold thousands of full-canvas frames.
  const frames = Math.max(1, metadata.pages ?? 1);
  const canvasHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * canvasHeight * frames > limits.maxPixels) {
    const megapixels = Math.round(limits.maxPixels / 1_000_000);
    throw new ImageRejectedError('tooLarge', `The image has too many pixels (at most ${megapixels} megapixels)`);
  }
  return { format: sniffed, width: metadata.width, height: metadata.height };
}

/** Decoding errors are the file's fault (truncated, corrupt), never the server's. */
function decodeRejection(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ImageRejectedError('tooLarge', 'The image has too many pixels');
  }
  return new ImageRejectedError('unsupportedType', 'The image is damaged or incomplete');
}

/** Reads and decodes the source once; the caller derives every output from this. */
function openSource(filePath: string, limits: ImageLimits): Sharp {
  return sharp(filePath, {
    limitInputPixels: limits.maxPixels,
    // 'error' refuses truncated and corrupt data but lets through the harmless warnings many
    // cameras' files raise; the default 'warning' would refuse those too.
    failOn: 'error',
  }).rotate(); // upright by the EXIF orientation; the output carries no orientation tag
}

export interface RenderedPhoto {
  width: number;
  height: number;
  /** ThumbHash, base64. */
  placeholder: string;
  filename: string;
  thumbnail: string;
  variants: ImageVariant[];
}

/**
 * Writes a photo's display image, responsive widths and square thumbnail into `store`, and
 * computes its placeholder. No EXIF or IPTC is written (GPS, camera serials), and no XMP but the
 * photo's `rights` (credit, copyright, licence), on the display image and the widths. An sRGB photo
 * (or one without a profile) is converted to sRGB and written without a profile, as it always
 * was; a wide-gamut one (Display P3, Adobe RGB…) is converted to Display P3 and every copy carries
 * sharp's compact P3 profile. An Ultra HDR JPEG's display copy keeps its gain map.
 */
export async function renderPhoto(
  sourcePath: string,
  key: string,
  store: FileStore,
  limits: ImageLimits,
  rights?: ImageRights | null,
): Promise<RenderedPhoto> {
  const xmp = rightsXmp(rights);
  // sharp writes only the XMP it is given here; every other metadata field stays stripped.
  const tagged = (image: Sharp) => (xmp ? image.withXmp(xmp) : image);
  let metadata: Metadata;
  let colour: SourceColour;
  let decoded: DecodedPhoto;
  try {
    metadata = await openSource(sourcePath, limits).metadata();
    colour = sourceColourOf(metadata);
    decoded = colour.wideGamut ? await decodeWideGamut(sourcePath, limits) : await decodeSrgb(sourcePath, limits);
  } catch (error) {
    throw decodeRejection(error);
  }
  const { width, height, hasAlpha, pixels } = decoded;

  // The display image is JPEG: it is the full-size fallback and the og:image, and link-preview
  // crawlers read JPEG everywhere; at 2560 px libjpeg encodes it about twice as fast as WebP.
  // Only a transparent source gets WebP, which keeps the alpha that JPEG would flatten.
  const displayFormat: DisplayFormat = hasAlpha ? 'webp' : 'jpeg';
  const filename = photoFileNames.display(key, displayFormat);
  const thumbnail = photoFileNames.thumbnail(key);
  const variantWidths = VARIANT_WIDTHS.filter((candidate) => candidate < width);
  const written: string[] = [];
  const write = async (name: string, image: Sharp | Buffer) => {
    written.push(name);
    await store.put(name, Buffer.isBuffer(image) ? Readable.from([image]) : image);
  };

  try {
    // One output at a time: each holds a libuv thread while it runs, and the pool is shared
    // with file I/O; parallelism comes from several images, bounded by ImageProcessor.
    const hdrDisplay = colour.gainMap
      ? await displayWithGainMap(sourcePath, limits, metadata.orientation, width, height)
      : null;
    await write(
      filename,
      (hdrDisplay && xmp ? withXmpSegment(hdrDisplay, xmp) : hdrDisplay) ??
        (displayFormat === 'jpeg'
          ? tagged(pixels()).jpeg({ quality: 82, progressive: true })
          : tagged(pixels()).webp({ quality: 82 })),
    );
    const variants: ImageVariant[] = [];
    for (const variantWidth of variantWidths) {
      const name = photoFileNames.variant(key, variantWidth);
      await write(name, tagged(pixels().resize({ width: variantWidth })).webp({ quality: 78 }));
      variants.push({ width: variantWidth, filename: name });
    }
    const side = Math.min(THUMBNAIL_SIDE, width, height);
    await write(
      thumbnail,
      pixels()
        .resize(side, side, { fit: 'cover', position: sharp.strategy.attention })
        .webp({ quality: 80 }),
    );
    // ThumbHash's colours are sRGB: a P3 photo's placeholder is its sRGB rendering.
    const placeholder = await thumbHashOf(decoded.srgbPixels());
    return { width, height, placeholder, filename, thumbnail, variants };
  } catch (error) {
    await Promise.allSettled(written.map((name) => store.delete(name)));
    throw error;
  }
}

/** The source decoded once at display size; every public copy is made from `pixels()`. */
interface DecodedPhoto {
  width: number;
  height: number;
  hasAlpha: boolean;
  /** A new pipeline on the decoded pixels, writing them in the photo's public colour space. */
  pixels: () => Sharp;
  /** A new pipeline on the decoded pixels, in sRGB. */
  srgbPixels: () => Sharp;
}

const toDisplaySize = (image: Sharp) =>
  image.resize({ width: DISPLAY_MAX_SIDE, height: DISPLAY_MAX_SIDE, fit: 'inside', withoutEnlargement: true });

/**
 * One decode of the full-size source, straight down to display size, into raw sRGB pixels (at
 * most 2560² × 4 bytes, 26 MB); every output is resized from these instead of decoding again.
 */
async function decodeSrgb(sourcePath: string, limits: ImageLimits): Promise<DecodedPhoto> {
  const { data, info } = await toDisplaySize(openSource(sourcePath, limits))
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  // GIFs and many PNGs carry an alpha channel that no pixel uses; only real transparency counts.
  const hasAlpha = channels === 4 && usesTransparency(data);
  const pixels = () => {
    const raw = sharp(data, { raw: { width, height, channels } });
    return channels === 4 && !hasAlpha ? raw.removeAlpha() : raw;
  };
  return { width, height, hasAlpha, pixels, srgbPixels: pixels };
}

/**
 * As decodeSrgb, in Display P3. Raw pixels cannot carry a profile (sharp would read them as sRGB
 * and convert them again), so the decoded copy is an uncompressed TIFF holding the P3 profile,
 * which each output keeps; about 0.1 s more per wide-gamut photo.
 */
async function decodeWideGamut(sourcePath: string, limits: ImageLimits): Promise<DecodedPhoto> {
  // A 16-bit pipeline makes sharp convert through Display P3 instead of sRGB, which would clip
  // exactly the colours this path is for.
  const tiff = await toDisplaySize(openSource(sourcePath, limits).pipelineColourspace('rgb16'))
    .withIccProfile('p3')
    .tiff({ compression: 'none' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = tiff.info;
  const hasAlpha = channels === 4 && usesTransparency(await sharp(tiff.data).extractChannel(3).raw().toBuffer(), 1);
  const open = () => {
    const image = sharp(tiff.data);
    return channels === 4 && !hasAlpha ? image.removeAlpha() : image;
  };
  return { width, height, hasAlpha, pixels: () => open().pipelineColourspace('rgb16').withIccProfile('p3'), srgbPixels: open };
}

/**
 * The display JPEG of an Ultra HDR source with its gain map resized alongside (libultrahdr, in
 * sharp ≥ 0.35): browsers with an HDR screen apply it, the others show the SDR base, which is the
 * same JPEG the SDR pipeline writes. Null when sharp cannot keep this file's gain map (the
 * feature is experimental) or the sizes disagree: the photo then gets the SDR display image.
 */
async function displayWithGainMap(
  sourcePath: string,
  limits: ImageLimits,
  orientation: number | undefined,
  width: number,
  height: number,
): Promise<Buffer | null> {
  // sharp 0.35.5 with its cache off (as here) fails on keepGainMap() after an automatic rotate()
  // or a flip ("Not a JPEG file"), but not after an explicit rotation; mirrored orientations,
  // which cameras do not write, keep the SDR display image.
  const angle = ORIENTATION_ANGLES[orientation ?? 1];
  if (angle === undefined) return null;
  try {
    const source = sharp(sourcePath, { limitInputPixels: limits.maxPixels, failOn: 'error' });
    const { data, info } = await toDisplaySize((angle ? source.rotate(angle) : source).keepGainMap())
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return info.width === width && info.height === height ? withoutExifSegments(data) : null;
  } catch {
    return null;
  }
}

/** EXIF orientations that are a rotation only, as the clockwise angle that sets them upright. */
const ORIENTATION_ANGLES: Record<number, number> = { 1: 0, 3: 180, 6: 90, 8: 270 };

/** Whether any pixel is not fully opaque; `alpha` is where the alpha byte is in every `stride` bytes. */
function usesTransparency(pixels: Buffer, stride = 4, alpha = stride - 1): boolean {
  for (let index = alpha; index < pixels.length; index += stride) if (pixels[index] !== 255) return true;
  return false;
}

async function thumbHashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(PLACEHOLDER_MAX_SIDE, PLACEHOLDER_MAX_SIDE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/** A wide banner cropped where the picture's interest lies; returns its stored name. */
export async function renderBanner(
  sourcePath: string,
  key: string,
  store: FileStore,
  limits: ImageLimits,
): Promise<string> {
  let banner: Buffer;
  try {
    banner = await openSource(sourcePath, limits)
      .resize(BANNER_SIZE.width, BANNER_SIZE.height, { fit: 'cover', position: sharp.strategy.attention })
      .toColourspace('srgb')
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw decodeRejection(error);
  }
  const name = bannerFileName(key);
  await store.put(name, Readable.from([banner]));
  return name;
}

/** Runs image work with at most `concurrency` images decoded at once, whoever asks. */
export class ImageProcessor {
  private readonly slots: Semaphore;

  constructor(
    readonly limits: ImageLimits,
    readonly concurrency: number,
  ) {
    this.slots = new Semaphore(concurrency);
  }

  inspect(filePath: string, accepted: readonly ImageFormat[]): Promise<InspectedImage> {
    return inspectImage(filePath, accepted, this.limits);
  }

  renderPhoto(sourcePath: string, key: string, store: FileStore, rights?: ImageRights | null): Promise<RenderedPhoto> {
    return this.slots.run(() => renderPhoto(sourcePath, key, store, this.limits, rights));
  }

  renderBanner(sourcePath: string, key: string, store: FileStore): Promise<string> {
    return this.slots.run(() => renderBanner(sourcePath, key, store, this.limits));
  }
}
