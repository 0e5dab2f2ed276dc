import type { KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, ExternalLink } from 'lucide-react';
import type { Photo } from '#contract/photos.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { photoTile, returnFocusTo } from '#client/lib/return-focus.ts';
import { PhotoImage } from './photo-image.tsx';
import { ShareButton } from './share-button.tsx';

export interface PhotoDialogProps {
  /** The photos the arrows step through, in page order. */
  photos: Photo[];
  /** The open photo, or null when the dialog is closed. */
  photoId: number | null;
  onPhotoIdChange: (photoId: number | null) => void;
}

/**
 * A regular photo, large: title, image, description, Visit Project and Share. Left and
 * right arrow keys (and the buttons beside the image) step to the neighbouring photos.
 */
export function PhotoDialog({ photos, photoId, onPhotoIdChange }: PhotoDialogProps) {
  const index = photoId === null ? -1 : photos.findIndex((photo) => photo.id === photoId);
  const photo = photos[index];
  const canStep = photos.length > 1;

  const step = (by: 1 | -1) => {
    const next = photos[(index + by + photos.length) % photos.length];
    if (next) onPhotoIdChange(next.id);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!canStep || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => !open && onPhotoIdChange(null)}>
      {photo && (
        <DialogContent
          className="max-w-5xl gap-3 p-4 sm:p-6"
          onKeyDown={onKeyDown}
          // Focus goes back to the tile of the photo on screen, which may not be the one clicked.
          onCloseAutoFocus={returnFocusTo(() => photoTile(photo.id))}
          {...(photo.description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogHeader>
            <DialogTitle className="text-xl break-words">{photo.title}</DialogTitle>
          </DialogHeader>
          <div className="relative flex justify-center rounded-md bg-muted/50">
            <PhotoImage
              photo={photo}
              alt={photo.title}
              layout="full"
              priority
              sizes="(min-width: 1024px) 976px, 100vw"
              className="h-auto max-w-full rounded-md"
              style={{ width: `min(100%, calc(70dvh * ${photo.width / photo.height}))` }}
            />
            {canStep && (
              <>
                <Button
                  variant="secondary"
                  size="icon"
                  className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full opacity-80 shadow hover:opacity-100"
                  onClick={() => step(-1)}
                >
                  <ChevronLeft aria-hidden />
                  <span className="sr-only">Previous photo</span>
                </Button>
                <Button
                  variant="secondary"
                  size="icon"
                  className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full opacity-80 shadow hover:opacity-100"
                  onClick={() => step(1)}
                >
                  <ChevronRight aria-hidden />
                  <span className="sr-only">Next photo</span>
                </Button>
              </>
            )}
          </div>
          {photo.description && (
            <DialogDescription className="text-base whitespace-pre-line text-foreground">
              {photo.description}
            </DialogDescription>
          )}
          <DialogFooter>
            {photo.hyperlink && (
              <Button asChild variant="outline">
                <a href={photo.hyperlink} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  Visit Project
                </a>
              </Button>
            )}
            <ShareButton photo={photo} />
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
