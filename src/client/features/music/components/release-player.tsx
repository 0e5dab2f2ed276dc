import { useLingui } from '@lingui/react/macro';
import { Pause } from 'lucide-react';
import { Play } from '#client/components/ui/icons.tsx';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { AudioTrack } from '#contract/audio.ts';
import { cn } from '#client/lib/utils.ts';
import { formatPlace } from '#client/lib/i18n.ts';

/**
 * A release's audio previews: one <audio> for the whole release, so one track plays at a time;
 * the waveform is the seek bar (click or drag it, or use the keys of a slider), and the track
 * list picks what plays. Loaded apart from the release dialog, only when the release has tracks.
 */

/** How far an arrow key moves. */
const STEP_SECONDS = 5;

export interface ReleasePlayerProps {
  tracks: AudioTrack[];
  releaseTitle: string;
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}


export function ReleasePlayer({ tracks, releaseTitle }: ReleasePlayerProps) {
  const { t } = useLingui();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [currentId, setCurrentId] = useState(tracks[0]?.id ?? null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const playWhenReady = useRef(false);
  // A track gone from the list (the owner's delete) leaves the first one current.
  const current = tracks.find((track) => track.id === currentId) ?? tracks[0];

  const knownDuration = duration || (current?.durationMs ?? 0) / 1000;

  const play = () => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.play().catch((error: unknown) => console.error('The audio preview did not play', error));
  };
  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) play();
    else audio.pause();
  };
  // A seek asked for while the element is still seeking waits for it to end: Chromium can stay
  // seeking for good when a seek lands on one under way and play comes before either ends
  // (quick arrow keys, then Space), and a drag asks for many more seeks than it needs.
  const pendingSeek = useRef<number | null>(null);
  const seekTo = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !knownDuration) return;
    const to = Math.min(Math.max(seconds, 0), knownDuration);
    setTime(to);
    if (audio.seeking) pendingSeek.current = to;
    else audio.currentTime = to;
  };
  const choose = (track: AudioTrack) => {
    if (track.id === current?.id) {
      toggle();
      return;
    }
    playWhenReady.current = true;
    pendingSeek.current = null;
    setTime(0);
    setDuration(0);
    setCurrentId(track.id);
  };

  const dragging = useRef(false);
  const seekAtPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) seekTo(((event.clientX - box.left) / box.width) * knownDuration);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    seekAtPointer(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) seekAtPointer(event);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  const onSliderKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => seekTo(time - STEP_SECONDS),
      ArrowDown: () => seekTo(time - STEP_SECONDS),
      ArrowRight: () => seekTo(time + STEP_SECONDS),
      ArrowUp: () => seekTo(time + STEP_SECONDS),
      PageDown: () => seekTo(time - knownDuration / 10),
      PageUp: () => seekTo(time + knownDuration / 10),
      Home: () => seekTo(0),
      End: () => seekTo(knownDuration),
      ' ': toggle,
      Enter: toggle,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  if (!current) return null;
  const progress = knownDuration ? Math.min(time / knownDuration, 1) : 0;
  const title = current.title;
  /** A time as a screen reader says it, in the page's language: "2 min 5 s". */
  const spoken = (value: number) => {
    const whole = Math.max(0, Math.floor(value));
    const minutes = Math.floor(whole / 60);
    const seconds = whole % 60;
    return minutes > 0 ? t`${minutes} min ${seconds} s` : t`${seconds} s`;
  };
  const elapsed = spoken(time);
  const length = spoken(knownDuration);

  return (
    <section aria-label={t`Listen to ${releaseTitle}`} className="grid gap-3" data-testid="release-player">
      <audio
        ref={audioRef}
        key={current.id}
        src={current.previewUrl ?? undefined}
        preload="metadata"
        onLoadedMetadata={(event) => {
          setDuration(Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0);
          if (playWhenReady.current) {
            playWhenReady.current = false;
            play();
          }
        }}
        onTimeUpdate={(event) => {
          if (!dragging.current && pendingSeek.current === null) setTime(event.currentTarget.currentTime);
        }}
        onSeeked={(event) => {
          const next = pendingSeek.current;
          pendingSeek.current = null;
          if (next !== null) event.currentTarget.currentTime = next;
        }}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          const next = tracks[tracks.indexOf(current) + 1];
          if (next) choose(next);
        }}
        // An audio preview that fails to load is only logged.
        onError={() => console.error('The audio preview did not load', current.previewUrl)}
      />
      {/* Time runs left to right in every language, as a media player's does. */}
      <div className="flex items-center gap-3" dir="ltr">
        <button
          type="button"
          className="button button-default size-11 shrink-0 rounded-full p-0"
          aria-label={playing ? t`Pause ${title}` : t`Play ${title}`}
          onClick={toggle}
        >
          {playing ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="size-5" />}
        </button>
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="truncate text-sm font-medium" aria-live="polite" dir="auto">
            {current.title}
          </p>
          <div
            role="slider"
            tabIndex={0}
            aria-label={t`Seek in ${title}`}
            aria-valuemin={0}
            aria-valuemax={Math.round(knownDuration)}
            aria-valuenow={Math.round(time)}
            aria-valuetext={t`${elapsed} of ${length}`}
            data-testid="waveform"
            className="relative h-11 w-full cursor-pointer touch-none rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onSliderKey}
          >
            <Waveform peaks={current.peaks} progress={progress} />
          </div>
        </div>
        <p className="shrink-0 text-xs text-muted-foreground tabular-nums" aria-hidden>
          {clock(time)} / {clock(knownDuration)}
        </p>
      </div>
      <ol aria-label={t`Tracks`} className="grid gap-0.5">
        {tracks.map((track, index) => {
          const isCurrent = track.id === current.id;
          const number = index + 1;
          const trackTitle = track.title;
          return (
            <li key={track.id}>
              <button
                type="button"
                className={cn(
                  'flex min-h-11 w-full items-center gap-3 rounded-md px-2 text-start text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  isCurrent && 'bg-muted font-medium',
                )}
                aria-current={isCurrent ? 'true' : undefined}
                aria-label={isCurrent && playing ? t`Pause track ${number}: ${trackTitle}` : t`Play track ${number}: ${trackTitle}`}
                onClick={() => choose(track)}
              >
                <span className="w-5 shrink-0 text-end text-muted-foreground tabular-nums" aria-hidden>
                  {isCurrent && playing ? <Pause className="inline size-3.5" /> : formatPlace(number)}
                </span>
                <span className="min-w-0 flex-1 break-words">{track.title}</span>
                <span className="text-muted-foreground tabular-nums">{clock((track.durationMs ?? 0) / 1000)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The peaks as bars, the part already heard in the primary colour. */
function Waveform({ peaks, progress }: { peaks: number[] | null; progress: number }) {
  const clipId = useId();
  if (!peaks || peaks.length < 2) return <div className="absolute inset-x-0 top-1/2 h-px bg-muted-foreground/40" />;
  const pairs = peaks.length / 2;
  // About 100 bars: each stays apart from the next at a phone's width, and the path stays small.
  const group = Math.max(1, Math.floor(pairs / 100));
  const bars = Math.ceil(pairs / group);
  let d = '';
  for (let bar = 0; bar < bars; bar += 1) {
    let low = 0;
    let high = 0;
    for (let pair = bar * group; pair < Math.min(pairs, (bar + 1) * group); pair += 1) {
      low = Math.min(low, peaks[pair * 2]!);
      high = Math.max(high, peaks[pair * 2 + 1]!);
    }
    const top = 50 - Math.max(high, 2) * (48 / 127);
    const bottom = 50 - Math.min(low, -2) * (48 / 127);
    // A bar is 70 % of its slot, drawn as a filled shape: the gaps scale with the width.
    d += `M${bar + 0.15} ${top.toFixed(1)}h0.7V${bottom.toFixed(1)}h-0.7Z`;
  }
  return (
    <svg viewBox={`0 0 ${bars} 100`} preserveAspectRatio="none" className="absolute inset-0 size-full" aria-hidden>
      <defs>
        <clipPath id={clipId}>
          <rect x={0} y={0} width={bars * progress} height={100} />
        </clipPath>
      </defs>
      <path d={d} className="fill-muted-foreground/50" />
      <path d={d} className="fill-primary" clipPath={`url(#${clipId})`} />
    </svg>
  );
}
