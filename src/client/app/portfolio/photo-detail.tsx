import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, ExternalLink, ImageOff, Maximize2, Play } from 'lucide-react';
import { Link } from '#client/lib/router.tsx';
import { displayImagePath, PHOTO_PAGE_SIZES } from '#contract/image-urls.ts';
import { isMusicRelease } from '#contract/music.ts';
import type { PhotoWithCategory } from '#contract/photos.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { usePortfolioOwner } from '#client/features/owner/api/get-portfolio-owner.ts';
import { countEvent } from '#client/lib/statistics.ts';
import { PhotoDialog, preloadPhotoDialog, preloadReleaseDialog, ReleaseDialog } from './lazy-dialogs.tsx';
import { closeViewer, openViewer, parsePhotoId, stepViewer, useViewerPhotoId } from './viewer-history.ts';
import { usePhoto } from '#client/features/photos/api/get-photo.ts';
import { useCategoryPhotos } from './use-category-photos.ts';
import { PhotoImage } from '#client/features/photos/components/photo-image.tsx';
import { ShareButton } from '#client/features/photos/components/share-button.tsx';
import { altOf } from '#contract/alt-text.ts';

/** `/photo/{id}`: one photo on a page of its own, the page a shared link opens. */
export function PhotoDetail({ rawId, backHref }: { rawId: string | undefined; backHref: string }) {
  const { t } = useLingui();
  const id = parsePhotoId(rawId);
  const photo = usePhoto(id);

  const back = (
    <Button asChild variant="ghost" className="-ms-3 justify-self-start">
      <Link href={backHref}>
        {/* Points back the way the page reads: to the right in a right-to-left language. */}
        <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
        <Trans>Back to portfolio</Trans>
      </Link>
    </Button>
  );

  if (id !== null && photo.isPending) {
    return (
      <div className="grid gap-6">
        {back}
        <div className="flex justify-center py-16">
          <Spinner label={t`Loading the photo`} />
        </div>
      </div>
    );
  }

  if (id === null || !photo.data) {
    return (
      <div className="grid gap-6">
        {back}
        <Card className="mx-auto w-full max-w-md">
          <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
            <ImageOff className="size-10 text-muted-foreground" aria-hidden />
            <h1 className="text-2xl font-bold">
              <Trans>Photo Not Found</Trans>
            </h1>
            <p className="text-sm text-muted-foreground">
              <Trans>The photo you're looking for doesn't exist.</Trans>
            </p>
          </CardContent>
        </Card>
      </div>
    );
  }

  return <PhotoDetailContent photo={photo.data} back={back} backHref={backHref} />;
}

// Previous and next wait for the category's photos anyway: their code loads apart too.
const PhotoNeighbours = lazy(() => import('./photo-neighbours.tsx').then((module) => ({ default: module.PhotoNeighbours })));

// A video's player loads apart: the page shows its poster meanwhile, and photos never ask for it.
const VideoPlayer = lazy(() => import('#client/features/photos/components/video-player.tsx').then((module) => ({ default: module.VideoPlayer })));

const onViewerChange = (photoId: number | null) => (photoId === null ? closeViewer() : stepViewer(photoId));

/**
 * The page a shared link opens, so a landing page: whose work it is and the way to the rest of it,
 * then the photo with its title and actions, all within the first screen of a laptop or a phone;
 * previous and next within its category. The photo opens in the immersive viewer.
 */
function PhotoDetailContent({ photo, back, backHref }: { photo: PhotoWithCategory; back: ReactNode; backHref: string }) {
  const { t } = useLingui();
  const owner = usePortfolioOwner();
  const [playing, setPlaying] = useState(false);
  const playButton = useRef<HTMLButtonElement>(null);
  const imageButton = useRef<HTMLButtonElement>(null);
  const release = isMusicRelease(photo);
  const poster = <PhotoImage photo={photo} alt={altOf(photo)} layout="full" priority sizes={PHOTO_PAGE_SIZES} className="h-auto w-full rounded-lg" />;
  // The music category's links are releases, played here rather than visited.
  const showVisit = photo.hyperlink && photo.category?.name.toLowerCase() !== 'music';
  const categoryPhotos = useCategoryPhotos(photo);
  const viewerPhotoId = useViewerPhotoId();
  const ownerName = owner.data ? (owner.data.portfolioTitle ?? owner.data.username) : null;
  const ratio = photo.width / photo.height;

  return (
    <article className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-x-8">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 lg:col-span-2">
        {back}
        {ownerName && (
          <Link
            href={backHref}
            className="inline-flex min-h-11 items-center text-sm font-medium break-words text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            {ownerName}
          </Link>
        )}
      </div>
      {/* The photo, as large as the first screen allows beside (or above) its title and actions. */}
      <div className="flex justify-center rounded-lg bg-muted/50 lg:row-span-2">
        <div
          // Room below for the title and actions on a phone; beside them on a wide screen.
          className="relative max-w-full [--photo-max-height:calc(100dvh-21rem)] lg:[--photo-max-height:calc(100dvh-11rem)]"
          style={{ width: `min(100%, calc(max(12rem, var(--photo-max-height)) * ${ratio}))` }}
        >
          {photo.video && photo.video.sources.length > 0 ? (
            <Suspense fallback={poster}>
              <VideoPlayer
                photo={{ ...photo, video: photo.video }}
                label={altOf(photo)}
                autoPlay={owner.data?.autoplayVideos ?? false}
                className="block h-auto w-full rounded-lg bg-black"
                style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
              />
            </Suspense>
          ) : (
            poster
          )}
          {/* Over the image rather than around it: the image keeps its own name and role. A
              video's player takes its own clicks; the viewer opens from the button below. */}
          <button
            hidden={photo.video !== undefined && photo.video.sources.length > 0}
            ref={imageButton}
            type="button"
            data-photo-page-image=""
            aria-label={t`Open in the viewer`}
            onPointerEnter={preloadPhotoDialog}
            onPointerDown={preloadPhotoDialog}
            onFocus={preloadPhotoDialog}
            onClick={() => {
              openViewer(photo.id);
              countEvent({ kind: 'viewer', photoId: photo.id });
            }}
            className="absolute inset-0 cursor-zoom-in rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
          />
        </div>
      </div>
      <div className="grid content-start gap-4">
        <header className="grid gap-3">
          {/* A title hidden as only a file name: the page's heading is its category's name, for screen readers only. */}
          <h1 className={photo.title ? 'text-2xl font-bold tracking-tight break-words sm:text-3xl' : 'sr-only'}>{photo.title || photo.category?.name || t`Photo`}</h1>
          {photo.category && (
            <Badge variant="secondary" className="justify-self-start">
              {photo.category.name}
            </Badge>
          )}
        </header>
        <div className="flex flex-wrap gap-2">
          {release && (
            <Button
              ref={playButton}
              aria-haspopup="dialog"
              className="min-h-11"
              onPointerEnter={preloadReleaseDialog}
              onPointerDown={preloadReleaseDialog}
              onFocus={preloadReleaseDialog}
              onClick={() => setPlaying(true)}
            >
              <Play aria-hidden className="fill-current" />
              <Trans>Play</Trans>
            </Button>
          )}
          {showVisit && (
            <Button asChild variant="outline" className="min-h-11">
              <a href={photo.hyperlink ?? undefined} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden className="rtl:-scale-x-100" />
                <Trans>Visit Project</Trans>
              </a>
            </Button>
          )}
          <Button asChild variant="outline" className="min-h-11">
            <a href={displayImagePath(photo)} target="_blank" rel="noopener noreferrer">
              <Maximize2 aria-hidden />
              <Trans>View Full Size</Trans>
            </a>
          </Button>
          <ShareButton photo={photo} className="min-h-11" />
        </div>
        {photo.description && (
          <p className="max-w-3xl text-base leading-relaxed break-words whitespace-pre-line">{photo.description}</p>
        )}
        <Suspense fallback={null}>
          <PhotoNeighbours photo={photo} part={categoryPhotos} />
        </Suspense>
      </div>
      {release && <ReleaseDialog
          release={playing ? photo : null}
          owner={owner.data}
          onClose={() => setPlaying(false)}
          returnFocus={() => playButton.current}
        />}
      {!release && (
        <PhotoDialog
          photos={categoryPhotos.photos}
          total={categoryPhotos.total}
          offset={categoryPhotos.offset}
          photoId={viewerPhotoId}
          onPhotoIdChange={onViewerChange}
          // Back on the page, focus returns to the photo it shows.
          returnFocus={() => imageButton.current}
          autoplayVideos={owner.data?.autoplayVideos ?? false}
        />
      )}
    </article>
  );
}
