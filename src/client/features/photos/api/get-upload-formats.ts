import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadFormats } from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';

/** What the server's upload takes now (HEIC and RAW only where it has their tools). */
export function getUploadFormats(): Promise<UploadFormats> {
  return apiClient.get<UploadFormats>(api.photosUpload);
}

export function useUploadFormats() {
  // Fixed while the server runs: the tools are found at its start.
  return useQuery(queryOptions({ queryKey: [api.photosUpload, 'formats'], queryFn: getUploadFormats, staleTime: Infinity }));
}
