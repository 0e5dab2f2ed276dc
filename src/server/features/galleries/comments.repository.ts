import type { GalleryVerdictChoice } from '#contract/galleries.ts';
import type { Db } from '#server/db/database.ts';
import type { GalleryCommentRow, GalleryLinkRow } from './galleries.table.ts';

type LinkRef = Pick<GalleryLinkRow, 'id' | 'categoryId'>;

/** The ids of a category's live photos, in gallery order. */
export async function photoIdsInOrder(db: Db, categoryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('photos')
    .select('id')
    .where('categoryId', '=', categoryId)
    .where('deletedAt', 'is', null)
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A link's comments on photos still in its category and not in the trash, oldest first: a photo
 * that leaves takes its thread out of sight, and one that comes back brings it with it, as picks do.
 */
export function listComments(db: Db, link: LinkRef, photoId?: number): Promise<GalleryCommentRow[]> {
  let query = db
    .selectFrom('galleryComments')
    .innerJoin('photos', 'photos.id', 'galleryComments.photoId')
    .selectAll('galleryComments')
    .where('galleryComments.linkId', '=', link.id)
    .where('photos.categoryId', '=', link.categoryId)
    .where('photos.deletedAt', 'is', null);
  if (photoId !== undefined) query = query.where('galleryComments.photoId', '=', photoId);
  return query.orderBy('galleryComments.id').execute();
}

/** A link's verdicts on its live photos, by photo id. */
export async function listVerdicts(db: Db, link: LinkRef, photoId?: number): Promise<Map<number, GalleryVerdictChoice>> {
  let query = db
    .selectFrom('galleryVerdicts')
    .innerJoin('photos', 'photos.id', 'galleryVerdicts.photoId')
    .select(['galleryVerdicts.photoId', 'galleryVerdicts.verdict'])
    .where('galleryVerdicts.linkId', '=', link.id)
    .where('photos.categoryId', '=', link.categoryId)
    .where('photos.deletedAt', 'is', null);
  if (photoId !== undefined) query = query.where('galleryVerdicts.photoId', '=', photoId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.photoId, row.verdict]));
}

export function insertComment(db: Db, row: Omit<GalleryCommentRow, 'id'>): Promise<GalleryCommentRow> {
  return db.insertInto('galleryComments').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Sets a photo's verdict on a link, or takes it back (null). */
export async function setVerdict(db: Db, linkId: number, photoId: number, verdict: GalleryVerdictChoice | null, at: string): Promise<void> {
  if (verdict === null) {
    await db.deleteFrom('galleryVerdicts').where('linkId', '=', linkId).where('photoId', '=', photoId).execute();
    return;
  }
  await db
    .insertInto('galleryVerdicts')
    .values({ linkId, photoId, verdict, decidedAt: at })
    .onConflict((oc) => oc.columns(['linkId', 'photoId']).doUpdateSet({ verdict, decidedAt: at }))
    .execute();
}

/**
 * Takes one of a link's downloads in one statement: the count goes up only while it is under the
 * limit (or there is none), and the row comes back only then. Two requests at the last one: SQLite
 * runs one write at a time; PostgreSQL's row lock makes the second re-read the row the first
 * wrote and find the WHERE no longer true. So exactly one passes on both.
 */
export async function takeDownload(db: Db, linkId: number): Promise<{ downloadsUsed: number; downloadLimit: number | null } | undefined> {
  return db
    .updateTable('galleryLinks')
    .set((eb) => ({ downloadsUsed: eb('downloadsUsed', '+', 1) }))
    .where('id', '=', linkId)
    .where((eb) => eb.or([eb('downloadLimit', 'is', null), eb('downloadsUsed', '<', eb.ref('downloadLimit'))]))
    .returning(['downloadsUsed', 'downloadLimit'])
    .executeTakeFirst();
}

/** A photo's title, for a notice's sentence. */
export async function photoTitleOf(db: Db, photoId: number): Promise<string> {
  const row = await db.selectFrom('photos').select('title').where('id', '=', photoId).executeTakeFirst();
  return row?.title ?? `photo ${photoId}`;
}
