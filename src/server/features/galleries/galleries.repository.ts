import type { Db } from '#server/db/database.ts';
import type { GalleryLinkRow, GalleryLinkUpdate, NewGalleryLinkRow } from './galleries.table.ts';

export function listLinks(db: Db, categoryId: number): Promise<GalleryLinkRow[]> {
  return db.selectFrom('galleryLinks').selectAll().where('categoryId', '=', categoryId).orderBy('id').execute();
}

/** A link of one of the owner's live categories. */
export function findOwnedLink(db: Db, userId: number, id: number): Promise<GalleryLinkRow | undefined> {
  return db
    .selectFrom('galleryLinks')
    .innerJoin('categories', 'categories.id', 'galleryLinks.categoryId')
    .selectAll('galleryLinks')
    .where('galleryLinks.id', '=', id)
    .where('categories.userId', '=', userId)
    .where('categories.deletedAt', 'is', null)
    .executeTakeFirst();
}

export function findLinkByToken(db: Db, token: string): Promise<GalleryLinkRow | undefined> {
  return db.selectFrom('galleryLinks').selectAll().where('token', '=', token).executeTakeFirst();
}

export function insertLink(db: Db, row: NewGalleryLinkRow): Promise<GalleryLinkRow> {
  return db.insertInto('galleryLinks').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateLink(db: Db, id: number, changes: GalleryLinkUpdate): Promise<GalleryLinkRow | undefined> {
  return db.updateTable('galleryLinks').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteLink(db: Db, id: number): Promise<void> {
  await db.deleteFrom('galleryLinks').where('id', '=', id).execute();
}
