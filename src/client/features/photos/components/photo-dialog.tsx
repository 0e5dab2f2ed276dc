import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { ChevronLeft, ChevronRight, ExternalLink, Info, Pause, Play, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { displayImagePath, photoSrcSet } from '#contract/image-urls.ts';
import type { Photo } from '#contract/photos.ts';
import { dismissToast } from '#client/components/ui/use-toast.ts';
import { photoTile, returnFocusTo } from '#client/lib/return-focus.ts';
import { cn } from '#client/lib/utils.ts';
import { currentLanguage, formatPlace, readingDirection } from '#client/lib/i18n.ts';
import { cameraDetailsParts } from '#client/features/photos/lib/camera-details.ts';
import { useViewerGestures } from '#client/features/photos/lib/use-viewer-gestures.ts';
import { PhotoImage } from './photo-image.tsx';
import { ShareButton } from './share-button.tsx';
import { isPlayable, VideoPlayer } from './video-player.tsx';
import { altOf, labelOf } from '#contract/alt-text.ts';

export interface PhotoDialogProps {
  /** The photos the viewer steps through (the open photo's section), in page order. */
  photos: Photo[];
  /** The open photo, or null when the viewer is closed. */
  photoId: number | null;
  /** A photo id to step to, or null to close. */
  onPhotoIdChange: (photoId: number | null) => void;
  /** Where focus goes on closing; by default the grid tile of the photo on screen. */
  returnFocus?: (photoId: number) => HTMLElement | null;
  /**
   * The section's count, when `photos` are only the part of it loaded so far: the viewer then
   * steps no further than that part, and asks for more (`onNearEnd`) before it gets there.
   */
  total?: number;
  /** The place of `photos[0]` in its section, from 0, when they do not start it. */
  offset?: number;
  onNearEnd?: () => void;
  /** Offer Share: not in a client's gallery, whose photos' own pages are not public. */
  shareable?: boolean;
  /** More actions for the photo on screen, beside Share, styled by `className` (a client's Pick). */
  actions?: (photo: Photo, className: string) => ReactNode;
  /** A key for the photo on screen (a client's P, to pick it); true when it was taken. */
  onPhotoKey?: (key: string, photo: Photo) => boolean;
  /** A video starts playing, muted, when it comes on screen (the owner's switch). */
  autoplayVideos?: boolean;
}

/** Photos left before the end of what is loaded when the viewer asks for more. */
const LOAD_AHEAD = 3;

/** Seconds a slideshow shows each photo, the first being the default. */
const SLIDE_INTERVALS = [5, 3, 10] as const;

/** The height a video leaves free above and below it for the viewer's bar and caption. */
const VIDEO_CLEARANCE = 260;

/** Every control of the viewer: at least 44 px, light on the dark surround. */
const CONTROL =
  'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-black/50 text-white transition-colors hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none [&_svg]:size-5';
const ACTION =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-white/40 bg-white/10 px-4 text-sm font-medium text-white hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none [&_svg]:size-4';

/**
 * The immersive viewer: the photo fitted to the screen on a dark surround, whatever the site's
 * theme; previous and next by arrow keys, buttons and swipe, with the position in the section;
 * zoom by pinch, double tap, double click, wheel and + / - (arrow keys pan, 0 resets), loading a
 * larger copy when zoomed; the spec's
 * title, description, Visit Project and Share in a caption that can be hidden; an optional
 * slideshow. Escape, the close button and a swipe down close it.
 */
export function PhotoDialog({
  photos,
  photoId,
  onPhotoIdChange,
  returnFocus = photoTile,
  total = photos.length,
  offset = 0,
  onNearEnd,
  shareable = true,
  actions,
  onPhotoKey,
  autoplayVideos = false,
}: PhotoDialogProps) {
  const { t } = useLingui();
  const index = photoId === null ? -1 : photos.findIndex((photo) => photo.id === photoId);
  const photo = photos[index];
  const open = photo !== undefined;
  const [captionShown, setCaptionShown] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [interval, setSlideInterval] = useState<number>(SLIDE_INTERVALS[0]);
  const contentRef = useRef<HTMLDivElement>(null);
  // The stage's own keys (zoom, and pan while zoomed), asked before the arrows step.
  const stageKeys = useRef<((key: string) => boolean) | null>(null);

  const canStep = photos.length > 1;
  // The whole section is a ring (the last photo's next is the first); a part of it is a line.
  const whole = photos.length >= total;
  const neighbourAt = (by: 1 | -1) => (whole ? photos[(index + by + photos.length) % photos.length] : photos[index + by]);
  const step = (by: 1 | -1) => {
    const next = neighbourAt(by);
    if (next && next.id !== photoId) onPhotoIdChange(next.id);
  };
  const nearEnd = open && !whole && index >= photos.length - LOAD_AHEAD;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, photos.length]);
  const position = ((offset + index) % total) + 1;
  const place = formatPlace(position);
  const count = formatPlace(total);
  const close = () => onPhotoIdChange(null);

  // Escape closes the viewer even when a toast (Share's "Link copied") is the top layer, which
  // would otherwise take the first Escape for itself and leave the viewer open.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      event.stopPropagation();
      dismissToast();
      onPhotoIdChange(null);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [open, onPhotoIdChange]);

  // The slideshow waits a full interval on every photo, however it got there.
  useEffect(() => {
    if (!playing || !open || !canStep) return;
    const timer = setTimeout(() => step(1), interval * 1000);
    return () => clearTimeout(timer);
  });
  if (!open && playing) setPlaying(false);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || (event.target as Element).closest('select')) return;
    // Next is the way the page reads: the right arrow, or the left one in a right-to-left language.
    const forward = readingDirection() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    if (stageKeys.current?.(event.key)) event.preventDefault();
    else if (event.key === forward && canStep) step(1);
    else if (event.key === back && canStep) step(-1);
    else if (!photo || !onPhotoKey?.(event.key, photo)) return;
    event.preventDefault();
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !next && close()}>
      {photo && (
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black" />
          <DialogPrimitive.Content
            ref={contentRef}
            // Always dark: the photo is judged against black, not the site's theme.
            className="fixed inset-0 z-50 bg-neutral-950 text-white outline-none [color-scheme:dark]"
            data-photo-viewer=""
            onKeyDown={onKeyDown}
            // The viewer itself takes focus, so the arrow keys step at once (a focused select would take them).
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              contentRef.current?.focus();
            }}
            onEscapeKeyDown={(event) => event.preventDefault()}
            // Focus goes back to the tile of the photo on screen, which may not be the one clicked.
            onCloseAutoFocus={returnFocusTo(() => returnFocus(photo.id))}
            {...(photo.description && captionShown ? {} : { 'aria-describedby': undefined })}
          >
            <ViewerStage
              key={photo.id}
              photo={photo}
              neighbours={canStep ? [neighbourAt(1), neighbourAt(-1)].filter((neighbour) => neighbour !== undefined) : []}
              onStep={canStep ? step : () => {}}
              onClose={close}
              onInteract={() => setPlaying(false)}
              keysRef={stageKeys}
              autoplayVideos={autoplayVideos}
            />

            <div className="pointer-events-none absolute inset-x-0 top-0 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent p-2 pt-[max(0.5rem,env(safe-area-inset-top))] sm:p-3">
              <p className="pointer-events-auto rounded-full bg-black/50 px-3 py-1 text-sm tabular-nums" aria-label={t`Photo ${place} of ${count}`}>
                {place} / {count}
              </p>
              <div className="pointer-events-auto ms-auto flex items-center gap-2">
                {canStep && (
                  <>
                    <label className="sr-only" htmlFor="viewer-slide-interval">
                      <Trans>Seconds per photo</Trans>
                    </label>
                    <select
                      id="viewer-slide-interval"
                      value={interval}
                      onChange={(event) => setSlideInterval(Number(event.target.value))}
                      className="h-11 cursor-pointer rounded-full border-0 bg-black/50 px-3 text-sm text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                    >
                      {SLIDE_INTERVALS.map((seconds) => (
                        <option key={seconds} value={seconds} className="bg-neutral-900">
                          {t`${seconds} s`}
                        </option>
                      ))}
                    </select>
                    <button type="button" className={CONTROL} onClick={() => setPlaying((on) => !on)}>
                      {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
                      <span className="sr-only">{playing ? t`Pause slideshow` : t`Play slideshow`}</span>
                    </button>
                  </>
                )}
                <button
                  type="button"
                  className={CONTROL}
                  aria-pressed={captionShown}
                  onClick={() => setCaptionShown((shown) => !shown)}
                >
                  <Info aria-hidden />
                  <span className="sr-only">
                    <Trans>Caption</Trans>
                  </span>
                </button>
                <DialogPrimitive.Close className={CONTROL}>
                  <X aria-hidden />
                  <span className="sr-only">
                    <Trans>Close</Trans>
                  </span>
                </DialogPrimitive.Close>
              </div>
            </div>

            {canStep && (
              <>
                <button
                  type="button"
                  // At the start of the reading direction, pointing back along it.
                  className={cn(CONTROL, 'absolute start-2 top-1/2 size-12 -translate-y-1/2 sm:start-4')}
                  onClick={() => step(-1)}
                >
                  <ChevronLeft aria-hidden className="rtl:-scale-x-100" />
                  <span className="sr-only">
                    <Trans>Previous photo</Trans>
                  </span>
                </button>
                <button
                  type="button"
                  className={cn(CONTROL, 'absolute end-2 top-1/2 size-12 -translate-y-1/2 sm:end-4')}
                  onClick={() => step(1)}
                >
                  <ChevronRight aria-hidden className="rtl:-scale-x-100" />
                  <span className="sr-only">
                    <Trans>Next photo</Trans>
                  </span>
                </button>
              </>
            )}

            {captionShown ? (
              <ViewerCaption photo={photo} shareable={shareable} actions={actions} />
            ) : (
              <DialogPrimitive.Title className="sr-only">{labelOf(photo)}</DialogPrimitive.Title>
            )}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      )}
    </DialogPrimitive.Root>
  );
}

function ViewerCaption({ photo, shareable, actions }: { photo: Photo; shareable: boolean; actions: PhotoDialogProps['actions'] }) {
  const camera = photo.camera ? cameraDetailsParts(photo.camera, currentLanguage()) : [];
  return (
    <div
      data-viewer-caption=""
      // A phone held sideways has little height: the caption keeps to one line of title and
      // actions (the description cut to one line), about a quarter of the screen instead of half.
      className="absolute inset-x-0 bottom-0 max-h-[45dvh] overflow-y-auto bg-gradient-to-t from-black/90 via-black/75 to-transparent px-4 pt-10 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-8 [@media(max-height:30rem)]:max-h-[30dvh] [@media(max-height:30rem)]:pt-6 [@media(max-height:30rem)]:pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      <div className="mx-auto grid max-w-5xl gap-2 [@media(max-height:30rem)]:flex [@media(max-height:30rem)]:flex-wrap [@media(max-height:30rem)]:items-center [@media(max-height:30rem)]:gap-x-4 [@media(max-height:30rem)]:gap-y-1">
        {/* A title hidden as only a file name shows nothing; the dialog keeps a name for screen readers. */}
        <DialogPrimitive.Title className={photo.title ? 'text-lg font-semibold break-words sm:text-xl' : 'sr-only'}>{labelOf(photo)}</DialogPrimitive.Title>
        {photo.description && (
          <DialogPrimitive.Description className="max-w-3xl text-sm break-words whitespace-pre-line text-white/90 sm:text-base [@media(max-height:30rem)]:order-last [@media(max-height:30rem)]:line-clamp-1 [@media(max-height:30rem)]:w-full">
            {photo.description}
          </DialogPrimitive.Description>
        )}
        {camera.length > 0 && (
          <p data-camera-details="" className="text-xs text-white/80 sm:text-sm [@media(max-height:30rem)]:hidden">
            <span className="sr-only">
              <Trans>Camera details:</Trans>{' '}
            </span>
            {camera.join(' · ')}
          </p>
        )}
        <div className="flex flex-wrap gap-2 pt-1 [@media(max-height:30rem)]:pt-0">
          {photo.hyperlink && (
            <a href={photo.hyperlink} target="_blank" rel="noopener noreferrer" className={ACTION}>
              <ExternalLink aria-hidden className="rtl:-scale-x-100" />
              <Trans>Visit Project</Trans>
            </a>
          )}
          {shareable && <ShareButton photo={photo} variant={null} size={null} className={ACTION} />}
          {actions?.(photo, ACTION)}
        </div>
      </div>
    </div>
  );
}

/** The stage's size, for fitting the photo and for the width to ask the srcset for. */
function useViewportSize() {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

function ViewerStage({
  photo,
  neighbours,
  onStep,
  onClose,
  onInteract,
  keysRef,
  autoplayVideos,
}: {
  photo: Photo;
  neighbours: Photo[];
  onStep: (by: 1 | -1) => void;
  onClose: () => void;
  onInteract: () => void;
  keysRef: RefObject<((key: string) => boolean) | null>;
  autoplayVideos: boolean;
}) {
  const viewport = useViewportSize();
  const ratio = photo.width / photo.height;
  // A video keeps clear of the top bar and the caption: its own controls sit along its foot.
  const room = isPlayable(photo) ? Math.max(viewport.height / 2, viewport.height - VIDEO_CLEARANCE) : viewport.height;
  const fittedWidth = Math.min(viewport.width, room * ratio);
  const fittedHeight = fittedWidth / ratio;
  // Up to the display image at its own pixels on this screen, and never less than a useful 2.5x.
  // A video is not zoomed: its player has its own full screen.
  const maxScale = isPlayable(photo) ? 1 : Math.min(8, Math.max(2.5, (photo.width / fittedWidth) * 1.5));
  const { stageRef, frameRef, zoomed, onKey, stageProps } = useViewerGestures({ maxScale, onStep, onClose, onInteract });
  // Over a video the stage listens as the events go down: the player's own controls keep theirs
  // from bubbling, and a swipe across the video must still step.
  const handlers = isPlayable(photo)
    ? {
        onPointerDownCapture: stageProps.onPointerDown,
        onPointerMoveCapture: stageProps.onPointerMove,
        onPointerUpCapture: stageProps.onPointerUp,
        onPointerCancelCapture: stageProps.onPointerCancel,
      }
    : stageProps;
  useEffect(() => {
    keysRef.current = onKey;
    return () => {
      keysRef.current = null;
    };
  }, [keysRef, onKey]);
  // Zoomed, the srcset is asked for the width of the largest zoom: the largest stored copy, once.
  const sizes = `${Math.ceil(fittedWidth * (zoomed ? maxScale : 1))}px`;

  // The neighbours' copies for this screen are fetched ahead, so stepping shows them at once.
  useEffect(() => {
    const images = neighbours.map((neighbour) => {
      const image = new Image();
      const neighbourWidth = Math.min(viewport.width, viewport.height * (neighbour.width / neighbour.height));
      image.sizes = `${Math.ceil(neighbourWidth)}px`;
      image.srcset = photoSrcSet(neighbour);
      image.src = displayImagePath(neighbour);
      return image;
    });
    return () => images.forEach((image) => (image.src = ''));
    // Only when the photo or the screen changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [photo.id, viewport.width, viewport.height]);

  return (
    <div
      ref={stageRef}
      data-viewer-stage=""
      data-zoomed={zoomed ? '' : undefined}
      className={cn(
        'absolute inset-0 flex touch-none items-center justify-center overflow-hidden select-none',
        zoomed ? 'cursor-grab active:cursor-grabbing' : 'cursor-zoom-in',
      )}
      style={{ opacity: 'var(--viewer-fade, 1)' }}
      {...handlers}
    >
      <div ref={frameRef} className="will-change-transform" style={{ width: fittedWidth, height: fittedHeight }}>
        {isPlayable(photo) ? (
          <VideoPlayer
            photo={photo}
            label={altOf(photo)}
            autoPlay={autoplayVideos}
            className="size-full bg-black"
            style={{ width: fittedWidth, height: fittedHeight }}
          />
        ) : (
          <PhotoImage
            photo={photo}
            alt={altOf(photo)}
            layout="full"
            priority
            sizes={sizes}
            className="pointer-events-none size-full"
            style={{ width: fittedWidth, height: fittedHeight }}
          />
        )}
      </div>
      <span className="sr-only" aria-live="polite">
        {zoomed ? <Trans>Zoomed in</Trans> : ''}
      </span>
    </div>
  );
}
