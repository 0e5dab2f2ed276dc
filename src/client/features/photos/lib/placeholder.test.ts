import { rgbaToThumbHash, thumbHashToAverageRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { placeholderColor } from './placeholder.ts';

/** A small picture of random blocks of colour, some of it see-through when `alpha`. */
function picture(seed: number, alpha: boolean) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const [width, height] = [16 + Math.floor(random() * 48), 16 + Math.floor(random() * 48)];
  const rgba = new Uint8Array(width * height * 4);
  const colour = () => [random() * 255, random() * 255, random() * 255, alpha ? random() * 255 : 255];
  let block = colour();
  for (let index = 0; index < width * height; index++) {
    if (index % 37 === 0) block = colour();
    rgba.set(block, index * 4);
  }
  return rgbaToThumbHash(width, height, rgba);
}

describe('placeholderColor', () => {
  it('reads the average colour as the thumbhash library does, without loading it', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const bytes = picture(seed, seed % 2 === 0);
      const { r, g, b } = thumbHashToAverageRGBA(bytes);
      const hash = btoa(String.fromCharCode(...bytes));
      const channel = (value: number) => Math.round(value * 255);
      expect(placeholderColor(hash)).toBe(`rgb(${channel(r)} ${channel(g)} ${channel(b)})`);
    }
  });

  it('has no colour for a missing or damaged hash', () => {
    expect(placeholderColor(null)).toBeUndefined();
    expect(placeholderColor('not base64!')).toBeUndefined();
    expect(placeholderColor('AAA=')).toBeUndefined();
  });
});
