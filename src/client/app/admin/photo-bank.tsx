import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { Images } from 'lucide-react';
import type { Photo } from '#contract/photos.ts';
import { usePlacePhotos } from '#client/features/photos/api/get-place-photos.ts';
import { PlaceGridEnd } from '#client/features/photos/components/place-grid-end.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import { BANK_DROP_ID, photoDragId, type DragData } from '#client/lib/drag.ts';
import type { ContainerId } from '#client/features/photos/lib/photo-order.ts';
import { AdminPhotoTile, type MoveTarget, type SelectHow } from '#client/features/photos/components/admin-photo-tile.tsx';
import { Button } from '#client/components/ui/button.tsx';

const THUMBNAIL_SIZES = '(min-width: 1024px) 110px, 25vw';

export interface PhotoBankProps {
  /** How many photos are in no category; their pages are fetched as the grid scrolls. */
  count: number;
  /** A photo from a category is being dragged over the bank. */
  isDropTarget: boolean;
  moveTargets: MoveTarget[];
  onEditPhoto: (photo: Photo) => void;
  onDeletePhoto: (photo: Photo) => void;
  onMovePhoto: (photo: Photo, target: ContainerId) => void;
  selectedIds: { has: (id: number) => boolean };
  selecting: boolean;
  onSelectPhoto: (photo: Photo, how: SelectHow) => void;
  allSelected: boolean;
  onSelectAll: () => void;
  className?: string;
}

/**
 * The Photo Bank: the photos in no category, with their count, in a scrolling grid of
 * 4 columns (6 where the card is wide) at most 24rem high. Drag a photo from here onto a
 * category, or send it with "Move to…".
 */
export function PhotoBank({
  count,
  isDropTarget,
  moveTargets,
  onEditPhoto,
  onDeletePhoto,
  onMovePhoto,
  selectedIds,
  selecting,
  onSelectPhoto,
  allSelected,
  onSelectAll,
  className,
}: PhotoBankProps) {
  const data: DragData = { type: 'bank' };
  const { setNodeRef } = useDroppable({ id: BANK_DROP_ID, data });
  const titleId = useId();
  // A page at a time, fetched as the grid's end scrolls near: a bank of thousands stays quick.
  const place = usePlacePhotos(null, 'order', { count, open: true });
  const drawn = place.photos;
  const { t } = useLingui();

  return (
    <Card
      ref={setNodeRef}
      role="region"
      aria-labelledby={titleId}
      className={cn(
        'transition-shadow',
        isDropTarget && 'border-ring ring-2 ring-ring ring-offset-2 ring-offset-background',
        className,
      )}
    >
      <CardHeader className="p-3 pb-3 sm:p-6 sm:pb-4">
        <div className="flex items-center gap-2">
          <CardTitle id={titleId} className="text-xl">
            <Trans>Photo Bank</Trans>
          </CardTitle>
          <Badge variant="secondary">
            {count}
            <span className="sr-only">
              {' '}
              <Plural value={count} other="photo(s)" />
            </span>
          </Badge>
          {count > 0 && (
            <Button variant="ghost" className="ms-auto h-11 sm:h-9" aria-pressed={allSelected} onClick={onSelectAll}>
              {allSelected ? t`Select none` : t`Select all`}
              <span className="sr-only">
                {' '}
                <Trans>in the photo bank</Trans>
              </span>
            </Button>
          )}
        </div>
        <CardDescription>
          <Trans>Photos in no category. Drag them onto a category, or use Move to… in a photo's menu.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="p-3 pt-0 @container sm:p-6 sm:pt-0">
        {count === 0 ? (
          <div className="flex flex-col items-center gap-1 rounded-md border border-dashed px-4 py-8 text-center">
            <Images className="mb-1 size-8 text-muted-foreground" aria-hidden />
            <p className="text-sm font-medium">
              <Trans>No uncategorized photos</Trans>
            </p>
            <p className="text-xs text-muted-foreground">
              <Trans>Upload photos, or move photos here from your categories.</Trans>
            </p>
          </div>
        ) : (
          <SortableContext items={drawn.map((photo) => photoDragId(photo.id))} strategy={rectSortingStrategy}>
            <ul
              aria-label={t`Photos in the photo bank`}
              // The spec's 4 columns, 6 on wide screens: by the screen, not the card (the card is narrowest on wide screens).
              // Dense: no caption row and thin gaps, so a row costs little more than its photos.
              className="grid max-h-96 grid-cols-4 gap-1 overflow-y-auto overscroll-contain xl:grid-cols-6"
            >
              {drawn.map((photo) => (
                <AdminPhotoTile
                  key={photo.id}
                  photo={photo}
                  containerId={null}
                  moveTargets={moveTargets}
                  onEdit={onEditPhoto}
                  onDelete={onDeletePhoto}
                  onMove={onMovePhoto}
                  dragHint={t`Drag onto a category`}
                  sizes={THUMBNAIL_SIZES}
                  selected={selectedIds.has(photo.id)}
                  selecting={selecting}
                  onSelect={onSelectPhoto}
                  showTitle={false}
                />
              ))}
              <PlaceGridEnd place={place} />
            </ul>
          </SortableContext>
        )}
      </CardContent>
    </Card>
  );
}
