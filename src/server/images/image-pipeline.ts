import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { BANNER_SIZE, COPY_QUALITY, DISPLAY_MAX_SIDE, PLACEHOLDER_MAX_SIDE, THUMBNAIL_SIDE, VARIANT_WIDTHS } from '#contract/image-sizes.ts';
import type { ImageVariant } from '#contract/photos.ts';
import type { ErrorCode, ErrorParams } from '#contract/error-codes.ts';
import { DomainError } from '#server/lib/errors.ts';
import { bannerFileName, photoFileNames, watermarkLogoFileName, type DisplayFormat } from '#server/storage/file-names.ts';
import type { FileSource, FileStore } from '#server/storage/file-store.ts';
import { sourceColourOf, withoutExifSegments, type SourceColour } from './colour.ts';
import type { CameraDetails } from '#contract/photos.ts';
import { decodeCameraFile, DECODE_TIMEOUT_MS, identifyRaw } from './camera-decoders.ts';
import { FORMAT_LABELS, isCameraFormat, isRawFormat, isVideoFormat, sniffFileFormat, type CameraFormat, type UploadFormat } from './image-format.ts';
import { Semaphore } from './semaphore.ts';
import { probeMedia, SystemTools, ToolError, TOOL_KINDS } from './system-tools.ts';
import { extractPoster } from './video.ts';
import { withWatermark, WATERMARK_LOGO_MAX_SIDE, type LoadedWatermark } from './watermark.ts';
import { rightsXmp, withXmpSegment, type ImageRights } from './xmp.ts';

// Every upload is a new image: libvips' operation cache would only hold memory, never hit.
sharp.cache(false);
// Threads per image stay at sharp's default (1 on glibc, against heap fragmentation); images
// run side by side instead, as many as ImageProcessor allows.


/** Why a file is refused: too large (bytes or pixels), or not an image of an accepted kind. */
export class ImageRejectedError extends DomainError {
  constructor(
    override readonly kind: 'tooLarge' | 'unsupportedType',
    code: ErrorCode,
    params: ErrorParams = {},
  ) {
    super(kind, code, params);
    this.name = 'ImageRejectedError';
  }

  /** The refusal as the status it is answered with (413 or 415), for logs and the pipeline's tests. */
  get status(): 413 | 415 {
    return this.kind === 'tooLarge' ? 413 : 415;
  }
}

export interface ImageLimits {
  maxPixels: number;
  /** The longest video taken, in seconds. */
  maxVideoSeconds?: number;
}

/** A video's length and its size as it plays (upright), read by ffprobe. */
export interface VideoFacts {
  duration: number;
  width: number;
  height: number;
}

export interface InspectedImage {
  format: UploadFormat;
  width: number;
  height: number;
  /** A RAW's camera details as LibRaw reads them (it knows the formats exifr does not: CR3, RAF, NEF…). */
  cameraDetails?: CameraDetails | null;
  /** Present for a video: its poster is what the pipeline draws. */
  video?: VideoFacts;
}

/** The accepted formats as a list to read, every RAW format as one "RAW". */
function acceptedList(formats: readonly UploadFormat[]): string {
  const labels = [...new Set(formats.map((format) => (isRawFormat(format) ? TOOL_KINDS.raw.label : FORMAT_LABELS[format])))];
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

/** A format a tool turns into a picture first: a camera file, or a video's poster frame. */
type DecodedFormat = CameraFormat | 'mp4' | 'mov' | 'webm';
const needsDecoder = (format: UploadFormat): format is DecodedFormat => isCameraFormat(format) || isVideoFormat(format);
const toolKindOf = (format: DecodedFormat) => (format === 'heic' ? 'heic' : isVideoFormat(format) ? 'video' : 'raw');

/** The refusal of a file whose decoder is not installed, naming the package; null when it is. */
function missingDecoder(format: DecodedFormat, tools: SystemTools): ImageRejectedError | null {
  const kind = toolKindOf(format);
  const missing = tools.missing(kind);
  if (!missing) return null;
  return new ImageRejectedError('unsupportedType', 'images.decoder_missing', { format: TOOL_KINDS[kind].label, ...missing });
}

/**
 * Proves from its header that a file is one of the accepted formats and small enough to decode,
 * before any pixel is decompressed: a 20000×20000 PNG of a few hundred KB stops here. A HEIC's
 * size is in its header, which sharp reads; a RAW's is read by LibRaw's raw-identify.
 */
export async function inspectImage(
  filePath: string,
  accepted: readonly UploadFormat[],
  limits: ImageLimits,
  tools: SystemTools = SystemTools.none(),
): Promise<InspectedImage> {
  const sniffed = await sniffFileFormat(filePath);
  if (sniffed === 'empty') throw new ImageRejectedError('unsupportedType', 'images.empty');
  const takes = accepted.filter((format) => !needsDecoder(format) || !missingDecoder(format, tools));
  if (sniffed === 'svg') {
    throw new ImageRejectedError('unsupportedType', 'images.svg_refused', { formats: acceptedList(takes) });
  }
  if (!sniffed || !accepted.includes(sniffed)) {
    throw new ImageRejectedError('unsupportedType', 'images.wrong_format', { formats: acceptedList(takes) });
  }
  if (needsDecoder(sniffed)) {
    const refusal = missingDecoder(sniffed, tools);
    if (refusal) throw refusal;
  }
  let size: { width: number; height: number; frames: number; cameraDetails?: CameraDetails | null; video?: VideoFacts };
  if (isVideoFormat(sniffed)) {
    const probe = await probeMedia(tools, filePath);
    if (!probe?.video || !probe.duration) throw new ImageRejectedError('unsupportedType', 'videos.damaged');
    const { width, height } = probe.video;
    if (limits.maxVideoSeconds && probe.duration > limits.maxVideoSeconds) {
      throw new ImageRejectedError('tooLarge', 'videos.too_long', { minutes: Math.round((limits.maxVideoSeconds / 60) * 10) / 10 });
    }
    size = { width, height, frames: 1, video: { duration: Math.round(probe.duration * 1000) / 1000, width, height } };
  } else if (isRawFormat(sniffed)) {
    const identity = await identifyRaw(tools, filePath).catch(() => null);
    if (!identity) throw new ImageRejectedError('unsupportedType', 'images.damaged');
    size = { width: identity.width, height: identity.height, frames: 1, cameraDetails: identity.details };
  } else {
    let metadata: Metadata;
    try {
      metadata = await sharp(filePath, { limitInputPixels: false }).metadata();
    } catch {
      throw new ImageRejectedError('unsupportedType', 'images.damaged');
    }
    const expected = sniffed === 'heic' ? 'heif' : sniffed;
    if (metadata.format !== expected || !metadata.width || !metadata.height) {
      throw new ImageRejectedError('unsupportedType', 'images.damaged');
    }
    // An animation counts every frame of its canvas: libvips walks the frames to reach the first
    // one shown, and a few KB of WebP can hold thousands of full-canvas frames. A HEIC is decoded
    // by its primary image alone.
    const frames = sniffed === 'heic' ? 1 : Math.max(1, metadata.pages ?? 1);
    size = { width: metadata.width, height: sniffed === 'heic' ? metadata.height : (metadata.pageHeight ?? metadata.height), frames };
  }
  if (size.width * size.height * size.frames > limits.maxPixels) {
    const megapixels = Math.round(limits.maxPixels / 1_000_000);
    throw new ImageRejectedError('tooLarge', 'images.too_many_megapixels', { megapixels });
  }
  return {
    format: sniffed,
    width: size.width,
    height: size.height,
    ...(size.cameraDetails !== undefined ? { cameraDetails: size.cameraDetails } : {}),
    ...(size.video ? { video: size.video } : {}),
  };
}

/** Decoding errors are the file's fault (truncated, corrupt), never the server's. */
function decodeRejection(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ImageRejectedError('tooLarge', 'images.too_many_pixels');
  }
  return new ImageRejectedError('unsupportedType', 'images.damaged');
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
 *
 * Memory: no pixels are held in JavaScript. The decoded copy the smaller copies are made from, and
 * each encoded copy, are scratch files beside the source (a temp file of the caller's) that
 * libvips writes and reads itself; they are removed when the render ends. A Buffer of sharp's
 * stays allocated until V8 next collects, and V8 waits for tens of MB of them: 40 to 75 MB at the
 * peak of 20 uploads, when the decoded copy was one. `fullSize`, when given, lets one render at a
 * time read the source at full size (the step that takes the most memory, about 40 MB for 12
 * megapixels), whatever else runs.
 *
 * `watermark`, when given, is drawn on the display image and the widths, and on the thumbnail when
 * its setting says so; the display image of an Ultra HDR source is then SDR, as the
 * gain map would brighten the mark with the picture.
 */
export async function renderPhoto(
  sourcePath: string,
  key: string,
  store: FileStore,
  limits: ImageLimits,
  rights?: ImageRights | null,
  fullSize?: Semaphore,
  watermark?: LoadedWatermark | null,
): Promise<RenderedPhoto> {
  const scratch = new ScratchFiles(sourcePath);
  try {
    return await renderWith({ sourcePath, limits, xmp: rightsXmp(rights), scratch, fullSize, watermark: watermark ?? null }, key, store);
  } finally {
    await scratch.removeAll();
  }
}

interface RenderContext {
  sourcePath: string;
  limits: ImageLimits;
  xmp: string | null;
  scratch: ScratchFiles;
  fullSize: Semaphore | undefined;
  watermark: LoadedWatermark | null;
}

async function renderWith(render: RenderContext, key: string, store: FileStore): Promise<RenderedPhoto> {
  const { sourcePath, limits, xmp, scratch } = render;
  const atFullSize = <T>(task: () => Promise<T>) => (render.fullSize ? render.fullSize.run(task) : task());
  let metadata: Metadata;
  let colour: SourceColour;
  let decoded: DecodedPhoto;
  let display: RenderedDisplay | undefined;
  try {
    metadata = await openSource(sourcePath, limits).metadata();
    colour = sourceColourOf(metadata);
    if (rendersDisplayFromSource(metadata, colour)) {
      // The display image is the first read of the pixels: a damaged file fails here.
      const fromSource = () => toDisplaySize(openSource(sourcePath, limits).toColourspace('srgb'));
      // A mark is drawn on the resized picture kept in a scratch file: drawn on the resizing
      // read itself, libvips would read the source in small tiles, a third slower.
      display = await atFullSize(async () =>
        renderDisplay(render.watermark ? await kept(render, fromSource()) : fromSource, false, render, metadata, colour),
      );
      const width = copiesWidth(display);
      decoded = await decodeSrgb(render, (image) => image.resize({ width }));
    } else {
      decoded = await atFullSize(() => (colour.wideGamut ? decodeWideGamut(render) : decodeSrgb(render)));
    }
  } catch (error) {
    throw decodeRejection(error);
  }
  display ??= await renderDisplay(decoded.pixels, decoded.hasAlpha, render, metadata, colour);

  const { width, height } = display;
  const filename = photoFileNames.display(key, display.format);
  const thumbnail = photoFileNames.thumbnail(key);
  const variantWidths = VARIANT_WIDTHS.filter((candidate) => candidate < width);
  const written: string[] = [];
  const write = async (name: string, file: FileSource) => {
    written.push(name);
    await store.put(name, file);
  };
  // libvips encodes straight into a scratch file: the encoded bytes never pass through a Buffer.
  const writeCopy = async (name: string, image: Sharp) => {
    const file = scratch.next('out');
    await image.toFile(file); // in the pipeline's format, whatever the name
    await write(name, { path: file });
  };

  try {
    // One output at a time: each holds a libuv thread while it runs, and the pool is shared
    // with file I/O; parallelism comes from several images, bounded by ImageProcessor.
    await write(filename, display.file);
    const variants: ImageVariant[] = [];
    // The widths of an sRGB photo come from one marked copy: the mark is drawn once and scaled with
    // the picture, instead of once per width (a wide-gamut copy keeps its 16-bit pipeline per width).
    const marked = render.watermark && decoded.pixels === decoded.srgbPixels ? await markedCopy(render, decoded.pixels, render.watermark) : null;
    for (const variantWidth of variantWidths) {
      const name = photoFileNames.variant(key, variantWidth);
      // The display image's shape, not the decoded copy's, whose height was rounded on its own.
      const size = { width: variantWidth, height: Math.round((variantWidth * height) / width), fit: 'fill' } as const;
      const copy = marked ? marked().resize(size) : await withWatermark(decoded.pixels().resize(size), size.width, size.height, render.watermark);
      await writeCopy(name, withRights(copy, xmp).webp({ quality: COPY_QUALITY.variant }));
      variants.push({ width: variantWidth, filename: name });
    }
    const side = Math.min(THUMBNAIL_SIDE, width, height);
    const square = decoded.pixels().resize(side, side, { fit: 'cover', position: sharp.strategy.attention });
    const thumbnailMark = render.watermark?.thumbnails ? render.watermark : null;
    await writeCopy(thumbnail, (await withWatermark(square, side, side, thumbnailMark)).webp({ quality: COPY_QUALITY.thumbnail }));
    // ThumbHash's colours are sRGB: a P3 photo's placeholder is its sRGB rendering.
    const placeholder = await thumbHashOf(decoded.srgbPixels());
    return { width, height, placeholder, filename, thumbnail, variants };
  } catch (error) {
    await Promise.allSettled(written.map((name) => store.delete(name)));
    throw error;
  }
}

/** Files of one render beside its source, removed together when it ends, however it ends. */
class ScratchFiles {
  private readonly files: string[] = [];

  constructor(private readonly beside: string) {}

  /** A new name, unique to this render; the file is made by whoever writes it. */
  next(extension: string): string {
    const file = `${this.beside}.${randomBytes(6).toString('hex')}.${extension}`;
    this.files.push(file);
    return file;
  }

  async removeAll(): Promise<void> {
    await Promise.allSettled(this.files.map((file) => fsp.rm(file, { force: true })));
  }
}

/** sharp writes only the XMP it is given here; every other metadata field stays stripped. */
const withRights = (image: Sharp, xmp: string | null) => (xmp ? image.withXmp(xmp) : image);

/**
 * The decoded copy every copy but the display image is made from: each copy is a new pipeline
 * on it, resized below its size.
 */
interface DecodedPhoto {
  /** Whether any pixel is transparent: the display image is then WebP, which keeps it. */
  hasAlpha: boolean;
  /** The pixels in the photo's public colour space. */
  pixels: () => Sharp;
  /** The same in sRGB. */
  srgbPixels: () => Sharp;
}

/**
 * Whether the display image is made straight from the source file, and the smaller copies from a
 * decoded copy at the size they need (1920 px for a 12-megapixel photo, which libjpeg decodes
 * already scaled by 1/2): an sRGB JPEG, most uploads. The other sources are decoded once at
 * display size for every copy: PNG, GIF and WebP cannot be decoded scaled, and may be transparent
 * (which decides the display image's format); wide-gamut photos need sharp's 16-bit pipeline,
 * which turns its shrink-on-load off.
 */
function rendersDisplayFromSource(metadata: Metadata, colour: SourceColour): boolean {
  return metadata.format === 'jpeg' && !colour.wideGamut;
}

/**
 * The width the smaller copies are made from: the widest of them, or more when the thumbnail's
 * square needs more height (a panorama), never more than the display image's.
 */
function copiesWidth({ width, height }: { width: number; height: number }): number {
  const widest = Math.max(0, ...VARIANT_WIDTHS.filter((candidate) => candidate < width));
  const side = Math.min(THUMBNAIL_SIDE, width, height);
  return Math.min(width, Math.max(widest, Math.ceil((side * width) / height)));
}

interface RenderedDisplay {
  file: FileSource;
  format: DisplayFormat;
  width: number;
  height: number;
}

/** An image kept whole in a scratch file in libvips' own format, to be read again at no cost. */
async function kept(render: RenderContext, image: Sharp): Promise<() => Sharp> {
  const file = render.scratch.next('v');
  await image.toFile(file);
  return () => sharp(file);
}

/** The decoded copy with the mark drawn on it, kept for the widths made from it. */
async function markedCopy(render: RenderContext, pixels: () => Sharp, watermark: LoadedWatermark): Promise<() => Sharp> {
  const { width = 1, height = 1 } = await pixels().metadata();
  return kept(render, await withWatermark(pixels(), width, height, watermark));
}

/**
 * The display image, whose size is the photo's. It is JPEG: the full-size fallback and the
 * og:image, and link-preview crawlers read JPEG everywhere; at 2560 px libjpeg encodes it about
 * twice as fast as WebP. Only a transparent source gets WebP, which keeps the alpha that JPEG
 * would flatten; an Ultra HDR source gets its gain map when sharp can keep it.
 */
async function renderDisplay(
  pixels: () => Sharp,
  hasAlpha: boolean,
  render: RenderContext,
  metadata: Metadata,
  colour: SourceColour,
): Promise<RenderedDisplay> {
  const { sourcePath, limits, xmp, scratch } = render;
  const hdr = colour.gainMap && !render.watermark ? await displayWithGainMap(sourcePath, limits, metadata.orientation) : null;
  if (hdr && isDisplaySizeOf(hdr, metadata)) {
    const jpeg = xmp ? withXmpSegment(hdr.jpeg, xmp) : hdr.jpeg;
    return { file: Readable.from([jpeg]), format: 'jpeg', width: hdr.width, height: hdr.height };
  }
  const format: DisplayFormat = hasAlpha ? 'webp' : 'jpeg';
  const size = displaySizeOf(metadata);
  const image = withRights(await withWatermark(pixels(), size.width, size.height, render.watermark), xmp);
  const path = scratch.next('out');
  const info = await (format === 'jpeg' ? image.jpeg({ quality: COPY_QUALITY.display, progressive: true }) : image.webp({ quality: COPY_QUALITY.display })).toFile(path);
  return { file: { path }, format, width: info.width, height: info.height };
}

/**
 * Whether an image is the upright display size of this source, give or take a pixel of rounding:
 * the gain-map copy is made by a pipeline of its own, and sharp's gain-map support is experimental.
 */
function isDisplaySizeOf(image: { width: number; height: number }, metadata: Metadata): boolean {
  const expected = displaySizeOf(metadata);
  return Math.abs(image.width - expected.width) <= 1 && Math.abs(image.height - expected.height) <= 1;
}

/** The upright display size of a source, give or take libvips' rounding. */
function displaySizeOf(metadata: Metadata): { width: number; height: number } {
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) ?? 0;
  const height = (turned ? metadata.width : metadata.height) ?? 0;
  const scale = Math.min(1, DISPLAY_MAX_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

const toDisplaySize = (image: Sharp) =>
  image.resize({ width: DISPLAY_MAX_SIDE, height: DISPLAY_MAX_SIDE, fit: 'inside', withoutEnlargement: true });

/**
 * One decode of the full-size source, straight down to display size (or `toSize`), in sRGB, into
 * a scratch file in libvips' own uncompressed format; every copy is resized from it instead of
 * decoding again.
 */
async function decodeSrgb(render: RenderContext, toSize = toDisplaySize): Promise<DecodedPhoto> {
  const file = render.scratch.next('v');
  const { channels } = await toSize(openSource(render.sourcePath, render.limits)).toColourspace('srgb').toFile(file);
  // GIFs and many PNGs carry an alpha channel that no pixel uses; only real transparency counts.
  const hasAlpha = channels === 4 && (await usesTransparency(file));
  const pixels = () => (channels === 4 && !hasAlpha ? sharp(file).removeAlpha() : sharp(file));
  return { hasAlpha, pixels, srgbPixels: pixels };
}

/**
 * As decodeSrgb, in Display P3: the decoded copy keeps the P3 profile, which each copy keeps.
 */
async function decodeWideGamut(render: RenderContext): Promise<DecodedPhoto> {
  const file = render.scratch.next('v');
  // A 16-bit pipeline makes sharp convert through Display P3 instead of sRGB, which would clip
  // exactly the colours this path is for.
  const { channels } = await toDisplaySize(openSource(render.sourcePath, render.limits).pipelineColourspace('rgb16'))
    .withIccProfile('p3')
    .toFile(file);
  const hasAlpha = channels === 4 && (await usesTransparency(file));
  const open = () => (channels === 4 && !hasAlpha ? sharp(file).removeAlpha() : sharp(file));
  return { hasAlpha, pixels: () => open().pipelineColourspace('rgb16').withIccProfile('p3'), srgbPixels: open };
}

/**
 * The display JPEG of an Ultra HDR source with its gain map resized alongside (libultrahdr, in
 * sharp ≥ 0.35): browsers with an HDR screen apply it, the others show the SDR base, which is the
 * same JPEG the SDR pipeline writes. Null when sharp cannot keep this file's gain map (the
 * feature is experimental): the photo then gets the SDR display image.
 */
async function displayWithGainMap(
  sourcePath: string,
  limits: ImageLimits,
  orientation: number | undefined,
): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  // sharp 0.35.5 with its cache off (as here) fails on keepGainMap() after an automatic rotate()
  // or a flip ("Not a JPEG file"), but not after an explicit rotation; mirrored orientations,
  // which cameras do not write, keep the SDR display image.
  const angle = ORIENTATION_ANGLES[orientation ?? 1];
  if (angle === undefined) return null;
  try {
    const source = sharp(sourcePath, { limitInputPixels: limits.maxPixels, failOn: 'error' });
    const { data, info } = await toDisplaySize((angle ? source.rotate(angle) : source).keepGainMap())
      .jpeg({ quality: COPY_QUALITY.display })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: withoutExifSegments(data), width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** EXIF orientations that are a rotation only, as the clockwise angle that sets them upright. */
const ORIENTATION_ANGLES: Record<number, number> = { 1: 0, 3: 180, 6: 90, 8: 270 };

/** Whether any pixel of a decoded copy is not fully opaque. */
async function usesTransparency(file: string): Promise<boolean> {
  return !(await sharp(file).stats()).isOpaque;
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
      .webp({ quality: COPY_QUALITY.banner })
      .toBuffer();
  } catch (error) {
    throw decodeRejection(error);
  }
  const name = bannerFileName(key);
  await store.put(name, Readable.from([banner]));
  return name;
}

/**
 * An uploaded watermark logo (PNG or WebP), kept with its transparency as a lossless WebP no
 * larger than WATERMARK_LOGO_MAX_SIDE; returns its stored name.
 */
export async function renderWatermarkLogo(sourcePath: string, key: string, store: FileStore, limits: ImageLimits): Promise<string> {
  let logo: Buffer;
  try {
    logo = await openSource(sourcePath, limits)
      .resize(WATERMARK_LOGO_MAX_SIDE, WATERMARK_LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .webp({ lossless: true })
      .toBuffer();
  } catch (error) {
    throw decodeRejection(error);
  }
  const name = watermarkLogoFileName(key);
  await store.put(name, Readable.from([logo]));
  return name;
}

/**
 * Runs image work with at most `concurrency` images decoded at once, whoever asks, and of those
 * one at a time reading its source at full size (renderPhoto's `fullSize`): two 12-megapixel
 * reads side by side took some 80 MB, the most of any moment of an upload.
 */
export class ImageProcessor {
  private readonly slots: Semaphore;
  private readonly fullSize = new Semaphore(1);
  /**
   * One camera file decoded at a time: heif-convert takes 80 to 130 MB for 12 megapixels, and
   * dcraw_emu 200 MB for 24; twenty HEICs uploaded together wait their turn here.
   */
  private readonly decoders = new Semaphore(1);

  constructor(
    readonly limits: ImageLimits,
    readonly concurrency: number,
    readonly tools: SystemTools = SystemTools.none(),
  ) {
    this.slots = new Semaphore(concurrency);
  }

  inspect(filePath: string, accepted: readonly UploadFormat[]): Promise<InspectedImage> {
    return inspectImage(filePath, accepted, this.limits, this.tools);
  }

  /** The formats of `formats` this server can decode now (a camera format needs its tool). */
  takes(formats: readonly UploadFormat[]): UploadFormat[] {
    return formats.filter((format) => !needsDecoder(format) || !missingDecoder(format, this.tools));
  }

  renderPhoto(sourcePath: string, key: string, store: FileStore, rights?: ImageRights | null, watermark?: LoadedWatermark | null): Promise<RenderedPhoto> {
    return this.slots.run(() =>
      this.fromCameraFile(sourcePath, (readable) => renderPhoto(readable, key, store, this.limits, rights, this.fullSize, watermark)),
    );
  }

  /**
   * Runs `task` on a file sharp reads: the source itself, or, for a HEIC or a RAW, the JPEG or
   * TIFF its decoder made of it (a scratch file beside the source, removed afterwards). Re-renders
   * from an original take the same way, so a HEIC original is decoded again each time.
   */
  private async fromCameraFile<T>(sourcePath: string, task: (readable: string) => Promise<T>): Promise<T> {
    const format = await sniffFileFormat(sourcePath);
    if (format === null || format === 'empty' || format === 'svg' || !needsDecoder(format)) return task(sourcePath);
    const refusal = missingDecoder(format, this.tools);
    if (refusal) throw refusal;
    const decoded = `${sourcePath}.${randomBytes(6).toString('hex')}.decoded`;
    try {
      try {
        await this.decoders.run(async () => {
          if (isVideoFormat(format)) {
            const probe = await probeMedia(this.tools, sourcePath);
            await extractPoster(this.tools, sourcePath, probe?.duration ?? null, decoded, DECODE_TIMEOUT_MS);
          } else {
            await decodeCameraFile(this.tools, format, sourcePath, decoded);
          }
        });
      } catch (error) {
        if (error instanceof ToolError && error.reason === 'timeout') {
          throw new ImageRejectedError('unsupportedType', 'images.decode_timed_out', { seconds: DECODE_TIMEOUT_MS / 1000 });
        }
        throw new ImageRejectedError('unsupportedType', 'images.damaged');
      }
      return await task(decoded);
    } finally {
      await fsp.rm(decoded, { force: true });
    }
  }

  renderWatermarkLogo(sourcePath: string, key: string, store: FileStore): Promise<string> {
    return this.slots.run(() => renderWatermarkLogo(sourcePath, key, store, this.limits));
  }

  renderBanner(sourcePath: string, key: string, store: FileStore): Promise<string> {
    return this.slots.run(() => renderBanner(sourcePath, key, store, this.limits));
  }
}
