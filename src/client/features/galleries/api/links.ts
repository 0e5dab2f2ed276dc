import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateGalleryLinkRequest,
  GalleryExportFilter,
  GalleryLink,
  GalleryLinkPicks,
  GalleryLinkThreads,
  GalleryThread,
  NewGalleryLink,
  RevokedGalleryLink,
  UpdateGalleryLinkRequest,
} from '#contract/galleries.ts';
import { UNDO_OFFER_MS } from '#contract/photos.ts';
import { api, pathTo } from '#contract/routes.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';

/**
 * The owner's side of gallery links: making, changing and revoking them, and reading what their
 * holders picked and said. Apart from the holder's hooks (`galleries.ts`, `proofing.ts`,
 * `comments.ts`), so its texts are the owner catalog's and a client's page never loads them.
 */

/** The owner's links to a category. */
export const categoryLinksKey = (categoryId: number) => [pathTo(api.categoryLinks, { id: categoryId })];

export function useCategoryLinks(categoryId: number) {
  return useQuery({
    queryKey: categoryLinksKey(categoryId),
    queryFn: () => apiClient.get<GalleryLink[]>(pathTo(api.categoryLinks, { id: categoryId })),
  });
}

/** `failure` is read when the change fails, in the language shown then. */
function useLinkMutation<V, R>(categoryId: number, mutationFn: (variables: V) => Promise<R>, failure: () => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryLinksKey(categoryId) }),
    onError: (error) => toast({ title: t`Error`, description: errorMessage(error, failure()), variant: 'destructive' }),
  });
}

export const useCreateLink = (categoryId: number) =>
  useLinkMutation(
    categoryId,
    (request: CreateGalleryLinkRequest) => apiClient.post<NewGalleryLink>(pathTo(api.categoryLinks, { id: categoryId }), request),
    () => t`The link could not be made`,
  );

export const useUpdateLink = (categoryId: number) =>
  useLinkMutation(
    categoryId,
    ({ id, changes }: { id: number; changes: UpdateGalleryLinkRequest }) => apiClient.patch<GalleryLink>(pathTo(api.galleryLink, { id }), changes),
    () => t`The link could not be changed`,
  );

/** Revokes a link and offers Undo while the server keeps it: the same address opens again, its picks with it. */
export function useRevokeLink(categoryId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: categoryLinksKey(categoryId) });
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<RevokedGalleryLink>(pathTo(api.galleryLink, { id })),
    onSuccess: async (_answer, id) => {
      toast({
        title: t`Link revoked`,
        description: t`Its address no longer opens the gallery.`,
        duration: UNDO_OFFER_MS,
        action: {
          label: t`Undo`,
          altText: t`Undo the revoke`,
          onClick: () => {
            apiClient
              .post<GalleryLink>(pathTo(api.galleryLinkRestore, { id }), {})
              .then(() => toast({ title: t`Link restored`, description: t`Its address opens the gallery again.` }))
              .catch((error: unknown) =>
                toast({ title: t`Could not undo`, description: errorMessage(error, t`The link could not be restored`), variant: 'destructive' }),
              )
              .finally(() => void refresh());
          },
        },
      });
      await refresh();
    },
    onError: (error) => toast({ title: t`Error`, description: errorMessage(error, t`The link could not be revoked`), variant: 'destructive' }),
  });
}

/** The owner's view of one link's threads. */
export const linkThreadsKey = (linkId: number) => [pathTo(api.galleryLinkComments, { id: linkId })];

export function useLinkThreads(linkId: number, enabled = true) {
  return useQuery({
    queryKey: linkThreadsKey(linkId),
    queryFn: () => apiClient.get<GalleryLinkThreads>(pathTo(api.galleryLinkComments, { id: linkId })),
    enabled,
  });
}

export function useAnswerComment(linkId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, text }: { photoId: number; text: string }) =>
      apiClient.post<GalleryThread>(pathTo(api.galleryLinkPhotoComments, { id: linkId, photoId }), { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkThreadsKey(linkId) }),
  });
}

/** The owner's reset of a link's download count. */
export function useResetDownloads(categoryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => apiClient.post<GalleryLink>(pathTo(api.galleryLinkDownloadsReset, { id: linkId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryLinksKey(categoryId) }),
    onError: (error) => toast({ title: t`Error`, description: errorMessage(error, t`The downloads could not be reset`), variant: 'destructive' }),
  });
}

/** The owner's view of one link's picks. */
export const linkPicksKey = (linkId: number) => [pathTo(api.galleryLinkPicks, { id: linkId })];

/** The picks, or (`only`) the approved or the commented photos, each with its verdict. */
export function useLinkPicks(linkId: number, only: GalleryExportFilter = 'picks') {
  return useQuery({
    queryKey: only === 'picks' ? linkPicksKey(linkId) : [...linkPicksKey(linkId), only],
    queryFn: () => apiClient.get<GalleryLinkPicks>(`${pathTo(api.galleryLinkPicks, { id: linkId })}${only === 'picks' ? '' : `?only=${only}`}`),
  });
}

/** Opens sent picks again; the link's row (its submitted state) is in the category's links. */
export function useReopenPicks(linkId: number, categoryLinksKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<GalleryLinkPicks>(pathTo(api.galleryLinkPicksReopen, { id: linkId })),
    onSuccess: (picks) => {
      queryClient.setQueryData(linkPicksKey(linkId), picks);
      void queryClient.invalidateQueries({ queryKey: categoryLinksKey });
    },
    onError: (error) => toast({ title: t`Error`, description: errorMessage(error, t`The picks could not be reopened`), variant: 'destructive' }),
  });
}

export const picksCsvUrl = (linkId: number, only: GalleryExportFilter = 'picks') =>
  `${pathTo(api.galleryLinkPicksCsv, { id: linkId })}${only === 'picks' ? '' : `?only=${only}`}`;
