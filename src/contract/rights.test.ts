import { describe, expect, it } from 'vitest';
import { AltTextField, effectiveRights, LicenseField, licenseLabel, licenseUrl } from './rights.ts';

describe('rights', () => {
  it('accepts the named licences and https links, and nothing else', () => {
    expect(LicenseField.parse('cc-by-nc-sa')).toBe('cc-by-nc-sa');
    expect(LicenseField.parse(' https://example.com/terms ')).toBe('https://example.com/terms');
    expect(LicenseField.parse('')).toBeNull();
    expect(LicenseField.parse(null)).toBeNull();
    expect(LicenseField.parse(undefined)).toBeUndefined();
    for (const bad of ['cc-by-4.0', 'http://example.com/terms', 'https://localhost/terms', 'mailto:a@b.c']) {
      expect(LicenseField.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('counts alt text in characters, up to 250', () => {
    expect(AltTextField.parse('é'.repeat(250))).toHaveLength(250);
    expect(AltTextField.safeParse('x'.repeat(251)).error?.issues[0]?.message).toBe('Alt text must be at most 250 characters');
  });

  it("takes each of the photo's own rights, else the category's", () => {
    expect(
      effectiveRights({ license: null, credit: 'Ada', copyright: null }, { license: 'cc0', credit: 'Studio', copyright: '© Studio' }),
    ).toEqual({ license: 'cc0', credit: 'Ada', copyright: '© Studio' });
    expect(effectiveRights({ license: null, credit: null, copyright: null }, null)).toEqual({ license: null, credit: null, copyright: null });
  });

  it('names the terms of each licence', () => {
    expect(licenseUrl('cc-by-nc-nd')).toBe('https://creativecommons.org/licenses/by-nc-nd/4.0/');
    expect(licenseUrl('cc0')).toBe('https://creativecommons.org/publicdomain/zero/1.0/');
    expect(licenseUrl('all-rights-reserved')).toBeNull();
    expect(licenseUrl('https://example.com/terms')).toBe('https://example.com/terms');
    expect(licenseLabel('cc-by-sa')).toBe('CC BY-SA 4.0');
  });
});
