import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Category } from '#contract/categories.ts';
import { MessageResponse } from '#contract/common.ts';
import { UNDO_OFFER_MS } from '#contract/photos.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getCategoriesQueryOptions } from './get-categories.ts';

/** The category's photos are kept: the server moves them to the photo bank. */
export function deleteCategory(id: number): Promise<MessageResponse> {
  return apiClient.delete(pathTo(api.category, { id }), { schema: MessageResponse });
}

/** Undo of a delete, while the server still keeps the category in its trash. */
export function restoreCategory(id: number): Promise<Category> {
  return apiClient.post(pathTo(api.categoryRestore, { id }), {}, { schema: Category });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  // The photo list is refreshed too, as the photos now sit in the bank (or are back).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getCategoriesQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: [api.photos] }),
    ]);
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: async (_answer, id) => {
      toast({
        title: t`Category deleted`,
        duration: UNDO_OFFER_MS,
        action: {
          label: t`Undo`,
          altText: t`Undo the delete`,
          onClick: () => {
            restoreCategory(id)
              .catch((error: unknown) =>
                toast({ title: t`Could not undo`, description: errorMessage(error, t`The category could not be restored`), variant: 'destructive' }),
              )
              .finally(() => void refresh());
          },
        },
      });
      await refresh();
    },
    onError: (error) => {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to delete category`), variant: 'destructive' });
    },
  });
}
