import { describe, expect, it } from 'vitest';
import { groupIntoSections, sortSection, visitorView } from './portfolio-sections.ts';
import { makeCategory as category, makePhoto as photo } from '#tests/fixtures/contract.ts';

describe('groupIntoSections', () => {
  it("orders sections by the owner's category order and photos by their order", () => {
    const sections = groupIntoSections(
      [category(1, 1), category(2, 0)],
      [photo(10, 1, 1), photo(11, 1, 0), photo(12, 2, 0)],
    );
    expect(sections.map((section) => section.category?.id)).toEqual([2, 1]);
    expect(sections[1]?.photos.map((p) => p.id)).toEqual([11, 10]);
  });

  it('keeps empty categories and puts photos without a known category in Other, last', () => {
    const sections = groupIntoSections([category(1, 0)], [photo(10, null, 1), photo(11, 99, 0)]);
    expect(sections).toHaveLength(2);
    expect(sections[0]?.photos).toEqual([]);
    expect(sections[1]?.category).toBeNull();
    expect(sections[1]?.photos.map((p) => p.id)).toEqual([11, 10]);
  });

  it('has no Other section when every photo has a category', () => {
    expect(groupIntoSections([category(1, 0)], [photo(10, 1, 0)]).map((s) => s.category?.id)).toEqual([1]);
  });
});

describe('visitorView', () => {
  const categories = [category(1, 0), category(2, 1, true), category(3, 2)];
  const photos = [photo(10, 1, 0), photo(20, 2, 0), photo(30, null, 0)];
  const ids = (view: ReturnType<typeof visitorView>) => [view.categories.map((c) => c.id), view.photos.map((p) => p.id)];

  it('drops a hidden category and its photos; shows Other and empty categories by default', () => {
    expect(ids(visitorView(categories, photos, { showOtherSection: true, showEmptyCategories: true }))).toEqual([
      [1, 3],
      [10, 30],
    ]);
  });

  it('drops the unsorted photos with Other off, and categories left without photos with empty ones off', () => {
    expect(ids(visitorView(categories, photos, { showOtherSection: false, showEmptyCategories: false }))).toEqual([[1], [10]]);
  });
});

describe('sortSection', () => {
  const a = { ...photo(1, 1, 0), title: 'b roll', createdAt: '2026-01-02T00:00:00.000Z' };
  const b = { ...photo(2, 1, 1), title: 'Alps', createdAt: '2026-01-03T00:00:00.000Z' };
  const c = { ...photo(3, 1, 2), title: 'Canyon 10', createdAt: '2026-01-01T00:00:00.000Z' };
  const d = { ...photo(4, 1, 3), title: 'Canyon 9', createdAt: '2026-01-03T00:00:00.000Z' };

  it('keeps the stored order, sorts titles A-Z ignoring case with numbers as numbers, or puts the newest first', () => {
    expect(sortSection([a, b, c, d], 'order').map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(sortSection([a, b, c, d], 'title').map((p) => p.id)).toEqual([2, 1, 4, 3]);
    // Equal times: the later upload (higher id) first.
    expect(sortSection([a, b, c, d], 'date').map((p) => p.id)).toEqual([4, 2, 1, 3]);
  });
});
