import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  AUDIO_TRACKS_MAX,
  type AudioTrack,
  type AudioUploadInfo,
  type OrderAudioTracksRequest,
  type UpdateAudioTrackRequest,
} from '#contract/audio.ts';
import { fileNameStem } from '#contract/file-name-titles.ts';
import { api, pathTo } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { copyToDisk } from '#server/features/renditions/renditions.service.ts';
import { ToolError } from '#server/images/system-tools.ts';
import { enqueue } from '#server/jobs/job-queue.ts';
import { handle, type JobHandler } from '#server/jobs/worker.ts';
import { invalid, notFound, tooLarge, unsupportedType } from '#server/lib/errors.ts';
import { audioFileNames, newFileKey } from '#server/storage/file-names.ts';
import type { ReleaseTrackRow } from './audio.table.ts';
import { durationOf, peaksOf, probeAudio, transcodeAudio } from './audio-tools.ts';
import { removeTrackFilesJob, transcodeTrackJob } from './audio.kinds.ts';
import * as repo from './audio.repository.ts';

/**
 * A music release's audio tracks: stored at upload (the original, checked by ffprobe), made
 * playable by the `audio.transcode` job (the preview and its waveform), listed, ordered, renamed
 * and deleted by the owner, and heard by whoever may see the release (the photos feature decides).
 */

type AudioContext = Pick<AppContext, 'db' | 'media' | 'clock' | 'jobs' | 'config'>;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** A row as the API shows it; a visitor never sees why a track failed, nor its state. */
export function toAudioTrack(row: ReleaseTrackRow): AudioTrack {
  return {
    id: row.id,
    title: row.title,
    state: row.state,
    error: row.state === 'failed' ? row.error : null,
    durationMs: row.preview ? row.previewMs : null,
    previewSeconds: row.previewSeconds,
    previewUrl: row.preview ? pathTo(api.audioPreview, { name: row.preview }) : null,
    peaks: row.peaks ? (JSON.parse(row.peaks) as number[]) : null,
  };
}

/** Whether this server can take tracks (ffmpeg), and the limits an upload must keep. */
export function audioUploadInfo(ctx: Pick<AppContext, 'media' | 'config'>): AudioUploadInfo {
  const missing = ctx.media.images.tools.missing('audio');
  return {
    available: missing === null,
    package: missing?.package ?? null,
    maxFileBytes: ctx.config.audio.maxFileBytes,
    maxSeconds: ctx.config.audio.maxSeconds,
  };
}

/** Refuses a track upload on a server without ffmpeg, naming the package; before the body is read. */
export function assertAudioTools(ctx: Pick<AppContext, 'media'>): void {
  const missing = ctx.media.images.tools.missing('audio');
  if (missing) throw unsupportedType('audio.tool_missing', { tool: missing.tool, package: missing.package });
}

/** The owner's live photo, or not found. */
export async function assertOwnersRelease(ctx: Pick<AppContext, 'db'>, userId: number, photoId: number): Promise<void> {
  if (!(await repo.findOwnersPhoto(ctx.db, userId, photoId))) throw notFound('photos.not_found');
}

/** A release's tracks in play order: every one for the owner, the ready ones for a visitor. */
export async function listReleaseTracks(ctx: Pick<AppContext, 'db'>, photoId: number, viewer: 'owner' | 'visitor'): Promise<AudioTrack[]> {
  return (await repo.listTracks(ctx.db, photoId, viewer === 'visitor')).map(toAudioTrack);
}

export interface IncomingTrack {
  name: string;
  path: string;
  size: number;
  tooLarge: boolean;
}

/**
 * Stores an uploaded track: checks its size, format and length, keeps the file as its original,
 * and records the row with its transcode job in one transaction.
 */
export async function addTrack(
  ctx: AudioContext,
  userId: number,
  photoId: number,
  file: IncomingTrack | undefined,
  options: { title?: string | undefined; previewSeconds?: number | undefined },
): Promise<AudioTrack> {
  assertAudioTools(ctx);
  await assertOwnersRelease(ctx, userId, photoId);
  const limits = ctx.config.audio;
  if (!file || file.size === 0) throw invalid('audio.none_sent');
  if (file.tooLarge) throw tooLarge('audio.file_too_large', { size: formatBytes(limits.maxFileBytes) });
  const { count } = await repo.countTracks(ctx.db, photoId);
  if (count >= AUDIO_TRACKS_MAX) throw invalid('audio.too_many_tracks', { max: AUDIO_TRACKS_MAX });
  const probed = await probeAudio(ctx.media.images.tools, file.path);
  if (!probed) throw unsupportedType('audio.wrong_format');
  if (probed.durationMs > limits.maxSeconds * 1000) throw invalid('audio.too_long', { minutes: Math.round((limits.maxSeconds / 60) * 10) / 10 });

  const original = audioFileNames.original(newFileKey(), probed.format);
  await ctx.media.originals.put(original, { path: file.path });
  const title = options.title?.trim() || fileNameStem(file.name) || 'Untitled';
  const now = ctx.clock().toISOString();
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const { next } = await repo.countTracks(trx, photoId);
      const inserted = await repo.insertTrack(trx, {
        photoId,
        position: next,
        title: title.slice(0, 200),
        state: 'queued',
        error: null,
        original,
        originalName: file.name.slice(0, 255) || null,
        sourceMs: probed.durationMs,
        previewSeconds: options.previewSeconds ?? null,
        preview: null,
        previewMs: null,
        peaks: null,
        createdAt: now,
        updatedAt: now,
      });
      await enqueue({ db: trx, clock: ctx.clock }, transcodeTrackJob, { trackId: inserted.id }, { key: `audio.transcode:${inserted.id}` });
      return inserted;
    });
    ctx.jobs.wake();
    return toAudioTrack(row);
  } catch (error) {
    await ctx.media.originals.delete(original);
    throw error;
  }
}

async function trackOf(ctx: Pick<AppContext, 'db'>, userId: number, photoId: number, trackId: number): Promise<ReleaseTrackRow> {
  await assertOwnersRelease(ctx, userId, photoId);
  const row = await repo.findTrack(ctx.db, trackId, photoId);
  if (!row) throw notFound('audio.track_not_found');
  return row;
}

/** A new title, or another length of preview (made again in the background; the old one plays until then). */
export async function updateTrack(
  ctx: AudioContext,
  userId: number,
  photoId: number,
  trackId: number,
  changes: UpdateAudioTrackRequest,
): Promise<AudioTrack> {
  const row = await trackOf(ctx, userId, photoId, trackId);
  const lengthChanged = changes.previewSeconds !== undefined && changes.previewSeconds !== row.previewSeconds;
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const next = await repo.updateTrack(trx, trackId, {
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(lengthChanged ? { previewSeconds: changes.previewSeconds ?? null, state: 'queued' as const, error: null } : {}),
      updatedAt: ctx.clock().toISOString(),
    });
    if (lengthChanged) await enqueue({ db: trx, clock: ctx.clock }, transcodeTrackJob, { trackId }, { key: `audio.transcode:${trackId}` });
    return next;
  });
  if (!updated) throw notFound('audio.track_not_found');
  if (lengthChanged) ctx.jobs.wake();
  return toAudioTrack(updated);
}

/** The owner's order: every track of the release, each once. */
export async function orderTracks(ctx: Pick<AppContext, 'db'>, userId: number, photoId: number, request: OrderAudioTracksRequest): Promise<AudioTrack[]> {
  await assertOwnersRelease(ctx, userId, photoId);
  await ctx.db.transaction().execute(async (trx) => {
    const ids = (await repo.listTracks(trx, photoId)).map((row) => row.id);
    const given = new Set(request.ids);
    if (given.size !== request.ids.length || given.size !== ids.length || !ids.every((id) => given.has(id))) {
      throw invalid('audio.order_mismatch');
    }
    await repo.setPositions(trx, request.ids);
  });
  return listReleaseTracks(ctx, photoId, 'owner');
}

/** Deletes the track now; its original and preview go with the removal job recorded beside it. */
export async function deleteTrack(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, userId: number, photoId: number, trackId: number): Promise<void> {
  const row = await trackOf(ctx, userId, photoId, trackId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteTrack(trx, row.id);
    await enqueue({ db: trx, clock: ctx.clock }, removeTrackFilesJob, { originals: [row.original], previews: row.preview ? [row.preview] : [] });
  });
  ctx.jobs.wake();
}

/** Photos leaving the trash for good take their tracks with them, rows and files. */
export async function removeTracksOfPhotos(ctx: Pick<AppContext, 'db' | 'media'>, photoIds: readonly number[]): Promise<void> {
  const rows = await repo.tracksOfPhotos(ctx.db, photoIds);
  if (rows.length === 0) return;
  await repo.deleteTracksOfPhotos(ctx.db, photoIds);
  await removeFiles(ctx, rows.map((row) => row.original), rows.flatMap((row) => (row.preview ? [row.preview] : [])));
}

async function removeFiles(ctx: Pick<AppContext, 'media'>, originals: readonly string[], previews: readonly string[]): Promise<void> {
  await Promise.all([...originals.map((name) => ctx.media.originals.delete(name)), ...previews.map((name) => ctx.media.restricted.delete(name))]);
}

/** What `cleanup` keeps: every original and preview a track row names. */
export async function audioFilesInUse(ctx: Pick<AppContext, 'db'>): Promise<{ originals: Set<string>; previews: Set<string> }> {
  const rows = await repo.allTrackFiles(ctx.db);
  return {
    originals: new Set(rows.map((row) => row.original)),
    previews: new Set(rows.flatMap((row) => (row.preview ? [row.preview] : []))),
  };
}

/** A preview a visitor asks for: its row (for the release's photo) and the file; null when it is none of a track. */
export async function findPreview(ctx: Pick<AppContext, 'db' | 'media'>, name: string) {
  const row = await repo.findTrackByPreview(ctx.db, name);
  if (!row) return null;
  const store = ctx.media.restricted;
  const info = await store.stat(name);
  if (!info) return null;
  return { photoId: row.photoId, file: { info, open: (range?: { start: number; end: number }) => store.open(name, range) } };
}

/**
 * Makes a track's preview and waveform from its original. A deterministic failure (ffmpeg refuses
 * the file) marks the track failed with ffmpeg's reason; anything else (a store out of reach) is
 * thrown, so the job is tried again.
 */
export async function transcodeTrack(ctx: Pick<AppContext, 'db' | 'media' | 'clock'>, trackId: number): Promise<void> {
  const row = await repo.findTrack(ctx.db, trackId);
  if (!row) return;
  await repo.updateTrack(ctx.db, trackId, { state: 'transcoding', updatedAt: ctx.clock().toISOString() });
  await fsp.mkdir(ctx.media.upload.tmpDir, { recursive: true });
  const scratch = await fsp.mkdtemp(path.join(ctx.media.upload.tmpDir, `upload-audio-${randomBytes(6).toString('hex')}-`));
  const preview = audioFileNames.preview(newFileKey());
  try {
    const source = path.join(scratch, 'source');
    if (!(await copyToDisk(ctx.media.originals, row.original, source))) {
      await repo.updateTrack(ctx.db, trackId, { state: 'failed', error: 'The original file is missing', updatedAt: ctx.clock().toISOString() });
      return;
    }
    const format = row.original.slice(row.original.lastIndexOf('.') + 1) as 'wav' | 'flac' | 'mp3';
    const files = { preview: path.join(scratch, 'preview.m4a'), samples: path.join(scratch, 'samples.raw') };
    const { tools } = ctx.media.images;
    try {
      await transcodeAudio(tools, { file: source, format }, row.previewSeconds, files);
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      await repo.updateTrack(ctx.db, trackId, { state: 'failed', error: error.message.slice(0, 500), updatedAt: ctx.clock().toISOString() });
      return;
    }
    const previewMs = await durationOf(tools, files.preview);
    const peaks = await peaksOf(files.samples);
    await ctx.media.restricted.put(preview, { path: files.preview });
    const swapped = await repo.finishPreview(ctx.db, trackId, row.previewSeconds, {
      preview,
      previewMs,
      peaks: JSON.stringify(peaks),
      updatedAt: ctx.clock().toISOString(),
    });
    // Overtaken (deleted, or another length asked for): this run's preview is nobody's.
    if (!swapped) await ctx.media.restricted.delete(preview);
    else if (row.preview) await ctx.media.restricted.delete(row.preview);
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

export const audioJobs: Array<JobHandler<AppContext>> = [
  handle(transcodeTrackJob, (ctx: AppContext, { trackId }) => transcodeTrack(ctx, trackId)),
  handle(removeTrackFilesJob, (ctx: AppContext, { originals, previews }) => removeFiles(ctx, originals, previews)),
];
