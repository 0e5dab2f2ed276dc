import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { clsx } from 'clsx';
import type { CategoryDensity, CategoryLayout } from '#contract/categories.ts';
import { gridTileImage } from '#contract/image-urls.ts';
import type { Photo } from '#contract/photos.ts';
import { isMusicRelease } from '#contract/music.ts';
import { PlayOverlay } from '#client/features/music/components/play-overlay.tsx';
import { PhotoImage } from '#client/features/photos/components/photo-image.tsx';
import { useIsDraggingPhoto } from '#client/lib/drag-context.ts';
import { altOf } from '#contract/alt-text.ts';

export interface PhotoTileProps {
  photo: Photo;
  /** Square crops the photo; the other layouts show it whole, at its own aspect ratio. */
  layout?: CategoryLayout;
  density?: CategoryDensity;
  /** In the first row: fetched at once, with high priority. */
  priority: boolean;
  onOpen: (photo: Photo) => void;
  className?: string;
}

/**
 * One tile of the grid: a button that opens the photo, or plays it when it is a release. Drawn
 * again only when its own props change: a page of photos arriving redraws its section's list,
 * and redrawing every tile above it took a phone at 4× CPU over 50 ms a page.
 */
export const PhotoTile = memo(function PhotoTile({ photo, layout = 'square', density = 'compact', priority, onOpen, className }: PhotoTileProps) {
  const { t } = useLingui();
  const isDragging = useIsDraggingPhoto();
  const release = isMusicRelease(photo);
  const image = gridTileImage(photo, layout, density);
  const title = photo.title;
  return (
    <button
      type="button"
      data-photo-tile={photo.id}
      aria-label={release ? t`Play ${title}` : undefined}
      onClick={() => {
        if (!isDragging) onOpen(photo);
      }}
      className={clsx(
        'group relative block w-full cursor-pointer overflow-hidden rounded-md bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
        image.square && 'aspect-square',
        className,
      )}
    >
      <PhotoImage
        photo={photo}
        alt={altOf(photo)}
        layout={image.square ? 'tile' : 'full'}
        sizes={image.sizes}
        priority={priority}
        className={clsx(
          'transition-transform duration-300 motion-safe:group-hover:scale-105',
          image.square ? 'size-full' : 'block h-auto w-full',
        )}
      />
      {release && <PlayOverlay />}
      {/* A cover alone does not say which release it is: its title, on the cover's foot. */}
      {release && (
        <span
          aria-hidden
          data-release-title
          className="pointer-events-none absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/75 to-transparent px-2 pt-6 pb-1.5 text-start text-sm font-medium text-white"
        >
          {photo.title}
        </span>
      )}
    </button>
  );
});
