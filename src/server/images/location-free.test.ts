import exifr from 'exifr';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAMERA_MARKER, GPS_MARKER, jpeg } from '#tests/fixtures/images.ts';
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
});
