import type { Photo, ReorderPhotosRequest } from '#contract/photos.ts';

export type PhotoUpdate = ReorderPhotosRequest['photoUpdates'][number];

/** Where a photo lives in the admin area: a category's id, or null for the photo bank. */
export type ContainerId = number | null;

export const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

/** The photos of one category (or of the bank), in their order. */
export function photosIn(photos: readonly Photo[], containerId: ContainerId): Photo[] {
  return photos.filter((photo) => photo.categoryId === containerId).sort(byOrder);
}

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

/**
 * A photo dropped on another category goes there with order 0; the photos already there
 * follow it from 1, so no two share a place. Null when the photo is already there.
 */
export function moveInto(photo: Photo, target: readonly Photo[], targetId: ContainerId): PhotoUpdate[] | null {
  if (photo.categoryId === targetId) return null;
  return renumber([photo, ...target.filter((other) => other.id !== photo.id)], targetId);
}

/** The list as it will be once the server has applied the updates; photos stay the same set. */
export function applyPhotoUpdates(photos: readonly Photo[], updates: readonly PhotoUpdate[]): Photo[] {
  const byId = new Map(updates.map((update) => [update.id, update]));
  return photos.map((photo) => {
    const update = byId.get(photo.id);
    return update ? { ...photo, order: update.order, categoryId: update.categoryId } : photo;
  });
}

/** A category's grid can be viewed in its own order, by title, or newest first. */
export type SortMode = 'order' | 'title' | 'date';

export const SORT_MODE_LABELS: Record<SortMode, string> = {
  order: 'Upload Order',
  title: 'Title A-Z',
  date: 'Newest First',
};

const titleCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** A view of the photos; the stored order changes only by dragging in the 'order' view. */
export function sortPhotos(ordered: readonly Photo[], mode: SortMode): Photo[] {
  if (mode === 'title') return [...ordered].sort((a, b) => titleCollator.compare(a.title, b.title) || byOrder(a, b));
  if (mode === 'date') return [...ordered].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return [...ordered];
}
