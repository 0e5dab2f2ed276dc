import type { CSSProperties } from 'react';
import { uploadPath } from '#contract/image-urls.ts';
import type { Photo } from '#contract/photos.ts';

export interface VideoPlayerProps {
  photo: Pick<Photo, 'filename' | 'version' | 'filesBase' | 'video'> & { video: NonNullable<Photo['video']> };
  /** The accessible name: the photo's alt text, else its title. */
  label: string;
  /** Starts playing, muted (browsers play sound only after a gesture): the owner's switch. */
  autoPlay?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** Screens wider than this get the 1080p copy; others the 720p one, a third of its bytes. */
const LARGE_COPY_MEDIA = '(min-width: 1000px)';

/**
 * A video with the browser's own player: its controls, inline on a phone, the poster frame (the
 * photo's display image) until it plays. The MP4s answer byte ranges, so seeking fetches only
 * what it needs.
 */
export function VideoPlayer({ photo, label, autoPlay = false, className, style }: VideoPlayerProps) {
  const { sources } = photo.video;
  return (
    <video
      // A new photo or copy starts a new element: the browser drops what it buffered of the last.
      key={`${photo.filesBase ?? ''}/${sources[0]?.filename ?? ''}?v=${photo.version}`}
      controls
      playsInline
      preload="metadata"
      poster={uploadPath(photo.filename, photo.version, photo.filesBase)}
      autoPlay={autoPlay}
      muted={autoPlay}
      aria-label={label}
      data-video-player=""
      className={className}
      style={style}
    >
      {sources.map((source, index) => (
        <source
          key={source.filename}
          src={uploadPath(source.filename, photo.version, photo.filesBase)}
          type="video/mp4"
          {...(index === 0 && sources.length > 1 ? { media: LARGE_COPY_MEDIA } : {})}
        />
      ))}
    </video>
  );
}

/** A photo that plays: a video whose copies are transcoded. */
export function isPlayable(photo: Pick<Photo, 'video'>): photo is Pick<Photo, 'video'> & { video: NonNullable<Photo['video']> } {
  return (photo.video?.sources.length ?? 0) > 0;
}
