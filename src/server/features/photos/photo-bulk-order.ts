import type { PhotoOrderKey } from '#contract/photos.ts';

export interface OrderablePhoto {
  id: number;
  /** The place it shows in: its live category, or null for the photo bank. */
  place: number | null;
  /** The stored category, written back unchanged (a photo of a trashed category keeps pointing at it). */
  categoryId: number | null;
  sortOrder: number;
  title: string;
  createdAt: string;
  /** When the camera took it, if known (ISO). */
  takenAt: string | null;
}

export interface Placement {
  id: number;
  placement: { sortOrder: number; categoryId: number | null };
}

const titleCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const uploadOrder = (a: OrderablePhoto, b: OrderablePhoto) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id;

const COMPARE: Record<PhotoOrderKey, (a: OrderablePhoto, b: OrderablePhoto) => number> = {
  title: (a, b) => titleCollator.compare(a.title, b.title) || uploadOrder(a, b),
  // Oldest first, like a shoot's frames; a photo without a date taken goes by its upload.
  taken: (a, b) => {
    const at = a.takenAt ?? a.createdAt;
    const bt = b.takenAt ?? b.createdAt;
    return at < bt ? -1 : at > bt ? 1 : uploadOrder(a, b);
  },
  upload: uploadOrder,
};

/**
 * The new orders when the selected photos are rearranged by `key` among the places they hold.
 * `photos` are every photo in page order; each place holding a selected photo is renumbered
 * from 0, the unselected keeping their positions. Only photos whose order changes are returned.
 */
export function orderSelection(photos: OrderablePhoto[], selected: ReadonlySet<number>, key: PhotoOrderKey): Placement[] {
  const places = new Map<number | null, OrderablePhoto[]>();
  for (const photo of photos) {
    const list = places.get(photo.place);
    if (list) list.push(photo);
    else places.set(photo.place, [photo]);
  }
  const placements: Placement[] = [];
  for (const list of places.values()) {
    if (!list.some((photo) => selected.has(photo.id))) continue;
    const sorted = list.filter((photo) => selected.has(photo.id)).sort(COMPARE[key]);
    let next = 0;
    const arranged = list.map((photo) => (selected.has(photo.id) ? sorted[next++]! : photo));
    arranged.forEach((photo, index) => {
      if (photo.sortOrder !== index) {
        placements.push({ id: photo.id, placement: { sortOrder: index, categoryId: photo.categoryId } });
      }
    });
  }
  return placements;
}
