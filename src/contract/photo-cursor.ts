/**
 * The zod-free part of the paged photo calls (`photo-pages.ts`): the client's first load carries
 * no schema library (the first-load budget of scripts/bundle-size.mjs).
 */

/** Tiles a page starts with: more than a first screen holds, even a wide one. */
export const FIRST_PAGE_TILES = 48;
/** Photos per page as the visitor scrolls. */
export const PHOTO_PAGE_SIZE = 48;
export const PHOTO_PAGE_MAX = 200;

/** A section's key in a query: a category's id, or `other` for the photos without one. */
export const OTHER_SECTION = 'other';
export type SectionKey = number | typeof OTHER_SECTION;
export const sectionKeyOf = (categoryId: number | null): SectionKey => categoryId ?? OTHER_SECTION;

/**
 * How a section's pages run: its stored order (the visitor's), or the owner's views of it by title
 * or newest first. The stored order changes only by dragging in 'order'.
 */
export const SECTION_SORTS = ['order', 'title', 'date'] as const;
export type SectionSort = (typeof SECTION_SORTS)[number];

/**
 * Where a page ends, as "order.id" of its last photo: sections are ordered by (order, id), so the
 * next page starts after it even when that photo has since been moved or deleted.
 */
export const PHOTO_CURSOR = /^(\d{1,10})\.(\d{1,15})$/;
/*
 * In a sorted view the cursor is "position.id" of the last photo: the next page starts after that
 * photo wherever it now is, or at its old position when it has since gone from the section.
 */
export const photoCursor = (photo: { order: number; id: number }): string => `${photo.order}.${photo.id}`;
export const sortedCursor = (position: number, photo: { id: number }): string => `${position}.${photo.id}`;
export function parsePhotoCursor(cursor: string): { order: number; id: number } | null {
  const match = PHOTO_CURSOR.exec(cursor);
  return match ? { order: Number(match[1]), id: Number(match[2]) } : null;
}
