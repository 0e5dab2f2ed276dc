import { useCallback, useState } from 'react';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { sectionKeyOf, type SectionSort } from '#contract/photo-cursor.ts';
import type { PhotoIds, PhotoPage, PhotoSections } from '#contract/photo-pages.ts';
import type { Photo } from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import type { ContainerId } from '#client/features/photos/lib/photo-order.ts';
import { getPhotoPage } from './get-photo-pages.ts';

/**
 * The owner's admin a page at a time: every place's count (the bank and each category)
 * and the alt-text to-do, then each place's photos page by page as its grid scrolls near. All
 * under the photos' key, so whatever refreshes the photos refreshes these too.
 */

/** Tiles a place fetches at a time: a few rows of its grid more than a screen shows. */
export const PLACE_PAGE_SIZE = 48;

export function getPlaceCountsQueryOptions() {
  return queryOptions({
    queryKey: [api.photos, 'sections', 'counts'],
    queryFn: () => apiClient.get<PhotoSections>(`${api.photoSections}?limit=0`),
  });
}

/** Every place's photo count, and how many photos lack alt text. */
export function usePlaceCounts() {
  const query = useQuery(getPlaceCountsQueryOptions());
  const counts = new Map(query.data?.sections.map((section) => [section.categoryId, section.total]));
  return { ...query, countOf: (id: ContainerId) => counts.get(id) ?? 0 };
}

export const placePhotosKey = (id: ContainerId, sort: SectionSort) => [api.photos, 'place', sectionKeyOf(id), sort] as const;

export function placePhotosQueryOptions(id: ContainerId, sort: SectionSort) {
  return infiniteQueryOptions({
    queryKey: placePhotosKey(id, sort),
    queryFn: ({ pageParam }): Promise<PhotoPage> =>
      getPhotoPage({ categoryId: sectionKeyOf(id), after: pageParam, sort, limit: PLACE_PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: PhotoPage) => last.next ?? undefined,
  });
}

/**
 * One place's photos as `sort` shows them, the pages fetched so far. Nothing is asked until the
 * end of its grid first comes near the screen (`more`), nor while it is folded or empty; then a
 * page each time `more` is called again.
 */
export function usePlacePhotos(id: ContainerId, sort: SectionSort, { count, open }: { count: number; open: boolean }) {
  const [near, setNear] = useState(false);
  const query = useInfiniteQuery({ ...placePhotosQueryOptions(id, sort), enabled: near && open && count > 0 });
  const { fetchNextPage } = query;
  // Asked during a refetch it waits: the refetch's new data gives the grid's end a new marker.
  const more = useCallback(() => (near ? void fetchNextPage({ cancelRefetch: false }) : setNear(true)), [near, fetchNextPage]);
  return {
    photos: query.data?.pages.flatMap((page) => page.photos) ?? [],
    more,
    /** What the end of the grid shows: a page on its way, a failed one to try again, a marker for the next, or nothing. */
    end: query.isError ? 'failed' : query.isFetching && !query.isRefetching ? 'loading' : !near || query.hasNextPage ? 'more' : 'done',
    /** Changes with every page or refetch that arrives. */
    version: query.dataUpdatedAt,
    retry: () => void query.refetch(),
  } as const;
}

/** The photos of a place fetched so far, as it shows them now: what a Shift-click's range runs over. */
export function loadedPlacePhotos(queryClient: QueryClient, id: ContainerId, sort: SectionSort): Photo[] {
  const data = queryClient.getQueryData(placePhotosQueryOptions(id, sort).queryKey);
  return data?.pages.flatMap((page) => page.photos) ?? [];
}

/** Every photo id of a place, for Select all: ids, not photos, however many pages it runs to. */
export function fetchPlaceIds(queryClient: QueryClient, id: ContainerId): Promise<number[]> {
  const key = sectionKeyOf(id);
  return queryClient
    .fetchQuery({
      queryKey: [api.photos, 'ids', key],
      queryFn: () => apiClient.get<PhotoIds>(`${api.photoIds}?categoryId=${key}`),
      staleTime: 0,
    })
    .then((answer) => answer.ids);
}
