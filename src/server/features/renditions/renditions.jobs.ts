import type { AppContext } from '#server/app-context.ts';
import { handle, type JobHandler } from '#server/jobs/worker.ts';
import { deleteCopiesJob, deleteOriginalJob, placeCopiesJob, refreshCopiesJob, renderCopiesJob } from './renditions.kinds.ts';
import { deleteCopies, deleteOriginals, placeCopies, refreshCopies, renderCopies } from './renditions.service.ts';

/** What the worker runs for a photo's copies. */
export const renditionsJobs: ReadonlyArray<JobHandler<AppContext>> = [
  handle(placeCopiesJob, async (ctx: AppContext) => {
    const moved = await placeCopies(ctx);
    if (moved > 0) ctx.log.info({ photos: moved }, 'moved photos\' copies between the public and the restricted store');
  }),
  handle(refreshCopiesJob, async (ctx: AppContext) => {
    await refreshCopies(ctx);
  }),
  handle(renderCopiesJob, async (ctx: AppContext, { photoId }) => {
    await renderCopies(ctx, photoId);
  }),
  handle(deleteCopiesJob, async (ctx: AppContext, { names }) => {
    await deleteCopies(ctx.media, names);
  }),
  handle(deleteOriginalJob, async (ctx: AppContext, { fileKey }) => {
    await deleteOriginals(ctx, fileKey);
  }),
];
