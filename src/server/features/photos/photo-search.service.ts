import type { z } from 'zod';
import { OTHER_SECTION } from '#contract/photo-cursor.ts';
import { SEARCH_IDS_MAX, type PhotoCameras, type PhotoSearchFilters, type PhotoSearchIds, type PhotoSearchPage, type PhotoSearchQuery } from '#contract/photo-search.ts';
import type { AppContext } from '#server/app-context.ts';
import { notFound } from '#server/lib/errors.ts';
import { categoryIdsOf } from '#server/features/categories/categories.service.ts';
import * as repo from './photo-search.repository.ts';
import { toPhoto } from './photos.service.ts';

/**
 * The owner's search of their photos: on the server, a page at a time, so a site of 10,000 photos
 * sends the admin one page and a count. Trash is never found; a photo whose category is in the
 * trash is in the photo bank, as everywhere else.
 */

type SearchContext = Pick<AppContext, 'db'>;
type Filters = z.output<typeof PhotoSearchFilters>;

/** The day after `day` ("2024-05-01" → "2024-05-02"): the filter's last day is taken whole. */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The filters as the repository takes them; a category that is not the owner's (or is in the trash) is not found. */
async function searchOf(ctx: SearchContext, userId: number, filters: Filters): Promise<repo.PhotoSearch> {
  const { categoryId } = filters;
  if (categoryId !== undefined && categoryId !== OTHER_SECTION && !(await categoryIdsOf(ctx, userId)).has(categoryId)) {
    throw notFound('categories.not_found');
  }
  const text = filters.q?.toLowerCase();
  return {
    ...(text ? { text } : {}),
    ...(categoryId === undefined ? {} : { place: categoryId === OTHER_SECTION ? null : categoryId }),
    ...(filters.takenFrom ? { takenFrom: filters.takenFrom } : {}),
    ...(filters.takenTo ? { takenBefore: dayAfter(filters.takenTo) } : {}),
    ...(filters.camera ? { camera: filters.camera } : {}),
    ...(filters.withoutAltText === 'true' ? { withoutAltText: true } : {}),
  };
}

/** One page of the photos the filters find, newest upload first, with their count. */
export async function searchPhotos(ctx: SearchContext, userId: number, query: z.output<typeof PhotoSearchQuery>): Promise<PhotoSearchPage> {
  const search = await searchOf(ctx, userId, query);
  const beforeId = query.cursor === undefined ? undefined : Number(query.cursor);
  // One more than the page: whether a next page exists, without a second count.
  const rows = await repo.searchPhotos(ctx.db, userId, search, { ...(beforeId === undefined ? {} : { beforeId }), limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const total = await repo.countSearched(ctx.db, userId, search);
  return {
    // The owner's own answer: the camera details the filters read go with each photo.
    photos: page.map((row) => ({ ...toPhoto(row, { cameraDetails: true }), categoryId: row.liveCategoryId })),
    total,
    next: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}

/** Every id the filters find (at most one bulk action's worth), for Select all. */
export async function searchPhotoIds(ctx: SearchContext, userId: number, filters: Filters): Promise<PhotoSearchIds> {
  const search = await searchOf(ctx, userId, filters);
  const [ids, total] = await Promise.all([repo.searchedIds(ctx.db, userId, search, SEARCH_IDS_MAX), repo.countSearched(ctx.db, userId, search)]);
  return { ids, total };
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The cameras of the owner's photos, by name: the camera filter's choices. */
export async function photoCameras(ctx: SearchContext, userId: number): Promise<PhotoCameras> {
  const cameras = await repo.cameras(ctx.db, userId);
  return { cameras: cameras.sort((a, b) => byName.compare(a.name, b.name)) };
}
