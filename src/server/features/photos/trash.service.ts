import { UNDO_WINDOW_MS } from '#contract/photos.ts';
import type { AppContext } from '#server/app-context.ts';
import { purgeTrashedCategories } from '#server/features/categories/categories.service.ts';
import { jobKind } from '#server/jobs/job-queue.ts';
import { handle, type Periodic } from '#server/jobs/worker.ts';
import { purgeTrashedPhotos } from './photos.service.ts';

export interface PurgeReport {
  photos: number;
  categories: number;
}

/** Removes for good the photos (rows and files) and categories whose Undo window has passed. */
export async function purgeTrash(ctx: Pick<AppContext, 'db' | 'media' | 'clock'>): Promise<PurgeReport> {
  const photos = await purgeTrashedPhotos(ctx);
  const categories = await purgeTrashedCategories(ctx);
  return { photos, categories };
}

/** Empties the trash as Undo windows end: twice a window, so nothing waits much past its end. */
export const purgeTrashJob = jobKind('trash.purge', { exclusive: true, maxAttempts: 3 });
export const trashPurge: Periodic = { kind: purgeTrashJob, everyMs: UNDO_WINDOW_MS / 2 };
export const trashJobs = [handle(purgeTrashJob, (ctx: AppContext) => purgeTrash(ctx).then(() => undefined))];
