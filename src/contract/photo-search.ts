import { z } from 'zod';
import { controlsMessage, withoutControls } from './common.ts';
import { PHOTO_PAGE_MAX, PHOTO_PAGE_SIZE } from './photo-cursor.ts';
import { SectionKey } from './photo-pages.ts';
import { BULK_PHOTOS_MAX, Photo } from './photos.ts';

/**
 * The owner's search of their photos, on the server and a page at a time (a site may hold 10,000
 * and more): by text in the title or the name the file was uploaded under, by place (a category,
 * or the photo bank as `other`), by the date and camera the original recorded, and the photos
 * still without alt text. Photos in the trash are never found. Newest upload first.
 */

export const PHOTO_SEARCH_TEXT_MAX = 200;
/** The longest camera name the server reads from a file (images/camera-details.ts). */
export const CAMERA_NAME_MAX = 100;

/** A calendar day, "2024-05-01"; the camera's clock has no zone, and neither has the filter. */
const day = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2024-05-01`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${field} must be a date like 2024-05-01`);

/** The filters, as the query of the search and of its ids (and of the admin's address). */
const filters = {
  /** Found in the title or the file's original name, letters' case aside. */
  q: z
    .string()
    .trim()
    .max(PHOTO_SEARCH_TEXT_MAX, `Search text must be at most ${PHOTO_SEARCH_TEXT_MAX} characters`)
    .refine(withoutControls(), controlsMessage('Search text'))
    .optional(),
  /** A category's id, or `other` for the photo bank. */
  categoryId: SectionKey.optional(),
  /** Taken on or after this day; photos without a date taken are left out. */
  takenFrom: day('The first date taken').optional(),
  /** Taken on or before this day. */
  takenTo: day('The last date taken').optional(),
  /** Exactly as the list of cameras names it. */
  camera: z.string().trim().min(1).max(CAMERA_NAME_MAX, `Camera must be at most ${CAMERA_NAME_MAX} characters`).optional(),
  /** `true`: only photos without alt text. */
  withoutAltText: z.enum(['true', 'false']).optional(),
};

const datesInOrder = (query: { takenFrom?: string | undefined; takenTo?: string | undefined }) =>
  query.takenFrom === undefined || query.takenTo === undefined || query.takenFrom <= query.takenTo;
const datesMessage = { message: 'The first date taken must not be after the last', path: ['takenTo'] };

export const PhotoSearchFilters = z.object(filters).refine(datesInOrder, datesMessage);
export type PhotoSearchFilters = z.infer<typeof PhotoSearchFilters>;

/** After a page, the `next` of the page before: the id of its last photo. */
export const PHOTO_SEARCH_CURSOR = /^\d{1,15}$/;

export const PhotoSearchQuery = z
  .object({
    ...filters,
    cursor: z.string().regex(PHOTO_SEARCH_CURSOR, 'cursor must be the next cursor of a page').optional(),
    limit: z.coerce.number().int().min(1).max(PHOTO_PAGE_MAX).default(PHOTO_PAGE_SIZE),
  })
  .refine(datesInOrder, datesMessage);
export type PhotoSearchQuery = z.input<typeof PhotoSearchQuery>;

export const PhotoSearchPage = z.object({
  /** Newest upload first. */
  photos: z.array(Photo),
  /** How many photos the filters find in all. */
  total: z.number().int(),
  /** The cursor of the next page; null on the last. */
  next: z.string().nullable(),
});
export type PhotoSearchPage = z.infer<typeof PhotoSearchPage>;

/** Every id the filters find, for selecting all of them: at most one bulk action's worth. */
export const PhotoSearchIds = z.object({
  /** Newest upload first, at most BULK_PHOTOS_MAX. */
  ids: z.array(z.number().int()),
  total: z.number().int(),
});
export type PhotoSearchIds = z.infer<typeof PhotoSearchIds>;
export const SEARCH_IDS_MAX = BULK_PHOTOS_MAX;

/** The cameras of the owner's photos (the trash aside), by name, each with its photo count: the camera filter's choices. */
export const PhotoCameras = z.object({
  cameras: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type PhotoCameras = z.infer<typeof PhotoCameras>;
