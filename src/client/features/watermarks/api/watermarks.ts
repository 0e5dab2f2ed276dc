import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, pathTo } from '#contract/routes.ts';
import type { CategoryWatermark, SiteWatermark, WatermarkLogoResponse, WatermarkProgress } from '#contract/watermarks.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';

/** The site's watermark, and a category's own setting. */
export const siteWatermarkKey = [api.watermark];
export const categoryWatermarkKey = (id: number) => [pathTo(api.categoryWatermark, { id })];
export const watermarkProgressKey = [api.watermarkProgress];

export const useSiteWatermark = () => useQuery({ queryKey: siteWatermarkKey, queryFn: () => apiClient.get<SiteWatermark>(api.watermark) });

export const useCategoryWatermark = (id: number) =>
  useQuery({ queryKey: categoryWatermarkKey(id), queryFn: () => apiClient.get<CategoryWatermark>(pathTo(api.categoryWatermark, { id })) });

/** A saved setting starts the pass that renders the copies again: its progress is asked for anew. */
async function afterSave(queryClient: QueryClient, key: string[]) {
  await queryClient.invalidateQueries({ queryKey: key });
  await queryClient.invalidateQueries({ queryKey: watermarkProgressKey });
}

export function useSaveSiteWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteWatermark) => apiClient.put<SiteWatermark>(api.watermark, body),
    onSuccess: () => afterSave(queryClient, siteWatermarkKey),
    onError: (error) => toast({ title: t`Error`, description: errorMessage(error, t`The watermark could not be saved`), variant: 'destructive' }),
  });
}

export function useSaveCategoryWatermark(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoryWatermark) => apiClient.put<CategoryWatermark>(pathTo(api.categoryWatermark, { id }), body),
    onSuccess: () => afterSave(queryClient, categoryWatermarkKey(id)),
    onError: (error) => toast({ title: t`Error`, description: errorMessage(error, t`The watermark could not be saved`), variant: 'destructive' }),
  });
}

/** Sends one image as the multipart field `logo`; the server stores it and names the file. */
export function uploadWatermarkLogo(file: File): Promise<WatermarkLogoResponse> {
  const body = new FormData();
  body.append('logo', file);
  return apiClient.post<WatermarkLogoResponse>(api.watermarkLogo, body);
}

/**
 * How far the pass that applies a watermark has come: asked every second while it runs. When it
 * ends, the photos (whose versions it raised) are read again, so the admin shows the new copies.
 */
export function useWatermarkProgress() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: watermarkProgressKey,
    queryFn: async () => {
      const before = queryClient.getQueryData<WatermarkProgress>(watermarkProgressKey);
      const progress = await apiClient.get<WatermarkProgress>(api.watermarkProgress);
      if (before?.running && !progress.running) {
        await queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(api.photos) });
      }
      return progress;
    },
    refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
  });
}
