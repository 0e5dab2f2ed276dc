import type { GalleryLinkActivityCounts, NoticeKind, NoticeSettings } from '#contract/gallery-activity.ts';
import { noActivity } from '#contract/gallery-activity.ts';
import type { Db } from '#server/db/database.ts';
import type { GalleryLinkEventTable, GalleryNoticeRow, GalleryNoticeTable } from './activity.table.ts';
import type { Insertable } from 'kysely';

/** Records one event: one INSERT; with a `once` already taken on the link, none. Answers whether it was recorded. */
export async function insertEvent(db: Db, event: Insertable<GalleryLinkEventTable>): Promise<boolean> {
  const row = await db
    .insertInto('galleryLinkEvents')
    .values(event)
    .onConflict((conflict) => conflict.columns(['linkId', 'once']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasEvent(db: Db, linkId: number, type: GalleryLinkEventTable['type']): Promise<boolean> {
  const row = await db.selectFrom('galleryLinkEvents').select('id').where('linkId', '=', linkId).where('type', '=', type).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether a visit of the link is known: its `opened` event. */
export async function visitKnown(db: Db, linkId: number, visit: string): Promise<boolean> {
  const row = await db.selectFrom('galleryLinkEvents').select('id').where('linkId', '=', linkId).where('once', '=', `opened:${visit}`).executeTakeFirst();
  return row !== undefined;
}

/** Each link's counts, from its events in one grouped read. */
export async function countActivity(db: Db, linkIds: readonly number[]): Promise<Map<number, GalleryLinkActivityCounts>> {
  const counts = new Map<number, GalleryLinkActivityCounts>(linkIds.map((id) => [id, { ...noActivity }]));
  if (linkIds.length === 0) return counts;
  const rows = await db
    .selectFrom('galleryLinkEvents')
    .select((eb) => [
      'linkId',
      'type',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.count<number | string>('photoId').distinct().as('photos'),
      eb.fn.min<string>('createdAt').as('first'),
      eb.fn.max<string>('createdAt').as('last'),
    ])
    .where('linkId', 'in', linkIds)
    .groupBy(['linkId', 'type'])
    .execute();
  for (const row of rows) {
    const link = counts.get(row.linkId)!;
    const count = Number(row.count);
    if (row.type === 'opened') Object.assign(link, { visits: count, firstOpenedAt: row.first, lastOpenedAt: row.last });
    else if (row.type === 'viewed') link.photosViewed = Number(row.photos);
    else if (row.type === 'downloaded') Object.assign(link, { downloads: count, lastDownloadAt: row.last });
    else if (row.type === 'picked') link.picks = count;
    else if (row.type === 'submitted') link.submits = count;
    else if (row.type === 'commented') link.comments = count;
  }
  return counts;
}

/** A link's events, newest first, each with its photo's title as it is now. */
export function listEvents(db: Db, linkId: number, limit: number) {
  return db
    .selectFrom('galleryLinkEvents')
    .leftJoin('photos', 'photos.id', 'galleryLinkEvents.photoId')
    .select(['galleryLinkEvents.id', 'galleryLinkEvents.type', 'galleryLinkEvents.photoId', 'galleryLinkEvents.detail', 'galleryLinkEvents.createdAt', 'photos.title'])
    .where('galleryLinkEvents.linkId', '=', linkId)
    .orderBy('galleryLinkEvents.createdAt', 'desc')
    .orderBy('galleryLinkEvents.id', 'desc')
    .limit(limit)
    .execute();
}

export async function pruneEvents(db: Db, before: string): Promise<number> {
  const gone = await db.deleteFrom('galleryLinkEvents').where('createdAt', '<', before).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

export async function pruneNotices(db: Db, before: string): Promise<number> {
  const gone = await db.deleteFrom('galleryNotices').where('createdAt', '<', before).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** A notice; with a `once` already taken, none. Answers the new row. */
export function insertNotice(db: Db, notice: Insertable<GalleryNoticeTable>): Promise<GalleryNoticeRow | undefined> {
  return db
    .insertInto('galleryNotices')
    .values(notice)
    .onConflict((conflict) => conflict.column('once').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function markMailed(db: Db, ids: readonly number[], at: string) {
  if (ids.length === 0) return Promise.resolve();
  return db.updateTable('galleryNotices').set({ mailedAt: at }).where('id', 'in', ids).execute();
}

/** The owner's newest notices, with each link's category. */
export function listNotices(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('galleryNotices')
    .innerJoin('galleryLinks', 'galleryLinks.id', 'galleryNotices.linkId')
    .innerJoin('categories', 'categories.id', 'galleryLinks.categoryId')
    .select(['galleryNotices.id', 'galleryNotices.kind', 'galleryNotices.linkId', 'galleryLinks.categoryId', 'galleryNotices.text', 'galleryNotices.createdAt', 'galleryNotices.readAt'])
    .where('galleryNotices.userId', '=', userId)
    // A revoked link's, or one of a category in the trash, are not shown (nor counted) while they wait there.
    .where('galleryLinks.revokedAt', 'is', null)
    .where('categories.deletedAt', 'is', null)
    .orderBy('galleryNotices.createdAt', 'desc')
    .orderBy('galleryNotices.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('galleryNotices')
    .innerJoin('galleryLinks', 'galleryLinks.id', 'galleryNotices.linkId')
    .innerJoin('categories', 'categories.id', 'galleryLinks.categoryId')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('galleryNotices.userId', '=', userId)
    .where('galleryNotices.readAt', 'is', null)
    // A revoked link's, or one of a category in the trash, are not shown (nor counted) while they wait there.
    .where('galleryLinks.revokedAt', 'is', null)
    .where('categories.deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function markRead(db: Db, userId: number, ids: readonly number[] | undefined, at: string): Promise<void> {
  let update = db.updateTable('galleryNotices').set({ readAt: at }).where('userId', '=', userId).where('readAt', 'is', null);
  if (ids) {
    if (ids.length === 0) return;
    update = update.where('id', 'in', ids);
  }
  await update.execute();
}

/** The notices a digest still owes the owner, oldest first. */
export function pendingDigest(db: Db, userId: number, before: string) {
  return db
    .selectFrom('galleryNotices')
    .select(['id', 'kind', 'text', 'createdAt'])
    .where('userId', '=', userId)
    .where('delivery', '=', 'digest')
    .where('mailedAt', 'is', null)
    .where('createdAt', '<=', before)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function readSettings(db: Db, userId: number): Promise<NoticeSettings | undefined> {
  return db.selectFrom('galleryNoticeSettings').select(['opened', 'submitted', 'downloaded', 'commented']).where('userId', '=', userId).executeTakeFirst();
}

/** The owner's row of settings, made with the defaults if it is not there yet. */
export async function ensureSettings(db: Db, userId: number): Promise<void> {
  await db.insertInto('galleryNoticeSettings').values({ userId, digestDay: null }).onConflict((conflict) => conflict.column('userId').doNothing()).execute();
}

export async function updateSettings(db: Db, userId: number, changes: Partial<Record<NoticeKind, NoticeSettings[NoticeKind]>>): Promise<void> {
  await ensureSettings(db, userId);
  if (Object.keys(changes).length > 0) await db.updateTable('galleryNoticeSettings').set(changes).where('userId', '=', userId).execute();
}

/**
 * Takes the day's digest: one conditional UPDATE, so of every instance and every run that day,
 * exactly one sees a row changed.
 */
export async function takeDigestDay(db: Db, userId: number, day: string): Promise<boolean> {
  await ensureSettings(db, userId);
  const result = await db
    .updateTable('galleryNoticeSettings')
    .set({ digestDay: day })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('digestDay', 'is', null), eb('digestDay', '<', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
