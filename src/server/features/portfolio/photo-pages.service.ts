import { parsePhotoCursor, photoCursor, sectionKeyOf, sortedCursor, type SectionKey } from '#contract/photo-cursor.ts';
import type { PhotoPage, PhotoPageQuery, PhotoSections } from '#contract/photo-pages.ts';
import type { Photo } from '#contract/photos.ts';
import { groupIntoSections, sortSection, type PortfolioSection } from '#contract/portfolio-sections.ts';
import { notFound } from '#server/lib/errors.ts';
import type { PortfolioContent } from './portfolio-view.service.ts';

/** The portfolio's sections in page order: the one grouping the client draws too. */
export const sectionsOf = (content: PortfolioContent): PortfolioSection[] =>
  groupIntoSections(content.categories, content.photos);

/** Index of the first photo after the cursor: sections are sorted by (order, id). */
function firstAfter(photos: Photo[], cursor: { order: number; id: number }): number {
  let low = 0;
  let high = photos.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const photo = photos[middle]!;
    const before = photo.order < cursor.order || (photo.order === cursor.order && photo.id <= cursor.id);
    if (before) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One page of one section. A section the reader may not see (a hidden category for a visitor,
 * Other while it is off) is not found, as an unknown one is.
 */
export function photoPage(sections: PortfolioSection[], query: PhotoPageQuery): PhotoPage {
  const photos = sortSection(sectionOf(sections, query.categoryId).photos, query.sort);
  const total = photos.length;

  if (query.around !== undefined) {
    const index = photos.findIndex((photo) => photo.id === query.around);
    if (index < 0) throw notFound('photos.not_found');
    const size = Math.min(query.limit, total);
    const offset = (index - Math.floor((size - 1) / 2) + total) % total;
    return { photos: Array.from({ length: size }, (_, step) => photos[(offset + step) % total]!), total, offset, next: null };
  }

  const cursor = query.after === undefined ? null : parsePhotoCursor(query.after);
  const sorted = query.sort !== 'order';
  const offset = !cursor ? 0 : sorted ? firstAfterSorted(photos, cursor) : firstAfter(photos, cursor);
  const page = photos.slice(offset, offset + query.limit);
  const last = page.at(-1);
  const next = last && offset + page.length < total ? (sorted ? sortedCursor(offset + page.length - 1, last) : photoCursor(last)) : null;
  return { photos: page, total, offset, next };
}

/** A section the reader may see, by its key; the others are not found, as an unknown one is. */
function sectionOf(sections: PortfolioSection[], key: SectionKey): PortfolioSection {
  const section = sections.find((candidate) => sectionKeyOf(candidate.category?.id ?? null) === key);
  if (!section) throw notFound('categories.not_found');
  return section;
}

/**
 * In a sorted view the cursor is "position.id": after that photo wherever it now is, or, when it
 * has left the section meanwhile, from the position it had (the ones after it moved up one).
 */
function firstAfterSorted(photos: Photo[], cursor: { order: number; id: number }): number {
  const index = photos.findIndex((photo) => photo.id === cursor.id);
  return index >= 0 ? index + 1 : Math.min(cursor.order, photos.length);
}

/** Every photo id of one section, for the owner's Select all. */
export function sectionPhotoIds(sections: PortfolioSection[], key: SectionKey): number[] {
  return sectionOf(sections, key).photos.map((photo) => photo.id);
}

/**
 * Every section with its count; the first `limit` photos in page order go with their sections.
 * The owner's answer also counts the photos without alt text, the admin's to-do.
 */
export function firstPhotos(sections: PortfolioSection[], limit: number, options: { countAltText?: boolean } = {}): PhotoSections {
  let left = limit;
  const withoutAltText = options.countAltText
    ? sections.reduce((count, section) => count + section.photos.filter((photo) => !photo.altText).length, 0)
    : undefined;
  return {
    ...(withoutAltText !== undefined && { withoutAltText }),
    sections: sections.map(({ category, photos }) => {
      const first = photos.slice(0, left);
      left -= first.length;
      return { categoryId: category?.id ?? null, total: photos.length, photos: first };
    }),
  };
}
