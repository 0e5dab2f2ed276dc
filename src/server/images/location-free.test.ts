import exifr from 'exifr';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAMERA_MARKER, GPS_MARKER, gif, jpeg, png } from '#tests/fixtures/images.ts';
import { withoutLocation } from './location-free.ts';

/** Streams the bytes in small pieces, so the head is found across chunk boundaries. */
const inPieces = (bytes: Buffer, size = 97) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) => bytes.subarray(index * size, (index + 1) * size)));

const clean = async (format: 'jpeg' | 'png' | 'webp' | 'gif', bytes: Buffer) => buffer(withoutLocation(format, inPieces(bytes)));

/** The entropy-coded data: everything from the first SOS on. */
const scanOf = (bytes: Buffer) => bytes.subarray(bytes.indexOf(Buffer.from([0xff, 0xda])));

const PLACE_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.48N" exif:GPSLongitude="2,17.67E"/>' +
  '</rdf:RDF></x:xmpmeta>';
const RIGHTS_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:rights>Jo Example</dc:rights></rdf:Description>' +
  '</rdf:RDF></x:xmpmeta>';

describe('an original without its location', () => {
  it('JPEG: loses its GPS and keeps its other EXIF and every byte of its image data', async () => {
    const original = await jpeg({ gps: true, orientation: 6 });
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.any(Number) });

    const cleaned = await clean('jpeg', original);
    expect(await exifr.gps(cleaned)).toBeUndefined();
    expect(cleaned.includes(GPS_MARKER)).toBe(false);
    const tags = await exifr.parse(cleaned, { gps: true, translateValues: false });
    expect(tags).toMatchObject({ Make: CAMERA_MARKER, Orientation: 6 });
    expect(Object.keys(tags as object).filter((key) => /GPS|latitude|longitude/i.test(key))).toEqual([]);
    // The same length (the GPS IFD is zeroed in place), the same compressed pixels.
    expect(cleaned.length).toBe(original.length);
    expect(scanOf(cleaned).equals(scanOf(original))).toBe(true);
    const [before, after] = await Promise.all([sharp(original).raw().toBuffer(), sharp(cleaned).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  });

  it('JPEG: drops an XMP packet that names a place, keeps one that does not', async () => {
    const base = sharp(await jpeg()).jpeg({ quality: 90 });
    const placed = await base.clone().withXmp(PLACE_XMP).toBuffer();
    const rights = await base.clone().withXmp(RIGHTS_XMP).toBuffer();

    const cleanedPlaced = await clean('jpeg', placed);
    expect(cleanedPlaced.includes('GPSLatitude')).toBe(false);
    expect(cleanedPlaced.includes('http://ns.adobe.com/xap/1.0/')).toBe(false);
    expect(scanOf(cleanedPlaced).equals(scanOf(placed))).toBe(true);

    const cleanedRights = await clean('jpeg', rights);
    expect(cleanedRights.equals(rights)).toBe(true);
  });

  it('JPEG without GPS passes unchanged', async () => {
    const original = await jpeg();
    expect((await clean('jpeg', original)).equals(original)).toBe(true);
  });

  it('refuses what is not a JPEG rather than pass it on', async () => {
    await expect(clean('jpeg', Buffer.from('not an image at all'))).rejects.toThrow(/Not a JPEG/);
  });

  it('PNG and WebP: lose their EXIF and XMP chunks, keep their pixels', async () => {
    const exif = { IFD0: { Make: CAMERA_MARKER }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1', GPSMapDatum: GPS_MARKER } };
    const drawn = sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04030' } });
    for (const format of ['png', 'webp'] as const) {
      const original = await drawn.clone()[format]({ lossless: true }).withExif(exif).withXmp(PLACE_XMP).toBuffer();
      expect(original.includes(GPS_MARKER), format).toBe(true);
      const cleaned = await clean(format, original);
      expect(cleaned.includes(GPS_MARKER), format).toBe(false);
      expect(cleaned.includes('GPSLatitude'), format).toBe(false);
      const [before, after] = await Promise.all([sharp(original).raw().toBuffer(), sharp(cleaned).raw().toBuffer()]);
      expect(after.equals(before), format).toBe(true);
      expect((await sharp(cleaned).metadata()).format).toBe(format);
    }
  });

  // The files below carry a location the ways other tools write it, built here byte by byte.

  it('JPEG with further images (MPF): sends the first image only, without the others and their GPS', async () => {
    for (const progressive of [false, true]) {
      const first = await sharp(await jpeg()).jpeg({ quality: 90, progressive }).toBuffer();
      // A phone's second image (a preview, a depth map) after the first one's end, with its own EXIF.
      const second = await jpeg({ gps: true, width: 160, height: 120 });
      const multiPicture = Buffer.concat([first.subarray(0, 2), mpfSegment(first.length + 14, second.length), first.subarray(2), second]);
      expect(multiPicture.includes(GPS_MARKER)).toBe(true);

      for (const pieceSize of [1, 97, 65536]) {
        const cleaned = await buffer(withoutLocation('jpeg', inPieces(multiPicture, pieceSize)));
        expect(cleaned.includes(GPS_MARKER), `progressive ${progressive}, pieces of ${pieceSize}`).toBe(false);
        expect(cleaned.includes('MPF\0'), 'the index of the dropped images').toBe(false);
        expect(cleaned.equals(first), `progressive ${progressive}, pieces of ${pieceSize}`).toBe(true);
      }
    }
  });

  it('PNG: drops the text chunks that hold EXIF (ImageMagick raw profiles) or name a place, keeps the rest', async () => {
    const original = await png({ width: 64, height: 48 });
    const exif = exifOf(await jpeg({ gps: true }));
    const rawProfile = (name: string) => `\n${name}\n${String(exif.length).padStart(8)}\n${exif.toString('hex').replace(/(.{72})/g, '$1\n')}\n`;
    const chunks = [
      pngChunk('zTXt', Buffer.concat([Buffer.from('Raw profile type exif\0\0', 'latin1'), zlib.deflateSync(rawProfile('exif'))])),
      pngChunk('tEXt', Buffer.from(`Raw profile type APP1\0${rawProfile('APP1')}`, 'latin1')),
      pngChunk('tEXt', Buffer.from('exif:GPSLatitude\x0048/1, 51/1, 29/1', 'latin1')),
      pngChunk('iTXt', Buffer.concat([Buffer.from('Comment\0\x01\0\0\0', 'latin1'), zlib.deflateSync('Taken at GPS 48.858 N, 2.294 E')])),
      pngChunk('tEXt', Buffer.from('Software\0Atelier test', 'latin1')),
    ];
    const carrying = Buffer.concat([original.subarray(0, 33), ...chunks, original.subarray(33)]);
    expect(carrying.includes(Buffer.from(GPS_MARKER).toString('hex'))).toBe(true);

    const cleaned = await clean('png', carrying);
    expect(pngTextKeywords(cleaned)).toEqual(['Software']);
    expect(cleaned.equals(Buffer.concat([original.subarray(0, 33), chunks.at(-1)!, original.subarray(33)]))).toBe(true);
    const [before, after] = await Promise.all([sharp(original).raw().toBuffer(), sharp(cleaned).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  });

  it('GIF: drops an XMP block and a comment that names a place, keeps its image blocks', async () => {
    const original = await gif({ width: 64, height: 48 });
    const afterTables = 13 + (original[10]! & 0x80 ? 3 * (1 << ((original[10]! & 0x07) + 1)) : 0);
    // XMP in a GIF: an application block whose "sub-blocks" are the packet, then a 258-byte magic trailer.
    const magicTrailer = Buffer.from([0x01, ...Array.from({ length: 256 }, (_, index) => 0xff - index), 0x00]);
    const xmpBlock = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('XMP DataXMP' + PLACE_XMP, 'utf8'), magicTrailer]);
    const comment = Buffer.from('Location: 48.858 N, 2.294 E');
    const commentBlock = Buffer.concat([Buffer.from([0x21, 0xfe, comment.length]), comment, Buffer.from([0])]);
    const carrying = Buffer.concat([original.subarray(0, afterTables), xmpBlock, commentBlock, original.subarray(afterTables), Buffer.from('after the trailer GPS')]);
    expect((await sharp(carrying).metadata()).format).toBe('gif');

    const cleaned = await clean('gif', carrying);
    expect(cleaned.includes('GPSLatitude')).toBe(false);
    expect(cleaned.includes('48.858')).toBe(false);
    expect(cleaned.includes('after the trailer')).toBe(false);
    expect(cleaned.equals(original)).toBe(true);
  });

  it('every kind the upload accepts has its own cleaning', async () => {
    const plain = { jpeg: await jpeg(), png: await png(), gif: await gif(), webp: await sharp(await png()).webp().toBuffer() };
    for (const [format, bytes] of Object.entries(plain) as Array<[keyof typeof plain, Buffer]>) {
      // A file of another kind is refused, so no kind passes unread.
      const other = format === 'gif' ? plain.png : plain.gif;
      await expect(clean(format, other), format).rejects.toThrow();
      expect((await clean(format, bytes)).equals(bytes), format).toBe(true);
    }
  });
});

/** An MPF APP2 segment: a little-endian MP index naming the second image at `offset`. */
function mpfSegment(offset: number, size: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 32);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  // MPEntry: two 16-byte entries, after the IFD.
  tiff.writeUInt16LE(0xb002, 10);
  tiff.writeUInt16LE(7, 12);
  tiff.writeUInt32LE(32, 14);
  tiff.writeUInt32LE(26, 18);
  tiff.writeUInt32LE(size, 26 + 16 + 4);
  tiff.writeUInt32LE(offset, 26 + 16 + 8);
  const payload = Buffer.concat([Buffer.from('MPF\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe2, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** The EXIF block of a JPEG (from "Exif\0\0" on), as ImageMagick keeps it in a raw profile. */
function exifOf(jpegBytes: Buffer): Buffer {
  const start = jpegBytes.indexOf('Exif\0\0');
  return jpegBytes.subarray(start, start - 4 + jpegBytes.readUInt16BE(start - 2) + 2);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function pngTextKeywords(bytes: Buffer): string[] {
  const keywords: string[] = [];
  for (let offset = 8; offset + 12 <= bytes.length; offset += 12 + bytes.readUInt32BE(offset)) {
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (['tEXt', 'zTXt', 'iTXt', 'eXIf'].includes(type)) keywords.push(bytes.toString('latin1', offset + 8, bytes.indexOf(0, offset + 8)));
  }
  return keywords;
}
