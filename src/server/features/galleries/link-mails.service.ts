import { galleryPath } from '#contract/galleries.ts';
import { siteNameOf } from '#contract/site-name.ts';
import type { AppContext } from '#server/app-context.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { jobKind, replan } from '#server/jobs/job-queue.ts';
import { handle } from '#server/jobs/worker.ts';
import { queueMail, type MailOutcomeRecorder } from '#server/mail/mail.jobs.ts';
import { plainTextMail } from '#server/mail/templates.ts';
import { mailDay, mailWords, type MailWords } from '#server/mail/mail-words.ts';
import { SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';
import type { GalleryInvitationRow, GalleryLinkRow } from './galleries.table.ts';

/**
 * The mails a link sends its invited recipients by itself: a reminder some days before it
 * expires, one when picks were started and not sent after some days, and one when a sneak peek
 * opens to the whole gallery. Each is a job planned for its time under a key of the link's
 * (`replan` moves it when the expiry, the release date or the setting changes), and each is sent
 * once per recipient: the job claims the recipients' rows in one UPDATE (what the mail was for:
 * the expiry, the release date), so a second run, on another instance or after a restart,
 * finds nobody left to mail.
 */

type MailsContext = { db: Db; clock: Clock };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The invitation the owner sees and may rewrite, in English; a link's client gets it in their language unless the owner rewrote it. */
export const DEFAULT_INVITATION_SUBJECT = mailWords(SOURCE_LANGUAGE).gallery.invitationSubject;
export const DEFAULT_INVITATION_TEXT = mailWords(SOURCE_LANGUAGE).gallery.invitationText;

/** The reminders and the release mail, in the link's language. */
type LinkMail = (words: MailWords) => { subject: string; text: string };
const REMINDER: LinkMail = (words) => words.gallery.reminder;
const PICKS_REMINDER: LinkMail = (words) => words.gallery.picksReminder;
const RELEASE: LinkMail = (words) => words.gallery.release;

export interface MailValues {
  client: string;
  gallery: string;
  link: string;
  expiry: string;
  message: string;
  site: string;
}

/** Fills the placeholders; an empty personal message takes its blank lines with it. */
export function fillTemplate(template: string, values: MailValues): string {
  return template
    .replace(/\{(client|gallery|link|expiry|message|site)\}/g, (_, name: keyof MailValues) => values[name])
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The day a link ends, as its mails write it in `language` (after their "until"). */
export const expiryText = (expiresAt: string | null, language: Language = SOURCE_LANGUAGE) =>
  mailWords(language).gallery.until(expiresAt === null ? null : mailDay(expiresAt, language));

/**
 * What a link's mails need: the address it opens at, the gallery's name, the site's name, the
 * owner's invitation, and their language: the link's client's, else the site's default.
 */
export async function mailFactsOf(ctx: MailsContext & Pick<AppContext, 'config'>, link: GalleryLinkRow) {
  const [owner, category] = await Promise.all([
    ctx.db.selectFrom('users').select(['portfolioTitle', 'invitationSubject', 'invitationText', 'defaultLanguage']).orderBy('id').executeTakeFirst(),
    ctx.db.selectFrom('categories').select('name').where('id', '=', link.categoryId).executeTakeFirst(),
  ]);
  const language: Language = link.language ?? owner?.defaultLanguage ?? SOURCE_LANGUAGE;
  const words = mailWords(language);
  const url = link.token === null ? null : `${ctx.config.publicUrl}${galleryPath(link.token, link.language)}`;
  return {
    url,
    language,
    words,
    values: (message = ''): MailValues => ({
      client: link.label,
      gallery: category?.name ?? words.gallery.yourGallery,
      link: url ?? '',
      expiry: expiryText(link.expiresAt, language),
      message,
      site: siteNameOf({ portfolioTitle: owner?.portfolioTitle ?? null }),
    }),
    // What the owner wrote is sent as written; the default in the client's language.
    subject: owner?.invitationSubject || words.gallery.invitationSubject,
    text: owner?.invitationText || words.gallery.invitationText,
  };
}

export const expiryReminderJob = jobKind<{ linkId: number }>('galleries.expiry-reminder', { maxAttempts: 5 });
export const picksReminderJob = jobKind<{ linkId: number }>('galleries.picks-reminder', { maxAttempts: 5 });
export const releaseMailJob = jobKind<{ linkId: number }>('galleries.release-mail', { maxAttempts: 5 });

const keys = {
  expiry: (linkId: number) => `gallery-expiry-reminder:${linkId}`,
  picks: (linkId: number) => `gallery-picks-reminder:${linkId}`,
  release: (linkId: number) => `gallery-release-mail:${linkId}`,
};

/** When the expiry reminder is due; null for none. */
const expiryReminderAt = (link: GalleryLinkRow) =>
  link.expiresAt === null || link.expiryReminderDays === null ? null : new Date(new Date(link.expiresAt).getTime() - link.expiryReminderDays * DAY_MS);

async function firstPickAt(db: Db, linkId: number): Promise<string | null> {
  const row = await db.selectFrom('galleryPicks').select((eb) => eb.fn.min<string>('pickedAt').as('first')).where('linkId', '=', linkId).executeTakeFirst();
  return row?.first ?? null;
}

const picksReminderAt = async (db: Db, link: GalleryLinkRow) => {
  if (link.picksReminderDays === null || link.proofing !== 1 || link.picksSubmittedAt !== null) return null;
  const first = await firstPickAt(db, link.id);
  return first === null ? null : new Date(new Date(first).getTime() + link.picksReminderDays * DAY_MS);
};

/**
 * Plans (or moves, or drops) a link's reminders and its release mail, in the caller's
 * transaction: after a change of the link, a send, a first pick. A link nobody was invited to,
 * or one the site cannot mail, plans nothing.
 */
export async function planLinkMails(ctx: MailsContext, link: GalleryLinkRow): Promise<void> {
  const invited = link.token !== null && (await ctx.db.selectFrom('galleryInvitations').select('id').where('linkId', '=', link.id).limit(1).executeTakeFirst()) !== undefined;
  const payload = { linkId: link.id };
  await replan(ctx, expiryReminderJob, payload, keys.expiry(link.id), invited ? expiryReminderAt(link) : null);
  await replan(ctx, picksReminderJob, payload, keys.picks(link.id), invited ? await picksReminderAt(ctx.db, link) : null);
  await replan(ctx, releaseMailJob, payload, keys.release(link.id), invited && link.releaseAt !== null ? new Date(link.releaseAt) : null);
}

/** A link still live, that the site can mail: not revoked, not past its end. */
async function liveLink(ctx: MailsContext, linkId: number): Promise<GalleryLinkRow | undefined> {
  const link = await ctx.db.selectFrom('galleryLinks').selectAll().where('id', '=', linkId).where('revokedAt', 'is', null).executeTakeFirst();
  if (!link || link.token === null || (link.expiresAt !== null && link.expiresAt <= ctx.clock().toISOString())) return undefined;
  return link;
}

type JobsContext = MailsContext & Pick<AppContext, 'config' | 'jobs'>;

/** Mails each recipient the claim answered, in the claim's transaction. */
async function mailClaimed(
  ctx: JobsContext,
  link: GalleryLinkRow,
  mail: LinkMail,
  claim: (db: Db) => Promise<GalleryInvitationRow[]>,
): Promise<void> {
  const facts = await mailFactsOf(ctx, link);
  if (facts.url === null) return;
  const url = facts.url;
  const template = mail(facts.words);
  const sent = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await claim(trx);
    for (const recipient of claimed) {
      const values = facts.values();
      await queueMail({ db: trx, clock: ctx.clock }, plainTextMail(recipient.email, fillTemplate(template.subject, values), fillTemplate(template.text, values), url, facts.language));
    }
    return claimed.length;
  });
  if (sent > 0) ctx.jobs.wake();
}

/** Recipients that may be mailed: the mail server did not refuse their address. */
const reachable = (db: Db, linkId: number) => db.updateTable('galleryInvitations').where('linkId', '=', linkId).where('state', '!=', 'failed');

async function sendExpiryReminder(ctx: JobsContext, { linkId }: { linkId: number }): Promise<void> {
  const link = await liveLink(ctx, linkId);
  const due = link && expiryReminderAt(link);
  if (!link || !due || link.expiresAt === null) return;
  const expiresAt = link.expiresAt;
  // Planned for an earlier expiry: the reminder of the new one waits for its own time.
  if (due > ctx.clock()) return replan(ctx, expiryReminderJob, { linkId }, keys.expiry(linkId), due);
  await mailClaimed(ctx, link, REMINDER, (db) =>
    reachable(db, linkId)
      // Invited inside the reminder's days: their invitation told them the date already.
      .where('invitedAt', '<', due.toISOString())
      .where((eb) => eb.or([eb('expiryRemindedFor', 'is', null), eb('expiryRemindedFor', '!=', expiresAt)]))
      .set({ expiryRemindedFor: expiresAt })
      .returningAll()
      .execute(),
  );
}

async function sendPicksReminder(ctx: JobsContext, { linkId }: { linkId: number }): Promise<void> {
  const link = await liveLink(ctx, linkId);
  const due = link && (await picksReminderAt(ctx.db, link));
  if (!link || !due) return;
  if (due > ctx.clock()) return replan(ctx, picksReminderJob, { linkId }, keys.picks(linkId), due);
  await mailClaimed(ctx, link, PICKS_REMINDER, (db) =>
    reachable(db, linkId).where('picksRemindedAt', 'is', null).set({ picksRemindedAt: ctx.clock().toISOString() }).returningAll().execute(),
  );
}

async function sendReleaseMail(ctx: JobsContext, { linkId }: { linkId: number }): Promise<void> {
  const link = await liveLink(ctx, linkId);
  if (!link || link.releaseAt === null) return;
  const releaseAt = link.releaseAt;
  if (new Date(releaseAt) > ctx.clock()) return replan(ctx, releaseMailJob, { linkId }, keys.release(linkId), new Date(releaseAt));
  await mailClaimed(ctx, link, RELEASE, (db) =>
    reachable(db, linkId)
      // Invited once it was open: their invitation gave them the whole gallery.
      .where('invitedAt', '<', releaseAt)
      .where((eb) => eb.or([eb('releaseMailedFor', 'is', null), eb('releaseMailedFor', '!=', releaseAt)]))
      .set({ releaseMailedFor: releaseAt })
      .returningAll()
      .execute(),
  );
}

/** The kind of tracked mail an invitation is (mail.jobs.ts). */
export const INVITATION_MAIL = 'gallery-invitation';

/** An invitation mail's outcome, on its recipient's row. */
export const recordInvitationOutcome: MailOutcomeRecorder = async (ctx, id, outcome) => {
  const update =
    outcome.delivered !== null
      ? { state: outcome.delivered === 'smtp' ? ('sent' as const) : ('outbox' as const), error: null, sentAt: ctx.clock().toISOString() }
      : outcome.final
        ? { state: 'failed' as const, error: outcome.error }
        : { error: outcome.error };
  await ctx.db.updateTable('galleryInvitations').set(update).where('id', '=', id).execute();
};

export const linkMailsJobs = [
  handle(expiryReminderJob, (ctx: AppContext, payload) => sendExpiryReminder(ctx, payload)),
  handle(picksReminderJob, (ctx: AppContext, payload) => sendPicksReminder(ctx, payload)),
  handle(releaseMailJob, (ctx: AppContext, payload) => sendReleaseMail(ctx, payload)),
];
