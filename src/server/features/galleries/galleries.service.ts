import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  GALLERY_LOCKED_MESSAGE,
  WRONG_GALLERY_PASSWORD,
  type CreateGalleryLinkFields,
  type Gallery,
  type GalleryLink,
  type UpdateGalleryLinkFields,
} from '#contract/galleries.ts';
import { galleryFilesBase } from '#contract/image-urls.ts';
import { pathTo, screens } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { hashPassword, verifyPassword } from '#server/features/auth/passwords.ts';
import { findCategory } from '#server/features/categories/categories.service.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { findCategoryCopy } from '#server/features/renditions/renditions.service.ts';
import { listPhotos } from '#server/features/photos/photos.service.ts';
import * as rateLimits from '#server/features/rate-limits/rate-limits.service.ts';
import { DomainError, notFound, notSignedIn } from '#server/lib/errors.ts';
import { isServedFileName } from '#server/storage/file-names.ts';
import * as repo from './galleries.repository.ts';
import type { GalleryLinkRow } from './galleries.table.ts';

type GalleriesContext = Pick<AppContext, 'db' | 'clock'>;

/** Password tries per address, and per link from every address, in a window: counted before the check. */
const TRIES_PER_ADDRESS = { limit: 10, windowMs: 15 * 60 * 1000 };
const TRIES_PER_LINK = { limit: 30, windowMs: 15 * 60 * 1000 };

const linkOf = (row: GalleryLinkRow, pickCount = 0): GalleryLink => ({
  id: row.id,
  categoryId: row.categoryId,
  label: row.label,
  path: pathTo(screens.gallery, { token: row.token }),
  hasPassword: row.passwordHash !== null,
  expiresAt: row.expiresAt,
  createdAt: row.createdAt,
  proofing: row.proofing === 1,
  pickCap: row.pickCap,
  pickCount,
  picksSubmittedAt: row.picksSubmittedAt,
  downloads: row.downloads,
});

async function ownedCategory(ctx: GalleriesContext, userId: number, categoryId: number) {
  const category = await findCategory(ctx, userId, categoryId);
  if (!category) throw notFound('Category not found');
  return category;
}

export async function listLinks(ctx: GalleriesContext, userId: number, categoryId: number): Promise<GalleryLink[]> {
  await ownedCategory(ctx, userId, categoryId);
  const [rows, picks] = await Promise.all([repo.listLinks(ctx.db, categoryId), repo.countPicks(ctx.db, categoryId)]);
  return rows.map((row) => linkOf(row, picks.get(row.id)));
}

export async function createLink(
  ctx: GalleriesContext,
  userId: number,
  categoryId: number,
  request: CreateGalleryLinkFields,
): Promise<GalleryLink> {
  await ownedCategory(ctx, userId, categoryId);
  const row = await repo.insertLink(ctx.db, {
    categoryId,
    label: request.label,
    // 256 bits: no address is guessed.
    token: randomBytes(32).toString('base64url'),
    passwordHash: request.password === null ? null : await hashPassword(request.password),
    expiresAt: request.expiresAt,
    createdAt: ctx.clock().toISOString(),
    proofing: request.proofing ? 1 : 0,
    pickCap: request.pickCap,
    downloads: request.downloads,
  });
  return linkOf(row);
}

export async function updateLink(
  ctx: GalleriesContext,
  userId: number,
  id: number,
  request: UpdateGalleryLinkFields,
): Promise<GalleryLink> {
  const existing = await repo.findOwnedLink(ctx.db, userId, id);
  if (!existing) throw notFound('Link not found');
  const changes: Parameters<typeof repo.updateLink>[2] = {};
  if (request.label !== undefined) changes.label = request.label;
  if (request.expiresAt !== undefined) changes.expiresAt = request.expiresAt;
  if (request.proofing !== undefined) changes.proofing = request.proofing ? 1 : 0;
  if (request.pickCap !== undefined) changes.pickCap = request.pickCap;
  if (request.downloads !== undefined) changes.downloads = request.downloads;
  // A new password (or none) also ends every browser's access given by the old one.
  if (request.password !== undefined) changes.passwordHash = request.password === null ? null : await hashPassword(request.password);
  const row = Object.keys(changes).length ? await repo.updateLink(ctx.db, id, changes) : existing;
  if (!row) throw notFound('Link not found');
  return linkOf(row, (await repo.countPicks(ctx.db, row.categoryId)).get(row.id));
}

/** Revoked: the row goes, so its address, its answers and its access end on the next request. */
export async function deleteLink(ctx: GalleriesContext, userId: number, id: number): Promise<void> {
  if (!(await repo.findOwnedLink(ctx.db, userId, id))) throw notFound('Link not found');
  await repo.deleteLink(ctx.db, id);
}

/** A link that opens: known, not past its expiry, to a live category that is not a draft. */
async function openLink(ctx: GalleriesContext, token: string) {
  const link = await repo.findLinkByToken(ctx.db, token);
  if (!link || (link.expiresAt !== null && link.expiresAt <= ctx.clock().toISOString())) throw notFound('Gallery not found');
  const owner = await getPortfolioOwner(ctx);
  const category = await findCategory(ctx, owner.id, link.categoryId);
  // A private category's links are paused: only the owner sees it until it is shared again.
  if (!category || category.hidden || category.visibility === 'private') throw notFound('Gallery not found');
  return { link, owner, category };
}

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
export async function openGallery(ctx: GalleriesContext, token: string, access: GalleryAccess): Promise<Gallery> {
  const { link, owner, category } = await openHeldLink(ctx, token, access);
  // The category's photos only: a gallery costs its own size, not the site's.
  const listed = await listPhotos(ctx, owner.id, { cameraDetails: owner.showCameraDetails, hideFileNameTitles: owner.hideFileNameTitles }, category.id);
  // Every file through the link's own path: revoking the link ends each URL it handed out.
  const filesBase = galleryFilesBase(token);
  const photos = listed.map((photo) => ({ ...photo, filesBase }));
  return { label: link.label, category, photos, proofing: link.proofing === 1, downloads: link.downloads };
}

/**
 * One of a gallery's copies, for its link's holder: checked as the gallery is (404 for no link,
 * 401 before the password), then only the current files of a live photo of its category.
 */
export async function openGalleryFile(ctx: GalleriesContext & Pick<AppContext, 'media'>, token: string, filename: string, access: GalleryAccess) {
  const { category } = await openHeldLink(ctx, token, access);
  const copy = isServedFileName(filename) ? await findCategoryCopy(ctx, category.id, filename) : null;
  if (!copy) throw notFound('No such file');
  return copy;
}

/** What a request holds that may open a link: its cookies, and whether they are the secure kind. */
export interface GalleryAccess {
  cookies: Record<string, string | undefined>;
  secure: boolean;
}

/**
 * A link its holder may use, with its owner and category, checked as the gallery is: 404 for no
 * link (or one past its end), 401 while its password is still to be given.
 */
export async function openHeldLink(ctx: GalleriesContext, token: string, access: GalleryAccess) {
  const opened = await openLink(ctx, token);
  if (!holdsAccess(opened.link, access.cookies, access.secure)) throw notSignedIn(GALLERY_LOCKED_MESSAGE);
  return opened;
}

/** One of the owner's links, or 404. */
export async function ownedLink(ctx: GalleriesContext, userId: number, id: number): Promise<GalleryLinkRow> {
  const link = await repo.findOwnedLink(ctx.db, userId, id);
  if (!link) throw notFound('Link not found');
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

/**
 * Checks a link's password; every try is counted first (per address and per link, each in one
 * atomic statement), so of many sent at once at most the limit are checked. The cookie's name
 * and value on success.
 */
export async function unlockGallery(
  ctx: GalleriesContext,
  token: string,
  password: string,
  client: { address: string; secure: boolean },
): Promise<{ name: string; value: string; expiresAt: string | null }> {
  const { link } = await openLink(ctx, token);
  await rateLimits.consume(ctx, rateLimits.limitKey('gallery:ip', client.address), TRIES_PER_ADDRESS);
  await rateLimits.consume(ctx, `gallery:link:${link.id}`, TRIES_PER_LINK);
  if (link.passwordHash !== null && !(await verifyPassword(link.passwordHash, password))) throw notSignedIn(WRONG_GALLERY_PASSWORD);
  return { name: accessCookieName(link.id, client.secure), value: accessFor(link), expiresAt: link.expiresAt };
}
