import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CreateGalleryLinkFields,
  type Gallery,
  type GalleryLink,
  type NewGalleryLink,
  type UpdateGalleryLinkFields,
  galleryPath,
} from '#contract/galleries.ts';
import { noActivity, type GalleryLinkActivityCounts } from '#contract/gallery-activity.ts';
import { galleryFilesBase } from '#contract/image-urls.ts';
import { UNDO_WINDOW_MS } from '#contract/photos.ts';
import type { AppContext } from '#server/app-context.ts';
import { hashPassword, verifyPassword } from '#server/features/auth/passwords.ts';
import { findCategory } from '#server/features/categories/categories.service.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { findCategoryCopy } from '#server/features/renditions/renditions.service.ts';
import { listPhotos } from '#server/features/photos/photos.service.ts';
import { recordWebhookEvent } from '#server/features/webhooks/webhooks.service.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import { DomainError, invalid, notFound, notSignedIn } from '#server/lib/errors.ts';
import { planLinkMails } from './link-mails.service.ts';
import { jobKind } from '#server/jobs/job-queue.ts';
import { handle, type Periodic } from '#server/jobs/worker.ts';
import { isServedFileName } from '#server/storage/file-names.ts';
import * as repo from './galleries.repository.ts';
import type { GalleryLinkRow } from './galleries.table.ts';
import { activityCounts, recordOpened, recordViewed, type VisitCookie } from './activity.service.ts';

type GalleriesContext = Pick<AppContext, 'db' | 'clock'>;

/** Password tries per address, and per link from every address, in a window: counted before the check. */
export const TRIES_PER_ADDRESS = { limit: 10, windowMs: 15 * 60 * 1000 };
const TRIES_PER_LINK = { limit: 30, windowMs: 15 * 60 * 1000 };
/** A browser that gave the link's password before counts its own tries instead of the link's. */
export const TRIES_PER_DEVICE = { limit: 10, windowMs: 15 * 60 * 1000 };
/** How long a browser that gave a link's password stays known to it (or until the link ends). */
export const GALLERY_DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

const linkOf = (row: GalleryLinkRow, pickCount = 0, extra: LinkExtras = NO_EXTRAS): GalleryLink => ({
  id: row.id,
  categoryId: row.categoryId,
  label: row.label,
  tokenEnd: row.tokenEnd,
  hasPassword: row.passwordHash !== null,
  expiresAt: row.expiresAt,
  createdAt: row.createdAt,
  proofing: row.proofing === 1,
  pickCap: row.pickCap,
  pickCount,
  picksSubmittedAt: row.picksSubmittedAt,
  downloads: row.downloads,
  comments: row.comments === 1,
  downloadLimit: row.downloadLimit,
  downloadsUsed: row.downloadsUsed,
  activity: extra.activity.get(row.id) ?? noActivity,
  mailable: row.token !== null,
  expiryReminderDays: row.expiryReminderDays,
  picksReminderDays: row.picksReminderDays,
  releaseAt: row.releaseAt,
  previewPhotoIds: extra.previews.get(row.id) ?? [],
  invitationCount: extra.invitations.get(row.id) ?? 0,
  language: row.language,
});

/** What a link's answer holds beside its row: its holder's activity counted, its sneak peek and its invitations' count. */
interface LinkExtras {
  activity: Map<number, GalleryLinkActivityCounts>;
  previews: Map<number, number[]>;
  invitations: Map<number, number>;
}
const NO_EXTRAS: LinkExtras = { activity: new Map(), previews: new Map(), invitations: new Map() };
async function extrasOf(ctx: GalleriesContext, linkIds: number[]): Promise<LinkExtras> {
  const [activity, previews, invitations] = await Promise.all([
    activityCounts(ctx, linkIds),
    repo.listPreviews(ctx.db, linkIds),
    repo.countInvitations(ctx.db, linkIds),
  ]);
  return { activity, previews, invitations };
}
/** One link as the owner's answers show it: with its live picks and its extras. */
async function oneLink(ctx: GalleriesContext, row: GalleryLinkRow): Promise<GalleryLink> {
  const [picks, extras] = await Promise.all([repo.countPicks(ctx.db, row.categoryId), extrasOf(ctx, [row.id])]);
  return linkOf(row, picks.get(row.id), extras);
}

/** The sneak peek's photos, each live in the link's category: the others are refused. */
async function checkPreviews(ctx: GalleriesContext, categoryId: number, photoIds: number[]): Promise<number[]> {
  const unique = [...new Set(photoIds)];
  if (unique.length === 0) return unique;
  const found = await ctx.db
    .selectFrom('photos')
    .select('id')
    .where('id', 'in', unique)
    .where('categoryId', '=', categoryId)
    .where('deletedAt', 'is', null)
    .execute();
  if (found.length !== unique.length) throw invalid('galleries.preview_photo_not_found');
  return unique;
}

/** What is left of a link's download limit; null for no limit. */
export const downloadsLeftOf = (row: Pick<GalleryLinkRow, 'downloadLimit' | 'downloadsUsed'>) =>
  row.downloadLimit === null ? null : Math.max(0, row.downloadLimit - row.downloadsUsed);

async function ownedCategory(ctx: GalleriesContext, userId: number, categoryId: number) {
  const category = await findCategory(ctx, userId, categoryId);
  if (!category) throw notFound('categories.not_found');
  return category;
}

export async function listLinks(ctx: GalleriesContext, userId: number, categoryId: number): Promise<GalleryLink[]> {
  await ownedCategory(ctx, userId, categoryId);
  const [rows, picks] = await Promise.all([repo.listLinks(ctx.db, categoryId), repo.countPicks(ctx.db, categoryId)]);
  const extras = await extrasOf(ctx, rows.map((row) => row.id));
  return rows.map((row) => linkOf(row, picks.get(row.id), extras));
}

export async function createLink(
  ctx: GalleriesContext,
  userId: number,
  categoryId: number,
  request: CreateGalleryLinkFields,
): Promise<NewGalleryLink> {
  await ownedCategory(ctx, userId, categoryId);
  const previews = await checkPreviews(ctx, categoryId, request.previewPhotoIds);
  // 256 bits: no address is guessed. Kept only as its hash, unless the owner asks the site to mail
  // the link (0026, docs/decisions/0016): this answer is the one that shows it.
  const token = randomBytes(32).toString('base64url');
  // Hashed before the transaction: no write lock waits on argon2.
  const passwordHash = request.password === null ? null : await hashPassword(request.password);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const made = await repo.insertLink(trx, {
      categoryId,
      label: request.label,
      tokenHash: repo.hashLinkToken(token),
      tokenEnd: token.slice(-4),
      deviceKey: randomBytes(32).toString('base64url'),
      passwordHash,
      expiresAt: request.expiresAt,
      createdAt: ctx.clock().toISOString(),
      proofing: request.proofing ? 1 : 0,
      pickCap: request.pickCap,
      downloads: request.downloads,
      comments: request.comments ? 1 : 0,
      downloadLimit: request.downloadLimit,
      token: request.mailable ? token : null,
      expiryReminderDays: request.expiryReminderDays,
      picksReminderDays: request.picksReminderDays,
      releaseAt: request.releaseAt,
      language: request.language,
    });
    await repo.setPreviews(trx, made.id, previews);
    return made;
  });
  return { ...(await oneLink(ctx, row)), path: galleryPath(token, row.language) };
}

export async function updateLink(
  ctx: GalleriesContext,
  userId: number,
  id: number,
  request: UpdateGalleryLinkFields,
): Promise<GalleryLink> {
  const existing = await repo.findOwnedLink(ctx.db, userId, id);
  if (!existing) throw notFound('galleries.link_not_found');
  const changes: Parameters<typeof repo.updateLink>[2] = {};
  if (request.label !== undefined) changes.label = request.label;
  if (request.expiresAt !== undefined) changes.expiresAt = request.expiresAt;
  if (request.proofing !== undefined) changes.proofing = request.proofing ? 1 : 0;
  if (request.pickCap !== undefined) changes.pickCap = request.pickCap;
  if (request.downloads !== undefined) changes.downloads = request.downloads;
  if (request.comments !== undefined) changes.comments = request.comments ? 1 : 0;
  if (request.downloadLimit !== undefined) changes.downloadLimit = request.downloadLimit;
  if (request.expiryReminderDays !== undefined) changes.expiryReminderDays = request.expiryReminderDays;
  if (request.picksReminderDays !== undefined) changes.picksReminderDays = request.picksReminderDays;
  if (request.releaseAt !== undefined) changes.releaseAt = request.releaseAt;
  if (request.language !== undefined) changes.language = request.language;
  const previews = request.previewPhotoIds === undefined ? undefined : await checkPreviews(ctx, existing.categoryId, request.previewPhotoIds);
  // A new password (or none) also ends every browser's access given by the old one.
  if (request.password !== undefined) changes.passwordHash = request.password === null ? null : await hashPassword(request.password);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const changed = Object.keys(changes).length ? await repo.updateLink(trx, id, changes) : existing;
    if (!changed) throw notFound('galleries.link_not_found');
    if (previews) await repo.setPreviews(trx, id, previews);
    // A new expiry, release date or reminder setting moves the mails planned for them.
    await planLinkMails({ db: trx, clock: ctx.clock }, changed);
    return changed;
  });
  return oneLink(ctx, row);
}

/** Starts a link's download count again: its holder gets the whole limit back. */
export async function resetDownloads(ctx: GalleriesContext, userId: number, id: number): Promise<GalleryLink> {
  if (!(await repo.findOwnedLink(ctx.db, userId, id))) throw notFound('galleries.link_not_found');
  const row = await repo.updateLink(ctx.db, id, { downloadsUsed: 0 });
  if (!row) throw notFound('galleries.link_not_found');
  return oneLink(ctx, row);
}

/**
 * Revoked: its address, its answers and its access end on the next request. The row and its picks
 * wait out the Undo window (`restoreLink`), then the periodic purge removes them.
 */
export async function deleteLink(ctx: GalleriesContext, userId: number, id: number): Promise<{ undoUntil: string }> {
  if (!(await repo.findOwnedLink(ctx.db, userId, id))) throw notFound('galleries.link_not_found');
  const now = ctx.clock();
  await repo.revokeLink(ctx.db, id, now.toISOString());
  return { undoUntil: new Date(now.getTime() + UNDO_WINDOW_MS).toISOString() };
}

/** Undo of a revoke, within the window: the same address opens again, its picks with it. */
export async function restoreLink(ctx: GalleriesContext, userId: number, id: number): Promise<GalleryLink> {
  const since = new Date(ctx.clock().getTime() - UNDO_WINDOW_MS).toISOString();
  const row = await repo.restoreLink(ctx.db, userId, id, since);
  if (!row) throw notFound('galleries.link_not_restorable');
  return oneLink(ctx, row);
}

/** Removes for good the links whose Undo window has passed. */
export function purgeRevokedLinks(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  return repo.purgeRevokedLinks(ctx.db, new Date(ctx.clock().getTime() - UNDO_WINDOW_MS).toISOString());
}

/** Revoked links go for good as their Undo windows end: twice a window. */
export const purgeRevokedLinksJob = jobKind('galleries.purge-revoked', { exclusive: true, maxAttempts: 3 });
export const revokedLinksPurge: Periodic = { kind: purgeRevokedLinksJob, everyMs: UNDO_WINDOW_MS / 2 };
export const galleriesJobs = [handle(purgeRevokedLinksJob, (ctx: AppContext) => purgeRevokedLinks(ctx).then(() => undefined))];

/** A link that opens: known, not past its expiry, to a live category that is not a draft. */
async function openLink(ctx: GalleriesContext, token: string) {
  const link = await repo.findLinkByToken(ctx.db, token);
  if (!link || (link.expiresAt !== null && link.expiresAt <= ctx.clock().toISOString())) throw notFound('galleries.not_found');
  const owner = await getPortfolioOwner(ctx);
  const category = await findCategory(ctx, owner.id, link.categoryId);
  // A private category's links are paused: only the owner sees it until it is shared again.
  if (!category || category.hidden || category.visibility === 'private') throw notFound('galleries.not_found');
  return { link, owner, category, shown: await sneakPeekOf(ctx, link) };
}

/**
 * Before its release date a link shows only its sneak peek: the set of those photos' ids. Null
 * once released, or for a link without a release date: the whole gallery.
 */
async function sneakPeekOf(ctx: GalleriesContext, link: GalleryLinkRow): Promise<ReadonlySet<number> | null> {
  if (link.releaseAt === null || link.releaseAt <= ctx.clock().toISOString()) return null;
  return new Set((await repo.listPreviews(ctx.db, [link.id])).get(link.id) ?? []);
}

/** Whether a link's holder sees the photo now: every path (list, files, downloads, picks, comments) asks. */
export const showsPhoto = (opened: { shown: ReadonlySet<number> | null }, photoId: number) => opened.shown === null || opened.shown.has(photoId);

/** The cookie that holds a link's access once its password was given. */
export const accessCookieName = (linkId: number, secure: boolean) => `${secure ? '__Host-' : ''}atelier_gallery_${linkId}`;

/**
 * The access a right password gives, keyed by the password's own hash (a secret of the server's,
 * salted): a new password, or the link's end, takes every browser's access away with it.
 */
const accessFor = (link: GalleryLinkRow) =>
  createHmac('sha256', link.passwordHash ?? '').update(`gallery-link:${link.id}`).digest('base64url');

function holdsAccess(link: GalleryLinkRow, cookies: Record<string, string | undefined>, secure: boolean): boolean {
  if (link.passwordHash === null) return true;
  const held = Buffer.from(cookies[accessCookieName(link.id, secure)] ?? '');
  const expected = Buffer.from(accessFor(link));
  return held.length === expected.length && timingSafeEqual(held, expected);
}

/**
 * What a link shows its holder: 404 for no link (or one past its end), 401 while its password is
 * still to be given.
 */
export async function openGallery(
  ctx: GalleriesContext & Pick<AppContext, 'jobs'>,
  token: string,
  access: GalleryAccess,
): Promise<{ gallery: Gallery; visit: VisitCookie | null }> {
  const opened = await openHeldLink(ctx, token, access);
  const { link, owner, category } = opened;
  if (!access.byOwner) await recordGalleryOpened(ctx, link, category);
  // A visit of the link's activity: the owner's own are not counted.
  const visit = await recordOpened(ctx, link, category.name, access);
  // The category's photos only: a gallery costs its own size, not the site's.
  const listed = await listPhotos(ctx, owner.id, { cameraDetails: owner.showCameraDetails, hideFileNameTitles: owner.hideFileNameTitles }, category.id);
  // Every file through the link's own path: revoking the link ends each URL it handed out.
  const filesBase = galleryFilesBase(token);
  const photos = listed.filter((photo) => showsPhoto(opened, photo.id)).map((photo) => ({ ...photo, filesBase }));
  const gallery: Gallery = {
    label: link.label,
    category,
    photos,
    proofing: link.proofing === 1,
    downloads: link.downloads,
    comments: link.comments === 1,
    downloadLimit: link.downloadLimit,
    downloadsLeft: downloadsLeftOf(link),
    releaseAt: opened.shown === null ? null : link.releaseAt,
  };
  return { gallery, visit };
}

/** The viewer's signal that its holder looked at a photo of the gallery (see `recordViewed`). */
export async function recordPhotoViewed(ctx: GalleriesContext, token: string, access: GalleryAccess & { address: string }, photoId: number): Promise<VisitCookie | null> {
  const { link } = await openHeldLink(ctx, token, access);
  return recordViewed(ctx, link, access, photoId, () => repo.photoInCategory(ctx.db, photoId, link.categoryId));
}

/**
 * `gallery.opened`, at most once per link and day (the site's UTC day): a holder reloads, comes
 * back to the tab, opens it on a phone and then a computer; the owner's tools want to know that
 * the client looked today, not each load. The owner previewing the link is not a client opening it.
 */
async function recordGalleryOpened(ctx: GalleriesContext & Pick<AppContext, 'jobs'>, link: GalleryLinkRow, category: { id: number; name: string }): Promise<void> {
  const now = ctx.clock();
  const day = now.toISOString().slice(0, 10);
  const jobs = await ctx.db.transaction().execute((trx) =>
    recordWebhookEvent(
      { db: trx, clock: ctx.clock },
      'gallery.opened',
      { link: { id: link.id, label: link.label }, category: { id: category.id, name: category.name } },
      { once: `gallery.opened:${link.id}:${day}` },
    ),
  );
  if (jobs.length > 0) ctx.jobs.wake();
}

/**
 * One of a gallery's copies, for its link's holder: checked as the gallery is (404 for no link,
 * 401 before the password), then only the current files of a live photo of its category.
 */
export async function openGalleryFile(ctx: GalleriesContext & Pick<AppContext, 'media'>, token: string, filename: string, access: GalleryAccess) {
  const { category, shown } = await openHeldLink(ctx, token, access);
  const copy = isServedFileName(filename) ? await findCategoryCopy(ctx, category.id, filename, shown ?? undefined) : null;
  if (!copy) throw notFound('files.not_found');
  return copy;
}

/** What a request holds that may open a link: its cookies, and whether they are the secure kind. */
export interface GalleryAccess {
  cookies: Record<string, string | undefined>;
  secure: boolean;
  /** The signed-in owner: their own visits, picks, downloads and comments are not the client's activity. */
  byOwner?: boolean | undefined;
}

/**
 * A link its holder may use, with its owner and category, checked as the gallery is: 404 for no
 * link (or one past its end), 401 while its password is still to be given.
 */
export async function openHeldLink(ctx: GalleriesContext, token: string, access: GalleryAccess) {
  const opened = await openLink(ctx, token);
  if (!holdsAccess(opened.link, access.cookies, access.secure)) throw notSignedIn('galleries.locked');
  return opened;
}

/** One of the owner's links, or 404. */
export async function ownedLink(ctx: GalleriesContext, userId: number, id: number): Promise<GalleryLinkRow> {
  const link = await repo.findOwnedLink(ctx.db, userId, id);
  if (!link) throw notFound('galleries.link_not_found');
  return link;
}

/** Whether a link exists and opens, for its page's status. */
export async function galleryExists(ctx: GalleriesContext, token: string): Promise<boolean> {
  try {
    await openLink(ctx, token);
    return true;
  } catch (error) {
    // Only an unknown or ended link is a 404; a failing database is the page's error, not that.
    if (error instanceof DomainError && error.kind === 'notFound') return false;
    throw error;
  }
}

/** The cookie of a browser that gave a link's password before: it spares that browser the link's count. */
export const deviceCookieName = (linkId: number, secure: boolean) => `${secure ? '__Host-' : ''}atelier_gallery_device_${linkId}`;

const deviceSignature = (key: string, linkId: number, nonce: string) =>
  createHmac('sha256', key).update(`gallery-device:${linkId}:${nonce}`).digest('base64url');

/** The nonce of a genuine device cookie of this link, or undefined. */
function knownDeviceOf(link: GalleryLinkRow, cookies: Record<string, string | undefined>, secure: boolean): string | undefined {
  const [nonce, signature] = (cookies[deviceCookieName(link.id, secure)] ?? '').split('.');
  if (!link.deviceKey || !nonce || !signature) return undefined;
  const held = Buffer.from(signature);
  const expected = Buffer.from(deviceSignature(link.deviceKey, link.id, nonce));
  return held.length === expected.length && timingSafeEqual(held, expected) ? nonce : undefined;
}

export interface GalleryCookie {
  name: string;
  value: string;
  expiresAt: string;
}

/** A password given: the link's access cookie, and the device cookie of the browser that gave it. */
export interface GalleryUnlocked {
  access: { name: string; value: string; expiresAt: string | null };
  device: GalleryCookie | null;
}

/**
 * Checks a link's password; every try is counted first (per address, and per link or per known
 * browser, each in one atomic statement), so of many sent at once at most the limit are checked.
 * A browser that gave the password before (its device cookie) is spared the link's count, so a
 * holder of the link guessing from many addresses cannot lock the client out; its own failures
 * count against it. On success: the access cookie, and a new device cookie.
 */
export async function unlockGallery(
  ctx: GalleriesContext,
  token: string,
  password: string,
  client: { address: string; secure: boolean; cookies: Record<string, string | undefined> },
): Promise<GalleryUnlocked> {
  const { link } = await openLink(ctx, token);
  await rateLimits.consume(ctx, rateLimits.limitKey('gallery:ip', client.address), TRIES_PER_ADDRESS);
  const known = knownDeviceOf(link, client.cookies, client.secure);
  const deviceKey = known ? `gallery:device:${link.id}:${known}` : undefined;
  if (deviceKey) await rateLimits.consume(ctx, deviceKey, TRIES_PER_DEVICE);
  else await rateLimits.consume(ctx, `gallery:link:${link.id}`, TRIES_PER_LINK);
  if (link.passwordHash !== null && !(await verifyPassword(link.passwordHash, password))) throw notSignedIn('galleries.wrong_password');
  // The known browser's count starts again; the link's stays, as others may still be guessing.
  if (deviceKey) await rateLimits.reset(ctx, deviceKey);
  const access = { name: accessCookieName(link.id, client.secure), value: accessFor(link), expiresAt: link.expiresAt };
  if (!link.deviceKey) return { access, device: null };
  const nonce = randomBytes(16).toString('base64url');
  const yearOn = new Date(ctx.clock().getTime() + GALLERY_DEVICE_MS).toISOString();
  const expiresAt = link.expiresAt !== null && link.expiresAt < yearOn ? link.expiresAt : yearOn;
  return { access, device: { name: deviceCookieName(link.id, client.secure), value: `${nonce}.${deviceSignature(link.deviceKey, link.id, nonce)}`, expiresAt } };
}
