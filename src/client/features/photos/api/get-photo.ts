import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhotoWithCategory } from '#contract/photos.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';

/** One photo with its category's name, for the photo page. */
export function getPhoto(id: number): Promise<PhotoWithCategory> {
  return apiClient.get<PhotoWithCategory>(pathTo(api.photo, { id }));
}

export function getPhotoQueryOptions(id: number) {
  return queryOptions({ queryKey: [api.photos, id], queryFn: () => getPhoto(id) });
}

export function usePhoto(id: number | null) {
  return useQuery({ ...getPhotoQueryOptions(id ?? 0), enabled: id !== null });
}
