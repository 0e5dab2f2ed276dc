import type { GalleryExportFilter, GalleryLinkPicks, GalleryPicks } from '#contract/galleries.ts';
import { pickCapCode } from '#contract/error-codes.ts';
import { SOURCE_LANGUAGE } from '#contract/languages.ts';
import { pickFilterText, pickNameOf, type GalleryLinkPick } from '#contract/galleries.ts';
import type { AppContext } from '#server/app-context.ts';
import { addInboxMessage } from '#server/features/contact/contact.service.ts';
import { findUserById, getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { listPhotos, originalNamesOf } from '#server/features/photos/photos.service.ts';
import { conflict, notFound } from '#server/lib/errors.ts';
import { recordWebhookEvent } from '#server/features/webhooks/webhooks.service.ts';
import { mailWords } from '#server/mail/mail-words.ts';
import { galleryPicksMail } from '#server/mail/templates.ts';
import { openHeldLink, ownedLink, showsPhoto, type GalleryAccess } from './galleries.service.ts';
import { planLinkMails } from './link-mails.service.ts';
import { reviewOf } from './comments.service.ts';
import * as repo from './galleries.repository.ts';
import { notify, recordEvent } from './activity.service.ts';
import type { GalleryLinkRow } from './galleries.table.ts';

/**
 * Proofing: a link's holder picks photos, kept per link on the server; an optional cap,
 * counted under the link's row lock so picks sent at once never pass it; Submit locks the picks
 * and reaches the owner's inbox and mail; the owner reads them, exports them, and may reopen them.
 */

type ProofingContext = Pick<AppContext, 'db' | 'clock'>;
type SubmitContext = Pick<AppContext, 'db' | 'clock' | 'jobs'>;

/** A link its holder may pick on: open, held, with proofing on. */
async function proofingLink(ctx: ProofingContext, token: string, access: GalleryAccess) {
  const opened = await openHeldLink(ctx, token, access);
  if (opened.link.proofing !== 1) throw notFound('galleries.proofing_off');
  return opened;
}

/** A link's picks as its holder sees them: before the release date, only those of the sneak peek. */
async function picksOf(ctx: ProofingContext, link: GalleryLinkRow, opened: { shown: ReadonlySet<number> | null }): Promise<GalleryPicks> {
  const picks = (await repo.listPicks(ctx.db, link)).filter((pick) => showsPhoto(opened, pick.photoId));
  return { photoIds: picks.map((pick) => pick.photoId), pickCap: link.pickCap, submittedAt: link.picksSubmittedAt };
}

export async function listPicks(ctx: ProofingContext, token: string, access: GalleryAccess): Promise<GalleryPicks> {
  const opened = await proofingLink(ctx, token, access);
  return picksOf(ctx, opened.link, opened);
}

/**
 * Changes one pick in a transaction that first holds the link's row: the lock, the check of the
 * submission and of the cap, and the write are one step for every other request on the link.
 */
async function changePick(ctx: ProofingContext, token: string, access: GalleryAccess, photoId: number, picked: boolean): Promise<GalleryPicks> {
  const held = await proofingLink(ctx, token, access);
  const opened = held.link;
  return ctx.db.transaction().execute(async (trx) => {
    const link = await repo.lockLink(trx, opened.id);
    if (!link || link.proofing !== 1) throw notFound('galleries.proofing_off');
    if (link.picksSubmittedAt !== null) throw conflict('galleries.picks_submitted');
    const current = await repo.listPicks(trx, link);
    const already = current.some((pick) => pick.photoId === photoId);
    if (picked && !already) {
      if (!showsPhoto(held, photoId) || !(await repo.photoInCategory(trx, photoId, link.categoryId))) throw notFound('galleries.photo_not_found');
      if (link.pickCap !== null && current.length >= link.pickCap) throw conflict(pickCapCode(link.pickCap), { cap: link.pickCap });
      await repo.insertPick(trx, link.id, photoId, ctx.clock().toISOString());
      if (!access.byOwner) await recordEvent({ db: trx, clock: ctx.clock }, link.id, 'picked', { photoId });
      // The first pick starts the wait of the picks reminder, when the link has one.
      if (current.length === 0 && link.picksReminderDays !== null) await planLinkMails({ db: trx, clock: ctx.clock }, link);
    } else if (!picked && already) {
      await repo.deletePick(trx, link.id, photoId);
      if (!access.byOwner) await recordEvent({ db: trx, clock: ctx.clock }, link.id, 'unpicked', { photoId });
    }
    return picksOf({ ...ctx, db: trx }, link, held);
  });
}

/** Idempotent: picking a picked photo again changes nothing. */
export const addPick = (ctx: ProofingContext, token: string, access: GalleryAccess, photoId: number) => changePick(ctx, token, access, photoId, true);
/** Idempotent: removing a pick that is not there changes nothing. */
export const removePick = (ctx: ProofingContext, token: string, access: GalleryAccess, photoId: number) => changePick(ctx, token, access, photoId, false);

/**
 * The photos of a link's export in gallery order: its picks (the default), the photos its holder
 * approved, or those with a comment; each with when it was picked (if it was), the name its file
 * was uploaded under, its verdict and how many comments its thread holds.
 */
async function pickedPhotos(ctx: ProofingContext, link: GalleryLinkRow, only: GalleryExportFilter = 'picks'): Promise<GalleryLinkPick[]> {
  const owner = await getPortfolioOwner(ctx);
  const picks = new Map((await repo.listPicks(ctx.db, link)).map((pick) => [pick.photoId, pick.pickedAt]));
  const { verdicts, commentCounts } = await reviewOf(ctx, link);
  const listed = (photoId: number) =>
    only === 'picks' ? picks.has(photoId) : only === 'approved' ? verdicts.get(photoId) === 'approved' : (commentCounts.get(photoId) ?? 0) > 0;
  const photos = (await listPhotos(ctx, owner.id, { cameraDetails: false }, link.categoryId)).filter((photo) => listed(photo.id));
  if (photos.length === 0) return [];
  const names = await originalNamesOf(ctx, photos.map((photo) => photo.id));
  return photos.map((photo) => ({
    photo,
    pickedAt: picks.get(photo.id) ?? null,
    fileName: names.get(photo.id) ?? null,
    verdict: verdicts.get(photo.id) ?? 'none',
    commentCount: commentCounts.get(photo.id) ?? 0,
  }));
}

/**
 * Sends the picks: locks them, and in the same transaction puts a message in the owner's inbox
 * from the link's label and records the mail to the owner (sent by the worker, or written to the
 * outbox without SMTP).
 */
export async function submitPicks(
  ctx: SubmitContext,
  token: string,
  access: GalleryAccess,
): Promise<GalleryPicks> {
  const held = await proofingLink(ctx, token, access);
  const { link: opened, owner, category } = held;
  const link = await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockLink(trx, opened.id);
    if (!locked || locked.proofing !== 1) throw notFound('galleries.proofing_off');
    if (locked.picksSubmittedAt !== null) throw conflict('galleries.picks_submitted');
    if ((await repo.listPicks(trx, locked)).length === 0) throw conflict('galleries.no_picks');
    const submitted = await repo.updateLink(trx, locked.id, { picksSubmittedAt: ctx.clock().toISOString() });
    if (!submitted) throw notFound('galleries.not_found');
    const picked = await pickedPhotos({ ...ctx, db: trx }, submitted);
    const titles = picked.map(({ photo }) => photo.title);
    // Written in the site's default language, as the owner's notices and mails are.
    const words = mailWords((await findUserById({ ...ctx, db: trx }, owner.id))?.defaultLanguage ?? SOURCE_LANGUAGE).notices;
    const list = titles.map((title) => `- ${title}`).join('\n');
    const message = words.picksInbox(words.photos(titles.length), category.name, list, pickFilterText(picked.map(pickNameOf)));
    await addInboxMessage({ ...ctx, db: trx }, owner.id, { name: submitted.label, email: '', message });
    // The owner's notice: the picks' own mail at once, a line in the day's digest, or the admin only, by their choice.
    if (!access.byOwner) {
      await recordEvent({ db: trx, clock: ctx.clock }, submitted.id, 'submitted', { detail: String(titles.length) });
      await notify({ db: trx, clock: ctx.clock }, submitted, 'submitted', {
        text: (words) => words.picksSent(submitted.label, category.name, words.photos(titles.length)),
        mail: (to, siteName, language) => galleryPicksMail(to, { label: submitted.label, galleryName: category.name, titles }, siteName, language),
      });
    }
    await recordWebhookEvent({ db: trx, clock: ctx.clock }, 'picks.submitted', {
      link: { id: submitted.id, label: submitted.label },
      category: { id: category.id, name: category.name },
      picks: picked.map((pick) => ({ photoId: pick.photo.id, title: pick.photo.title, fileName: pick.fileName, pickedAt: pick.pickedAt })),
    });
    return submitted;
  });
  ctx.jobs.wake();
  return picksOf(ctx, link, held);
}

export async function ownerPicks(ctx: ProofingContext, userId: number, linkId: number, only: GalleryExportFilter = 'picks'): Promise<GalleryLinkPicks> {
  const link = await ownedLink(ctx, userId, linkId);
  return { picks: await pickedPhotos(ctx, link, only), pickCap: link.pickCap, submittedAt: link.picksSubmittedAt };
}

/** Opens sent picks again for the holder to change and send once more. */
export async function reopenPicks(ctx: ProofingContext, userId: number, linkId: number): Promise<GalleryLinkPicks> {
  const link = await ownedLink(ctx, userId, linkId);
  await repo.updateLink(ctx.db, link.id, { picksSubmittedAt: null });
  return ownerPicks(ctx, userId, linkId);
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break, and a leading = + - @ tab or
 * carriage return is made text with an apostrophe, so a spreadsheet runs no formula from a title.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The export as CSV (RFC 4180, UTF-8 with a byte-order mark for spreadsheets), and a file name for
 * it: the picks, or the approved or commented photos. "File name" is the name the file was
 * uploaded under (what the photographer's catalogue knows), blank for a photo stored before names
 * were kept; "Picked at" is blank for a photo not picked; "Verdict" is approved, rejected or blank.
 */
export async function picksCsv(ctx: ProofingContext, userId: number, linkId: number, only: GalleryExportFilter = 'picks'): Promise<{ fileName: string; body: string }> {
  const link = await ownedLink(ctx, userId, linkId);
  const rows = (await pickedPhotos(ctx, link, only)).map(({ photo, pickedAt, fileName, verdict, commentCount }) => [
    photo.title,
    fileName ?? '',
    photo.id,
    pickedAt,
    verdict === 'none' ? '' : verdict,
    commentCount,
  ]);
  const lines = [['Title', 'File name', 'Photo id', 'Picked at', 'Verdict', 'Comments'], ...rows].map((row) => row.map(csvField).join(','));
  const slug = link.label.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 60) || 'link';
  return { fileName: `${only}-${slug}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}
