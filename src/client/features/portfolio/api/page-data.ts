import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID, PageData } from '#contract/page-data.ts';
import { getUserQueryOptions } from '#client/features/auth/api/get-user.ts';
import { getPhotoQueryOptions } from '#client/features/photo/api/get-photo.ts';
import { getPhotosQueryOptions } from '#client/features/photo/api/get-photos.ts';
import { getCategoriesQueryOptions } from './get-categories.ts';
import { getPortfolioOwnerQueryOptions } from './get-portfolio-owner.ts';

/** Reads the data the server embedded in the page; null when there is none (the dev server). */
export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = PageData.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.error('The embedded page data does not match the contract', parsed.error);
  } catch (error) {
    console.error('The embedded page data is not JSON', error);
  }
  return null;
}

/**
 * Puts the page's first data in the query cache, so the first paint needs no API round trip.
 * Fresh as fetched data: the cache's rules (spec §7) decide when it is refetched.
 */
export function seedQueryCache(queryClient: QueryClient, data: PageData | null = readPageData()): void {
  if (!data) return;
  if (data.owner) queryClient.setQueryData(getPortfolioOwnerQueryOptions().queryKey, data.owner);
  if (data.categories) queryClient.setQueryData(getCategoriesQueryOptions().queryKey, data.categories);
  if (data.photos) queryClient.setQueryData(getPhotosQueryOptions().queryKey, data.photos);
  if (data.photo) queryClient.setQueryData(getPhotoQueryOptions(data.photo.id).queryKey, data.photo);
  if (data.user === null) queryClient.setQueryData(getUserQueryOptions().queryKey, null);
}
