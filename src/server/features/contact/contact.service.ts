import type { z } from 'zod';
import type { ContactMessage, ContactMessageList, ContactRequest } from '#contract/contact.ts';
import type { AppContext } from '#server/app-context.ts';
import { forbidden, notFound } from '#server/lib/errors.ts';
import { queueMail } from '#server/mail/mail.jobs.ts';
import { contactNotificationMail } from '#server/mail/templates.ts';
import { findUserById } from '#server/features/owner/owner.service.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import type { RateLimitRule } from '#server/features/rate-limits/rate-limits.service.ts';
import * as repo from './contact.repository.ts';
import type { ContactMessageRow } from './contact.table.ts';
import { siteNameOf } from '#contract/site-name.ts';

export const CONTACT_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };

export type ContactContext = Pick<AppContext, 'db' | 'clock' | 'log' | 'jobs'>;

type ParsedContact = z.output<typeof ContactRequest>;

export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt,
    readAt: row.readAt,
  };
}

/** Stores a visitor's message and records its notice to the owner. */
export async function sendContactMessage(
  ctx: ContactContext,
  request: ParsedContact,
  address: string,
): Promise<void> {
  const owner = await findUserById(ctx, request.userId);
  if (!owner) throw notFound('contact.portfolio_not_found');
  if (owner.showContactForm !== 1) throw forbidden('contact.form_off');
  await rateLimits.consume(ctx, rateLimits.limitKey('contact:ip', address), CONTACT_LIMIT_PER_ADDRESS);
  // A filled honeypot is a bot: it is told all went well, and nothing is kept.
  if (request.website) return;

  // The message and its notice to the owner are kept together: the notice is sent by the
  // worker (or written to the outbox without SMTP), and tried again while the mail server is down.
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertMessage(trx, {
      userId: owner.id,
      name: request.name,
      email: request.email,
      message: request.message,
      createdAt: ctx.clock().toISOString(),
      readAt: null,
    });
    if (owner.email) await queueMail({ db: trx, clock: ctx.clock }, contactNotificationMail(owner.email, row, siteNameOf(owner), owner.defaultLanguage));
  });
  ctx.jobs.wake();
}

/**
 * A message to the owner's inbox from another part of the site (a gallery's sent picks), not from
 * the contact form: no rate limit and no mail here; its sender mails what it needs to.
 */
export async function addInboxMessage(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  message: { name: string; email: string; message: string },
): Promise<ContactMessage> {
  const row = await repo.insertMessage(ctx.db, { userId, ...message, createdAt: ctx.clock().toISOString(), readAt: null });
  return toContactMessage(row);
}

export async function listMessages(ctx: Pick<AppContext, 'db'>, userId: number): Promise<ContactMessageList> {
  const messages = (await repo.listMessages(ctx.db, userId)).map(toContactMessage);
  return { messages, unread: messages.filter((message) => message.readAt === null).length };
}

export async function markMessageRead(ctx: Pick<ContactContext, 'db' | 'clock'>, userId: number, id: number): Promise<ContactMessage> {
  const row = await repo.markRead(ctx.db, userId, id, ctx.clock().toISOString());
  if (!row) throw notFound('messages.not_found');
  return toContactMessage(row);
}

export async function deleteMessage(ctx: Pick<AppContext, 'db'>, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteMessage(ctx.db, userId, id))) throw notFound('messages.not_found');
}
