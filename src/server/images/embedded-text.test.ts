import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpeg } from '#tests/fixtures/images.ts';
import { IPTC, withIptc, withXmp } from '#tests/fixtures/embedded-metadata.ts';
import { jpegMetadataHead, readEmbeddedText, type EmbeddedTextLimits } from './embedded-text.ts';

const LIMITS: EmbeddedTextLimits = { title: 255, description: 5000, altText: 250, credit: 200, copyright: 300 };
const SAMPLE = new URL('../../../tests/fixtures/embedded-text/us-army-10th-mountain-afghanistan.jpg', import.meta.url);

describe('readEmbeddedText', () => {
  it('reads what Lightroom writes in XMP: title, caption, alt text, credit, copyright', async () => {
    const file = withXmp(await jpeg({ width: 64, height: 48 }), {
      title: 'Fog over the Tagus',
      description: 'Morning fog over the river.\nShot from the Cristo Rei.',
      altText: 'A river under fog, a bridge’s towers rising out of it',
      creator: ['Ana Lima'],
      credit: 'Ana Lima / Atelier',
      rights: '© 2024 Ana Lima',
      keywords: ['fog', 'Lisbon'],
      preservedFileName: 'DSC01234.ARW',
    });
    expect(await readEmbeddedText(file, LIMITS)).toEqual({
      title: 'Fog over the Tagus',
      description: 'Morning fog over the river.\nShot from the Cristo Rei.',
      altText: 'A river under fog, a bridge’s towers rising out of it',
      credit: 'Ana Lima / Atelier',
      copyright: '© 2024 Ana Lima',
      preservedFileName: 'DSC01234.ARW',
    });
  });

  it('reads IPTC-IIM when there is no XMP, in UTF-8, the creator as the credit when no credit line is given', async () => {
    const file = withIptc(await jpeg({ width: 64, height: 48 }), [
      [IPTC.objectName, 'Café at dusk'],
      [IPTC.caption, 'The last customers of the Café Brasileira.'],
      [IPTC.byline, 'João Reis'],
      [IPTC.copyright, '© João Reis'],
      [IPTC.keywords, 'café'],
    ]);
    expect(await readEmbeddedText(file, LIMITS)).toMatchObject({
      title: 'Café at dusk',
      description: 'The last customers of the Café Brasileira.',
      altText: null,
      credit: 'João Reis',
      copyright: '© João Reis',
    });
  });

  it('prefers XMP to IPTC, and takes the headline when there is no title', async () => {
    const file = withXmp(withIptc(await jpeg({ width: 64, height: 48 }), [[IPTC.headline, 'Headline'], [IPTC.caption, 'Old caption']]), {
      description: 'New caption',
    });
    expect(await readEmbeddedText(file, LIMITS)).toMatchObject({ title: 'Headline', description: 'New caption' });
  });

  it('cuts absurdly long text to the limits and turns control characters into spaces, keeping the caption’s lines', async () => {
    const file = withXmp(await jpeg({ width: 64, height: 48 }), {
      title: `A\u0007title\u202e with\tcontrols ${'x'.repeat(400)}`,
      description: `First line\r\nsecond\u0000line\n\n\n\nthird ${'y'.repeat(6000)}`,
      credit: 'c'.repeat(500),
    });
    const text = await readEmbeddedText(file, LIMITS);
    expect(text.title!.startsWith('A title with controls xxx')).toBe(true);
    expect([...text.title!]).toHaveLength(255);
    expect(text.description!.startsWith('First line\nsecond line\n\nthird yyy')).toBe(true);
    expect([...text.description!]).toHaveLength(5000);
    expect(text.credit).toHaveLength(200);
  });

  it('gives nothing for a file without text, and for one that is not an image', async () => {
    const empty = { title: null, description: null, altText: null, credit: null, copyright: null, preservedFileName: null };
    expect(await readEmbeddedText(await jpeg({ width: 64, height: 48 }), LIMITS)).toEqual(empty);
    expect(await readEmbeddedText(Buffer.from('not an image'), LIMITS)).toEqual(empty);
  });

  it('reads the public sample set’s captioned JPEG (Photoshop’s XMP)', async () => {
    const text = await readEmbeddedText(fs.readFileSync(SAMPLE), LIMITS);
    expect(text.title).toBe('030904-A-2140D-006');
    expect(text.description).toMatch(/^Operation Mountain Viper put the soldiers of A Company/);
    expect(text.credit).toBe('HHC 1ST BCT, 10TH MOUNTAIN');
    expect(text.copyright).toBeNull();
  });
});

describe('jpegMetadataHead', () => {
  it('reads a JPEG from a path only up to its image data, and finds the same text there as in the whole file', async () => {
    const whole = withIptc(
      withXmp(await jpeg({ width: 1600, height: 1200 }), { title: 'Harbour', description: 'Boats at rest.', credit: 'Ana Lima' }),
      [[IPTC.objectName, 'Harbour (IPTC)']],
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-head-'));
    try {
      const file = path.join(dir, 'harbour.jpg');
      fs.writeFileSync(file, whole);
      const head = await jpegMetadataHead(file);
      expect(head).not.toBeNull();
      // Every segment before the image data, and nothing of the image data itself.
      expect(head!.length).toBeLessThan(whole.length / 4);
      expect(whole.subarray(head!.length, head!.length + 2)).toEqual(Buffer.from([0xff, 0xda]));
      expect(await readEmbeddedText(file, LIMITS)).toEqual(await readEmbeddedText(whole, LIMITS));
      expect((await readEmbeddedText(file, LIMITS)).title).toBe('Harbour');
      // Another kind of file is read whole, as before.
      const png = path.join(dir, 'tile.png');
      fs.writeFileSync(png, await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer());
      expect(await jpegMetadataHead(png)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
