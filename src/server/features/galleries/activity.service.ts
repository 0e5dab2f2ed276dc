import { randomBytes } from 'node:crypto';
import {
  GALLERY_EVENTS_KEPT_DAYS,
  GALLERY_TIMELINE_MAX,
  GALLERY_VISIT_MS,
  NOTICE_DIGEST_HOUR_UTC,
  NOTICE_KINDS,
  type GalleryEventType,
  type GalleryLinkActivity,
  type GalleryLinkActivityCounts,
  type NoticeKind,
  type Notices,
  type NoticeSettings,
  type UpdateNoticeSettingsRequest,
} from '#contract/gallery-activity.ts';
import { siteNameOf } from '#contract/site-name.ts';
import { SOURCE_LANGUAGE, type Language } from '#contract/languages.ts';
import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/database.ts';
import { findUserById, getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import type { RateLimitRule } from '#server/features/rate-limits/rate-limits.service.ts';
import { DomainError, notFound } from '#server/lib/errors.ts';
import { enqueue, jobKind } from '#server/jobs/job-queue.ts';
import { handle, type Periodic } from '#server/jobs/worker.ts';
import { queueMail, sendMailJob } from '#server/mail/mail.jobs.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { mailWords, type MailWords } from '#server/mail/mail-words.ts';
import { galleryDigestMail, galleryNoticeMail } from '#server/mail/templates.ts';
import * as repo from './activity.repository.ts';
import { findOwnedLink } from './galleries.repository.ts';
import type { GalleryLinkRow } from './galleries.table.ts';

/**
 * A link's activity, from the server's side only: what the link's own requests show, one INSERT
 * per event, never the holder's address or user agent (docs/privacy.md). The signed-in owner's
 * own requests are not counted. Some events tell the owner (notices): in the admin, and by mail at
 * once or in one daily digest, by the owner's choice per kind.
 */

type ActivityContext = Pick<AppContext, 'db' | 'clock'>;

/** A notice's words, in the language it is kept and mailed in. */
type NoticeWords = MailWords['notices'];

/** What a request holds that tells a visit apart, and whether the signed-in owner sent it. */
export interface Holder {
  cookies: Record<string, string | undefined>;
  secure: boolean;
  /** The signed-in owner looking at their own link: nothing is recorded. */
  byOwner?: boolean | undefined;
}

/** A link's visit cookie: a random id, nothing else; its lifetime is the visit's (30 minutes from the last request). */
export const visitCookieName = (linkId: number, secure: boolean) => `${secure ? '__Host-' : ''}atelier_gallery_visit_${linkId}`;
const VISIT_ID = /^[A-Za-z0-9_-]{22}$/;

export interface VisitCookie {
  name: string;
  value: string;
  expiresAt: string;
}

const visitOf = (linkId: number, holder: Holder): string | undefined => {
  const value = holder.cookies[visitCookieName(linkId, holder.secure)];
  return value && VISIT_ID.test(value) ? value : undefined;
};

const visitCookie = (ctx: ActivityContext, linkId: number, holder: Holder, visit: string): VisitCookie => ({
  name: visitCookieName(linkId, holder.secure),
  value: visit,
  expiresAt: new Date(ctx.clock().getTime() + GALLERY_VISIT_MS).toISOString(),
});

type NoticeLink = Pick<GalleryLinkRow, 'id' | 'label' | 'categoryId'>;

/** Records one event of a link's holder, in the caller's transaction when `ctx.db` is one. */
export function recordEvent(
  ctx: ActivityContext,
  linkId: number,
  type: GalleryEventType,
  fields: { photoId?: number | null; detail?: string | null; once?: string | null } = {},
): Promise<boolean> {
  return repo.insertEvent(ctx.db, {
    linkId,
    type,
    photoId: fields.photoId ?? null,
    detail: fields.detail ?? null,
    once: fields.once ?? null,
    createdAt: ctx.clock().toISOString(),
  });
}

/**
 * The gallery opened: a visit when the holder's browser has none under way (no visit cookie of a
 * visit this link knows), recorded as `opened` with a new visit id; the visit's cookie lasts 30
 * minutes from its last request. The link's first visit ever tells the owner. Answers the
 * cookie to set, or null for the owner.
 */
export async function recordOpened(ctx: ActivityContext & Pick<AppContext, 'jobs'>, link: NoticeLink, categoryName: string, holder: Holder): Promise<VisitCookie | null> {
  if (holder.byOwner) return null;
  const held = visitOf(link.id, holder);
  if (held && (await repo.visitKnown(ctx.db, link.id, held))) return visitCookie(ctx, link.id, holder, held);
  const visit = randomBytes(16).toString('base64url');
  const told = await ctx.db.transaction().execute(async (trx) => {
    const first = !(await repo.hasEvent(trx, link.id, 'opened'));
    await recordEvent({ db: trx, clock: ctx.clock }, link.id, 'opened', { once: `opened:${visit}` });
    if (!first) return false;
    return notify({ db: trx, clock: ctx.clock }, link, 'opened', { text: (words) => words.opened(link.label, categoryName), once: `opened:${link.id}` });
  });
  if (told) ctx.jobs.wake();
  return visitCookie(ctx, link.id, holder, visit);
}

/** A photo's views per address in an hour: every photo of a large gallery, looked at more than once. */
export const VIEWS_PER_ADDRESS: RateLimitRule = { limit: 2_000, windowMs: 60 * 60 * 1000 };

/**
 * The viewer's signal that a photo was looked at: counted once per photo and visit (a second
 * signal changes nothing), only for a visit the link knows, and limited per address first. The
 * visit's cookie is answered again, so a long look keeps the visit going.
 */
export async function recordViewed(
  ctx: ActivityContext,
  link: Pick<GalleryLinkRow, 'id'>,
  holder: Holder & { address: string },
  photoId: number,
  photoInGallery: () => Promise<boolean>,
): Promise<VisitCookie | null> {
  if (holder.byOwner) return null;
  await rateLimits.consume(ctx, rateLimits.limitKey('gallery-view:ip', holder.address), VIEWS_PER_ADDRESS);
  const visit = visitOf(link.id, holder);
  if (!visit || !(await repo.visitKnown(ctx.db, link.id, visit))) return null;
  if (!(await photoInGallery())) throw notFound('galleries.photo_not_found');
  await recordEvent(ctx, link.id, 'viewed', { photoId, once: `viewed:${visit}:${photoId}` });
  return visitCookie(ctx, link.id, holder, visit);
}

/**
 * A download given (after it was counted): the link's first ever tells the owner. In the caller's
 * transaction, or its own.
 */
export async function recordDownload(ctx: ActivityContext & Pick<AppContext, 'jobs'>, link: NoticeLink, categoryName: string, photo: { id: number; title: string } | null): Promise<void> {
  const told = await ctx.db.transaction().execute(async (trx) => {
    const first = !(await repo.hasEvent(trx, link.id, 'downloaded'));
    await recordEvent({ db: trx, clock: ctx.clock }, link.id, 'downloaded', photo ? { photoId: photo.id } : { detail: 'zip' });
    if (!first) return false;
    return notify({ db: trx, clock: ctx.clock }, link, 'downloaded', { text: (words) => words.downloaded(link.label, photo?.title ?? null, categoryName), once: `downloaded:${link.id}` });
  });
  if (told) ctx.jobs.wake();
}

const DEFAULT_SETTINGS: NoticeSettings = { opened: 'now', submitted: 'now', downloaded: 'now', commented: 'digest' };

async function settingsOf(db: Db, userId: number): Promise<NoticeSettings> {
  return (await repo.readSettings(db, userId)) ?? DEFAULT_SETTINGS;
}

/**
 * A notice to the owner, in the caller's transaction: in the admin, and by the owner's choice for
 * its kind a mail queued now (`mail` for a mail of its own, the picks' list), a place in the next
 * digest, or no mail. With a `once` already taken, nothing. Answers whether a mail was queued.
 */
export async function notify(
  ctx: ActivityContext,
  link: NoticeLink,
  kind: NoticeKind,
  notice: { text: (words: NoticeWords) => string; once?: string; photoId?: number; mail?: (to: string, siteName: string, language: Language) => MailMessage },
): Promise<boolean> {
  const owner = await getPortfolioOwner(ctx);
  const user = await findUserById(ctx, owner.id);
  // Kept and mailed in the site's default language, as every mail to the owner.
  const language = user?.defaultLanguage ?? SOURCE_LANGUAGE;
  const text = notice.text(mailWords(language).notices);
  const delivery = (await settingsOf(ctx.db, owner.id))[kind];
  const now = ctx.clock().toISOString();
  const row = await repo.insertNotice(ctx.db, {
    userId: owner.id,
    linkId: link.id,
    kind,
    photoId: notice.photoId ?? null,
    text,
    delivery,
    once: notice.once ?? null,
    createdAt: now,
    readAt: null,
    mailedAt: null,
  });
  if (!row || delivery !== 'now') return false;
  if (!user?.email) return false;
  const siteName = siteNameOf(user);
  await queueMail(ctx, notice.mail ? notice.mail(user.email, siteName, language) : galleryNoticeMail(user.email, text, siteName, language));
  await repo.markMailed(ctx.db, [row.id], now);
  return true;
}

/**
 * The day's digest, once a UTC day from NOTICE_DIGEST_HOUR_UTC: the day is taken in one
 * conditional UPDATE in the transaction that queues the mail (keyed by the day) and marks its
 * notices mailed, so of every instance, every run and every restart that day exactly one sends
 * it. A notice made after it waits for the next day's. Answers how many notices it held.
 */
export async function sendNoticeDigest(ctx: ActivityContext): Promise<number> {
  const now = ctx.clock();
  if (now.getUTCHours() < NOTICE_DIGEST_HOUR_UTC) return 0;
  const day = now.toISOString().slice(0, 10);
  let owner;
  try {
    owner = await getPortfolioOwner(ctx);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'notFound') return 0;
    throw error;
  }
  const ownerId = owner.id;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.takeDigestDay(trx, ownerId, day))) return 0;
    const pending = await repo.pendingDigest(trx, ownerId, now.toISOString());
    if (pending.length === 0) return 0;
    const user = await findUserById({ db: trx }, ownerId);
    if (user?.email) {
      await enqueue({ db: trx, clock: ctx.clock }, sendMailJob, galleryDigestMail(user.email, pending, siteNameOf(user), user.defaultLanguage), { key: `gallery-notice-digest:${ownerId}:${day}` });
    }
    await repo.markMailed(trx, pending.map((notice) => notice.id), now.toISOString());
    return pending.length;
  });
}

/** Events and notices older than this go (a link's go with it sooner). */
export const ACTIVITY_KEPT_MS = GALLERY_EVENTS_KEPT_DAYS * 24 * 60 * 60 * 1000;

export async function pruneActivity(ctx: ActivityContext): Promise<void> {
  const before = new Date(ctx.clock().getTime() - ACTIVITY_KEPT_MS).toISOString();
  await repo.pruneEvents(ctx.db, before);
  await repo.pruneNotices(ctx.db, before);
}

export const noticeDigestJob = jobKind('galleries.notice-digest', { exclusive: true, maxAttempts: 3 });
/** Looked at every 15 minutes; sends at most once a day (see sendNoticeDigest). */
export const noticeDigest: Periodic = { kind: noticeDigestJob, everyMs: 15 * 60 * 1000 };
export const pruneActivityJob = jobKind('galleries.prune-activity', { exclusive: true, maxAttempts: 3 });
export const activityPrune: Periodic = { kind: pruneActivityJob, everyMs: 24 * 60 * 60 * 1000 };
export const activityJobs = [
  handle(noticeDigestJob, (ctx: AppContext) => sendNoticeDigest(ctx).then(() => undefined)),
  handle(pruneActivityJob, (ctx: AppContext) => pruneActivity(ctx)),
];

/** Each link's counts, for the links list. */
export function activityCounts(ctx: ActivityContext, linkIds: readonly number[]): Promise<Map<number, GalleryLinkActivityCounts>> {
  return repo.countActivity(ctx.db, linkIds);
}

/** The owner's timeline of one of their links: its counts and its events, newest first. */
export async function linkActivity(ctx: ActivityContext, userId: number, linkId: number): Promise<GalleryLinkActivity> {
  const link = await findOwnedLink(ctx.db, userId, linkId);
  if (!link) throw notFound('galleries.link_not_found');
  const [counts, rows] = await Promise.all([repo.countActivity(ctx.db, [link.id]), repo.listEvents(ctx.db, link.id, GALLERY_TIMELINE_MAX)]);
  return {
    counts: counts.get(link.id)!,
    events: rows.map((row) => ({ id: row.id, type: row.type, at: row.createdAt, photoId: row.photoId, photoTitle: row.title ?? null, detail: row.detail })),
  };
}

/** The owner's newest notices, and how many are unread. */
export async function listNotices(ctx: ActivityContext, userId: number): Promise<Notices> {
  const [rows, unread] = await Promise.all([repo.listNotices(ctx.db, userId, 100), repo.countUnread(ctx.db, userId)]);
  return {
    notices: rows.map((row) => ({ id: row.id, kind: row.kind, linkId: row.linkId, categoryId: row.categoryId, text: row.text, createdAt: row.createdAt, read: row.readAt !== null })),
    unread,
  };
}

/** Marks some of the owner's notices read, or all of them. */
export async function markNoticesRead(ctx: ActivityContext, userId: number, ids: readonly number[] | undefined): Promise<Notices> {
  await repo.markRead(ctx.db, userId, ids, ctx.clock().toISOString());
  return listNotices(ctx, userId);
}

export const noticeSettings = (ctx: ActivityContext, userId: number) => settingsOf(ctx.db, userId);

export async function updateNoticeSettings(ctx: ActivityContext, userId: number, changes: UpdateNoticeSettingsRequest): Promise<NoticeSettings> {
  const picked = Object.fromEntries(NOTICE_KINDS.flatMap((kind) => (changes[kind] ? [[kind, changes[kind]]] : [])));
  await repo.updateSettings(ctx.db, userId, picked);
  return settingsOf(ctx.db, userId);
}
