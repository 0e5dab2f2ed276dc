import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/database.ts';
import { enqueue, jobKind, URGENT } from '#server/jobs/job-queue.ts';

/**
 * The jobs of a photo's copies. The place and refresh passes look at every photo and run alone,
 * the place pass before any other job; a render is one photo's; removing copies a render replaced
 * waits until pages loaded before the swap no longer ask for them.
 */

// The owner's change waits for its copies to leave (or enter) the public store.
export const placeCopiesJob = jobKind('renditions.place', { exclusive: true, priority: URGENT });
export const refreshCopiesJob = jobKind('renditions.refresh', { exclusive: true });
export const renderCopiesJob = jobKind<{ photoId: number }>('renditions.render');
export const deleteCopiesJob = jobKind<{ names: string[] }>('renditions.delete');
/** The original a new file replaced: every file of the originals store under its key. */
export const deleteOriginalJob = jobKind<{ fileKey: string }>('renditions.delete-original');

/** How long the copies a render replaced are still served. */
export const REPLACED_COPIES_KEPT_MS = 10 * 60_000;

/** Records the removal of replaced copies, due once REPLACED_COPIES_KEPT_MS has passed. */
export async function deleteCopiesLater(ctx: { db: Db; clock: AppContext['clock'] }, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await enqueue(ctx, deleteCopiesJob, { names }, { runAt: new Date(ctx.clock().getTime() + REPLACED_COPIES_KEPT_MS) });
}

/**
 * Records the removal of the original a new file replaced, due with the copies it made: a
 * download of it begun before the swap still finds it.
 */
export async function deleteOriginalLater(ctx: { db: Db; clock: AppContext['clock'] }, fileKey: string): Promise<void> {
  await enqueue(ctx, deleteOriginalJob, { fileKey }, { runAt: new Date(ctx.clock().getTime() + REPLACED_COPIES_KEPT_MS) });
}
