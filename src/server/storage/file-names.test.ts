import { describe, expect, it } from 'vitest';
import { VARIANT_WIDTHS } from '#contract/image-sizes.ts';
import {
  bannerFileName,
  contentTypeOf,
  isBannerFileName,
  isServedFileName,
  isWatermarkLogoFileName,
  newFileKey,
  photoFileNames,
  watermarkLogoFileName,
} from './file-names.ts';

describe('stored file names', () => {
  const key = newFileKey();

  it('serves every name the builders make, with the type its extension says', () => {
    const names = [
      photoFileNames.display(key, 'jpeg'),
      photoFileNames.display(key, 'webp'),
      photoFileNames.thumbnail(key),
      ...VARIANT_WIDTHS.map((width) => photoFileNames.variant(key, width)),
      bannerFileName(key),
      watermarkLogoFileName(key),
    ];
    for (const name of names) expect(isServedFileName(name), name).toBe(true);
    expect(contentTypeOf(photoFileNames.display(key, 'jpeg'))).toBe('image/jpeg');
    expect(contentTypeOf(photoFileNames.thumbnail(key))).toBe('image/webp');
    expect(isBannerFileName(bannerFileName(key))).toBe(true);
    expect(isWatermarkLogoFileName(watermarkLogoFileName(key))).toBe(true);
    expect(isBannerFileName(watermarkLogoFileName(key))).toBe(false);
  });

  it('serves no other shape: not an original, not a crafted name', () => {
    for (const name of [
      photoFileNames.original(key, 'jpg'),
      `${key}.png`,
      `${key}-w1.webp`,
      `${key}-thumb.jpg.exe`,
      `../${key}.jpg`,
      `${key.toUpperCase()}.jpg`,
      `${key}xjpg`,
      `banner-${key}-thumb.webp`.replace('-thumb', '-w99999'),
    ]) {
      expect(isServedFileName(name), name).toBe(false);
    }
    expect(contentTypeOf(`${key}.png`)).toBe('application/octet-stream');
  });
});
