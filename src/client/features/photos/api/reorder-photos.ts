import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '#contract/common.ts';
import type { Photo } from '#contract/photos.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getPhotosQueryOptions } from './get-photos.ts';
import { refreshLists } from './bulk-photos.ts';
import { applyPhotoUpdates, type PhotoUpdate } from '#client/features/photos/lib/photo-order.ts';

export interface ReorderPhotosVariables {
  photoUpdates: PhotoUpdate[];
  /** A new order within one place, or photos moved to another category or the bank: each has its failure text. */
  kind: 'reorder' | 'move';
  /**
   * The result lands out of the owner's sight (a "Move to…" from a menu), so success is said in a
   * toast. A drag's result is where it was dropped, and a reorder is seen as it happens: silent.
   */
  confirm?: boolean;
}

/** One transaction on the server: every update is applied, or none. */
export function reorderPhotos({ photoUpdates }: ReorderPhotosVariables): Promise<MessageResponse> {
  return apiClient.put(api.photosReorder, { photoUpdates }, { schema: MessageResponse });
}

/**
 * Shows the new order at once, then sends it. A refused request puts the old order back, and
 * either way the lists are refetched, so the screen ends as the server has it.
 */
export function useReorderPhotos() {
  const queryClient = useQueryClient();
  const photosKey = getPhotosQueryOptions().queryKey;
  return useMutation({
    mutationFn: reorderPhotos,
    onMutate: async ({ photoUpdates }) => {
      await queryClient.cancelQueries({ queryKey: photosKey });
      const previous = queryClient.getQueryData<Photo[]>(photosKey);
      if (previous) queryClient.setQueryData(photosKey, applyPhotoUpdates(previous, photoUpdates));
      return { previous };
    },
    onSuccess: (_answer, variables) => sayPlaced(variables),
    onError: (error, variables, context) => {
      if (context?.previous) queryClient.setQueryData(photosKey, context.previous);
      sayNotPlaced(error, variables);
    },
    onSettled: () => refreshLists(queryClient),
  });
}

/** A move from a menu lands out of sight, so it is confirmed; a drag's result is seen where it was dropped. */
export function sayPlaced({ kind, confirm }: Pick<ReorderPhotosVariables, 'kind' | 'confirm'>): void {
  if (kind === 'move' && confirm) toast({ title: t`Photos moved` });
}

export function sayNotPlaced(error: unknown, { kind }: Pick<ReorderPhotosVariables, 'kind'>): void {
  toast({
    title: t`Error`,
    description: errorMessage(error, kind === 'move' ? t`Failed to move photos` : t`Failed to reorder photos`),
    variant: 'destructive',
  });
}
