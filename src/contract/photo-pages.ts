import { z } from 'zod';
import { Id } from './common.ts';
import { FIRST_PAGE_TILES, OTHER_SECTION, PHOTO_CURSOR, PHOTO_PAGE_MAX, PHOTO_PAGE_SIZE, SECTION_SORTS } from './photo-cursor.ts';
import { Photo } from './photos.ts';

/**
 * The portfolio a page at a time: a page embeds its first screens of photos and every
 * section's count; the rest of each section is fetched as the visitor scrolls. The spec's unpaged
 * `GET /api/photos` stays as it is.
 */

export const SectionKey = z.union([z.literal(OTHER_SECTION), Id]);

export const PhotoPageQuery = z
  .object({
    categoryId: SectionKey,
    /** The cursor of the page before (its `next`); absent for the first page. */
    after: z.string().regex(PHOTO_CURSOR, 'after must be the next cursor of a page').optional(),
    /** A window of `limit` photos centred on this one, the section taken as a ring: a photo's neighbours. */
    around: Id.optional(),
    limit: z.coerce.number().int().min(1).max(PHOTO_PAGE_MAX).default(PHOTO_PAGE_SIZE),
    /** The section in its stored order, or by title or newest first (the owner's sorted views). */
    sort: z.enum(SECTION_SORTS).default('order'),
  })
  .refine((query) => query.after === undefined || query.around === undefined, {
    message: 'Give after or around, not both',
    path: ['around'],
  });
export type PhotoPageQuery = z.infer<typeof PhotoPageQuery>;

export const PhotoPage = z.object({
  /** In page order; with `around`, from `offset` on, wrapping past the section's end. */
  photos: z.array(Photo),
  /** The section's photo count. */
  total: z.number().int(),
  /** The place of the page's first photo in its section, from 0. */
  offset: z.number().int(),
  /** The cursor of the next page; null at the end of the section (and for a window). */
  next: z.string().nullable(),
});
export type PhotoPage = z.infer<typeof PhotoPage>;

export const PhotoSectionsQuery = z.object({
  /** Photos embedded in all, the first sections' first ones in page order. */
  limit: z.coerce.number().int().min(0).max(PHOTO_PAGE_MAX).default(FIRST_PAGE_TILES),
});

/** Every section of the portfolio in page order, with its count and its first photos. */
export const PhotoSections = z.object({
  sections: z.array(
    z.object({
      /** Null for Other. */
      categoryId: z.number().int().nullable(),
      total: z.number().int(),
      /** The section's first photos; fewer than `total` (even none) when the rest is to be fetched. */
      photos: z.array(Photo),
    }),
  ),
  /** The owner's to-do count: photos a screen reader can only name by their title. Absent for a visitor. */
  withoutAltText: z.number().int().optional(),
});
export type PhotoSections = z.infer<typeof PhotoSections>;

/** The owner's: one section's photo ids, for selecting all of it without fetching every page. */
export const PhotoIdsQuery = z.object({ categoryId: SectionKey });
export const PhotoIds = z.object({ ids: z.array(z.number().int()) });
export type PhotoIds = z.infer<typeof PhotoIds>;
