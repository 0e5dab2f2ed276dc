import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Category, type ReorderCategoriesRequest } from '#contract/categories.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getCategoriesQueryOptions } from './get-categories.ts';

const CategoryList = z.array(Category);

export function reorderCategories(body: ReorderCategoriesRequest): Promise<Category[]> {
  return apiClient.put(api.categoriesReorder, body, { schema: CategoryList });
}

/** The cache takes the new order at once, then the request follows; a refusal rolls it back. */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const categoriesKey = getCategoriesQueryOptions().queryKey;
  return useMutation({
    mutationFn: reorderCategories,
    onMutate: async ({ categoryUpdates }) => {
      await queryClient.cancelQueries({ queryKey: categoriesKey });
      const previous = queryClient.getQueryData<Category[]>(categoriesKey);
      if (previous) {
        const orderOf = new Map(categoryUpdates.map((update) => [update.id, update.order]));
        const next = previous
          .map((category) => ({ ...category, order: orderOf.get(category.id) ?? category.order }))
          .sort((a, b) => a.order - b.order || a.id - b.id);
        queryClient.setQueryData(categoriesKey, next);
      }
      return { previous };
    },
    // The new order is on screen at once: no success toast, only a refusal is explained.
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(categoriesKey, context.previous);
      toast({
        title: t`Error`,
        description: errorMessage(error, t`Failed to reorder categories`),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}
