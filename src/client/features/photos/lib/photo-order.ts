import { t } from '@lingui/core/macro';
import type { SectionSort } from '#contract/photo-cursor.ts';
import type { Photo, ReorderPhotosRequest } from '#contract/photos.ts';

export type PhotoUpdate = ReorderPhotosRequest['photoUpdates'][number];

/** Where a photo lives in the admin area: a category's id, or null for the photo bank. */
export type ContainerId = number | null;

export const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

/** Every photo of the list numbered from 0 in the order given, all in `containerId`. */
export function renumber(ordered: readonly Photo[], containerId: ContainerId, start = 0): PhotoUpdate[] {
  return ordered.map((photo, index) => ({ id: photo.id, order: start + index, categoryId: containerId }));
}

/**
 * Moving a photo within its category renumbers every photo there from 0. Returns null
 * when nothing moves (a drop on its own place, or an index out of range).
 */
export function reorderWithin(
  ordered: readonly Photo[],
  fromIndex: number,
  toIndex: number,
  containerId: ContainerId,
): PhotoUpdate[] | null {
  if (fromIndex === toIndex) return null;
  if (fromIndex < 0 || toIndex < 0 || fromIndex >= ordered.length || toIndex >= ordered.length) return null;
  const next = [...ordered];
  const [moved] = next.splice(fromIndex, 1);
  if (!moved) return null;
  next.splice(toIndex, 0, moved);
  return renumber(next, containerId);
}

/** The list as it will be once the server has applied the updates; photos stay the same set. */
export function applyPhotoUpdates(photos: readonly Photo[], updates: readonly PhotoUpdate[]): Photo[] {
  const byId = new Map(updates.map((update) => [update.id, update]));
  return photos.map((photo) => {
    const update = byId.get(photo.id);
    return update ? { ...photo, order: update.order, categoryId: update.categoryId } : photo;
  });
}

/** A category's grid can be viewed in its own order, by title, or newest first: the server sorts it. */
export type SortMode = SectionSort;

/** Read as the owner's language is now: call it while drawing. */
export const sortModeLabels = (): Record<SortMode, string> => ({
  order: t`Upload Order`,
  title: t`Title A-Z`,
  date: t`Newest First`,
});
