import { describe, expect, it } from 'vitest';
import { titleFromFileName } from './upload.service.ts';

describe('titleFromFileName', () => {
  it('drops folders and the extension', () => {
    expect(titleFromFileName('Harbour at dusk.jpg')).toBe('Harbour at dusk');
    expect(titleFromFileName('../../etc/x.jpg')).toBe('x');
    expect(titleFromFileName('C:\\Users\\me\\IMG_0001.JPEG')).toBe('IMG_0001');
    expect(titleFromFileName('archive.tar.gz')).toBe('archive.tar');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
  });

  it('removes control characters and direction overrides, and squeezes spaces', () => {
    expect(titleFromFileName('a\u0000b\tc\u202Ed\u2066e.png')).toBe('a b c d e');
    expect(titleFromFileName('  spaced   out  .png')).toBe('spaced out');
  });

  it('falls back to Untitled and caps the length at 255 characters', () => {
    expect(titleFromFileName('.jpg')).toBe('.jpg');
    expect(titleFromFileName('   .jpg')).toBe('Untitled');
    expect(titleFromFileName('')).toBe('Untitled');
    expect([...titleFromFileName(`${'é'.repeat(300)}.jpg`)]).toHaveLength(255);
    expect(titleFromFileName(`${'📷'.repeat(300)}.jpg`)).toBe('📷'.repeat(255));
  });
});
