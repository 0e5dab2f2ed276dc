import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { jobKind, later, prune } from './job-queue.ts';
import { handle, type Periodic } from './worker.ts';

/** Done jobs are kept a day (what ran, for a look after the fact); failed ones a month, unless the owner dismisses them. */
export const DONE_JOBS_KEPT_MS = 24 * 60 * 60_000;
export const FAILED_JOBS_KEPT_MS = 30 * 24 * 60 * 60_000;

export const pruneJobsJob = jobKind('jobs.prune', { exclusive: true, maxAttempts: 3 });
export const jobsPrune: Periodic = { kind: pruneJobsJob, everyMs: 60 * 60_000 };
export const housekeepingJobs = [
  handle(pruneJobsJob, async (ctx: { db: Db; clock: Clock }) => {
    const now = ctx.clock();
    await prune(ctx.db, later(now, -DONE_JOBS_KEPT_MS), later(now, -FAILED_JOBS_KEPT_MS));
  }),
];
