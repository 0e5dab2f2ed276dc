import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhotoWithCategory } from '#contract/photos.ts';
import { pathTo, visitorApi } from '#contract/screens.ts';
import { apiClient } from '#client/lib/api-client.ts';

/** One photo with its category's name, for the photo page. */
export function getPhoto(id: number): Promise<PhotoWithCategory> {
  return apiClient.get<PhotoWithCategory>(pathTo(visitorApi.photo, { id }));
}

export function getPhotoQueryOptions(id: number) {
  return queryOptions({ queryKey: [visitorApi.photos, id], queryFn: () => getPhoto(id) });
}

export function usePhoto(id: number | null) {
  return useQuery({ ...getPhotoQueryOptions(id ?? 0), enabled: id !== null });
}
