import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { AUDIO_ACCEPT, PREVIEW_SECONDS_MAX, PREVIEW_SECONDS_MIN, type AudioTrack } from '#contract/audio.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { errorMessage } from '#client/lib/error-text.ts';
import {
  uploadTrack,
  useAudioUploadInfo,
  useDeleteTrack,
  useInvalidateReleaseAudio,
  useOrderTracks,
  useReleaseAudio,
  useUpdateTrack,
} from '#client/features/music/api/release-audio.ts';

/**
 * The owner's audio previews of a release, in the photo's edit dialog: upload WAV, FLAC or MP3
 * files (each with its progress), title and order them, choose how much is heard, delete; each
 * track's processing state as the server's job moves it (queued, transcoding, ready, failed).
 * Every change is saved at once, apart from the dialog's Save button.
 */

const ACCEPT = [...new Set(Object.entries(AUDIO_ACCEPT).flatMap(([type, extensions]) => [type, ...extensions]))].join(',');

interface Sending {
  name: string;
  sent: number;
}

const stateTexts = (): Record<AudioTrack['state'], string> => ({
  queued: t`Queued`,
  transcoding: t`Transcoding…`,
  ready: t`Ready`,
  failed: t`Failed`,
});

function parseSeconds(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= PREVIEW_SECONDS_MIN && value <= PREVIEW_SECONDS_MAX ? value : 'invalid';
}

export function ReleaseAudioEditor({ releaseId }: { releaseId: number }) {
  const headingId = useId();
  const lengthId = useId();
  const info = useAudioUploadInfo();
  const tracks = useReleaseAudio(releaseId, { pollWhileWorking: true });
  const invalidate = useInvalidateReleaseAudio(releaseId);
  const order = useOrderTracks(releaseId);
  const remove = useDeleteTrack(releaseId);
  const [sending, setSending] = useState<Sending | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [previewLength, setPreviewLength] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const list = tracks.data ?? [];
  const seconds = parseSeconds(previewLength);
  const { t } = useLingui();
  const [minSeconds, maxSeconds] = [PREVIEW_SECONDS_MIN, PREVIEW_SECONDS_MAX];

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setUploadError(null);
    for (const file of files) {
      setSending({ name: file.name, sent: 0 });
      try {
        await uploadTrack(releaseId, file, (sent) => setSending({ name: file.name, sent }), undefined, seconds === 'invalid' ? null : seconds);
      } catch (error) {
        setUploadError(`${file.name}: ${errorMessage(error, t`The upload failed`)}`);
        break;
      } finally {
        await invalidate();
      }
    }
    setSending(null);
  };

  const move = (index: number, by: number) => {
    const ids = list.map((track) => track.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    order.mutate(ids);
  };

  const unavailable = info.data && !info.data.available;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-md border p-3 sm:p-4" data-testid="release-audio-editor">
      <div>
        <h3 id={headingId} className="text-sm font-semibold">
          <Trans>Audio previews</Trans>
        </h3>
        <p className="text-xs text-muted-foreground">
          <Trans>
            WAV, FLAC or MP3, one file per track. Visitors hear a compact preview in the release dialog; your file is kept for backups. Saved
            at once.
          </Trans>
        </p>
      </div>
      {unavailable ? (
        <p className="text-sm text-destructive" role="status">
          {t`Audio previews need ffmpeg on the server: install the Debian package ${info.data.package}.`}
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <label htmlFor={lengthId} className="text-xs font-medium">
              <Trans>Preview length (seconds, blank for the whole track)</Trans>
            </label>
            <Input
              id={lengthId}
              inputMode="numeric"
              className="w-32"
              value={previewLength}
              aria-invalid={seconds === 'invalid' ? true : undefined}
              onChange={(event) => setPreviewLength(event.target.value)}
            />
          </div>
          <input ref={fileInput} type="file" accept={ACCEPT} multiple className="sr-only" tabIndex={-1} aria-hidden onChange={(event) => void onFiles(event)} />
          <Button variant="outline" className="min-h-11" disabled={sending !== null || seconds === 'invalid'} onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden />
            <Trans>Add audio tracks</Trans>
          </Button>
        </div>
      )}
      {seconds === 'invalid' && (
        <p className="text-sm text-destructive">
          <Trans>
            A whole number of seconds from {minSeconds} to {maxSeconds}, or blank.
          </Trans>
        </p>
      )}
      {sending && (
        <div className="grid gap-1" role="status">
          <p className="truncate text-xs">{t`Uploading ${sending.name}… ${Math.round(sending.sent * 100)}%`}</p>
          <Progress value={sending.sent * 100} aria-label={t`Uploading ${sending.name}`} />
        </div>
      )}
      {uploadError && (
        <p className="text-sm text-destructive" role="alert">
          {uploadError}
        </p>
      )}
      {list.length === 0 && !sending && (
        <p className="text-sm text-muted-foreground">
          <Trans>No audio tracks yet.</Trans>
        </p>
      )}
      <ol className="grid gap-3">
        {list.map((track, index) => (
          <TrackRow
            key={track.id}
            releaseId={releaseId}
            track={track}
            number={index + 1}
            first={index === 0}
            last={index === list.length - 1}
            onMove={(by) => move(index, by)}
            onDelete={() => remove.mutate(track.id)}
          />
        ))}
      </ol>
    </section>
  );
}

function TrackRow({
  releaseId,
  track,
  number,
  first,
  last,
  onMove,
  onDelete,
}: {
  releaseId: number;
  track: AudioTrack;
  number: number;
  first: boolean;
  last: boolean;
  onMove: (by: number) => void;
  onDelete: () => void;
}) {
  const update = useUpdateTrack(releaseId);
  const [title, setTitle] = useState(track.title);
  const [length, setLength] = useState(track.previewSeconds === null ? '' : String(track.previewSeconds));
  const saveTitle = () => {
    const next = title.trim();
    if (next && next !== track.title) update.mutate({ trackId: track.id, changes: { title: next } });
    else setTitle(track.title);
  };
  const { t } = useLingui();
  const saveLength = () => {
    const next = parseSeconds(length);
    if (next !== 'invalid' && next !== track.previewSeconds) update.mutate({ trackId: track.id, changes: { previewSeconds: next } });
  };
  return (
    <li className="grid gap-2" data-testid="audio-track-row">
      <div className="grid grid-cols-[1.5rem_minmax(0,1fr)] items-center gap-2 sm:grid-cols-[1.5rem_minmax(0,1fr)_6rem_auto]">
        <span className="text-end text-sm text-muted-foreground tabular-nums" aria-hidden>
          {number}.
        </span>
        <Input
          aria-label={t`Audio track ${number} title`}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={saveTitle}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              saveTitle();
            }
          }}
        />
        <Input
          aria-label={t`Audio track ${number} preview length in seconds`}
          placeholder={t`Whole`}
          inputMode="numeric"
          className="col-start-2 sm:col-start-auto"
          value={length}
          onChange={(event) => setLength(event.target.value)}
          onBlur={saveLength}
        />
        <div className="col-span-2 flex justify-end gap-1 sm:col-span-1">
          <Button variant="ghost" size="icon" className="size-11" aria-label={t`Move audio track ${number} up`} disabled={first} onClick={() => onMove(-1)}>
            <ArrowUp aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" className="size-11" aria-label={t`Move audio track ${number} down`} disabled={last} onClick={() => onMove(1)}>
            <ArrowDown aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" className="size-11" aria-label={t`Delete audio track ${number}`} onClick={onDelete}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <p className="ps-8 text-xs" data-testid="audio-track-state">
        <span className={track.state === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
          {stateTexts()[track.state]}
          {track.state === 'failed' && track.error ? `: ${track.error}` : ''}
          {track.state === 'ready' && track.durationMs !== null ? ` · ${t`${Math.round(track.durationMs / 1000)} s preview`}` : ''}
        </span>
      </p>
      {update.isError && <p className="ps-8 text-sm text-destructive">{errorMessage(update.error, t`Could not save the track`)}</p>}
    </li>
  );
}
