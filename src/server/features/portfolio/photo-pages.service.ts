import { parsePhotoCursor, photoCursor, sectionKeyOf, type SectionKey } from '#contract/photo-cursor.ts';
import type { PhotoPage, PhotoPageQuery, PhotoSections } from '#contract/photo-pages.ts';
import type { Photo } from '#contract/photos.ts';
import { groupIntoSections, type PortfolioSection } from '#contract/portfolio-sections.ts';
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
  const key: SectionKey = query.categoryId;
  const section = sections.find((candidate) => sectionKeyOf(candidate.category?.id ?? null) === key);
  if (!section) throw notFound('Category not found');
  const { photos } = section;
  const total = photos.length;

  if (query.around !== undefined) {
    const index = photos.findIndex((photo) => photo.id === query.around);
    if (index < 0) throw notFound('Photo not found');
    const size = Math.min(query.limit, total);
    const offset = (index - Math.floor((size - 1) / 2) + total) % total;
    return { photos: Array.from({ length: size }, (_, step) => photos[(offset + step) % total]!), total, offset, next: null };
  }

  const cursor = query.after === undefined ? null : parsePhotoCursor(query.after);
  const offset = cursor ? firstAfter(photos, cursor) : 0;
  const page = photos.slice(offset, offset + query.limit);
  const last = page.at(-1);
  return { photos: page, total, offset, next: last && offset + page.length < total ? photoCursor(last) : null };
}

/** Every section with its count; the first `limit` photos in page order go with their sections. */
export function firstPhotos(sections: PortfolioSection[], limit: number): PhotoSections {
  let left = limit;
  return {
    sections: sections.map(({ category, photos }) => {
      const first = photos.slice(0, left);
      left -= first.length;
      return { categoryId: category?.id ?? null, total: photos.length, photos: first };
    }),
  };
}
