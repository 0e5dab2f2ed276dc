import { useState, type ReactNode } from 'react';
import { Check, Heart, Send } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Photo } from '#contract/photos.ts';
import { labelOf } from '#contract/alt-text.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { cn } from '#client/lib/utils.ts';
import { roomForPick, usePicks, useSubmitPicks, useTogglePick } from '#client/features/galleries/api/proofing.ts';

export interface Proofing {
  /** The bar: how many are picked (of the cap), the "Show picks" filter, Submit. */
  bar: ReactNode;
  /** The photos to show: all, or only the picks while the filter is on. */
  shown: Photo[];
  /** Puts the pick button on a grid tile. */
  renderPhoto: (photo: Photo, tile: ReactNode) => ReactNode;
  /** The pick button in the viewer, beside its other actions. */
  viewerAction: (photo: Photo, className: string) => ReactNode;
  /** P in the viewer picks or unpicks the photo on screen. */
  onPhotoKey: (key: string, photo: Photo) => boolean;
}

/**
 * Proofing for a link's holder: a pick button on every tile and in the viewer (mouse, touch,
 * keyboard, and P in the viewer), the count, a filter to the picks, and Submit, which sends them
 * to the photographer and locks them. Null while the link has no proofing or the picks load.
 */
export function useProofing(token: string, enabled: boolean, photos: Photo[]): Proofing | null {
  const { t } = useLingui();
  const picksQuery = usePicks(token, enabled);
  const toggle = useTogglePick(token);
  const submit = useSubmitPicks(token);
  const [onlyPicks, setOnlyPicks] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const picks = picksQuery.data;
  if (!enabled || !picks) return null;

  const picked = new Set(picks.photoIds);
  const locked = picks.submittedAt !== null;
  const flip = (photo: Photo) => {
    if (locked) return;
    const pick = !picked.has(photo.id);
    if (pick && !roomForPick(picks)) return;
    toggle.mutate({ photoId: photo.id, picked: pick });
  };
  const shown = onlyPicks ? photos.filter((photo) => picked.has(photo.id)) : photos;
  const count = picks.photoIds.length;
  const cap = picks.pickCap;

  const bar = (
    <div
      data-proofing-bar=""
      className="sticky top-0 z-10 -mx-1 flex flex-wrap items-center gap-2 rounded-md border bg-background/95 p-2 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-background/80"
    >
      {/* A basis of its own: in a longer language the buttons wrap under the count rather than squeeze it to a word a line. */}
      <p className="min-w-0 flex-1 basis-40 text-sm font-medium" aria-live="polite">
        {locked ? (
          <span className="inline-flex items-center gap-1.5">
            <Check className="size-4 text-primary" aria-hidden />
            {plural(count, { one: '# pick sent · locked', other: '# picks sent · locked' })}
          </span>
        ) : cap === null ? (
          t`${count} picked`
        ) : (
          t`${count} picked of ${cap}`
        )}
      </p>
      <Button variant={onlyPicks ? 'secondary' : 'outline'} className="min-h-11 sm:min-h-9" aria-pressed={onlyPicks} onClick={() => setOnlyPicks(!onlyPicks)}>
        <Heart aria-hidden className={cn(onlyPicks && 'fill-current')} />
        <Trans>Show picks</Trans>
      </Button>
      {!locked && (
        <Button className="min-h-11 sm:min-h-9" disabled={picks.photoIds.length === 0 || submit.isPending} onClick={() => setConfirming(true)}>
          <Send aria-hidden />
          <Trans>Submit picks</Trans>
        </Button>
      )}
      {locked && (
        <p className="w-full text-xs text-muted-foreground">
          <Trans>Sent to the photographer. Ask them to reopen your picks to change them.</Trans>
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t`Send your picks?`}
        description={plural(count, {
          one: 'The photographer gets your # pick. After that they are locked until the photographer reopens them.',
          other: 'The photographer gets your # picks. After that they are locked until the photographer reopens them.',
        })}
        confirmLabel={t`Send picks`}
        // Sending is what the client came to do, not a loss: the main button, not a warning.
        tone="default"
        pendingLabel={t`Sending…`}
        pending={submit.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          submit.mutate(undefined, {
            onSuccess: () => toast({ title: t`Picks sent`, description: t`The photographer has them now.` }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </div>
  );

  const pickLabel = (photo: Photo) => {
    const label = labelOf(photo);
    return t`Pick ${label}`;
  };
  const renderPhoto = (photo: Photo, tile: ReactNode) => {
    const isPicked = picked.has(photo.id);
    const label = labelOf(photo);
    return (
      <div className="relative h-full">
        {tile}
        {locked ? (
          isPicked && (
            <span className="pointer-events-none absolute top-1.5 end-1.5 inline-flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground shadow">
              <Heart className="size-4 fill-current" aria-hidden />
              <span className="sr-only">
                <Trans>Picked: {label}</Trans>
              </span>
            </span>
          )
        ) : (
          <button
            type="button"
            data-pick={photo.id}
            aria-pressed={isPicked}
            aria-label={pickLabel(photo)}
            onClick={() => flip(photo)}
            className={cn(
              'absolute top-0.5 end-0.5 inline-flex size-11 cursor-pointer items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
            )}
          >
            <span
              className={cn(
                'inline-flex size-9 items-center justify-center rounded-full shadow transition-colors [&_svg]:size-4',
                isPicked ? 'bg-primary text-primary-foreground' : 'bg-black/55 text-white hover:bg-black/75',
              )}
            >
              <Heart aria-hidden className={cn(isPicked && 'fill-current')} />
            </span>
          </button>
        )}
      </div>
    );
  };

  const viewerAction = (photo: Photo, className: string) => {
    const isPicked = picked.has(photo.id);
    if (locked) return isPicked ? <span className={cn(className, 'cursor-default')}>
          <Trans>Picked · sent</Trans>
        </span> : null;
    return (
      <button type="button" className={cn(className, isPicked && 'border-white bg-white text-neutral-950 hover:bg-white/90')} aria-pressed={isPicked} onClick={() => flip(photo)}>
        <Heart aria-hidden className={cn(isPicked && 'fill-current')} />
        {isPicked ? <Trans>Picked</Trans> : <Trans>Pick</Trans>}
        <span className="sr-only"> (P)</span>
      </button>
    );
  };

  const onPhotoKey = (key: string, photo: Photo) => {
    if (key !== 'p' && key !== 'P') return false;
    flip(photo);
    return true;
  };

  return { bar, shown, renderPhoto, viewerAction, onPhotoKey };
}
