import { JOB_DESCRIPTIONS, type FailedJob, type FailedJobs } from '#contract/jobs.ts';
import type { AppContext } from '#server/app-context.ts';
import * as queue from '#server/jobs/job-queue.ts';
import { notFound } from '#server/lib/errors.ts';

/** The owner's view of background work that failed for good: read, tried again, dismissed. */

const LISTED = 100;

export async function listFailedJobs(ctx: Pick<AppContext, 'db'>): Promise<FailedJobs> {
  const rows = await queue.listFailed(ctx.db, LISTED);
  return {
    jobs: rows.map(
      (row): FailedJob => ({
        id: row.id,
        kind: row.name,
        description: JOB_DESCRIPTIONS[row.name] ?? row.name,
        error: row.lastError ?? '',
        attempts: row.attempts,
        failedAt: row.finishedAt ?? row.createdAt,
      }),
    ),
  };
}

/** Queued again from a first attempt, and run at once. */
export async function retryJob(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, id: number): Promise<void> {
  if (!(await queue.retryFailed(ctx.db, id, ctx.clock().toISOString()))) throw notFound('jobs.failed_not_found');
  ctx.jobs.wake();
}

export async function dismissJob(ctx: Pick<AppContext, 'db'>, id: number): Promise<void> {
  if (!(await queue.dismissFailed(ctx.db, id))) throw notFound('jobs.failed_not_found');
}
