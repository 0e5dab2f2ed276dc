import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VideoSource } from '#contract/photos.ts';
import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/database.ts';
import { transcodeVideo } from '#server/images/video.ts';
import { enqueue } from '#server/jobs/job-queue.ts';
import { photoFileNames } from '#server/storage/file-names.ts';
import { transcodeVideoJob } from './renditions.kinds.ts';
import { copiesStoreOf, copyToDisk, deleteCopies, originalNameOf } from './renditions.service.ts';
import * as repo from './renditions.repository.ts';

/**
 * A video's playable copies: H.264/AAC MP4s (1080p at most, and a 720p one), fast start, no
 * metadata, transcoded from the original by a job (a minute of 4K takes minutes, which no upload
 * request should wait for), named under the photo's `copies_key` in the store that holds its other
 * copies, so moving, trashing, backing up and cleaning up a video treat them like its images.
 */

type VideoContext = Pick<AppContext, 'db' | 'media' | 'log' | 'clock'>;

/** Records the transcode of a new video, in the upload's transaction. */
export async function recordVideoTranscode(ctx: { db: Db; clock: AppContext['clock'] }, photoId: number): Promise<void> {
  await enqueue(ctx, transcodeVideoJob, { photoId }, { key: `${transcodeVideoJob.name}:${photoId}` });
}

/** At least ten minutes, and half a minute per second of video: a slow machine's 4K at worst. */
const timeoutFor = (seconds: number) => Math.max(10 * 60_000, seconds * 30_000);

export type TranscodeOutcome = 'transcoded' | 'current' | 'gone' | 'no-original';

/**
 * Transcodes a video's original into its playable copies and names them on its row. When its
 * copies moved or were rendered under another key meanwhile, the files are written again under
 * the row's key now (three times at most, then the job tries again later).
 */
export async function transcodeVideoCopies(ctx: VideoContext, photoId: number): Promise<TranscodeOutcome> {
  const { media } = ctx;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'atelier-video-'));
  try {
    const source = path.join(dir, 'original');
    let copied = false;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const row = await repo.findVideo(ctx.db, photoId);
      if (!row) return 'gone';
      if (row.videoFiles !== null) return 'current';
      if (!copied) {
        const originalName = await originalNameOf(media.originals, row.fileKey);
        if (!originalName || !(await copyToDisk(media.originals, originalName, source))) return 'no-original';
        copied = true;
      }
      const duration = row.videoDuration ?? 0;
      // Percentages reach the row one after another, never out of order.
      let written = Promise.resolve();
      const outputs = await transcodeVideo(media.images.tools, source, {
        size: { width: row.videoWidth ?? 0, height: row.videoHeight ?? 0 },
        durationSeconds: duration,
        folder: dir,
        timeoutMs: timeoutFor(duration),
        onPercent: (percent) => {
          written = written.then(() => repo.setVideoProgress(ctx.db, photoId, percent)).catch(() => undefined);
        },
      });
      await written;
      const store = copiesStoreOf(media, row.filesPrivate);
      const files: VideoSource[] = [];
      try {
        for (const output of outputs) {
          const filename = photoFileNames.video(row.copiesKey, Math.min(output.width, output.height));
          await store.put(filename, { path: output.file });
          files.push({ width: output.width, height: output.height, filename });
        }
      } catch (error) {
        await deleteCopies(media, files.map((file) => file.filename));
        throw error;
      }
      await Promise.all(outputs.map((output) => fsp.rm(output.file, { force: true })));
      if (await repo.setVideoFiles(ctx.db, photoId, row.copiesKey, row.filesPrivate, JSON.stringify(files))) return 'transcoded';
      await deleteCopies(media, files.map((file) => file.filename));
    }
    throw new Error(`video ${photoId} changed under three transcodes in a row`);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
