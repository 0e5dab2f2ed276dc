import { describe, expect, it } from 'vitest';
import { fileNameStem, isFileNameTitle } from './file-name-titles.ts';

describe('isFileNameTitle', () => {
  it.each([
    'IMG_1234', 'img_1234', 'DSC01234', '_DSC1234', 'DSCF1234', 'DSCN0010', '_MG_1234', 'P1010001', 'PXL_20240501_182210123',
    'PXL_20240501_182210123.MP', 'IMG_20240501_182210', 'IMG-20240501-WA0001', 'DJI_0001', 'GOPR0001', 'GX010001', '20240501_182210',
    '2024-05-01 18.22.10', 'IMG_1234-Edit', 'DSC_0001_2', 'IMG_1234 (1)', 'IMG_1234 copy', 'MVI_0001',
  ])('a camera’s name, %s, is only a file name whatever the upload was called', (title) => {
    expect(isFileNameTitle(title, null)).toBe(true);
    expect(isFileNameTitle(title, 'something-else.jpg')).toBe(true);
  });

  it.each(['Sunset over Lisbon', 'Lisbon', 'Tokyo2019', 'Portrait 12', 'Album 2024', 'P', 'DSC', 'Image 1234'])('%s is a title', (title) => {
    expect(isFileNameTitle(title, null)).toBe(false);
  });

  it('the very name the photo was uploaded under is a file name when it is one word', () => {
    expect(isFileNameTitle('lisbon-fog-003', 'lisbon-fog-003.jpg')).toBe(true);
    expect(isFileNameTitle('Lisbon', 'Lisbon.JPG')).toBe(true);
    // Retitled: the original name no longer matches.
    expect(isFileNameTitle('Lisbon in fog', 'lisbon-fog-003.jpg')).toBe(false);
    // Words with spaces are a title someone wrote, even as a file name.
    expect(isFileNameTitle('Sunset over Lisbon', 'Sunset over Lisbon.jpg')).toBe(false);
    expect(isFileNameTitle('', 'x.jpg')).toBe(false);
  });

  it('the stem drops folders, the last extension and control characters', () => {
    expect(fileNameStem('C:\\shoot\\DSC01234.JPG')).toBe('DSC01234');
    expect(fileNameStem('a/b/PXL_1.MP.jpg')).toBe('PXL_1.MP');
    expect(fileNameStem('.hidden')).toBe('.hidden');
    expect(fileNameStem('bad\u0000\u202ename.jpg')).toBe('bad name');
  });
});
