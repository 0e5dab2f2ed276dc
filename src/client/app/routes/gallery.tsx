import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LockKeyhole } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from '#client/lib/router.tsx';
import type { Gallery, GalleryUnlockRefusal } from '#contract/galleries.ts';
import { formPosts, pathTo } from '#contract/routes.ts';
import type { Photo } from '#contract/photos.ts';
import { AppLayout } from '#client/app/layout.tsx';
import { PhotoDialog } from '#client/app/portfolio/lazy-dialogs.tsx';
import { PhotoGrid } from '#client/app/portfolio/photo-grid.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { LoadState } from '#client/components/load-state.tsx';
import { NotFoundCard } from '#client/components/not-found-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useGallery, useUnlockGallery } from '#client/features/galleries/api/galleries.ts';
import { useCountDownload } from '#client/features/galleries/api/comments.ts';
import { sendPhotoViewed } from '#client/features/galleries/api/viewed.ts';
import { DownloadAllButton, DownloadsLeft, photoDownloadAction } from '#client/features/galleries/components/gallery-downloads.tsx';
import { useProofing } from '#client/features/galleries/components/proofing.tsx';
import { useReview } from '#client/features/galleries/components/review.tsx';
import { GALLERY_ERROR_TEXTS, GALLERY_TEXTS } from '#client/features/galleries/lib/gallery-texts.ts';
import { addErrorTexts, codeMessage } from '#client/lib/error-text.ts';

addErrorTexts(GALLERY_ERROR_TEXTS);

/** Moves focus to a heading that replaces what had it (the password form), once. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** /g/{token}: a client's gallery, opened from the owner's link; its password first when it has one. */
export function GalleryPage() {
  const { t } = useLingui();
  const { token = '' } = useParams<{ token: string }>();
  const answer = useGallery(token);
  return (
    <AppLayout>
      {answer.isPending || answer.isError ? (
        <LoadState
          failed={answer.isError}
          onRetry={() => void answer.refetch()}
          loadingLabel={t`Loading the gallery`}
          failedText={t`The gallery could not be loaded.`}
        />
      ) : answer.data.state === 'open' ? (
        <GalleryView gallery={answer.data.gallery} token={token} />
      ) : answer.data.state === 'locked' ? (
        <PasswordForm token={token} />
      ) : (
        <GalleryGone />
      )}
    </AppLayout>
  );
}

function GalleryView({ gallery, token }: { gallery: Gallery; token: string }) {
  const { i18n } = useLingui();
  const { category } = gallery;
  const [openId, setOpenId] = useState<number | null>(null);
  // The link's activity: a photo shown in the viewer is told to the link's own API, once per page load.
  const viewed = useRef(new Set<number>());
  useEffect(() => {
    if (openId !== null) sendPhotoViewed(token, openId, viewed.current);
  }, [openId, token]);
  // With proofing on: the pick buttons, the bar, and the filter to the picks.
  const proofing = useProofing(token, gallery.proofing, gallery.photos);
  // With comments on: Approve, Reject and the photo's thread in the viewer, a mark on each tile.
  const review = useReview(token, gallery.comments);
  const photos = proofing?.shown ?? gallery.photos;
  const countDownload = useCountDownload(token);
  // The viewer's actions: Pick (proofing), Download (by the link's policy), the verdict and the thread, each when on.
  const download = photoDownloadAction(gallery, token, countDownload);
  const viewerActions =
    proofing || download || review
      ? (photo: Photo, className: string) => (
          <>
            {proofing?.viewerAction(photo, className)}
            {download?.(photo, className)}
            {review?.viewerAction(photo, className)}
          </>
        )
      : undefined;
  const renderPhoto =
    proofing || review
      ? (photo: Photo, tile: ReactNode) => {
          const picked = proofing ? proofing.renderPhoto(photo, tile) : tile;
          return review ? review.renderPhoto(photo, picked) : picked;
        }
      : undefined;
  const photoCount = gallery.photos.length;
  // The day the whole gallery opens, as the page's language writes dates.
  const releaseDate = gallery.releaseAt ? i18n.date(new Date(gallery.releaseAt), { year: 'numeric', month: 'long', day: 'numeric' }) : null;
  return (
    <section aria-labelledby="gallery-title" className="grid gap-4">
      <div className="grid gap-1">
        <h1 id="gallery-title" tabIndex={-1} ref={focusOnMount} className="text-2xl font-bold tracking-tight break-words outline-none sm:text-3xl">
          {category.name}
        </h1>
        {category.description && <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{category.description}</p>}
        <p className="text-sm text-muted-foreground">{plural(photoCount, { one: '# photo', other: '# photos' })}</p>
        {releaseDate && (
          <p className="text-sm" data-sneak-peek>
            <Trans>A sneak peek: the whole gallery opens on {releaseDate}.</Trans>
          </p>
        )}
        <DownloadAllButton gallery={gallery} token={token} count={countDownload} />
        <DownloadsLeft gallery={gallery} />
        {review && (
          <p className="text-sm text-muted-foreground">
            <Trans>Open a photo to approve or reject it, or to leave a comment for the photographer.</Trans>
          </p>
        )}
      </div>
      {proofing?.bar}
      {photos.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          {gallery.photos.length === 0 ? <Trans>No photos in this gallery yet</Trans> : <Trans>No picks yet</Trans>}
        </p>
      ) : (
        <PhotoGrid
          photos={photos}
          onOpen={(photo) => setOpenId(photo.id)}
          layout={category.layout}
          density={category.density}
          priorityCount={8}
          renderPhoto={renderPhoto}
        />
      )}
      {/* The viewer keeps the gallery's address: a photo's own page is not public. */}
      <PhotoDialog
        photos={photos}
        photoId={openId}
        onPhotoIdChange={setOpenId}
        shareable={false}
        actions={viewerActions}
        onPhotoKey={proofing?.onPhotoKey}
      />
    </section>
  );
}

/**
 * `autofocus` as the DOM names it: Preact's compat sets React's `autoFocus` as an attribute of that
 * spelling, `autofocus="true"`, where the server writes `autofocus=""`, and hydration keeps the
 * server's. Spelt this way both write the same; the browser focuses the field either way.
 */
const AUTOFOCUS = { autofocus: true };

/**
 * The password's form. With the script it calls the JSON route; without it (or before the script
 * has taken over the page the server drew) it is a plain form posted to the server's
 * `formPosts.galleryUnlock`, which answers with the gallery or with this form again and the
 * refusal's message (`initialError`).
 */
function PasswordForm({ token, initialError }: { token: string; initialError?: string }) {
  const { t } = useLingui();
  const unlock = useUnlockGallery(token);
  const [error, setError] = useState<string | undefined>(initialError);
  const fieldId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form, the field left uncontrolled: a controlled one's `value=""` is an
    // attribute the server writes and the browser's render does not, which hydration would keep.
    const password = new FormData(event.currentTarget).get('password');
    if (typeof password !== 'string' || !password) {
      setError(t`Password is required`);
      return;
    }
    unlock.mutate(password, {
      onSuccess: (answer) => setError(answer.ok ? undefined : answer.message),
      onError: () => setError(t`The password could not be checked. Please try again.`),
    });
  };
  return (
    <div className="flex justify-center py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <LockKeyhole className="size-10 text-muted-foreground" aria-hidden />
          <CardTitle as="h1">
            <Trans>This gallery is protected</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Enter the password you were given with the link.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form method="post" action={pathTo(formPosts.galleryUnlock, { token })} noValidate onSubmit={submit} className="grid gap-4">
            <FormField id={fieldId} label={t`Password`} error={error}>
              {(control) => (
                <Input {...control} type="password" name="password" autoComplete="off" {...AUTOFOCUS} className="h-11" />
              )}
            </FormField>
            <Button type="submit" className="min-h-11" disabled={unlock.isPending}>
              {unlock.isPending ? <Trans>Checking…</Trans> : <Trans>Open gallery</Trans>}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The page the server answers a password posted without the script and refused with: the form
 * again with the refusal's message (in the words the form gives the JSON route's same refusal),
 * or the gallery's end when its link no longer opens. Drawn by the server alone: no script runs it.
 */
export function GalleryUnlockScreenWithoutScript({ token, refusal }: { token: string; refusal: GalleryUnlockRefusal }) {
  const { t, i18n } = useLingui();
  const gone = refusal.reason === 'refused' && refusal.code === 'galleries.not_found';
  const message =
    refusal.reason === 'required' ? t`Password is required` : codeMessage(refusal.code, refusal.params, i18n._(GALLERY_TEXTS.wrongPassword));
  return <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">{gone ? <GalleryGone /> : <PasswordForm token={token} initialError={message} />}</main>;
}

function GalleryGone() {
  const { t } = useLingui();
  return <NotFoundCard title={t`Gallery not found`} text={t`The link may have expired or been revoked. Ask the photographer for a new one.`} />;
}
