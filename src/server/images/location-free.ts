import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { inflateSync } from 'node:zlib';
import type { CameraFormat, ImageFormat } from './image-format.ts';

/**
 * An uploaded original without its location data, for a gallery's downloads, never
 * re-encoded: its pixels are the uploaded bytes.
 *
 * - JPEG, streamed: the segments before the first scan are held (at most HEAD_LIMIT), then the
 *   rest passes through as it comes, up to the first image's end (EOI): what follows it (the
 *   further images of an MPF file, with their own EXIF and GPS; any trailer) is not sent, nor is
 *   the MPF segment that points to them. In each EXIF block the GPS IFD is emptied (its entries and
 *   values overwritten with zeros) and its pointer removed from IFD0, in place, so no other
 *   offset moves and every other tag (camera, lens, time, orientation) is kept. An XMP packet
 *   that names a place (GPS, city, location…) is dropped with every other XMP segment of the
 *   file, as is an IPTC block (APP13) with a place in it. An EXIF block too damaged to read is
 *   dropped whole: what cannot be read cannot be proven free of a location.
 * - PNG and WebP, read whole (one file at a time, at most the upload limit): their EXIF and XMP
 *   chunks are dropped whole; the image data is untouched. A PNG's text chunks are dropped too
 *   when they hold a "Raw profile type …" (ImageMagick's way of keeping EXIF, XMP or IPTC in a
 *   PNG), or when their keyword or text names a place, or when a compressed one cannot be read.
 * - GIF, read whole: an XMP application block is dropped, as is any other application or
 *   comment block that names a place; the image blocks are untouched, nothing after the trailer
 *   is sent.
 */

/** The most a JPEG's segments before its first scan may take; a larger head is refused. */
const HEAD_LIMIT = 16 * 1024 * 1024;

const XMP_SIGNATURE = 'http://ns.adobe.com/xap/1.0/\0';
const XMP_EXTENSION_SIGNATURE = 'http://ns.adobe.com/xmp/extension/\0';
const EXIF_SIGNATURE = 'Exif\0\0';
const PHOTOSHOP_SIGNATURE = 'Photoshop 3.0\0';
const MPF_SIGNATURE = 'MPF\0';
/** The most a PNG text chunk may inflate to before it is dropped unread. */
const TEXT_INFLATE_LIMIT = 4 * 1024 * 1024;
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
  const clean = { png: pngWithoutMetadata, webp: webpWithoutMetadata, gif: gifWithoutLocation }[format];
  return Readable.from(
    (async function* () {
      yield clean(await readAll(source));
    })(),
  );
}

/** Holds a JPEG's head up to its first scan, cleans it, then lets the rest through. */
class JpegLocationFilter extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private passing = false;
  private readonly tail = new JpegEnd();

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.passing) return done(null, this.tail.upToEnd(chunk));
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
      done(null, this.tail.upToEnd(head.subarray(scan)));
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

/**
 * Follows a JPEG from its first scan on, chunk by chunk, and cuts it after the first EOI: markers
 * are looked for in the entropy-coded data (where a 0xFF byte is always followed by 0x00, a
 * restart marker or a fill byte), the segments between scans are skipped by their length.
 */
class JpegEnd {
  private state: 'scan' | 'marker' | 'length-high' | 'length-low' | 'skip' | 'ended' = 'scan';
  private lengthHigh = 0;
  private remaining = 0;

  upToEnd(chunk: Buffer): Buffer {
    let at = 0;
    while (at < chunk.length) {
      switch (this.state) {
        case 'ended':
          return chunk.subarray(0, 0);
        case 'scan': {
          const next = chunk.indexOf(0xff, at);
          if (next < 0) return chunk;
          at = next + 1;
          this.state = 'marker';
          break;
        }
        case 'marker': {
          const marker = chunk[at++]!;
          if (marker === 0xff) break; // a fill byte
          if (marker === 0xd9) {
            this.state = 'ended';
            return chunk.subarray(0, at);
          }
          this.state = marker === 0x00 || isStandalone(marker) ? 'scan' : 'length-high';
          break;
        }
        case 'length-high':
          this.lengthHigh = chunk[at++]!;
          this.state = 'length-low';
          break;
        case 'length-low':
          this.remaining = this.lengthHigh * 256 + chunk[at++]! - 2;
          this.state = this.remaining > 0 ? 'skip' : 'scan';
          break;
        case 'skip': {
          const skipped = Math.min(this.remaining, chunk.length - at);
          at += skipped;
          this.remaining -= skipped;
          if (this.remaining === 0) this.state = 'scan';
          break;
        }
      }
    }
    return this.state === 'ended' ? chunk.subarray(0, 0) : chunk;
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
    } else if (segment.marker === 0xe2 && payloadStarts(segment.bytes, MPF_SIGNATURE)) {
      // The index of the images after the first, which are not sent.
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
  return tiffWithoutGps(copy.subarray(4 + EXIF_SIGNATURE.length)) ? copy : null;
}

/** TIFF's 42, and Olympus' own two (ORF: IIRO, IIRS). */
const TIFF_MAGICS = new Set([42, 0x4f52, 0x5352]);
const XMP_TAG = 0x02bc;

/**
 * Empties and unlinks the GPS IFD of a TIFF structure (an EXIF block, a whole TIFF-based RAW), in
 * place: every other offset stays where it was. An XMP packet in IFD0 (DNG's) that names a place
 * is overwritten with spaces. False when the structure cannot be read.
 */
function tiffWithoutGps(tiff: Buffer): boolean {
  try {
    const order = tiff.toString('latin1', 0, 2);
    if (order !== 'II' && order !== 'MM') return false;
    const little = order === 'II';
    const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
    const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
    const setU16 = (at: number, value: number) => (little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at));
    if (!TIFF_MAGICS.has(u16(2))) return false;
    // IFD0, then IFD1 (the thumbnail's): a GPS pointer is looked for in both.
    let ifd = u32(4);
    for (let depth = 0; ifd !== 0 && depth < 2; depth++) {
      const count = u16(ifd);
      const entriesEnd = ifd + 2 + count * 12;
      if (entriesEnd + 4 > tiff.length) return false;
      for (let index = 0; index < u16(ifd); ) {
        const entry = ifd + 2 + index * 12;
        if (u16(entry) === XMP_TAG) {
          const size = u32(entry + 4);
          const at = size > 4 ? u32(entry + 8) : entry + 8;
          if (at + size > tiff.length) return false;
          if (XMP_PLACE.test(tiff.toString('utf8', at, at + size))) tiff.fill(0x20, at, at + size);
        }
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
    return true;
  } catch {
    // A read past the end: a damaged block.
    return false;
  }
}

/**
 * A HEIC or RAW original without its location data, in place (no offset of the file moves), or
 * null when this server cannot prove it: the download then gives the display copy instead.
 *
 * - TIFF-based RAW (DNG, NEF, ARW, CR2, ORF): the GPS IFD of IFD0 (or IFD1) emptied and unlinked,
 *   an XMP packet that names a place overwritten with spaces.
 * - HEIC: the same in each Exif item; an XMP item that names a place overwritten with spaces.
 * - CR3 and RAF keep their GPS in structures of their own (Canon's CMT4 box, the embedded JPEG of
 *   a RAF): null, so their downloads are the display copy.
 */
export function cameraFileWithoutLocation(format: CameraFormat, bytes: Buffer): Buffer | null {
  if (format === 'cr3' || format === 'raf') return null;
  const copy = Buffer.from(bytes);
  if (format !== 'heic') return tiffWithoutGps(copy) ? copy : null;
  return heifWithoutLocation(copy) ? copy : null;
}

interface Box {
  type: string;
  /** Where its content starts (after the header), and where the box ends. */
  start: number;
  end: number;
}

/** The boxes between `from` and `to`; throws on a size that does not fit. */
function boxesIn(bytes: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw new LocationDataError('Damaged HEIF box');
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/** Cleans the Exif and XMP items of a HEIF in place; false when its items cannot be read. */
function heifWithoutLocation(bytes: Buffer): boolean {
  try {
    const meta = boxesIn(bytes, 0, bytes.length).find((box) => box.type === 'meta');
    if (!meta) return true; // no metadata at all
    const children = boxesIn(bytes, meta.start + 4, meta.end);
    const iinf = children.find((box) => box.type === 'iinf');
    const iloc = children.find((box) => box.type === 'iloc');
    if (!iinf || !iloc) return true;
    const kinds = itemKinds(bytes, iinf);
    for (const [id, location] of itemLocations(bytes, iloc)) {
      const kind = kinds.get(id);
      if (!kind) continue;
      if (!location) return false; // stored in a way this does not read: not proven clean
      const data = bytes.subarray(location.offset, location.offset + location.length);
      if (location.offset + location.length > bytes.length) return false;
      if (kind === 'exif') {
        const tiffAt = 4 + data.readUInt32BE(0);
        if (!tiffWithoutGps(data.subarray(tiffAt))) return false;
      } else if (XMP_PLACE.test(data.toString('utf8'))) data.fill(0x20);
    }
    return true;
  } catch {
    return false;
  }
}

/** The items that may hold a location: Exif, and XMP (a mime item of type application/rdf+xml). */
function itemKinds(bytes: Buffer, iinf: Box): Map<number, 'exif' | 'xmp'> {
  const version = bytes[iinf.start]!;
  const first = iinf.start + 4 + (version === 0 ? 2 : 4);
  const kinds = new Map<number, 'exif' | 'xmp'>();
  for (const infe of boxesIn(bytes, first, iinf.end).filter((box) => box.type === 'infe')) {
    const infeVersion = bytes[infe.start]!;
    if (infeVersion < 2) continue; // versions 0 and 1 carry no item type
    const idSize = infeVersion === 2 ? 2 : 4;
    const id = idSize === 2 ? bytes.readUInt16BE(infe.start + 4) : bytes.readUInt32BE(infe.start + 4);
    const typeAt = infe.start + 4 + idSize + 2;
    const type = bytes.toString('latin1', typeAt, typeAt + 4);
    if (type === 'Exif') kinds.set(id, 'exif');
    else if (type === 'mime') {
      const rest = bytes.subarray(typeAt + 4, infe.end);
      const name = rest.subarray(0, Math.max(0, rest.indexOf(0)));
      const contentType = rest.subarray(name.length + 1, rest.indexOf(0, name.length + 1)).toString('latin1');
      if (/xml/i.test(contentType)) kinds.set(id, 'xmp');
    }
  }
  return kinds;
}

/** Each item's one extent in the file; null for one stored another way (several extents, in idat). */
function itemLocations(bytes: Buffer, iloc: Box): Map<number, { offset: number; length: number } | null> {
  const version = bytes[iloc.start]!;
  let at = iloc.start + 4;
  const sizes = bytes.readUInt16BE(at);
  at += 2;
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version === 1 || version === 2 ? sizes & 0xf : 0;
  const read = (size: number) => {
    const value = size === 0 ? 0 : size === 4 ? bytes.readUInt32BE(at) : size === 8 ? Number(bytes.readBigUInt64BE(at)) : Number.NaN;
    if (Number.isNaN(value)) throw new LocationDataError('Unknown iloc field size');
    at += size;
    return value;
  };
  const itemCount = version < 2 ? read2() : read(4);
  function read2() {
    const value = bytes.readUInt16BE(at);
    at += 2;
    return value;
  }
  const locations = new Map<number, { offset: number; length: number } | null>();
  for (let item = 0; item < itemCount; item++) {
    const id = version < 2 ? read2() : read(4);
    const method = version === 1 || version === 2 ? read2() & 0xf : 0;
    read2(); // data reference index
    const base = read(baseOffsetSize);
    const extents = read2();
    const parts: Array<{ offset: number; length: number }> = [];
    for (let extent = 0; extent < extents; extent++) {
      if (indexSize > 0) read(indexSize);
      parts.push({ offset: base + read(offsetSize), length: read(lengthSize) });
    }
    locations.set(id, method === 0 && parts.length === 1 ? parts[0]! : null);
  }
  return locations;
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

/** Whether a PNG text chunk (tEXt, zTXt, iTXt) may hold a location; an unreadable one may. */
function pngTextMayHoldLocation(type: string, data: Buffer): boolean {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 0) return true;
  const keyword = data.toString('latin1', 0, keywordEnd);
  if (keyword === 'XML:com.adobe.xmp' || /^Raw profile type /i.test(keyword) || XMP_PLACE.test(keyword)) return true;
  let text: Buffer;
  try {
    if (type === 'tEXt') text = data.subarray(keywordEnd + 1);
    else if (type === 'zTXt') text = inflateSync(data.subarray(keywordEnd + 2), { maxOutputLength: TEXT_INFLATE_LIMIT });
    else {
      // iTXt: keyword, compression flag and method, language tag, translated keyword, text.
      const compressed = data[keywordEnd + 1] === 1;
      const languageEnd = data.indexOf(0, keywordEnd + 3);
      const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
      if (translatedEnd < 0) return true;
      const body = data.subarray(translatedEnd + 1);
      text = compressed ? inflateSync(body, { maxOutputLength: TEXT_INFLATE_LIMIT }) : body;
      if (XMP_PLACE.test(data.toString('utf8', languageEnd + 1, translatedEnd))) return true;
    }
  } catch {
    return true;
  }
  return XMP_PLACE.test(text.toString('utf8'));
}

/**
 * A PNG without its eXIf chunk and the text chunks that may hold a location (XMP, ImageMagick's
 * raw profiles, any naming a place); every other chunk as it was.
 */
export function pngWithoutMetadata(png: Buffer): Buffer {
  const kept: Buffer[] = [png.subarray(0, 8)];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > png.length) throw new LocationDataError('Damaged PNG chunk');
    const type = png.toString('latin1', offset + 4, offset + 8);
    const isText = type === 'iTXt' || type === 'tEXt' || type === 'zTXt';
    const dropped = type === 'eXIf' || (isText && pngTextMayHoldLocation(type, png.subarray(offset + 8, offset + 8 + length)));
    if (!dropped) kept.push(png.subarray(offset, end));
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

/**
 * A GIF without its XMP block and any other application or comment block that names a place;
 * the header, colour tables and image blocks as they were; nothing after the trailer.
 */
export function gifWithoutLocation(gif: Buffer): Buffer {
  if (gif.length < 13 || !/^GIF8[79]a$/.test(gif.toString('latin1', 0, 6))) throw new LocationDataError('Not a GIF');
  const colourTableSize = (flags: number) => (flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0);
  /** Where a run of sub-blocks starting at `at` ends (after its zero-length terminator). */
  const subBlocksEnd = (at: number) => {
    for (;;) {
      if (at >= gif.length) throw new LocationDataError('Damaged GIF block');
      const size = gif[at]!;
      at += 1 + size;
      if (size === 0) return at;
    }
  };
  let offset = 13 + colourTableSize(gif[10]!);
  const kept: Buffer[] = [gif.subarray(0, offset)];
  while (offset < gif.length) {
    const introducer = gif[offset]!;
    if (introducer === 0x3b) {
      kept.push(gif.subarray(offset, offset + 1));
      break;
    }
    if (introducer === 0x2c) {
      // An image: its descriptor, its local colour table, the LZW code size, its data.
      if (offset + 10 > gif.length) throw new LocationDataError('Damaged GIF block');
      const end = subBlocksEnd(offset + 10 + colourTableSize(gif[offset + 9]!) + 1);
      kept.push(gif.subarray(offset, end));
      offset = end;
      continue;
    }
    if (introducer !== 0x21 || offset + 2 > gif.length) throw new LocationDataError('Damaged GIF block');
    const label = gif[offset + 1]!;
    const end = subBlocksEnd(offset + 2);
    const block = gif.subarray(offset, end);
    const isXmp = label === 0xff && gif.toString('latin1', offset + 3, offset + 14) === 'XMP DataXMP';
    const namesPlace = (label === 0xff || label === 0xfe) && XMP_PLACE.test(block.toString('latin1'));
    if (!isXmp && !namesPlace) kept.push(block);
    offset = end;
  }
  return Buffer.concat(kept);
}
