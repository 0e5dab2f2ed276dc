import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Gallery } from '#contract/galleries.ts';
import { api, pathTo } from '#contract/routes.ts';
import { ApiError, apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { i18n } from '#client/lib/i18n.ts';
import { GALLERY_TEXTS } from '#client/features/galleries/lib/gallery-texts.ts';
import { galleryKey, type GalleryAnswer } from './gallery-query.ts';


export function useGallery(token: string) {
  return useQuery({
    queryKey: galleryKey(token),
    queryFn: async (): Promise<GalleryAnswer> => {
      try {
        return { state: 'open', gallery: await apiClient.get<Gallery>(pathTo(api.gallery, { token })) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return { state: 'locked' };
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { state: 'gone' };
        throw error;
      }
    },
  });
}

/** The password's check: a wrong one is an answer with the server's reason, not a thrown error. */
export function useUnlockGallery(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string): Promise<{ ok: true } | { ok: false; message: string }> => {
      try {
        await apiClient.post(pathTo(api.galleryUnlock, { token }), { password });
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiError && error.status !== 500) return { ok: false, message: errorMessage(error, i18n._(GALLERY_TEXTS.wrongPassword)) };
        throw error;
      }
    },
    onSuccess: async (answer) => {
      if (answer.ok) await queryClient.invalidateQueries({ queryKey: galleryKey(token) });
    },
  });
}
