import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '#contract/common.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient, errorMessage } from '#client/lib/api-client.ts';
import { getCategoriesQueryOptions } from './get-categories.ts';

/** The category's photos are kept: the server moves them to the photo bank. */
export function deleteCategory(id: number): Promise<MessageResponse> {
  return apiClient.delete(pathTo(api.category, { id }), { schema: MessageResponse });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: async () => {
      toast({ title: 'Category deleted' });
      // The photo list is refreshed too, as the photos now sit in the bank.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getCategoriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: [api.photos] }),
      ]);
    },
    onError: (error) => {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to delete category'), variant: 'destructive' });
    },
  });
}
