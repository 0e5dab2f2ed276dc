import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Category, type UpdateCategoryRequest } from '#contract/categories.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getCategoriesQueryOptions } from './get-categories.ts';

export interface UpdateCategoryVariables {
  id: number;
  changes: UpdateCategoryRequest;
}

export function updateCategory({ id, changes }: UpdateCategoryVariables): Promise<Category> {
  return apiClient.put(pathTo(api.category, { id }), changes, { schema: Category });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    // Every change shows where it was made (the name, the description, the visibility switch, the
    // layout), so success is silent; a refusal still says why.
    onSuccess: async (_category, { changes }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getCategoriesQueryOptions().queryKey }),
        // Its photos' files moved to or from the private path with a new visibility.
        changes.visibility !== undefined && queryClient.invalidateQueries({ queryKey: [api.photos] }),
      ]);
    },
    onError: (error) => {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to update category`), variant: 'destructive' });
    },
  });
}
