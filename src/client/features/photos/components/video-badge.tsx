import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { VideoInfo } from '#contract/photos.ts';
import { api } from '#contract/routes.ts';

/** How often the admin asks again while a video is transcoded. */
const POLL_MS = 2000;

const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/**
 * On an admin tile: a video's length, or how far its transcode has come, asked again every two
 * seconds until it ends (the photo lists then carry its playable copies).
 */
export function VideoBadge({ video }: { video: VideoInfo }) {
  const queryClient = useQueryClient();
  const transcoding = video.progress !== null;
  const { t } = useLingui();
  const progress = video.progress;
  useEffect(() => {
    if (!transcoding) return;
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: [api.photos] }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [transcoding, queryClient]);
  return (
    <span
      data-video-badge=""
      className="pointer-events-none absolute start-1 top-1 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums"
    >
      {transcoding ? t`Transcoding ${progress}%` : `▶ ${duration(video.duration)}`}
    </span>
  );
}
