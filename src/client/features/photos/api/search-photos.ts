import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { PhotoCameras, PhotoSearchIds, PhotoSearchPage, type PhotoSearchFilters } from '#contract/photo-search.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';

/**
 * The owner's search of their photos: a page at a time from the server, with the count of all it
 * finds; every id it finds for Select all; and the cameras to filter by. Under the photos' key,
 * so whatever changes a photo refreshes what the search shows.
 */

/** Results fetched at a time: a few rows of the grid more than a screen shows. */
export const SEARCH_PAGE_SIZE = 48;

/** The filters as a query string, in a stable order; absent and empty filters are left out. */
export function searchQueryOf(filters: PhotoSearchFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ['q', 'categoryId', 'takenFrom', 'takenTo', 'camera', 'withoutAltText'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query;
}

export function searchPhotosQueryOptions(filters: PhotoSearchFilters) {
  const query = searchQueryOf(filters);
  return infiniteQueryOptions({
    queryKey: [api.photos, 'search', query.toString()],
    queryFn: ({ pageParam, signal }) => {
      const page = new URLSearchParams(query);
      page.set('limit', String(SEARCH_PAGE_SIZE));
      if (pageParam) page.set('cursor', pageParam);
      return apiClient.get(`${api.photoSearch}?${page}`, { schema: PhotoSearchPage, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: PhotoSearchPage) => last.next ?? undefined,
  });
}

/**
 * What the filters find, the pages fetched so far; nothing is asked while `enabled` is false. While
 * another search is on its way, the last one's results stay (`isPlaceholderData`), so the grid does
 * not blink at each letter typed.
 */
export function useSearchPhotos(filters: PhotoSearchFilters, enabled: boolean) {
  const query = useInfiniteQuery({ ...searchPhotosQueryOptions(filters), enabled, placeholderData: keepPreviousData });
  return {
    ...query,
    photos: query.data?.pages.flatMap((page) => page.photos) ?? [],
    total: query.data?.pages[0]?.total,
  };
}

/** Every id the filters find, at most one bulk action's worth, for Select all. */
export function fetchSearchIds(queryClient: QueryClient, filters: PhotoSearchFilters): Promise<PhotoSearchIds> {
  const query = searchQueryOf(filters);
  return queryClient.fetchQuery({
    queryKey: [api.photos, 'search-ids', query.toString()],
    queryFn: () => apiClient.get(`${api.photoSearchIds}?${query}`, { schema: PhotoSearchIds }),
    staleTime: 0,
  });
}

export function photoCamerasQueryOptions() {
  return queryOptions({
    queryKey: [api.photos, 'cameras'],
    queryFn: () => apiClient.get(api.photoCameras, { schema: PhotoCameras }),
  });
}

/** The cameras of the owner's photos, the camera filter's choices. */
export function usePhotoCameras() {
  return useQuery(photoCamerasQueryOptions());
}
