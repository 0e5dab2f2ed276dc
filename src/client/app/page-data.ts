import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID } from '#contract/page-data-element.ts';
import type { PageData } from '#contract/page-data.ts';
import { getUserQueryOptions } from '#client/features/auth/api/get-user.ts';
import { getPhotoQueryOptions } from '#client/features/photos/api/get-photo.ts';
import { getPhotoSectionsQueryOptions, getPhotoWindowQueryOptions } from '#client/features/photos/api/get-photo-pages.ts';
import { PHOTO_PAGE_SIZE } from '#contract/photo-cursor.ts';
import { getCategoriesQueryOptions } from '#client/features/categories/api/get-categories.ts';
import { getPortfolioOwnerQueryOptions } from '#client/features/owner/api/get-portfolio-owner.ts';
import { galleryKey, type GalleryAnswer } from '#client/features/galleries/api/gallery-query.ts';

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * The shape of the embedded data, checked by its top level only: our own server wrote it from the
 * contract's schemas, and a visitor's first load carries no schema library (the first-load budget of scripts/bundle-size.mjs).
 */
function hasPageDataShape(data: unknown): data is PageData {
  if (!isObject(data) || Array.isArray(data)) return false;
  const fields = data as Record<string, unknown>;
  const optional = (key: string, check: (value: unknown) => boolean) => fields[key] === undefined || check(fields[key]);
  return (
    optional('owner', isObject) &&
    optional('categories', Array.isArray) &&
    optional('photoSections', (value) => isObject(value) && Array.isArray((value as { sections?: unknown }).sections)) &&
    optional('photo', isObject) &&
    optional('photoWindow', (value) => isObject(value) && Array.isArray((value as { photos?: unknown }).photos)) &&
    optional('gallery', (value) => isObject(value) && typeof (value as { token?: unknown }).token === 'string' && isObject((value as { gallery?: unknown }).gallery)) &&
    optional('lockedGallery', (value) => isObject(value) && typeof (value as { token?: unknown }).token === 'string') &&
    optional('user', (value) => value === null)
  );
}

/** Reads the data the server embedded in the page; null when there is none (the dev server). */
export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    console.error('The embedded page data is not JSON', error);
    return null;
  }
  if (hasPageDataShape(data)) return data;
  console.error('The embedded page data does not match the contract');
  return null;
}

/**
 * Puts the page's first data in the query cache, so the first paint needs no API round trip.
 * Fresh as fetched data: the cache's rules decide when it is refetched.
 */
export function seedQueryCache(queryClient: QueryClient, data: PageData | null = readPageData()): void {
  if (!data) return;
  if (data.owner) queryClient.setQueryData(getPortfolioOwnerQueryOptions().queryKey, data.owner);
  if (data.categories) queryClient.setQueryData(getCategoriesQueryOptions().queryKey, data.categories);
  if (data.photoSections) queryClient.setQueryData(getPhotoSectionsQueryOptions().queryKey, data.photoSections);
  if (data.photo) queryClient.setQueryData(getPhotoQueryOptions(data.photo.id).queryKey, data.photo);
  if (data.photo && data.photoWindow) {
    queryClient.setQueryData(getPhotoWindowQueryOptions(data.photo, PHOTO_PAGE_SIZE).queryKey, data.photoWindow);
  }
  if (data.gallery) {
    const answer: GalleryAnswer = { state: 'open', gallery: data.gallery.gallery };
    queryClient.setQueryData(galleryKey(data.gallery.token), answer);
  }
  if (data.lockedGallery) {
    const answer: GalleryAnswer = { state: 'locked' };
    queryClient.setQueryData(galleryKey(data.lockedGallery.token), answer);
  }
  if (data.user === null) queryClient.setQueryData(getUserQueryOptions().queryKey, null);
}
