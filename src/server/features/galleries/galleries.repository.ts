import { createHash } from 'node:crypto';
import type { Db } from '#server/db/database.ts';
import type { GalleryLinkRow, GalleryLinkUpdate, NewGalleryLinkRow } from './galleries.table.ts';

/** A category's links, revoked ones left out. */
export function listLinks(db: Db, categoryId: number): Promise<GalleryLinkRow[]> {
  return db.selectFrom('galleryLinks').selectAll().where('categoryId', '=', categoryId).where('revokedAt', 'is', null).orderBy('id').execute();
}

/** The link `id` of one of the owner's live categories, revoked or not. */
function ownedLinks(db: Db, userId: number, id: number) {
  return db
    .selectFrom('galleryLinks')
    .innerJoin('categories', 'categories.id', 'galleryLinks.categoryId')
    .selectAll('galleryLinks')
    .where('galleryLinks.id', '=', id)
    .where('categories.userId', '=', userId)
    .where('categories.deletedAt', 'is', null);
}

/** A link of one of the owner's live categories, not revoked. */
export function findOwnedLink(db: Db, userId: number, id: number): Promise<GalleryLinkRow | undefined> {
  return ownedLinks(db, userId, id).where('galleryLinks.revokedAt', 'is', null).executeTakeFirst();
}

/** Only the token's hash is stored: a link is found by the hash of the token asked for. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link of a token, unless it was revoked: its address ends on the next request. */
export function findLinkByToken(db: Db, token: string): Promise<GalleryLinkRow | undefined> {
  return db.selectFrom('galleryLinks').selectAll().where('tokenHash', '=', hashLinkToken(token)).where('revokedAt', 'is', null).executeTakeFirst();
}

export function insertLink(db: Db, row: NewGalleryLinkRow): Promise<GalleryLinkRow> {
  return db.insertInto('galleryLinks').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateLink(db: Db, id: number, changes: GalleryLinkUpdate): Promise<GalleryLinkRow | undefined> {
  return db.updateTable('galleryLinks').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function revokeLink(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('galleryLinks').set({ revokedAt: at }).where('id', '=', id).where('revokedAt', 'is', null).execute();
}

/** Undo of a revoke made since `since`, for a link of one of the owner's live categories; the link, or undefined. */
export async function restoreLink(db: Db, userId: number, id: number, since: string): Promise<GalleryLinkRow | undefined> {
  if (!(await ownedLinks(db, userId, id).executeTakeFirst())) return undefined;
  return db
    .updateTable('galleryLinks')
    .set({ revokedAt: null })
    .where('id', '=', id)
    .where('revokedAt', '>=', since)
    .returningAll()
    .executeTakeFirst();
}

/** Removes for good the links revoked before `before`; their picks go with them. */
export async function purgeRevokedLinks(db: Db, before: string): Promise<number> {
  const gone = await db.deleteFrom('galleryLinks').where('revokedAt', '<', before).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** How many live picks each of a category's links has: picks of photos still in the category. */
export async function countPicks(db: Db, categoryId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('galleryPicks')
    .innerJoin('galleryLinks', 'galleryLinks.id', 'galleryPicks.linkId')
    .innerJoin('photos', 'photos.id', 'galleryPicks.photoId')
    .select(['galleryPicks.linkId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('galleryLinks.categoryId', '=', categoryId)
    .whereRef('photos.categoryId', '=', 'galleryLinks.categoryId')
    .where('photos.deletedAt', 'is', null)
    .groupBy('galleryPicks.linkId')
    .execute();
  return new Map(rows.map((row) => [row.linkId, Number(row.count)]));
}

/**
 * A link's live picks: photos still in its category and not in the trash. A photo that leaves
 * drops out; one that comes back (Undo, moved back) brings its pick with it.
 */
export function listPicks(db: Db, link: Pick<GalleryLinkRow, 'id' | 'categoryId'>): Promise<Array<{ photoId: number; pickedAt: string }>> {
  return db
    .selectFrom('galleryPicks')
    .innerJoin('photos', 'photos.id', 'galleryPicks.photoId')
    .select(['galleryPicks.photoId', 'galleryPicks.pickedAt'])
    .where('galleryPicks.linkId', '=', link.id)
    .where('photos.categoryId', '=', link.categoryId)
    .where('photos.deletedAt', 'is', null)
    // Gallery order, as the holder and the owner see the photos.
    .orderBy('photos.sortOrder')
    .orderBy('photos.id')
    .execute();
}

/**
 * Holds the link's row for the rest of the transaction and reads it afresh: PostgreSQL locks the
 * row against every other writer of it, SQLite's write lock is the database's. Every change of a
 * link's picks takes it first, so two at once are counted one after the other.
 */
export function lockLink(db: Db, id: number): Promise<GalleryLinkRow | undefined> {
  return db
    .updateTable('galleryLinks')
    .set((eb) => ({ proofing: eb.ref('proofing') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Whether a photo is live in the category. */
export async function photoInCategory(db: Db, photoId: number, categoryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('photos')
    .select('id')
    .where('id', '=', photoId)
    .where('categoryId', '=', categoryId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPick(db: Db, linkId: number, photoId: number, pickedAt: string): Promise<void> {
  await db
    .insertInto('galleryPicks')
    .values({ linkId, photoId, pickedAt })
    .onConflict((oc) => oc.columns(['linkId', 'photoId']).doNothing())
    .execute();
}

export async function deletePick(db: Db, linkId: number, photoId: number): Promise<void> {
  await db.deleteFrom('galleryPicks').where('linkId', '=', linkId).where('photoId', '=', photoId).execute();
}

/** The sneak peek of each of these links: its photos' ids. */
export async function listPreviews(db: Db, linkIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (linkIds.length === 0) return map;
  const rows = await db.selectFrom('galleryPreviews').select(['linkId', 'photoId']).where('linkId', 'in', linkIds).orderBy('photoId').execute();
  for (const row of rows) map.set(row.linkId, [...(map.get(row.linkId) ?? []), row.photoId]);
  return map;
}

/** A link's sneak peek becomes exactly these photos. */
export async function setPreviews(db: Db, linkId: number, photoIds: number[]): Promise<void> {
  await db.deleteFrom('galleryPreviews').where('linkId', '=', linkId).execute();
  if (photoIds.length > 0) await db.insertInto('galleryPreviews').values(photoIds.map((photoId) => ({ linkId, photoId }))).execute();
}

/** How many recipients each of these links was sent to. */
export async function countInvitations(db: Db, linkIds: number[]): Promise<Map<number, number>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('galleryInvitations')
    .select(['linkId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('linkId', 'in', linkIds)
    .groupBy('linkId')
    .execute();
  return new Map(rows.map((row) => [row.linkId, Number(row.count)]));
}
