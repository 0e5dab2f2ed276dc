import { useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, ExternalLink, ImageOff, Maximize2, Play } from 'lucide-react';
import { Link } from 'wouter';
import { displayImagePath, PHOTO_PAGE_SIZES } from '#contract/image-urls.ts';
import { isMusicRelease } from '#contract/music.ts';
import type { PhotoWithCategory } from '#contract/photos.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { usePortfolioOwner } from '#client/features/owner/api/get-portfolio-owner.ts';
import { ReleaseDialog } from './lazy-dialogs.tsx';
import { usePhoto } from '#client/features/photos/api/get-photo.ts';
import { PhotoImage } from '#client/features/photos/components/photo-image.tsx';
import { ShareButton } from '#client/features/photos/components/share-button.tsx';

/** A photo id from the address: digits only; anything else is a photo that does not exist. */
export function parsePhotoId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** `/photo/{id}`: one photo on a page of its own, the page a shared link opens. */
export function PhotoDetail({ rawId, backHref }: { rawId: string | undefined; backHref: string }) {
  const id = parsePhotoId(rawId);
  const photo = usePhoto(id);

  const back = (
    <Button asChild variant="ghost" className="-ml-3 justify-self-start">
      <Link href={backHref}>
        <ArrowLeft aria-hidden />
        Back to portfolio
      </Link>
    </Button>
  );

  if (id !== null && photo.isPending) {
    return (
      <div className="grid gap-6">
        {back}
        <div className="flex justify-center py-16">
          <Spinner label="Loading the photo" />
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
            <h1 className="text-2xl font-bold">Photo Not Found</h1>
            <p className="text-sm text-muted-foreground">The photo you&apos;re looking for doesn&apos;t exist.</p>
          </CardContent>
        </Card>
      </div>
    );
  }

  return <PhotoDetailContent photo={photo.data} back={back} />;
}

function PhotoDetailContent({ photo, back }: { photo: PhotoWithCategory; back: ReactNode }) {
  const owner = usePortfolioOwner();
  const [playing, setPlaying] = useState(false);
  const playButton = useRef<HTMLButtonElement>(null);
  const release = isMusicRelease(photo);
  // The music category's links are releases, played here rather than visited.
  const showVisit = photo.hyperlink && photo.category?.name.toLowerCase() !== 'music';

  return (
    <article className="grid gap-6">
      {back}
      <header className="grid gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{photo.title}</h1>
        {photo.category && (
          <Badge variant="secondary" className="justify-self-start">
            {photo.category.name}
          </Badge>
        )}
      </header>
      <div className="flex justify-center rounded-lg bg-muted/50">
        <PhotoImage
          photo={photo}
          alt={photo.title}
          layout="full"
          priority
          sizes={PHOTO_PAGE_SIZES}
          className="h-auto max-w-full rounded-lg"
          style={{ width: `min(100%, calc(75dvh * ${photo.width / photo.height}))` }}
        />
      </div>
      {photo.description && (
        <p className="max-w-3xl text-base leading-relaxed break-words whitespace-pre-line">{photo.description}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {release && (
          <Button ref={playButton} aria-haspopup="dialog" onClick={() => setPlaying(true)}>
            <Play aria-hidden className="fill-current" />
            Play
          </Button>
        )}
        {showVisit && (
          <Button asChild variant="outline">
            <a href={photo.hyperlink ?? undefined} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              Visit Project
            </a>
          </Button>
        )}
        <Button asChild variant="outline">
          <a href={displayImagePath(photo)} target="_blank" rel="noopener noreferrer">
            <Maximize2 aria-hidden />
            View Full Size
          </a>
        </Button>
        <ShareButton photo={photo} />
      </div>
      {release && <ReleaseDialog
          release={playing ? photo : null}
          owner={owner.data}
          onClose={() => setPlaying(false)}
          returnFocus={() => playButton.current}
        />}
    </article>
  );
}
