import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { enqueue, jobKind } from '#server/jobs/job-queue.ts';
import { handle, type JobContext } from '#server/jobs/worker.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * A notice to the owner (a message came, picks were sent, the account changed) is a job recorded
 * with the change: sent over SMTP, or written to the outbox without it, and tried again while the
 * mail server is down. Mails that carry a secret (a reset or sign-in link) are not jobs: their
 * link would rest in the jobs table, where a stolen copy of the database could read it; they are
 * sent as the request's own work.
 *
 * A mail whose outcome someone waits for (a client's invitation to a gallery) names it in `track`:
 * the recorder registered for its kind hears of each outcome: delivered, refused for good by the
 * mail server (its answer; not tried again, the same answer would come), or an attempt that failed
 * and will be tried again, until the last.
 */
export interface MailTrack {
  kind: string;
  id: number;
}
export type MailPayload = MailMessage & { track?: MailTrack };
export const sendMailJob = jobKind<MailPayload>('mail.send', { maxAttempts: 8 });

export function queueMail(ctx: { db: Db; clock: Clock }, message: MailMessage, track?: MailTrack): Promise<number> {
  return enqueue(ctx, sendMailJob, track ? { ...message, track } : message);
}

export interface MailOutcome {
  /** Where the mail went: the SMTP server, or the outbox folder; null when it did not go. */
  delivered: 'smtp' | 'outbox' | null;
  /** The mail server's answer, or the reason it could not be reached. */
  error: string | null;
  /** No attempt follows: delivered, refused for good, or the last attempt failed. */
  final: boolean;
}
type MailContext = { mailer: Mailer; db: Db; clock: Clock };
export type MailOutcomeRecorder = (ctx: MailContext, id: number, outcome: MailOutcome) => Promise<void>;

/** The mail server's own answer ("550 5.1.1 No such user"), else the error's message. */
function answerOf(error: unknown): string {
  const smtp = error as { response?: unknown; message?: unknown };
  const text = typeof smtp.response === 'string' ? smtp.response : typeof smtp.message === 'string' ? smtp.message : String(error);
  return text.replace(/[\r\n]+/g, ' ').slice(0, 500);
}

/** A 5xx answer is final: the server refuses the mail (an unknown recipient), and will again. */
const refusedForGood = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

async function send(ctx: MailContext, payload: MailPayload, job: JobContext, recorders: Record<string, MailOutcomeRecorder>): Promise<void> {
  const { track, ...message } = payload;
  const recorder = track ? recorders[track.kind] : undefined;
  if (!track || !recorder) return ctx.mailer.send(message);
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    const refused = refusedForGood(error);
    await recorder(ctx, track.id, { delivered: null, error: answerOf(error), final: refused || job.attempt >= sendMailJob.maxAttempts });
    if (refused) return;
    throw error;
  }
  await recorder(ctx, track.id, { delivered: ctx.mailer.delivers ? 'smtp' : 'outbox', error: null, final: true });
}

/** The `mail.send` handler, with the recorders of the tracked kinds of mail. */
export const mailJobsWith = (recorders: Record<string, MailOutcomeRecorder>) => [
  handle(sendMailJob, (ctx: MailContext, payload, job) => send(ctx, payload, job, recorders)),
];
export const mailJobs = mailJobsWith({});
