import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Category, type CreateCategoryRequest } from '#contract/categories.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getCategoriesQueryOptions } from './get-categories.ts';

/** `order` is the number of categories so far, so a new one comes last. */
export function createCategory(body: CreateCategoryRequest): Promise<Category> {
  return apiClient.post(api.categories, body, { schema: Category });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: async (created) => {
      // In the list before the toast says so: a Move to… menu opened on the toast offers it.
      queryClient.setQueryData(getCategoriesQueryOptions().queryKey, (categories) => categories && [...categories, created]);
      toast({ title: t`Category created` });
      await queryClient.invalidateQueries({ queryKey: getCategoriesQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to create category`), variant: 'destructive' });
    },
  });
}
