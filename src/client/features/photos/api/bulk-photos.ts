import { plural, t } from '@lingui/core/macro';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MessageResponse } from '#contract/common.ts';
import {
  TrashedResponse,
  UNDO_OFFER_MS,
  type MovePhotosRequest,
  type OrderPhotosRequest,
  type Photo,
} from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getPhotosQueryOptions } from './get-photos.ts';

/**
 * The owner's bulk actions: each one request the server applies all or nothing. The lists are
 * refetched afterwards either way, so the screen ends as the server has it. A result that shows
 * on screen (photos reordered) gets no success toast; a move from the selection bar sends the
 * photos where the owner may not be looking, so it says 'Photos moved'; a failure always says why.
 */

/** Every photo list and the categories (their counts), after any change of where photos are. */
export const refreshLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: getPhotosQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: [api.categories] }),
  ]);

export function movePhotos(request: MovePhotosRequest): Promise<MessageResponse> {
  return apiClient.post(api.photosMove, request, { schema: MessageResponse });
}

export function orderPhotos(request: OrderPhotosRequest): Promise<MessageResponse> {
  return apiClient.post(api.photosOrder, request, { schema: MessageResponse });
}

export function deletePhotos(ids: number[]): Promise<TrashedResponse> {
  return apiClient.post(api.photosDelete, { ids }, { schema: TrashedResponse });
}

export function restorePhotos(ids: number[]): Promise<MessageResponse> {
  return apiClient.post(api.photosRestore, { ids }, { schema: MessageResponse });
}

export function useMovePhotos() {
  const queryClient = useQueryClient();
  const photosKey = getPhotosQueryOptions().queryKey;
  return useMutation({
    mutationFn: movePhotos,
    // The photos go at once; a refusal puts them back.
    onMutate: async ({ ids, categoryId }) => {
      await queryClient.cancelQueries({ queryKey: photosKey });
      const previous = queryClient.getQueryData<Photo[]>(photosKey);
      if (previous) {
        const moving = new Set(ids);
        const last = Math.max(-1, ...previous.filter((photo) => photo.categoryId === categoryId).map((photo) => photo.order));
        let next = last + 1;
        queryClient.setQueryData(
          photosKey,
          previous.map((photo) => (moving.has(photo.id) ? { ...photo, categoryId, order: next++ } : photo)),
        );
      }
      return { previous };
    },
    onSuccess: () => {
      toast({ title: t`Photos moved` });
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(photosKey, context.previous);
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to move photos`), variant: 'destructive' });
    },
    onSettled: () => refreshLists(queryClient),
  });
}

export function useOrderPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderPhotos,
    onError: (error) => {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to reorder photos`), variant: 'destructive' });
    },
    onSettled: () => refreshLists(queryClient),
  });
}

/** Offers Undo for as long as the server keeps the photos in its trash (less a margin). */
export function offerPhotoUndo(queryClient: QueryClient, answer: TrashedResponse) {
  toast({
    title: plural(answer.ids.length, { one: 'Photo deleted', other: '# photos deleted' }),
    duration: UNDO_OFFER_MS,
    action: {
      label: t`Undo`,
      altText: t`Undo the delete`,
      onClick: () => {
        restorePhotos(answer.ids)
          .catch((error: unknown) =>
            toast({ title: t`Could not undo`, description: errorMessage(error, t`The photos could not be restored`), variant: 'destructive' }),
          )
          .finally(() => void refreshLists(queryClient));
      },
    },
  });
}

export function useDeletePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhotos,
    onSuccess: async (answer) => {
      offerPhotoUndo(queryClient, answer);
      await refreshLists(queryClient);
    },
    onError: (error) => {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to delete photo`), variant: 'destructive' });
    },
  });
}
