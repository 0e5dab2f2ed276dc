import { useMemo } from 'react';
import { isMusicRelease } from '#contract/music.ts';
import { PHOTO_PAGE_SIZE } from '#contract/photo-cursor.ts';
import type { Photo, PhotoWithCategory } from '#contract/photos.ts';
import { usePhotoWindow } from '#client/features/photos/api/get-photo-pages.ts';

/** Part of a section: `photos` from place `offset` (from 0) of its `total`; all of it when as many. */
export interface SectionPart {
  photos: Photo[];
  offset: number;
  total: number;
}

/**
 * The regular photos around a photo in its own section (its category, or Other), in page order:
 * what the photo page steps through. A window of the section centred on the photo, so a section
 * of any size costs one small request; a whole small section comes back in page order. Until the
 * window arrives, or for a release, the photo alone.
 */
export function useCategoryPhotos(photo: PhotoWithCategory): SectionPart {
  const window = usePhotoWindow(photo, PHOTO_PAGE_SIZE);
  return useMemo(() => {
    const data = window.data;
    if (!data || isMusicRelease(photo) || !data.photos.some((candidate) => candidate.id === photo.id)) {
      return { photos: [photo], offset: 0, total: 1 };
    }
    const regular = (photos: Photo[]) => photos.filter((candidate) => !isMusicRelease(candidate));
    if (data.photos.length >= data.total) {
      // The whole section, as a ring from `offset`: turned back to page order.
      const cut = data.total - data.offset;
      const photos = regular([...data.photos.slice(cut), ...data.photos.slice(0, cut)]);
      return { photos, offset: 0, total: photos.length };
    }
    const photos = regular(data.photos);
    return { photos, offset: data.offset, total: data.total - (data.photos.length - photos.length) };
  }, [window.data, photo]);
}
