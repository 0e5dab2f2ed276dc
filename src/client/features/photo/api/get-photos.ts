import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Photo } from '#contract/photos.ts';
import { api } from '#client/config/paths.ts';
import { apiClient } from '#client/lib/api-client.ts';

const PhotoList = z.array(Photo);

/** Every photo of the portfolio, categorised or not. */
export function getPhotos(): Promise<Photo[]> {
  return apiClient.get(api.photos, { schema: PhotoList });
}

/** The key is the prefix of every photo query: invalidating it refreshes single photos too. */
export function getPhotosQueryOptions() {
  return queryOptions({ queryKey: ['photos'], queryFn: getPhotos });
}

export function usePhotos() {
  return useQuery(getPhotosQueryOptions());
}
