import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import type { ImageFormat } from './image-format.ts';

/**
 * An uploaded original without its location data, for a gallery's downloads, never
 * re-encoded: its pixels are the uploaded bytes.
 *
 * - JPEG, streamed: the segments before the first scan are held (at most HEAD_LIMIT), then the
 *   rest passes through as it comes. In each EXIF block the GPS IFD is emptied (its entries and
 *   values overwritten with zeros) and its pointer removed from IFD0, in place, so no other
 *   offset moves and every other tag (camera, lens, time, orientation) is kept. An XMP packet
 *   that names a place (GPS, city, location…) is dropped with every other XMP segment of the
 *   file, as is an IPTC block (APP13) with a place in it. An EXIF block too damaged to read is
 *   dropped whole: what cannot be read cannot be proven free of a location.
 * - PNG and WebP, read whole (one file at a time, at most the upload limit): their EXIF and XMP
 *   chunks are dropped whole; the image data is untouched.
 * - GIF carries no EXIF: passed as it is.
 */

/** The most a JPEG's segments before its first scan may take; a larger head is refused. */
const HEAD_LIMIT = 16 * 1024 * 1024;

const XMP_SIGNATURE = 'http://ns.adobe.com/xap/1.0/\0';
const XMP_EXTENSION_SIGNATURE = 'http://ns.adobe.com/xmp/extension/\0';
const EXIF_SIGNATURE = 'Exif\0\0';
const PHOTOSHOP_SIGNATURE = 'Photoshop 3.0\0';
/** What an XMP packet names a place with: EXIF's GPS, Photoshop's and IPTC's place names. */
const XMP_PLACE = /GPS|Latitude|Longitude|Location|photoshop:(?:City|State|Country)|CountryCode|CountryName|ProvinceState|Sublocation/i;
/** IPTC datasets of record 2 that name a place: content location, sub-location, city, state, country. */
const IPTC_PLACE_DATASETS = new Set([26, 27, 90, 92, 95, 100, 101]);
const GPS_IFD_TAG = 0x8825;
/** Bytes per value of each TIFF type (1 BYTE … 13 IFD). */
const TIFF_TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

export class LocationDataError extends Error {}

export function withoutLocation(format: ImageFormat, source: Readable): Readable {
  // An error on either side ends both; the reader of the result sees it.
  if (format === 'jpeg') return pipeline(source, new JpegLocationFilter(), () => {});
  if (format === 'png' || format === 'webp') {
    return Readable.from(
      (async function* () {
        const whole = await readAll(source);
        yield format === 'png' ? pngWithoutMetadata(whole) : webpWithoutMetadata(whole);
      })(),
    );
  }
  return source;
}

/** Holds a JPEG's head up to its first scan, cleans it, then lets the rest through. */
class JpegLocationFilter extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private passing = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.passing) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    const head = Buffer.concat(this.head);
    this.head = [head];
    try {
      const scan = firstScanOffset(head);
      if (scan === null) {
        if (this.headLength > HEAD_LIMIT) throw new LocationDataError('JPEG metadata larger than 16 MB');
        return done();
      }
      this.passing = true;
      this.head = [];
      this.push(jpegHeadWithoutLocation(head.subarray(0, scan)));
      done(null, head.subarray(scan));
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.passing) return done();
    // No scan at all: not an image the upload would have kept; nothing of it is sent.
    done(new LocationDataError('JPEG without image data'));
  }
}

const isStandalone = (marker: number) => marker === 0x01 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7);

/** Where the first SOS segment starts, once the bytes reach it; null while they do not yet. */
function firstScanOffset(bytes: Buffer): number | null {
  if (bytes.length < 2) return null;
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new LocationDataError('Not a JPEG');
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) throw new LocationDataError('Damaged JPEG segment');
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // a fill byte
      continue;
    }
    if (marker === 0xda) return offset;
    if (isStandalone(marker)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

/** The segments before the first scan (SOI included), without their location data. */
export function jpegHeadWithoutLocation(head: Buffer): Buffer {
  const segments: Array<{ marker: number; bytes: Buffer }> = [];
  let offset = 2;
  while (offset + 1 < head.length) {
    const marker = head[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (isStandalone(marker)) {
      segments.push({ marker, bytes: head.subarray(offset, offset + 2) });
      offset += 2;
      continue;
    }
    const end = offset + 2 + head.readUInt16BE(offset + 2);
    if (end > head.length) throw new LocationDataError('Damaged JPEG segment');
    segments.push({ marker, bytes: head.subarray(offset, end) });
    offset = end;
  }
  const payloadStarts = (bytes: Buffer, signature: string) => bytes.subarray(4, 4 + signature.length).toString('latin1') === signature;
  const isXmp = (segment: { marker: number; bytes: Buffer }) =>
    segment.marker === 0xe1 && (payloadStarts(segment.bytes, XMP_SIGNATURE) || payloadStarts(segment.bytes, XMP_EXTENSION_SIGNATURE));
  // A place in any XMP segment drops them all: an extended packet's parts belong to the main one.
  const xmpNamesPlace = segments.some((segment) => isXmp(segment) && XMP_PLACE.test(segment.bytes.toString('utf8')));
  const kept: Buffer[] = [head.subarray(0, 2)];
  for (const segment of segments) {
    if (isXmp(segment)) {
      if (!xmpNamesPlace) kept.push(segment.bytes);
    } else if (segment.marker === 0xe1 && payloadStarts(segment.bytes, EXIF_SIGNATURE)) {
      const cleaned = exifWithoutGps(segment.bytes);
      if (cleaned) kept.push(cleaned);
    } else if (segment.marker === 0xed && payloadStarts(segment.bytes, PHOTOSHOP_SIGNATURE)) {
      if (!photoshopNamesPlace(segment.bytes.subarray(4 + PHOTOSHOP_SIGNATURE.length))) kept.push(segment.bytes);
    } else {
      kept.push(segment.bytes);
    }
  }
  return Buffer.concat(kept);
}

/**
 * A copy of an EXIF APP1 segment with its GPS IFD emptied and unlinked, every offset in place;
 * null when its TIFF structure cannot be read (the segment is then dropped whole).
 */
function exifWithoutGps(segment: Buffer): Buffer | null {
  const copy = Buffer.from(segment);
  const tiff = copy.subarray(4 + EXIF_SIGNATURE.length);
  try {
    const order = tiff.toString('latin1', 0, 2);
    if (order !== 'II' && order !== 'MM') return null;
    const little = order === 'II';
    const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
    const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
    const setU16 = (at: number, value: number) => (little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at));
    if (u16(2) !== 42) return null;
    // IFD0, then IFD1 (the thumbnail's): a GPS pointer is looked for in both.
    let ifd = u32(4);
    for (let depth = 0; ifd !== 0 && depth < 2; depth++) {
      const count = u16(ifd);
      const entriesEnd = ifd + 2 + count * 12;
      if (entriesEnd + 4 > tiff.length) return null;
      for (let index = 0; index < u16(ifd); ) {
        const entry = ifd + 2 + index * 12;
        if (u16(entry) !== GPS_IFD_TAG) {
          index += 1;
          continue;
        }
        clearIfd(tiff, u32(entry + 8), u16, u32);
        // The entries after it move up one, the next-IFD pointer with them; the freed 12 bytes are zeroed.
        const end = ifd + 2 + u16(ifd) * 12 + 4;
        tiff.copy(tiff, entry, entry + 12, end);
        tiff.fill(0, end - 12, end);
        setU16(ifd, u16(ifd) - 1);
      }
      ifd = u32(ifd + 2 + u16(ifd) * 12);
    }
    return copy;
  } catch {
    // A read past the end: a damaged block.
    return null;
  }
}

/** Overwrites an IFD (its entries, its next pointer) and every value it points to with zeros. */
function clearIfd(tiff: Buffer, ifd: number, u16: (at: number) => number, u32: (at: number) => number): void {
  const count = u16(ifd);
  const end = ifd + 2 + count * 12 + 4;
  if (end > tiff.length) throw new RangeError('GPS IFD past the end');
  for (let index = 0; index < count; index++) {
    const entry = ifd + 2 + index * 12;
    const size = (TIFF_TYPE_SIZES[u16(entry + 2)] ?? 1) * u32(entry + 4);
    if (size > 4) {
      const at = u32(entry + 8);
      if (at + size > tiff.length) throw new RangeError('GPS value past the end');
      tiff.fill(0, at, at + size);
    }
  }
  tiff.fill(0, ifd, end);
}

/** Whether a Photoshop block's IPTC record names a place (an unreadable one counts as naming one). */
function photoshopNamesPlace(resources: Buffer): boolean {
  let offset = 0;
  try {
    while (offset + 12 <= resources.length && resources.toString('latin1', offset, offset + 4) === '8BIM') {
      const id = resources.readUInt16BE(offset + 4);
      const nameLength = resources[offset + 6]!;
      const afterName = offset + 6 + ((nameLength + 2) & ~1);
      const size = resources.readUInt32BE(afterName);
      const data = resources.subarray(afterName + 4, afterName + 4 + size);
      if (id === 0x0404 && iptcNamesPlace(data)) return true;
      offset = afterName + 4 + ((size + 1) & ~1);
    }
    return false;
  } catch {
    return true;
  }
}

function iptcNamesPlace(iptc: Buffer): boolean {
  let offset = 0;
  while (offset + 5 <= iptc.length && iptc[offset] === 0x1c) {
    const record = iptc[offset + 1]!;
    const dataset = iptc[offset + 2]!;
    const length = iptc.readUInt16BE(offset + 3);
    if (length & 0x8000) return true; // an extended length: not read, so not trusted
    if (record === 2 && IPTC_PLACE_DATASETS.has(dataset)) return true;
    offset += 5 + length;
  }
  return false;
}

/** A PNG without its eXIf chunk and its XMP text chunk; every other chunk as it was. */
export function pngWithoutMetadata(png: Buffer): Buffer {
  const kept: Buffer[] = [png.subarray(0, 8)];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > png.length) throw new LocationDataError('Damaged PNG chunk');
    const type = png.toString('latin1', offset + 4, offset + 8);
    const isXmp = (type === 'iTXt' || type === 'tEXt' || type === 'zTXt') && png.toString('latin1', offset + 8, offset + 8 + 18) === 'XML:com.adobe.xmp\0';
    if (type !== 'eXIf' && !isXmp) kept.push(png.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat(kept);
}

/** A WebP without its EXIF and XMP chunks, its VP8X flags and RIFF size set to match. */
export function webpWithoutMetadata(webp: Buffer): Buffer {
  const kept: Buffer[] = [];
  let offset = 12;
  while (offset + 8 <= webp.length) {
    const size = webp.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size & 1);
    if (offset + 8 + size > webp.length) throw new LocationDataError('Damaged WebP chunk');
    const type = webp.toString('latin1', offset, offset + 4);
    if (type === 'VP8X') {
      const chunk = Buffer.from(webp.subarray(offset, Math.min(end, webp.length)));
      // Flags: 0x08 EXIF, 0x04 XMP.
      chunk[8] = chunk[8]! & ~0x0c;
      kept.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      kept.push(webp.subarray(offset, Math.min(end, webp.length)));
    }
    offset = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.from(webp.subarray(0, 12));
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}
