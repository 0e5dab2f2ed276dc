import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Category } from '#contract/categories.ts';
import { api } from '#client/config/paths.ts';
import { apiClient } from '#client/lib/api-client.ts';

const CategoryList = z.array(Category);

/** The owner's categories, in their order. */
export function getCategories(): Promise<Category[]> {
  return apiClient.get(api.categories, { schema: CategoryList });
}

export function getCategoriesQueryOptions() {
  return queryOptions({ queryKey: ['categories'], queryFn: getCategories });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
