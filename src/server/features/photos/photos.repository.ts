import type { Db } from '#server/db/database.ts';
import type { NewPhotoRow, PhotoRow, PhotoUpdate } from './photos.table.ts';

export type PhotoWithCategoryRow = PhotoRow & { categoryName: string | null };

/** The owner's photos in page order: categories in their order, the photo bank last. */
export function listPhotos(db: Db, userId: number): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .leftJoin('categories', 'categories.id', 'photos.categoryId')
    .selectAll('photos')
    .where('photos.userId', '=', userId)
    .orderBy('categories.sortOrder', (order) => order.asc().nullsLast())
    .orderBy('photos.categoryId')
    .orderBy('photos.sortOrder')
    .orderBy('photos.id')
    .execute();
}

export function findPhotoWithCategory(db: Db, userId: number, id: number): Promise<PhotoWithCategoryRow | undefined> {
  return db
    .selectFrom('photos')
    .leftJoin('categories', 'categories.id', 'photos.categoryId')
    .selectAll('photos')
    .select('categories.name as categoryName')
    .where('photos.userId', '=', userId)
    .where('photos.id', '=', id)
    .executeTakeFirst();
}

/**
 * Makes appends to a user's photo bank wait for each other until the transaction ends: the
 * owner's row is written (to itself), which PostgreSQL locks until commit. Without it, two
 * uploads under READ COMMITTED read the same last order and both take the next one. SQLite runs
 * one writer at a time anyway.
 */
export async function lockPhotoOrder(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', userId)
    .execute();
}

/** The highest order in the photo bank, or -1 when it is empty. */
export async function maxBankOrder(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.max('sortOrder').as('maxOrder'))
    .where('userId', '=', userId)
    .where('categoryId', 'is', null)
    .executeTakeFirst();
  return row?.maxOrder === null || row?.maxOrder === undefined ? -1 : Number(row.maxOrder);
}

export async function insertPhotos(db: Db, rows: NewPhotoRow[]): Promise<PhotoRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('photos').values(rows).returningAll().execute();
}

export function updatePhoto(db: Db, userId: number, id: number, changes: PhotoUpdate): Promise<PhotoRow | undefined> {
  return db
    .updateTable('photos')
    .set(changes)
    .where('userId', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function deletePhoto(db: Db, userId: number, id: number): Promise<PhotoRow | undefined> {
  return db
    .deleteFrom('photos')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Which of `ids` are photos of the user. */
export async function existingPhotoIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('photos')
    .select('id')
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function setPhotoPlacement(
  db: Db,
  userId: number,
  id: number,
  placement: { sortOrder: number; categoryId: number | null; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('photos')
    .set(placement)
    .where('userId', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Every photo of every user, for the orphan sweep; only the columns that name files. */
export function listPhotoFiles(
  db: Db,
): Promise<Array<Pick<PhotoRow, 'id' | 'userId' | 'fileKey' | 'filename' | 'thumbnail' | 'variants'>>> {
  return db.selectFrom('photos').select(['id', 'userId', 'fileKey', 'filename', 'thumbnail', 'variants']).execute();
}

export async function deletePhotosById(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('photos').where('id', 'in', ids).execute();
}

export async function countPhotos(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
