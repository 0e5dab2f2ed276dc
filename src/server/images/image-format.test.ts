import { describe, expect, it } from 'vitest';
import { gif, html, jpeg, png, svg, webp } from '#tests/fixtures/images.ts';
import { sniffImageFormat } from './image-format.ts';

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
    expect(sniffImageFormat(Buffer.from([0x49, 0x49, 0x2a, 0x00]))).toBeNull(); // TIFF
  });
});
