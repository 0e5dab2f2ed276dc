import type { AppContext } from './app-context.ts';
import { audioJobs } from '#server/features/audio/audio.service.ts';
import { authJobs, authPrune } from '#server/features/auth/auth.service.ts';
import { galleriesJobs, revokedLinksPurge } from '#server/features/galleries/galleries.service.ts';
import { activityJobs, activityPrune, noticeDigest } from '#server/features/galleries/activity.service.ts';
import { trashJobs, trashPurge } from '#server/features/photos/trash.service.ts';
import { embeddedTextJobs } from '#server/features/photos/embedded-text.service.ts';
import { rateLimitsJobs, rateLimitsPrune } from '#server/features/rate-limits/rate-limits.service.ts';
import { renditionsJobs } from '#server/features/renditions/renditions.jobs.ts';
import { statisticsWork, type Recorder } from '#server/features/statistics/statistics.service.ts';
import { housekeepingJobs, jobsPrune } from '#server/jobs/housekeeping.ts';
import { Worker, type WorkerOptions } from '#server/jobs/worker.ts';
import { mailJobsWith } from '#server/mail/mail.jobs.ts';
import { INVITATION_MAIL, linkMailsJobs, recordInvitationOutcome } from '#server/features/galleries/link-mails.service.ts';
import { webhooksJobs, webhooksPrune } from '#server/features/webhooks/webhooks.service.ts';

/**
 * Everything that runs after a change, or on its own as time passes: every kind of job with its
 * handler, the periodic jobs, and this process's ticks. The server runs one worker
 * (app.ts); a command of the command line runs one to finish what it recorded.
 */
export function createWorker(
  ctx: AppContext,
  options: { recorder?: Recorder | null } & Pick<WorkerOptions<AppContext>, 'concurrency' | 'pollMs' | 'holdMs'> = {},
): Worker<AppContext> {
  const statistics = options.recorder ? statisticsWork(options.recorder) : null;
  return new Worker<AppContext>({
    db: ctx.db,
    dialect: ctx.dialect,
    clock: ctx.clock,
    log: ctx.log,
    ctx,
    handlers: [...renditionsJobs, ...trashJobs, ...embeddedTextJobs, ...mailJobsWith({ [INVITATION_MAIL]: recordInvitationOutcome }), ...linkMailsJobs, ...rateLimitsJobs, ...authJobs, ...housekeepingJobs, ...galleriesJobs, ...activityJobs, ...webhooksJobs, ...audioJobs, ...(statistics?.handlers ?? [])],
    periodic: [trashPurge, revokedLinksPurge, noticeDigest, activityPrune, rateLimitsPrune, authPrune, jobsPrune, webhooksPrune, ...(statistics?.periodic ?? [])],
    ticks: statistics?.ticks ?? [],
    concurrency: options.concurrency ?? ctx.config.jobConcurrency,
    pollMs: options.pollMs,
    holdMs: options.holdMs,
  });
}
