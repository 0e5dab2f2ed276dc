import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText, pickCapCode } from '#contract/error-codes.ts';
import type { GalleryPicks } from '#contract/galleries.ts';
import { api, pathTo } from '#contract/routes.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { i18n } from '#client/lib/i18n.ts';
import { GALLERY_ERROR_TEXTS, GALLERY_TEXTS } from '#client/features/galleries/lib/gallery-texts.ts';

/** A link's holder's picks, kept on the server: the same on every device that opens the link. */
export const picksKey = (token: string) => [pathTo(api.galleryPicks, { token })];

export function usePicks(token: string, enabled: boolean) {
  return useQuery({
    queryKey: picksKey(token),
    queryFn: () => apiClient.get<GalleryPicks>(pathTo(api.galleryPicks, { token })),
    enabled,
  });
}

const toggled = (picks: GalleryPicks, photoId: number, picked: boolean): GalleryPicks => ({
  ...picks,
  photoIds: picked ? [...picks.photoIds.filter((id) => id !== photoId), photoId] : picks.photoIds.filter((id) => id !== photoId),
});

/**
 * Picks or unpicks one photo at once on screen, then on the server; a refusal (the cap, sent
 * picks, a lost connection) puts that one photo back as it was and says why. The server's list is
 * read again once no change is still under way, so answers that cross each other change nothing.
 */
export function useTogglePick(token: string) {
  const queryClient = useQueryClient();
  const key = picksKey(token);
  const mutationKey = [...key, 'toggle'];
  return useMutation({
    mutationKey,
    mutationFn: ({ photoId, picked }: { photoId: number; picked: boolean }) => {
      const url = pathTo(api.galleryPick, { token, photoId });
      return picked ? apiClient.put<GalleryPicks>(url) : apiClient.delete<GalleryPicks>(url);
    },
    onMutate: async ({ photoId, picked }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<GalleryPicks>(key, (picks) => picks && toggled(picks, photoId, picked));
    },
    onError: (error, { photoId, picked }) => {
      queryClient.setQueryData<GalleryPicks>(key, (picks) => picks && toggled(picks, photoId, !picked));
      toast({
        title: i18n._(picked ? GALLERY_TEXTS.notPicked : GALLERY_TEXTS.stillPicked),
        description: errorMessage(error, i18n._(GALLERY_TEXTS.pickNotSaved)),
        variant: 'destructive',
      });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) === 1) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** Whether one more pick fits under the cap; says so when it does not. */
export function roomForPick(picks: GalleryPicks): boolean {
  if (picks.pickCap === null || picks.photoIds.length < picks.pickCap) return true;
  // A rule of the gallery, not a failure: said plainly, not in red.
  const code = pickCapCode(picks.pickCap);
  const text = GALLERY_ERROR_TEXTS[code];
  toast({ title: i18n._(GALLERY_TEXTS.limitReached), description: text ? i18n._({ ...text, values: { cap: picks.pickCap } }) : errorText(code, { cap: picks.pickCap }) });
  return false;
}

export function useSubmitPicks(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<GalleryPicks>(pathTo(api.galleryPicksSubmit, { token })),
    onSuccess: (picks) => queryClient.setQueryData(picksKey(token), picks),
    onError: (error) => {
      toast({ title: i18n._(GALLERY_TEXTS.notSent), description: errorMessage(error, i18n._(GALLERY_TEXTS.picksNotSent)), variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: picksKey(token) });
    },
  });
}
