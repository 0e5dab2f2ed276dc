import type { ReactNode } from 'react';
import type { Photo } from '#contract/photos.ts';
import { PhotoTile } from './photo-tile.tsx';

export interface PhotoGridProps {
  photos: Photo[];
  onOpen: (photo: Photo) => void;
  /** How many of these photos are in the page's first row: those load first. */
  priorityCount?: number;
  /**
   * Wraps each tile, e.g. in the owner's sortable item for drag-to-reorder; by default the tile
   * stands alone.
   */
  renderPhoto?: (photo: Photo, tile: ReactNode) => ReactNode;
}

/** The public grid: 2 columns on phones, 6 on medium screens, 8 on large ones. */
export function PhotoGrid({ photos, onOpen, priorityCount = 0, renderPhoto }: PhotoGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-2 md:grid-cols-6 lg:grid-cols-8">
      {photos.map((photo, index) => {
        const tile = <PhotoTile photo={photo} priority={index < priorityCount} onOpen={onOpen} />;
        return <li key={photo.id}>{renderPhoto ? renderPhoto(photo, tile) : tile}</li>;
      })}
    </ul>
  );
}
