import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#contract/categories.ts';
import { visitorApi } from '#contract/screens.ts';
import { apiClient } from '#client/lib/api-client.ts';

/**
 * The owner's categories, in their order. Typed, not parsed: the server checks its answers against
 * the contract, and a visitor's first load carries no schema library (the first-load budget of scripts/bundle-size.mjs).
 */
export function getCategories(): Promise<Category[]> {
  return apiClient.get<Category[]>(visitorApi.categories);
}

export function getCategoriesQueryOptions() {
  return queryOptions({ queryKey: [visitorApi.categories], queryFn: getCategories });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
