import type {
  GalleryComment,
  GalleryCommentAuthor,
  GalleryLinkThreads,
  GalleryThread,
  GalleryThreads,
  GalleryVerdict,
} from '#contract/galleries.ts';
import type { AppContext } from '#server/app-context.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { listPhotos, originalNamesOf } from '#server/features/photos/photos.service.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import type { RateLimitRule } from '#server/features/rate-limits/rate-limits.service.ts';
import type { Db } from '#server/db/database.ts';
import { recordWebhookEvent } from '#server/features/webhooks/webhooks.service.ts';
import { forbidden, notFound } from '#server/lib/errors.ts';
import { openHeldLink, ownedLink, showsPhoto, type GalleryAccess } from './galleries.service.ts';
import { notify, recordEvent } from './activity.service.ts';
import * as repo from './galleries.repository.ts';
import * as comments from './comments.repository.ts';
import type { GalleryCommentRow, GalleryLinkRow } from './galleries.table.ts';

/**
 * Comments and verdicts per photo: on a link with comments on, its holder writes on a photo and
 * marks it approved or rejected; the owner reads each link's threads and answers in them. Plain
 * text only (the contract refuses control characters and caps the length); every screen shows it
 * as text, never as HTML.
 */

type CommentsContext = Pick<AppContext, 'db' | 'clock' | 'jobs'>;

/** A holder's comments per address in an hour: a busy review, not a flood. */
export const COMMENTS_PER_ADDRESS: RateLimitRule = { limit: 60, windowMs: 60 * 60 * 1000 };
/** A holder's verdicts per address in an hour: one per photo of a large gallery, changed a few times. */
export const VERDICTS_PER_ADDRESS: RateLimitRule = { limit: 600, windowMs: 60 * 60 * 1000 };

const commentOf = (row: GalleryCommentRow): GalleryComment => ({ id: row.id, author: row.author, text: row.text, createdAt: row.createdAt });

/** The threads of a link, for the photos given in their order: each photo with a verdict or a comment. */
async function threadsOf(db: Db, link: GalleryLinkRow, photoIds: readonly number[]): Promise<GalleryThread[]> {
  const [rows, verdicts] = await Promise.all([comments.listComments(db, link), comments.listVerdicts(db, link)]);
  const byPhoto = new Map<number, GalleryCommentRow[]>();
  for (const row of rows) byPhoto.set(row.photoId, [...(byPhoto.get(row.photoId) ?? []), row]);
  return photoIds.flatMap((photoId) => {
    const verdict: GalleryVerdict = verdicts.get(photoId) ?? 'none';
    const thread = byPhoto.get(photoId) ?? [];
    return verdict === 'none' && thread.length === 0 ? [] : [{ photoId, verdict, comments: thread.map(commentOf) }];
  });
}

/** One photo's thread, whether it holds anything or not. */
async function threadOf(db: Db, link: GalleryLinkRow, photoId: number): Promise<GalleryThread> {
  const [rows, verdicts] = await Promise.all([comments.listComments(db, link, photoId), comments.listVerdicts(db, link, photoId)]);
  return { photoId, verdict: verdicts.get(photoId) ?? 'none', comments: rows.map(commentOf) };
}

/** A link its holder may comment on: open, held, with comments on. */
async function commentsLink(ctx: CommentsContext, token: string, access: GalleryAccess) {
  const opened = await openHeldLink(ctx, token, access);
  if (opened.link.comments !== 1) throw forbidden('galleries.comments_off');
  return opened;
}

export async function holderThreads(ctx: CommentsContext, token: string, access: GalleryAccess): Promise<GalleryThreads> {
  const opened = await commentsLink(ctx, token, access);
  const { link } = opened;
  const photoIds = (await comments.photoIdsInOrder(ctx.db, link.categoryId)).filter((photoId) => showsPhoto(opened, photoId));
  return { threads: await threadsOf(ctx.db, link, photoIds) };
}

/**
 * Adds a comment to a photo's thread in one transaction that first holds the link's row, so a
 * link whose comments were just turned off, or a photo just moved out, takes no comment; a
 * client's comment is recorded for what follows it in the same transaction.
 */
async function addComment(
  ctx: CommentsContext,
  linkId: number,
  photoId: number,
  author: GalleryCommentAuthor,
  text: string,
  byOwner = false,
): Promise<GalleryThread> {
  return ctx.db.transaction().execute(async (trx) => {
    const link = await repo.lockLink(trx, linkId);
    if (!link || link.revokedAt !== null) throw notFound('galleries.not_found');
    if (link.comments !== 1) throw forbidden('galleries.comments_off');
    if (!(await repo.photoInCategory(trx, photoId, link.categoryId))) throw notFound('galleries.photo_not_found');
    const row = await comments.insertComment(trx, { linkId: link.id, photoId, author, text, createdAt: ctx.clock().toISOString() });
    if (author === 'client') {
      // In the comment's own transaction: the delivery exists exactly when the comment does.
      await recordWebhookEvent({ db: trx, clock: ctx.clock }, 'comment.created', {
        comment: { id: row.id, photoId, text: row.text, createdAt: row.createdAt },
        link: { id: link.id, label: link.label },
        category: { id: link.categoryId },
      });
      // The link's activity and the owner's notice, unless the owner wrote it from the gallery's page.
      if (!byOwner) {
        const inTrx = { db: trx, clock: ctx.clock };
        await recordEvent(inTrx, link.id, 'commented', { photoId });
        const photo = await comments.photoTitleOf(trx, photoId);
        await notify(inTrx, link, 'commented', { text: (words) => words.commented(link.label, photo, row.text.length > 200 ? `${row.text.slice(0, 200)}…` : row.text), photoId });
      }
    }
    return threadOf(trx, link, photoId);
  });
}

/** A holder's comment on a photo, counted per address first. */
export async function postComment(
  ctx: CommentsContext,
  token: string,
  access: GalleryAccess & { address: string },
  photoId: number,
  text: string,
): Promise<GalleryThread> {
  const opened = await commentsLink(ctx, token, access);
  const { link } = opened;
  if (!showsPhoto(opened, photoId)) throw notFound('galleries.photo_not_found');
  await rateLimits.consume(ctx, rateLimits.limitKey('gallery-comment:ip', access.address), COMMENTS_PER_ADDRESS);
  const thread = await addComment(ctx, link.id, photoId, 'client', text, access.byOwner);
  ctx.jobs.wake();
  return thread;
}

/** A holder's verdict on a photo: approved, rejected, or none to take it back. Idempotent. */
export async function putVerdict(
  ctx: CommentsContext,
  token: string,
  access: GalleryAccess & { address: string },
  photoId: number,
  verdict: GalleryVerdict,
): Promise<GalleryThread> {
  const held = await commentsLink(ctx, token, access);
  const opened = held.link;
  if (!showsPhoto(held, photoId)) throw notFound('galleries.photo_not_found');
  await rateLimits.consume(ctx, rateLimits.limitKey('gallery-verdict:ip', access.address), VERDICTS_PER_ADDRESS);
  return ctx.db.transaction().execute(async (trx) => {
    const link = await repo.lockLink(trx, opened.id);
    if (!link || link.comments !== 1) throw forbidden('galleries.comments_off');
    if (!(await repo.photoInCategory(trx, photoId, link.categoryId))) throw notFound('galleries.photo_not_found');
    await comments.setVerdict(trx, link.id, photoId, verdict === 'none' ? null : verdict, ctx.clock().toISOString());
    if (!access.byOwner) await recordEvent({ db: trx, clock: ctx.clock }, link.id, 'verdict', { photoId, detail: verdict });
    return threadOf(trx, link, photoId);
  });
}

/** The owner's view of a link's threads, per photo in gallery order, each with its photo and file name. */
export async function ownerThreads(ctx: CommentsContext, userId: number, linkId: number): Promise<GalleryLinkThreads> {
  const link = await ownedLink(ctx, userId, linkId);
  const owner = await getPortfolioOwner(ctx);
  const photos = await listPhotos(ctx, owner.id, { cameraDetails: false }, link.categoryId);
  const threads = await threadsOf(ctx.db, link, photos.map((photo) => photo.id));
  if (threads.length === 0) return { threads: [] };
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const names = await originalNamesOf(ctx, threads.map((thread) => thread.photoId));
  return { threads: threads.map((thread) => ({ ...thread, photo: byId.get(thread.photoId)!, fileName: names.get(thread.photoId) ?? null })) };
}

/** The owner's answer in a photo's thread of one of their links. */
export async function answerComment(ctx: CommentsContext, userId: number, linkId: number, photoId: number, text: string): Promise<GalleryThread> {
  const link = await ownedLink(ctx, userId, linkId);
  return addComment(ctx, link.id, photoId, 'owner', text);
}

/** A link's verdicts and comment counts per photo, for the exports. */
export async function reviewOf(ctx: Pick<AppContext, 'db' | 'clock'>, link: GalleryLinkRow): Promise<{ verdicts: Map<number, GalleryVerdict>; commentCounts: Map<number, number> }> {
  const [rows, verdicts] = await Promise.all([comments.listComments(ctx.db, link), comments.listVerdicts(ctx.db, link)]);
  const commentCounts = new Map<number, number>();
  for (const row of rows) commentCounts.set(row.photoId, (commentCounts.get(row.photoId) ?? 0) + 1);
  return { verdicts, commentCounts };
}
