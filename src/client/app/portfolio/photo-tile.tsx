import { useLingui } from '@lingui/react/macro';
import { memo, type MouseEvent } from 'react';
import { clsx } from 'clsx';
import type { CategoryDensity, CategoryLayout } from '#contract/categories.ts';
import { gridTileImage } from '#contract/image-urls.ts';
import type { Photo } from '#contract/photos.ts';
import { isMusicRelease } from '#contract/music.ts';
import { PlayOverlay } from '#client/features/music/components/play-overlay.tsx';
import { PhotoImage } from '#client/features/photos/components/photo-image.tsx';
import { useIsDraggingPhoto } from '#client/lib/drag-context.ts';
import { pressOnSpace } from '#client/lib/link-as-button.ts';
import { altOf } from '#contract/alt-text.ts';

export interface PhotoTileProps {
  photo: Photo;
  /** Square crops the photo; the other layouts show it whole, at its own aspect ratio. */
  layout?: CategoryLayout;
  density?: CategoryDensity;
  /** In the first row: fetched at once, with high priority. */
  priority: boolean;
  onOpen: (photo: Photo) => void;
  /** The photo's own page: the tile is a link to it. */
  href?: string;
  className?: string;
}

/** A click the page takes over: the plain left click, not one that opens a new tab or window. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
}

/**
 * One tile of the grid: a link to the photo's page (`href`), which a plain click opens in the
 * viewer instead, or plays when it is a release; without a page of its own (a client's gallery), a
 * button. The link works without the script too (docs/decisions/0018), and a click with a modifier
 * opens the page in a new tab. Drawn again only when its own props change: a page of photos arriving redraws its
 * section's list, and redrawing every tile above it took a phone at 4× CPU over 50 ms a page.
 */
export const PhotoTile = memo(function PhotoTile({ photo, layout = 'square', density = 'compact', priority, onOpen, href, className }: PhotoTileProps) {
  const { t } = useLingui();
  const isDragging = useIsDraggingPhoto();
  const release = isMusicRelease(photo);
  const image = gridTileImage(photo, layout, density);
  const title = photo.title;
  const tileClassName = clsx(
    'group relative block w-full cursor-pointer overflow-hidden rounded-md bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
    image.square && 'aspect-square',
    className,
  );
  const content = (
    <>
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
    </>
  );
  if (href === undefined) {
    return (
      <button
        type="button"
        data-photo-tile={photo.id}
        aria-label={release ? t`Play ${title}` : undefined}
        onClick={() => {
          if (!isDragging) onOpen(photo);
        }}
        className={tileClassName}
      >
        {content}
      </button>
    );
  }
  return (
    <a
      href={href}
      data-photo-tile={photo.id}
      // With the script it opens the viewer (or plays) where it is, as a button does, and says so;
      // without it, it is the link to the photo's page it is written as.
      role="button"
      aria-label={release ? t`Play ${title}` : undefined}
      // The owner drags tiles to reorder them: never the browser's own drag of a link.
      draggable={false}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        if (!isDragging) onOpen(photo);
      }}
      onKeyDown={pressOnSpace}
      className={tileClassName}
    >
      {content}
    </a>
  );
});
