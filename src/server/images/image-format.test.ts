import { describe, expect, it } from 'vitest';
import { gif, html, jpeg, png, svg, webp } from '#tests/fixtures/images.ts';
import { rawFormatOfTiff, sniffImageFormat } from './image-format.ts';

describe('sniffImageFormat', () => {
  it('knows the four accepted formats by their first bytes', async () => {
    expect(sniffImageFormat(await jpeg())).toBe('jpeg');
    expect(sniffImageFormat(await png())).toBe('png');
    expect(sniffImageFormat(await gif())).toBe('gif');
    expect(sniffImageFormat(await webp())).toBe('webp');
  });

  it('tells SVG apart, with or without an XML prologue, a BOM or leading space', () => {
    expect(sniffImageFormat(svg())).toBe('svg');
    expect(sniffImageFormat(Buffer.from('\uFEFF  <?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffImageFormat(Buffer.from('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">'))).toBe('svg');
  });

  it('knows nothing else, whatever the name or type it came with', () => {
    expect(sniffImageFormat(html())).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
    expect(sniffImageFormat(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });

  it('tells a HEIC from its ftyp brands, and leaves AVIF out', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const brands = [major, '\0\0\0\0', ...compatible].join('');
      const box = Buffer.alloc(8 + brands.length);
      box.writeUInt32BE(box.length, 0);
      box.write(`ftyp${brands}`, 4, 'latin1');
      return box;
    };
    expect(sniffImageFormat(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImageFormat(ftyp('heix', 'mif1'))).toBe('heic');
    expect(sniffImageFormat(ftyp('mif1', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImageFormat(ftyp('avif', 'mif1', 'miaf'))).toBeNull();
    expect(sniffImageFormat(ftyp('mif1', 'avif', 'miaf'))).toBeNull();
    expect(sniffImageFormat(ftyp('crx ', 'crx ', 'isom'))).toBe('cr3');
    expect(sniffImageFormat(ftyp('isom', 'mp41'))).toBe('mp4'); // a video, which the upload takes too
  });

  it('knows the RAW formats by their signatures, and a plain TIFF by its first directory', () => {
    expect(sniffImageFormat(Buffer.from('FUJIFILMCCD-RAW 0201FF383501'))).toBe('raf');
    expect(sniffImageFormat(Buffer.from('IIRO\x08\0\0\0', 'latin1'))).toBe('orf');
    expect(sniffImageFormat(Buffer.from('II*\0\x10\0\0\0CR\x02\0', 'latin1'))).toBe('cr2');
    expect(sniffImageFormat(Buffer.from([0x49, 0x49, 0x2a, 0x00]))).toBe('tiff');
    const tiff = (entries: Array<[number, number, number, number | string]>) => {
      const file = Buffer.alloc(256);
      file.write('II*\0', 0, 'latin1');
      file.writeUInt32LE(8, 4);
      file.writeUInt16LE(entries.length, 8);
      entries.forEach(([tag, type, count, value], index) => {
        const at = 10 + index * 12;
        file.writeUInt16LE(tag, at);
        file.writeUInt16LE(type, at + 2);
        file.writeUInt32LE(count, at + 4);
        if (typeof value === 'string') {
          file.write(value, 200, 'latin1');
          file.writeUInt32LE(200, at + 8);
        } else file.writeUInt32LE(value, at + 8);
      });
      return file;
    };
    expect(rawFormatOfTiff(tiff([[0xc612, 1, 4, 0x00000401]]))).toBe('dng');
    expect(rawFormatOfTiff(tiff([[0x010f, 2, 18, 'NIKON CORPORATION\0']]))).toBe('nef');
    expect(rawFormatOfTiff(tiff([[0x010f, 2, 5, 'SONY\0']]))).toBe('arw');
    expect(rawFormatOfTiff(tiff([[0x010f, 2, 6, 'Epson\0']]))).toBeNull(); // a scan
    expect(rawFormatOfTiff(tiff([]))).toBeNull();
  });
});
