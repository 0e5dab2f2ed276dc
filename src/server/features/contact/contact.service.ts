import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ContactMessage, ContactMessageList, ContactRequest } from '#contract/contact.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { forbidden, notFound } from '#server/lib/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { contactNotificationMail } from '#server/mail/templates.ts';
import type { RateLimiter, RateLimitRule } from '#server/features/rate-limits/rate-limits.service.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- the users row gets one home in the house-rules restructure
import { findUserById } from '#server/features/auth/auth.repository.ts';
import * as repo from './contact.repository.ts';
import type { ContactMessageRow } from './contact.table.ts';

export const CONTACT_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };

export interface ContactContext {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

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

/** Stores a visitor's message; returns the mail notification's work, for tests to await. */
export async function sendContactMessage(
  ctx: ContactContext,
  request: ParsedContact,
  address: string,
): Promise<{ notified: Promise<void> }> {
  const owner = await findUserById(ctx.db, request.userId);
  if (!owner) throw notFound('This portfolio does not exist');
  if (owner.showContactForm !== 1) throw forbidden('The contact form is switched off');
  await ctx.rateLimiter.consume(`contact:ip:${address}`, CONTACT_LIMIT_PER_ADDRESS);
  // A filled honeypot is a bot: it is told all went well, and nothing is kept.
  if (request.website) return { notified: Promise.resolve() };

  const row = await repo.insertMessage(ctx.db, {
    userId: owner.id,
    name: request.name,
    email: request.email,
    message: request.message,
    createdAt: ctx.clock().toISOString(),
    readAt: null,
  });
  const notified =
    ctx.mailer.delivers && owner.email
      ? ctx.mailer
          .send(contactNotificationMail(owner.email, row, owner.portfolioTitle ?? 'Atelier'))
          .catch((error: unknown) => ctx.log.error({ err: error }, 'contact notification failed'))
      : Promise.resolve();
  return { notified };
}

export async function listMessages(db: Db, userId: number): Promise<ContactMessageList> {
  const messages = (await repo.listMessages(db, userId)).map(toContactMessage);
  return { messages, unread: messages.filter((message) => message.readAt === null).length };
}

export async function markMessageRead(ctx: Pick<ContactContext, 'db' | 'clock'>, userId: number, id: number): Promise<ContactMessage> {
  const row = await repo.markRead(ctx.db, userId, id, ctx.clock().toISOString());
  if (!row) throw notFound('Message not found');
  return toContactMessage(row);
}

export async function deleteMessage(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteMessage(db, userId, id))) throw notFound('Message not found');
}
