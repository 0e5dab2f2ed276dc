import { useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { EMBED_HEIGHT, fallbackFanLink, musicEmbedFor, musicServiceName } from '#contract/music-embed.ts';
import type { Photo } from '#contract/photos.ts';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { PhotoImage } from '#client/features/photos/index.ts';
import { photoTile, returnFocusTo } from '#client/lib/return-focus.ts';
import { altOf } from '#contract/alt-text.ts';
import { countEvent } from '#client/lib/statistics.ts';
import { useReleaseAudio } from '#client/features/music/api/release-audio.ts';
import { formatPlace } from '#client/lib/i18n.ts';

/** The player, fetched only when an open release has audio tracks. */
const ReleasePlayer = lazy(() => import('./release-player.tsx').then((module) => ({ default: module.ReleasePlayer })));

export interface ReleaseDialogProps {
  /** The open release, or null when closed. */
  release: Photo | null;
  owner: PortfolioOwner | undefined;
  onClose: () => void;
  /** Where focus goes back to on closing; by default the release's tile. */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * A music release: with a link, the streaming dialog (the service's own player when it
 * has one, else a card to open the link); without one, the info dialog with the track list.
 */
export function ReleaseDialog({ release, owner, onClose, returnFocus }: ReleaseDialogProps) {
  const link = release?.hyperlink?.trim();
  const onCloseAutoFocus = returnFocusTo(() => (returnFocus ? returnFocus() : release && photoTile(release.id)));
  return (
    <Dialog open={release !== null} onOpenChange={(open) => !open && onClose()}>
      {release &&
        (link ? (
          <StreamingContent release={release} link={link} onCloseAutoFocus={onCloseAutoFocus} />
        ) : (
          <ReleaseInfoContent release={release} owner={owner} onCloseAutoFocus={onCloseAutoFocus} />
        ))}
    </Dialog>
  );
}

/** The name a click to a link is counted under: the service, else the site's domain. */
function serviceOf(href: string): string {
  const name = musicServiceName(href) ?? hostOf(href) ?? 'Other';
  return name.replace(/[^\p{L}\p{N} .&'-]/gu, '').slice(0, 40) || 'Other';
}

function OpenLink({ href, label, releaseId }: { href: string; label: string; releaseId: number }) {
  return (
    <Button asChild>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => countEvent({ kind: 'stream', photoId: releaseId, service: serviceOf(href) })}
      >
        <ExternalLink aria-hidden className="rtl:-scale-x-100" />
        {label}
      </a>
    </Button>
  );
}

type CloseAutoFocus = (event: Event) => void;

/**
 * Radix would focus the first tabbable element, which here is the player's iframe: keys then go
 * to the other site's page and Escape no longer closes the dialog. The dialog itself takes focus
 * instead; Tab still reaches the player.
 */
function focusDialogItself(event: Event) {
  event.preventDefault();
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
}

function StreamingContent({
  release,
  link,
  onCloseAutoFocus,
}: {
  release: Photo;
  link: string;
  onCloseAutoFocus: CloseAutoFocus;
}) {
  const { t } = useLingui();
  const embed = musicEmbedFor(link);
  const serviceName = embed?.serviceName ?? musicServiceName(link);
  const openLabel = serviceName ? t`Open in ${serviceName}` : t`Open in new tab`;
  const title = release.title;

  if (embed) {
    return (
      <DialogContent
        className="max-w-2xl gap-3 p-4 sm:p-6"
        {...(release.description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={focusDialogItself}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle className="break-words">{release.title}</DialogTitle>
          {release.description && <DialogDescription className="whitespace-pre-line">{release.description}</DialogDescription>}
        </DialogHeader>
        <iframe
          key={embed.embedUrl}
          src={embed.embedUrl}
          title={t`${title} on ${serviceName}`}
          height={EMBED_HEIGHT}
          className="w-full rounded-md border-0 bg-muted"
          style={{ height: EMBED_HEIGHT }}
          allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          // An audio preview that fails to load is only logged.
          onError={() => console.error(`The ${embed.serviceName} player did not load`, embed.embedUrl)}
        />
        <Tracks release={release} />
        <DialogFooter>
          <OpenLink href={link} label={openLabel} releaseId={release.id} />
        </DialogFooter>
      </DialogContent>
    );
  }

  const place = serviceName ?? hostOf(link);
  return (
    <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle className="break-words">{release.title}</DialogTitle>
        <DialogDescription>
          {place ? t`Listen on ${place}.` : t`Listen on the release page.`}
        </DialogDescription>
        {release.description && <p className="text-sm whitespace-pre-line">{release.description}</p>}
      </DialogHeader>
      <PhotoImage photo={release} alt={altOf(release)} layout="tile" className="w-full rounded-md" />
      <Tracks release={release} />
      <DialogFooter>
        <OpenLink href={link} label={openLabel} releaseId={release.id} />
      </DialogFooter>
    </DialogContent>
  );
}

function ReleaseInfoContent({
  release,
  owner,
  onCloseAutoFocus,
}: {
  release: Photo;
  owner: PortfolioOwner | undefined;
  onCloseAutoFocus: CloseAutoFocus;
}) {
  const { t } = useLingui();
  const fanLink = fallbackFanLink(release, owner);
  // The contract names the link in English; the dialog says it in the visitor's language.
  const fanLabel = owner?.linktreeUrl ? t`Open fan link` : t`Find on Spotify`;
  return (
    <DialogContent
      className="max-w-lg"
      onCloseAutoFocus={onCloseAutoFocus}
      {...(release.description ? {} : { 'aria-describedby': undefined })}
    >
      <DialogHeader>
        <DialogTitle className="break-words">{release.title}</DialogTitle>
        {release.description && (
          <DialogDescription className="whitespace-pre-line">{release.description}</DialogDescription>
        )}
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <PhotoImage
          photo={release}
          alt={altOf(release)}
          layout="tile"
          className="mx-auto w-40 rounded-md sm:w-full"
          sizes="160px"
        />
        <Tracks release={release} />
      </div>
      <DialogFooter>
        <OpenLink href={fanLink.url} label={fanLabel} releaseId={release.id} />
      </DialogFooter>
    </DialogContent>
  );
}

/**
 * The release's audio previews when it has any (the player, loaded then), else its written track
 * list. The written list shows while the audio list is asked for, so the dialog does not jump.
 */
function Tracks({ release }: { release: Photo }) {
  const audio = useReleaseAudio(release.id);
  const playable = audio.data?.filter((track) => track.previewUrl) ?? [];
  if (playable.length === 0) return <TrackList tracks={release.tracks} />;
  return (
    <Suspense fallback={<TrackList tracks={release.tracks} />}>
      <ReleasePlayer tracks={playable} releaseTitle={release.title} />
    </Suspense>
  );
}

/** A release's tracks in play order with their durations, in every kind of release dialog. */
function TrackList({ tracks }: { tracks: Photo['tracks'] }) {
  const { t } = useLingui();
  if (!tracks || tracks.length === 0) return null;
  return (
    <section aria-label={t`Track list`}>
      <ol className="divide-y text-sm">
        {tracks.map((track, index) => (
          <li key={`${index}-${track.title}`} className="flex items-baseline gap-3 py-1.5">
            <span className="w-5 shrink-0 text-end text-muted-foreground tabular-nums">{formatPlace(index + 1)}</span>
            <span className="min-w-0 flex-1 break-words">{track.title}</span>
            <span className="text-muted-foreground tabular-nums">{track.duration}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function hostOf(link: string): string | null {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}
