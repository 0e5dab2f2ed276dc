import type { GalleryInvitation, InvitationTemplate, InviteFields, UpdateInvitationTemplateRequest } from '#contract/galleries.ts';
import type { AppContext } from '#server/app-context.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import { conflict, invalid, notFound } from '#server/lib/errors.ts';
import { queueMail } from '#server/mail/mail.jobs.ts';
import { plainTextMail } from '#server/mail/templates.ts';
import { ownedLink } from './galleries.service.ts';
import type { GalleryInvitationRow, GalleryLinkRow } from './galleries.table.ts';
import { DEFAULT_INVITATION_SUBJECT, DEFAULT_INVITATION_TEXT, fillTemplate, INVITATION_MAIL, mailFactsOf, planLinkMails } from './link-mails.service.ts';

/**
 * Invitations: the owner sends a link by mail to its recipients, with a personal message, in the
 * words of the owner's invitation (one subject and text for every link). Each mail is a
 * `mail.send` job that tells the recipient's row how it went. Every mail counts against the
 * owner's hourly allowance, so a stolen session cannot make the site a relay of spam; the link's
 * password goes in a mail only when the owner ticks it for that send and types it (the site keeps
 * only its hash).
 */

type InvitationsContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'jobs'>;

/** Invitation mails per owner and hour, resends included. */
export const INVITATIONS_PER_HOUR = { limit: 50, windowMs: 60 * 60 * 1000 };

const invitationOf = (row: GalleryInvitationRow): GalleryInvitation => ({
  id: row.id,
  email: row.email,
  message: row.message,
  state: row.state,
  error: row.error,
  invitedAt: row.invitedAt,
  sentAt: row.sentAt,
  sends: row.sends,
  remindedAt: row.expiryRemindedFor === null ? null : row.expiryRemindedFor,
});

export async function listInvitations(ctx: InvitationsContext, userId: number, linkId: number): Promise<GalleryInvitation[]> {
  await ownedLink(ctx, userId, linkId);
  const rows = await ctx.db.selectFrom('galleryInvitations').selectAll().where('linkId', '=', linkId).orderBy('id').execute();
  return rows.map(invitationOf);
}

/** The link's password, checked, for a send that carries it; undefined for one that does not. */
async function passwordToSend(link: GalleryLinkRow, request: { includePassword: boolean; password?: string | undefined }): Promise<string | undefined> {
  if (!request.includePassword) return undefined;
  if (link.passwordHash === null) throw invalid('galleries.invitation_no_password');
  if (!request.password || !(await verifyPassword(link.passwordHash, request.password))) throw invalid('galleries.invitation_wrong_password');
  return request.password;
}

/** A link the site can mail: one made since it keeps the address's token. */
async function mailableLink(ctx: InvitationsContext, userId: number, linkId: number): Promise<GalleryLinkRow & { token: string }> {
  const link = await ownedLink(ctx, userId, linkId);
  if (link.token === null) throw conflict('galleries.link_not_mailable');
  return { ...link, token: link.token };
}

/** Counts `count` mails against the owner's allowance: one statement each, so at most the limit pass. */
async function countMails(ctx: InvitationsContext, userId: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await rateLimits.consume(ctx, `gallery-invitations:${userId}`, INVITATIONS_PER_HOUR);
}

async function queueInvitation(
  ctx: InvitationsContext,
  trx: AppContext['db'],
  link: GalleryLinkRow,
  row: GalleryInvitationRow,
  password: string | undefined,
): Promise<void> {
  const facts = await mailFactsOf({ ...ctx, db: trx }, link);
  if (facts.url === null) throw conflict('galleries.link_not_mailable');
  const values = facts.values(row.message ?? '');
  let text = fillTemplate(facts.text, values);
  if (password !== undefined) text += `\n\n${facts.words.gallery.password(password)}`;
  await queueMail({ db: trx, clock: ctx.clock }, plainTextMail(row.email, fillTemplate(facts.subject, values), text, facts.url, facts.language), { kind: INVITATION_MAIL, id: row.id });
}

/** Sends the link to each address (one row per address and link: sending to one again is a resend). */
export async function invite(ctx: InvitationsContext, userId: number, linkId: number, request: InviteFields): Promise<GalleryInvitation[]> {
  const link = await mailableLink(ctx, userId, linkId);
  const emails = [...new Set([request.email, ...(request.emails ?? [])].filter((email): email is string => Boolean(email)).map((email) => email.trim().toLowerCase()))];
  const password = await passwordToSend(link, request);
  await countMails(ctx, userId, emails.length);
  const message = request.message ? request.message : null;
  const now = ctx.clock().toISOString();
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const made: GalleryInvitationRow[] = [];
    for (const email of emails) {
      const row = await trx
        .insertInto('galleryInvitations')
        .values({ linkId, email, message, state: 'sending', invitedAt: now })
        .onConflict((oc) =>
          oc.columns(['linkId', 'email']).doUpdateSet((eb) => ({ message, state: 'sending', error: null, sends: eb('galleryInvitations.sends', '+', 1) })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueInvitation(ctx, trx, link, row, password);
      made.push(row);
    }
    await planLinkMails({ db: trx, clock: ctx.clock }, link);
    return made;
  });
  ctx.jobs.wake();
  return rows.map(invitationOf);
}

/** Sends a recipient's invitation again, with the message they were sent. */
export async function resendInvitation(
  ctx: InvitationsContext,
  userId: number,
  linkId: number,
  invitationId: number,
  request: { includePassword: boolean; password?: string | undefined },
): Promise<GalleryInvitation> {
  const link = await mailableLink(ctx, userId, linkId);
  const existing = await ctx.db.selectFrom('galleryInvitations').select('id').where('id', '=', invitationId).where('linkId', '=', linkId).executeTakeFirst();
  if (!existing) throw notFound('galleries.invitation_not_found');
  const password = await passwordToSend(link, request);
  await countMails(ctx, userId, 1);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('galleryInvitations')
      .set((eb) => ({ state: 'sending', error: null, sends: eb('sends', '+', 1) }))
      .where('id', '=', invitationId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound('galleries.invitation_not_found');
    await queueInvitation(ctx, trx, link, updated, password);
    return updated;
  });
  ctx.jobs.wake();
  return invitationOf(row);
}

export async function getInvitationTemplate(ctx: Pick<AppContext, 'db'>, userId: number): Promise<InvitationTemplate> {
  const row = await ctx.db.selectFrom('users').select(['invitationSubject', 'invitationText']).where('id', '=', userId).executeTakeFirst();
  return {
    subject: row?.invitationSubject || DEFAULT_INVITATION_SUBJECT,
    text: row?.invitationText || DEFAULT_INVITATION_TEXT,
    isDefault: !row?.invitationSubject && !row?.invitationText,
  };
}

/** Blank goes back to the default. */
export async function setInvitationTemplate(ctx: Pick<AppContext, 'db'>, userId: number, request: UpdateInvitationTemplateRequest): Promise<InvitationTemplate> {
  await ctx.db
    .updateTable('users')
    .set({ invitationSubject: request.subject || null, invitationText: request.text || null })
    .where('id', '=', userId)
    .execute();
  return getInvitationTemplate(ctx, userId);
}
