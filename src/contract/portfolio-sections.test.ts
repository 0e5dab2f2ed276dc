import { describe, expect, it } from 'vitest';
import { groupIntoSections } from './portfolio-sections.ts';
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
