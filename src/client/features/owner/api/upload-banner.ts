import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#contract/auth.ts';
import { BannerUploadResponse } from '#contract/portfolio.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { storeSavedSettings, updatePortfolioSettings } from './update-portfolio-settings.ts';

/** Sends one image as the multipart field `banner`; the server crops it and names the stored file. */
export function uploadBanner(file: File): Promise<BannerUploadResponse> {
  const body = new FormData();
  body.append('banner', file);
  return apiClient.post(api.uploadBanner, body, { schema: BannerUploadResponse });
}

/** A successful upload sets the banner and saves it at once. */
export async function uploadAndSaveBanner(file: File): Promise<CurrentUser> {
  const { filename } = await uploadBanner(file);
  return updatePortfolioSettings({ bannerImage: filename });
}

export function useUploadBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAndSaveBanner,
    onSuccess: async (user) => {
      await storeSavedSettings(queryClient, user);
      toast({ title: t`Banner uploaded`, description: t`Your banner image has been uploaded and saved successfully` });
    },
    onError: (error) => {
      toast({
        title: t`Upload failed`,
        description: errorMessage(error, t`Failed to upload banner image`),
        variant: 'destructive',
      });
    },
  });
}
