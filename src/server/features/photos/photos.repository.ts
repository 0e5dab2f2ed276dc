import type { CategoryVisibility } from '#contract/categories.ts';
import type { Db } from '#server/db/database.ts';
import type { NewPhotoRow, PhotoRow, PhotoUpdate } from './photos.table.ts';

export type PhotoWithCategoryRow = PhotoRow & {
  categoryName: string | null;
  categoryHidden: number | null;
  categoryVisibility: CategoryVisibility | null;
};

/** A row with the id of its live category: null in the bank, or while its category is in the trash. */
export type ListedPhotoRow = PhotoRow & { liveCategoryId: number | null };

/** The owner's live photos in page order: categories in their order, the photo bank last. */
function listedPhotos(db: Db, userId: number) {
  return db
    .selectFrom('photos')
    .leftJoin('categories', (join) =>
      join.onRef('categories.id', '=', 'photos.categoryId').on('categories.deletedAt', 'is', null),
    )
    .selectAll('photos')
    .select('categories.id as liveCategoryId')
    .where('photos.userId', '=', userId)
    .where('photos.deletedAt', 'is', null)
    .orderBy('categories.sortOrder', (order) => order.asc().nullsLast())
    .orderBy('photos.categoryId')
    .orderBy('photos.sortOrder')
    .orderBy('photos.id');
}

/** The owner's live photos in page order; with `categoryId`, only that category's. */
export function listPhotos(db: Db, userId: number, categoryId?: number): Promise<ListedPhotoRow[]> {
  const query = listedPhotos(db, userId);
  return (categoryId === undefined ? query : query.where('photos.categoryId', '=', categoryId)).execute();
}

/**
 * The live photos of one place, a live category or the bank (null: no live category), and the
 * photos `andIds` wherever they are, in page order: what a move or a drag renumbers, without
 * reading the owner's other places.
 */
export function listPlace(db: Db, userId: number, place: number | null, andIds: readonly number[]): Promise<ListedPhotoRow[]> {
  return listedPhotos(db, userId)
    .where((eb) =>
      eb.or([
        place === null ? eb('categories.id', 'is', null) : eb('photos.categoryId', '=', place),
        ...(andIds.length > 0 ? [eb('photos.id', 'in', andIds)] : []),
      ]),
    )
    .execute();
}

export function findPhotoWithCategory(db: Db, userId: number, id: number): Promise<PhotoWithCategoryRow | undefined> {
  return db
    .selectFrom('photos')
    .leftJoin('categories', (join) =>
      join.onRef('categories.id', '=', 'photos.categoryId').on('categories.deletedAt', 'is', null),
    )
    .selectAll('photos')
    .select(['categories.name as categoryName', 'categories.hidden as categoryHidden', 'categories.visibility as categoryVisibility'])
    .where('photos.userId', '=', userId)
    .where('photos.id', '=', id)
    .where('photos.deletedAt', 'is', null)
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
    .where('deletedAt', 'is', null)
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
    .where('deletedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Puts the live photos of `ids` in the trash; answers how many went. */
export async function trashPhotos(db: Db, userId: number, ids: number[], deletedAt: string): Promise<number> {
  const result = await db
    .updateTable('photos')
    .set({ deletedAt })
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Takes the photos of `ids` out of the trash if they went in at or after `since`; answers how many came back. */
export async function restorePhotos(db: Db, userId: number, ids: number[], since: string): Promise<number> {
  const result = await db
    .updateTable('photos')
    .set({ deletedAt: null })
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .where('deletedAt', '>=', since)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Rows trashed before `before`, every user's: what the purge removes with their files. */
export function trashedBefore(db: Db, before: string): Promise<PhotoRow[]> {
  return db.selectFrom('photos').selectAll().where('deletedAt', '<', before).execute();
}

/** The category each of `ids` that is a live photo of the user is in (null: the bank). */
export async function categoriesOfPhotos(db: Db, userId: number, ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('photos')
    .select(['id', 'categoryId'])
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.categoryId]));
}

/** Which of `ids` are live photos of the user. */
export async function existingPhotoIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('photos')
    .select('id')
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * A live photo's place and order. A photo that leaves an unlisted or private category for the
 * bank stays out of public view there (`bank_private`); only a public category publishes it.
 */
export async function setPhotoPlacement(
  db: Db,
  userId: number,
  id: number,
  placement: { sortOrder: number; categoryId: number | null; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('photos')
    .set((eb) => ({
      ...placement,
      // Read before the row changes: SET sees the row as it was.
      bankPrivate:
        placement.categoryId !== null
          ? 0
          : eb
              .case()
              .when('photos.categoryId', 'is', null)
              .then(eb.ref('photos.bankPrivate'))
              .when(
                eb.exists(
                  eb
                    .selectFrom('categories')
                    .select('categories.id')
                    .whereRef('categories.id', '=', 'photos.categoryId')
                    .where('categories.visibility', '!=', 'public'),
                ),
              )
              .then(1)
              .else(0)
              .end(),
    }))
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .execute();
}

/** Every photo of every user, for the orphan sweep; only the columns that name files. */
export function listPhotoFiles(
  db: Db,
): Promise<Array<Pick<PhotoRow, 'id' | 'userId' | 'fileKey' | 'filename' | 'thumbnail' | 'variants' | 'videoFiles'>>> {
  return db.selectFrom('photos').select(['id', 'userId', 'fileKey', 'filename', 'thumbnail', 'variants', 'videoFiles']).execute();
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
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Photos whose camera details were never read (or every photo), oldest first, a page at a time. */
export function listPhotosForCameraDetails(
  db: Db,
  options: { all: boolean; afterId: number; limit: number },
): Promise<Array<Pick<PhotoRow, 'id' | 'fileKey'>>> {
  let query = db.selectFrom('photos').select(['id', 'fileKey']).where('id', '>', options.afterId);
  if (!options.all) query = query.where('cameraDetails', 'is', null);
  return query.orderBy('id').limit(options.limit).execute();
}

/** Camera details are read from the original, not shown in any file: the version stays. */
export async function setCameraDetails(db: Db, id: number, columns: Pick<PhotoUpdate, 'cameraDetails' | 'camera' | 'takenAt'>): Promise<void> {
  await db.updateTable('photos').set(columns).where('id', '=', id).execute();
}

/** The names the photos were uploaded under, by id (null where not known). */
export async function originalNames(db: Db, ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('photos').select(['id', 'originalName']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.originalName]));
}

/** What the embedded-text backfill reads of photos not yet read, in id order. */
export function listPhotosToReadEmbedded(db: Db, options: { afterId: number; limit: number }) {
  return db
    .selectFrom('photos')
    .select(['id', 'fileKey', 'title', 'description', 'altText', 'credit', 'copyright', 'originalName', 'createdAt', 'updatedAt'])
    .where('embeddedRead', '=', 0)
    .where('id', '>', options.afterId)
    .orderBy('id')
    .limit(options.limit)
    .execute();
}

export async function anyPhotoToReadEmbedded(db: Db): Promise<boolean> {
  return (await db.selectFrom('photos').select('id').where('embeddedRead', '=', 0).limit(1).executeTakeFirst()) !== undefined;
}

/** Marks a photo read, with what its file said; only if it was not read meanwhile. */
export async function setEmbeddedText(db: Db, id: number, changes: PhotoUpdate): Promise<void> {
  await db.updateTable('photos').set({ ...changes, embeddedRead: 1 }).where('id', '=', id).where('embeddedRead', '=', 0).execute();
}

/** The titles of the live photos of `ids`. */
export function titlesOf(db: Db, userId: number, ids: number[]): Promise<Array<Pick<PhotoRow, 'id' | 'title'>>> {
  return db
    .selectFrom('photos')
    .select(['id', 'title'])
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
}

/** The same change to every live photo of `ids`, in one statement. */
export async function updatePhotos(db: Db, userId: number, ids: number[], changes: PhotoUpdate): Promise<void> {
  await db
    .updateTable('photos')
    .set(changes)
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
}

/** The live photos of `ids` with their live category, in no particular order. */
export function listedPhotosById(db: Db, userId: number, ids: number[]): Promise<ListedPhotoRow[]> {
  return listedPhotos(db, userId).where('photos.id', 'in', ids).execute();
}
