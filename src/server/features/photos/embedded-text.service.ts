import { isFileNameTitle } from '#contract/file-name-titles.ts';
import type { AppContext } from '#server/app-context.ts';
import { recordCopiesCheck } from '#server/features/renditions/renditions.service.ts';
import { readEmbeddedText } from '#server/images/embedded-text.ts';
import { enqueue, jobKind } from '#server/jobs/job-queue.ts';
import { handle } from '#server/jobs/worker.ts';
import { firstOriginal } from './camera-details.service.ts';
import * as repo from './photos.repository.ts';
import type { PhotoUpdate } from './photos.table.ts';
import { EMBEDDED_TEXT_LIMITS, originalNameOf } from './upload.service.ts';

/**
 * The photos stored before uploads read their files' IPTC and XMP text get it from their
 * originals, once, in a job the start queues while any is unread. What the owner wrote wins: a
 * description, alt text, credit or copyright is filled only where empty, and a title replaced
 * only while it is still the one the upload gave (never edited since, or a camera's file name).
 * The name each file was uploaded under was not kept then; it is known only where the file's XMP
 * kept it (xmpMM:PreservedFileName).
 */

type BackfillContext = Pick<AppContext, 'db' | 'media' | 'clock' | 'jobs'>;

export interface EmbeddedTextBackfillReport {
  read: number;
  /** Of those, photos that took some text from their file. */
  changed: number;
  missingOriginal: number;
}

const PAGE = 100;

export async function backfillEmbeddedText(ctx: BackfillContext): Promise<EmbeddedTextBackfillReport> {
  const report: EmbeddedTextBackfillReport = { read: 0, changed: 0, missingOriginal: 0 };
  let rightsChanged = false;
  let afterId = 0;
  for (;;) {
    const photos = await repo.listPhotosToReadEmbedded(ctx.db, { afterId, limit: PAGE });
    if (photos.length === 0) break;
    for (const photo of photos) {
      afterId = photo.id;
      const original = await firstOriginal(ctx, photo.fileKey);
      if (!original) {
        // Nothing to read, now or later: marked read, so the start does not queue it again.
        report.missingOriginal += 1;
        await repo.setEmbeddedText(ctx.db, photo.id, {});
        continue;
      }
      const text = await readEmbeddedText(original, EMBEDDED_TEXT_LIMITS);
      const originalName = photo.originalName ?? (text.preservedFileName ? originalNameOf(text.preservedFileName) : null);
      const untouched = photo.updatedAt === photo.createdAt || isFileNameTitle(photo.title, originalName);
      const changes: PhotoUpdate = {
        ...(originalName !== photo.originalName ? { originalName } : {}),
        ...(text.title && untouched && text.title !== photo.title ? { title: text.title } : {}),
        ...(text.description && !photo.description ? { description: text.description } : {}),
        ...(text.altText && !photo.altText ? { altText: text.altText } : {}),
        ...(text.credit && !photo.credit ? { credit: text.credit } : {}),
        ...(text.copyright && !photo.copyright ? { copyright: text.copyright } : {}),
      };
      const rights = changes.credit !== undefined || changes.copyright !== undefined;
      // The copies carry the rights: a photo that takes some has them rendered again.
      await ctx.db.transaction().execute(async (trx) => {
        await repo.setEmbeddedText(trx, photo.id, changes);
        if (rights) await recordCopiesCheck({ db: trx, clock: ctx.clock });
      });
      rightsChanged ||= rights;
      report.read += 1;
      if (Object.keys(changes).length > 0) report.changed += 1;
    }
  }
  if (rightsChanged) ctx.jobs.wake();
  return report;
}

export const readEmbeddedTextJob = jobKind('photos.embedded-text', { exclusive: true, maxAttempts: 3 });

/** Queues the backfill while any photo's file is unread (at each start; one job however often asked). */
export async function recordEmbeddedTextRead(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<boolean> {
  if (!(await repo.anyPhotoToReadEmbedded(ctx.db))) return false;
  await enqueue(ctx, readEmbeddedTextJob, {}, { key: readEmbeddedTextJob.name });
  return true;
}

export const embeddedTextJobs = [handle(readEmbeddedTextJob, (ctx: AppContext) => backfillEmbeddedText(ctx).then(() => undefined))];
