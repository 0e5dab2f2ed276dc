import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Photo } from '#contract/photos.ts';
import { visitorApi } from '#contract/screens.ts';
import { apiClient } from '#client/lib/api-client.ts';

/** Every photo of the portfolio, categorised or not; typed, not parsed (see get-categories.ts). */
export function getPhotos(): Promise<Photo[]> {
  return apiClient.get<Photo[]>(visitorApi.photos);
}

/** The key is the prefix of every photo query: invalidating it refreshes single photos too. */
export function getPhotosQueryOptions() {
  return queryOptions({ queryKey: [visitorApi.photos], queryFn: getPhotos });
}

export function usePhotos(enabled = true) {
  return useQuery({ ...getPhotosQueryOptions(), enabled });
}
