import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rightsXmp, withXmpSegment } from './xmp.ts';

const rights = { credit: 'Ada & "Co" <x>', copyright: '© Ada', licenseUrl: 'https://example.com/t?a=1&b=2', licenseName: 'Custom' };

describe('rights in XMP', () => {
  it('writes nothing without rights, and escapes what the owner typed', () => {
    expect(rightsXmp(null)).toBeNull();
    expect(rightsXmp({ credit: null, copyright: null, licenseUrl: null, licenseName: null })).toBeNull();
    const xmp = rightsXmp(rights)!;
    expect(xmp).toContain('<photoshop:Credit>Ada &amp; &quot;Co&quot; &lt;x&gt;</photoshop:Credit>');
    expect(xmp).toContain('rdf:resource="https://example.com/t?a=1&amp;b=2"');
  });

  it('adds one XMP segment to a JPEG that sharp then reads, and never a second one', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    const tagged = withXmpSegment(jpeg, rightsXmp(rights)!);
    expect(tagged.length).toBeGreaterThan(jpeg.length);
    const meta = await sharp(tagged).metadata();
    expect(meta.xmp?.toString('utf8')).toContain('<xmpRights:UsageTerms>');
    expect(meta.width).toBe(8);
    expect(withXmpSegment(tagged, rightsXmp(rights)!)).toBe(tagged);
  });
});
