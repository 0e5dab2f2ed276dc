import { describe, expect, it } from 'vitest';
import { attachmentHeader } from './attachment.ts';

describe('attachmentHeader', () => {
  it('names the file twice: as ASCII, and whole in UTF-8', () => {
    expect(attachmentHeader('Rings close.jpg')).toBe(`attachment; filename="Rings close.jpg"; filename*=UTF-8''Rings%20close.jpg`);
    expect(attachmentHeader('Café Zoë.zip')).toBe(`attachment; filename="Cafe Zoe.zip"; filename*=UTF-8''Caf%C3%A9%20Zo%C3%AB.zip`);
  });

  it('keeps quotes, backslashes and percent signs out of the quoted name', () => {
    expect(attachmentHeader('a"b\\c%d.csv')).toBe(`attachment; filename="a_b_c_d.csv"; filename*=UTF-8''a%22b%5Cc%25d.csv`);
  });

  it('falls back to "download" when nothing of the name is ASCII', () => {
    expect(attachmentHeader('写真')).toBe(`attachment; filename="download"; filename*=UTF-8''%E5%86%99%E7%9C%9F`);
  });
});
