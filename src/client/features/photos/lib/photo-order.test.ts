import { describe, expect, it } from 'vitest';
import { applyPhotoUpdates, reorderWithin } from './photo-order.ts';
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

describe('applyPhotoUpdates', () => {
  it('neither loses nor duplicates a photo, whatever the updates', () => {
    const photos = [photo(1, null, 0), photo(2, 3, 0), photo(3, 3, 1)];
    const updates = [{ id: 1, order: 0, categoryId: 3 }, { id: 2, order: 1, categoryId: 3 }, { id: 3, order: 2, categoryId: 3 }];
    const next = applyPhotoUpdates(photos, updates);
    expect(next.map((p) => [p.id, p.categoryId, p.order])).toEqual([[1, 3, 0], [2, 3, 1], [3, 3, 2]]);
  });
});
