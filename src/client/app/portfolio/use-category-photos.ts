import { useMemo } from 'react';
import { isMusicRelease } from '#contract/music.ts';
import type { Photo, PhotoWithCategory } from '#contract/photos.ts';
import { usePhotos } from '#client/features/photos/api/get-photos.ts';

/**
 * The regular photos of a photo's own section (its category, or Other), in page order: what the
 * photo page steps through. Until the list arrives, or when it lacks the photo, the photo alone.
 */
export function useCategoryPhotos(photo: PhotoWithCategory): Photo[] {
  const photos = usePhotos();
  return useMemo(() => {
    const all = photos.data ?? [];
    const same = all.filter((candidate) => candidate.categoryId === photo.categoryId && !isMusicRelease(candidate));
    return same.some((candidate) => candidate.id === photo.id) ? same : [photo];
  }, [photos.data, photo]);
}
