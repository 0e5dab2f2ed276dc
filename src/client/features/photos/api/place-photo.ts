import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { MessageResponse } from '#contract/common.ts';
import { SECTION_SORTS, sectionKeyOf } from '#contract/photo-cursor.ts';
import type { PhotoPage, PhotoSections } from '#contract/photo-pages.ts';
import type { Photo, PlacePhotoRequest } from '#contract/photos.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { refreshLists } from './bulk-photos.ts';
import { sayNotPlaced, sayPlaced, type ReorderPhotosVariables } from './reorder-photos.ts';
import { getPlaceCountsQueryOptions, placePhotosKey } from './get-place-photos.ts';

export interface PlacePhotoVariables extends PlacePhotoRequest, Pick<ReorderPhotosVariables, 'kind' | 'confirm'> {
  photo: Photo;
}

export function placePhoto({ photo, categoryId, before, after }: PlacePhotoVariables): Promise<MessageResponse> {
  return apiClient.put(pathTo(api.photoPlace, { id: photo.id }), { categoryId, before, after }, { schema: MessageResponse });
}

type PlacePages = InfiniteData<PhotoPage, string | undefined>;

/** The pages fetched so far of one place, as they will be once the server has placed the photo. */
function placedIn(pages: PlacePages, inPlace: boolean, { photo, categoryId, before, after }: PlacePhotoVariables): PlacePages {
  const without = pages.pages.map((page) => ({ ...page, photos: page.photos.filter((other) => other.id !== photo.id) }));
  if (!inPlace) return { ...pages, pages: without };
  const moved = { ...photo, categoryId };
  const anchor = before ?? after;
  const at = anchor === undefined ? { page: 0, index: 0 } : without.reduce<{ page: number; index: number } | null>((found, page, number) => {
    if (found) return found;
    const index = page.photos.findIndex((other) => other.id === anchor);
    return index < 0 ? null : { page: number, index: after === undefined ? index : index + 1 };
  }, null);
  // Beside a photo not fetched here: the refetch shows it where the server put it.
  if (!at || !without[at.page]) return { ...pages, pages: without };
  without[at.page]!.photos.splice(at.index, 0, moved);
  return { ...pages, pages: without };
}

/** Every place's count with the photo moved from `from` to `to` (a place with no section yet gets one). */
function countsMoved(counts: PhotoSections, from: number | null, to: number | null): PhotoSections {
  const sections = counts.sections.map((section) =>
    section.categoryId === from ? { ...section, total: section.total - 1 } : section.categoryId === to ? { ...section, total: section.total + 1 } : section,
  );
  if (!sections.some((section) => section.categoryId === to)) sections.push({ categoryId: to, total: 1, photos: [] });
  return { ...counts, sections };
}

/**
 * Puts one photo in a place, before or after a photo there or first. The places' fetched pages
 * and counts show it at once (in their stored order; a sorted view waits for the server); a
 * refusal puts them back, and either way they are refetched, so the screen ends as the server has it.
 */
export function usePlacePhoto() {
  const queryClient = useQueryClient();
  const placesKey = [api.photos, 'place'];
  const countsKey = getPlaceCountsQueryOptions().queryKey;
  return useMutation({
    mutationFn: placePhoto,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: [api.photos] });
      const previous = queryClient.getQueriesData<PlacePages>({ queryKey: placesKey });
      const previousCounts = queryClient.getQueryData(countsKey);
      const target = sectionKeyOf(variables.categoryId);
      for (const [key, pages] of previous) {
        if (!pages) continue;
        const [, , place, sort] = key as [string, string, ReturnType<typeof sectionKeyOf>, string];
        if (sort !== 'order' && place === target) continue;
        queryClient.setQueryData(key, placedIn(pages, place === target, variables));
      }
      // An empty place has nothing fetched: the photo is the whole of it, in every view.
      const seeded: QueryKey[] = [];
      if (previousCounts) {
        const known = new Set(previousCounts.sections.map((section) => section.categoryId));
        const from = variables.photo.categoryId !== null && known.has(variables.photo.categoryId) ? variables.photo.categoryId : null;
        const targetCount = previousCounts.sections.find((section) => section.categoryId === variables.categoryId)?.total ?? 0;
        queryClient.setQueryData(countsKey, countsMoved(previousCounts, from, variables.categoryId));
        for (const sort of SECTION_SORTS) {
          const key = placePhotosKey(variables.categoryId, sort);
          if (targetCount > 0 || queryClient.getQueryData(key)) continue;
          const photo = { ...variables.photo, categoryId: variables.categoryId };
          queryClient.setQueryData(key, { pages: [{ photos: [photo], total: 1, offset: 0, next: null }], pageParams: [undefined] });
          seeded.push(key);
        }
      }
      return { previous, previousCounts, seeded };
    },
    onSuccess: (_answer, variables) => sayPlaced(variables),
    onError: (error, variables, context) => {
      for (const [key, pages] of context?.previous ?? []) queryClient.setQueryData(key, pages);
      if (context?.previousCounts) queryClient.setQueryData(countsKey, context.previousCounts);
      for (const key of context?.seeded ?? []) queryClient.removeQueries({ queryKey: key, exact: true });
      sayNotPlaced(error, variables);
    },
    onSettled: () => refreshLists(queryClient),
  });
}
