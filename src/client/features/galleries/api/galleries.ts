import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGalleryLinkRequest, Gallery, GalleryLink, NewGalleryLink, RevokedGalleryLink, UpdateGalleryLinkRequest } from '#contract/galleries.ts';
import { UNDO_OFFER_MS } from '#contract/photos.ts';
import { api, pathTo } from '#contract/routes.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError, apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { i18n } from '#client/lib/i18n.ts';
import { GALLERY_TEXTS } from '#client/features/galleries/lib/gallery-texts.ts';
import { galleryKey, type GalleryAnswer } from './gallery-query.ts';

/** The owner's links to a category. */
export const categoryLinksKey = (categoryId: number) => [pathTo(api.categoryLinks, { id: categoryId })];

export function useCategoryLinks(categoryId: number) {
  return useQuery({
    queryKey: categoryLinksKey(categoryId),
    queryFn: () => apiClient.get<GalleryLink[]>(pathTo(api.categoryLinks, { id: categoryId })),
  });
}

function useLinkMutation<V, R>(categoryId: number, mutationFn: (variables: V) => Promise<R>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryLinksKey(categoryId) }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, failure), variant: 'destructive' }),
  });
}

export const useCreateLink = (categoryId: number) =>
  useLinkMutation(
    categoryId,
    (request: CreateGalleryLinkRequest) => apiClient.post<NewGalleryLink>(pathTo(api.categoryLinks, { id: categoryId }), request),
    'The link could not be made',
  );

export const useUpdateLink = (categoryId: number) =>
  useLinkMutation(
    categoryId,
    ({ id, changes }: { id: number; changes: UpdateGalleryLinkRequest }) => apiClient.patch<GalleryLink>(pathTo(api.galleryLink, { id }), changes),
    'The link could not be changed',
  );

/** Revokes a link and offers Undo while the server keeps it: the same address opens again, its picks with it. */
export function useRevokeLink(categoryId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: categoryLinksKey(categoryId) });
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<RevokedGalleryLink>(pathTo(api.galleryLink, { id })),
    onSuccess: async (_answer, id) => {
      toast({
        title: 'Link revoked',
        description: 'Its address no longer opens the gallery.',
        duration: UNDO_OFFER_MS,
        action: {
          label: 'Undo',
          altText: 'Undo the revoke',
          onClick: () => {
            apiClient
              .post<GalleryLink>(pathTo(api.galleryLinkRestore, { id }), {})
              .then(() => toast({ title: 'Link restored', description: 'Its address opens the gallery again.' }))
              .catch((error: unknown) =>
                toast({ title: 'Could not undo', description: errorMessage(error, 'The link could not be restored'), variant: 'destructive' }),
              )
              .finally(() => void refresh());
          },
        },
      });
      await refresh();
    },
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'The link could not be revoked'), variant: 'destructive' }),
  });
}

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
