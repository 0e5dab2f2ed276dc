import type { CSSProperties, ReactNode } from 'react';
import { clsx } from 'clsx';
import type { CategoryDensity, CategoryLayout } from '#contract/categories.ts';
import type { Photo } from '#contract/photos.ts';
import { HydrateLater, LATER_PART } from '#client/lib/later-hydration.tsx';
import { PhotoTile } from './photo-tile.tsx';

export interface PhotoGridProps {
  photos: Photo[];
  onOpen: (photo: Photo) => void;
  /** Each photo's own page, for its tile to link to; without it the tiles are buttons. */
  hrefOf?: (photo: Photo) => string;
  /** The category's layout; the spec's square grid unless the owner chose another. */
  layout?: CategoryLayout;
  density?: CategoryDensity;
  /** How many of these photos are in the page's first row: those load first. */
  priorityCount?: number;
  /**
   * Wraps each tile, e.g. in the owner's sortable item for drag-to-reorder; by default the tile
   * stands alone.
   */
  renderPhoto?: (photo: Photo, tile: ReactNode) => ReactNode;
}

/**
 * Every layout is plain CSS, so a visitor downloads no layout script and the first render from
 * the server's data is already the final one (sizes come from each photo's stored width and
 * height, so nothing moves as images arrive):
 * - square: the spec's 2/6/8 columns (compact), or 1/3/4 (large);
 * - justified: rows filling the width, each photo at its own aspect ratio. Every tile grows in
 *   proportion to its ratio from a basis of ratio × row height, so all tiles of a row keep one
 *   height; the last row keeps its basis (the filler after it takes the spare width). A tile grows
 *   to at most twice its basis, so a row a very narrow photo stands in alone (a 49×500 strip
 *   before a panorama that did not fit) stays at most twice the row height, its spare width left
 *   empty, instead of a strip thousands of pixels tall;
 * - masonry: columns (2/4/5 or 1/2/3), each photo whole, filled top to bottom.
 */
const LIST_CLASSES: Record<CategoryLayout, Record<CategoryDensity, string>> = {
  square: {
    compact: 'grid grid-cols-2 gap-2 md:grid-cols-6 lg:grid-cols-8',
    large: 'grid grid-cols-1 gap-3 md:grid-cols-3 lg:grid-cols-4',
  },
  justified: {
    compact: "flex flex-wrap gap-2 [--row-height:120px] after:grow-[1000000] after:content-[''] md:[--row-height:200px]",
    large: "flex flex-wrap gap-3 [--row-height:200px] after:grow-[1000000] after:content-[''] md:[--row-height:320px]",
  },
  masonry: {
    compact: 'columns-2 gap-2 md:columns-4 lg:columns-5 [&>li]:mb-2',
    large: 'columns-1 gap-3 sm:columns-2 lg:columns-3 [&>li]:mb-3',
  },
};

function itemStyle(photo: Photo, layout: CategoryLayout): CSSProperties | undefined {
  if (layout !== 'justified') return undefined;
  const ratio = photo.width / photo.height;
  return { flexGrow: ratio, flexBasis: `calc(var(--row-height) * ${ratio})`, maxWidth: `calc(var(--row-height) * ${ratio * 2})` };
}

export function PhotoGrid({
  photos,
  onOpen,
  hrefOf,
  layout = 'square',
  density = 'compact',
  priorityCount = 0,
  renderPhoto,
}: PhotoGridProps) {
  // Taken over in a task after the screen's header and top bar (lib/later-hydration.tsx).
  return (
    <HydrateLater>
      <ul data-layout={layout} {...LATER_PART} className={LIST_CLASSES[layout][density]}>
        {photos.map((photo, index) => {
          const tile = (
            <PhotoTile photo={photo} layout={layout} density={density} priority={index < priorityCount} onOpen={onOpen} href={hrefOf?.(photo)} />
          );
          return (
            <li key={photo.id} style={itemStyle(photo, layout)} className={clsx(layout === 'masonry' && 'break-inside-avoid')}>
              {renderPhoto ? renderPhoto(photo, tile) : tile}
            </li>
          );
        })}
      </ul>
    </HydrateLater>
  );
}
