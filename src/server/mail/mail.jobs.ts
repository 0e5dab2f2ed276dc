import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { enqueue, jobKind } from '#server/jobs/job-queue.ts';
import { handle } from '#server/jobs/worker.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * A notice to the owner (a message came, picks were sent, the account changed) is a job recorded
 * with the change: sent over SMTP, or written to the outbox without it, and tried again while the
 * mail server is down. Mails that carry a secret (a reset or sign-in link) are not jobs: their
 * link would rest in the jobs table, where a stolen copy of the database could read it; they are
 * sent as the request's own work.
 */
export const sendMailJob = jobKind<MailMessage>('mail.send', { maxAttempts: 8 });

export function queueMail(ctx: { db: Db; clock: Clock }, message: MailMessage): Promise<number> {
  return enqueue(ctx, sendMailJob, message);
}

export const mailJobs = [handle(sendMailJob, (ctx: { mailer: Mailer }, message) => ctx.mailer.send(message))];
