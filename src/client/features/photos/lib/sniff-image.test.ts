import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CANON_CR3, FUJIFILM_RAF, IPHONE_HEIC, linearDng, NIKON_NEF, SMALL_HEIC } from '#tests/fixtures/camera-files.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { BASIC_FORMATS, isTaken, notAnImage, sniffImage } from './sniff-image.ts';

const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

describe('sniffImage', () => {
  it('knows a phone HEIC and the camera RAWs by their content', async () => {
    expect(await sniffImage(blob(await jpeg()))).toBe('jpeg');
    expect(await sniffImage(blob(fs.readFileSync(IPHONE_HEIC)))).toBe('heic');
    expect(await sniffImage(blob(fs.readFileSync(SMALL_HEIC)))).toBe('heic');
    for (const file of [NIKON_NEF, CANON_CR3, FUJIFILM_RAF]) expect(await sniffImage(blob(fs.readFileSync(file))), file).toBe('raw');
    expect(await sniffImage(blob(linearDng()))).toBe('raw');
  });

  it('leaves out AVIF, video and anything else', async () => {
    const ftyp = (brands: string) => Buffer.concat([Buffer.from([0, 0, 0, 8 + brands.length]), Buffer.from(`ftyp${brands}`, 'latin1')]);
    expect(await sniffImage(blob(ftyp('mif1\0\0\0\0avifmiaf')))).toBeNull();
    expect(await sniffImage(blob(ftyp('isom\0\0\0\0isommp41')))).toBeNull();
    expect(await sniffImage(blob(Buffer.from('%PDF-1.7')))).toBeNull();
  });

  it('takes a HEIC or a RAW only where the server says it does, and says what it takes', () => {
    expect(isTaken('heic', BASIC_FORMATS)).toBe(false);
    expect(isTaken('raw', [...BASIC_FORMATS, 'HEIC', 'RAW'])).toBe(true);
    expect(isTaken('png', BASIC_FORMATS)).toBe(true);
    expect(notAnImage(BASIC_FORMATS)).toBe("Not an image: the file's content is not JPEG, PNG, GIF or WebP");
    expect(notAnImage([...BASIC_FORMATS, 'HEIC', 'RAW'])).toBe("Not an image: the file's content is not JPEG, PNG, GIF, WebP, HEIC or RAW");
  });
});
