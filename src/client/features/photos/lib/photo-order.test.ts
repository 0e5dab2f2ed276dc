import { describe, expect, it } from 'vitest';
import { applyPhotoUpdates, moveInto, photosIn, reorderWithin } from './photo-order.ts';
import { makePhoto as photo } from '#tests/fixtures/contract.ts';


describe('reorderWithin', () => {
  const ordered = [photo(1, 7, 0), photo(2, 7, 1), photo(3, 7, 2)];

  it('renumbers every photo of the category from 0 and keeps its category', () => {
    expect(reorderWithin(ordered, 0, 2, 7)).toEqual([
      { id: 2, order: 0, categoryId: 7 },
      { id: 3, order: 1, categoryId: 7 },
      { id: 1, order: 2, categoryId: 7 },
    ]);
  });

  it('does nothing for a drop on the same place or outside the list', () => {
    expect(reorderWithin(ordered, 1, 1, 7)).toBeNull();
    expect(reorderWithin(ordered, 1, 3, 7)).toBeNull();
  });
});

describe('moveInto', () => {
  it('puts the photo first in its new category and the others after it', () => {
    const target = [photo(5, 2, 0), photo(6, 2, 1)];
    expect(moveInto(photo(1, null, 4), target, 2)).toEqual([
      { id: 1, order: 0, categoryId: 2 },
      { id: 5, order: 1, categoryId: 2 },
      { id: 6, order: 2, categoryId: 2 },
    ]);
  });

  it('does nothing when the photo is already there', () => {
    expect(moveInto(photo(1, 2, 0), [photo(1, 2, 0)], 2)).toBeNull();
  });
});

describe('applyPhotoUpdates', () => {
  it('neither loses nor duplicates a photo, whatever the updates', () => {
    const photos = [photo(1, null, 0), photo(2, 3, 0), photo(3, 3, 1)];
    const updates = moveInto(photos[0]!, photosIn(photos, 3), 3) ?? [];
    const next = applyPhotoUpdates(photos, updates);
    expect(next.map((p) => p.id).sort()).toEqual([1, 2, 3]);
    expect(photosIn(next, 3).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(photosIn(next, null)).toEqual([]);
  });
});
