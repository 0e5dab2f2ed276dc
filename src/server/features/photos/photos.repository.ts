import type { CategoryVisibility } from '#contract/categories.ts';
import type { Db } from '#server/db/database.ts';
import type { NewPhotoRow, PhotoRow, PhotoUpdate } from './photos.table.ts';

/** What one render of an original sets on its row. */
export type RenderedColumns = Required<Pick<NewPhotoRow, 'filename' | 'thumbnail' | 'variants' | 'width' | 'height' | 'placeholder'>>;

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
    .where('deletedAt', 'is', null)
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
export async function setCameraDetails(db: Db, id: number, cameraDetails: string): Promise<void> {
  await db.updateTable('photos').set({ cameraDetails }).where('id', '=', id).execute();
}

/** Every photo, oldest first, with the columns that name its files. */
export function listAllPhotoFiles(db: Db): Promise<Array<Pick<PhotoRow, 'id' | 'fileKey' | 'filename' | 'thumbnail' | 'variants' | 'filesPrivate'>>> {
  return db.selectFrom('photos').select(['id', 'fileKey', 'filename', 'thumbnail', 'variants', 'filesPrivate']).orderBy('id').execute();
}

/** A photo whose copies sit in the other store than its category's visibility asks for. */
export type MisplacedPhotoRow = Pick<PhotoRow, 'id' | 'fileKey' | 'filename' | 'thumbnail' | 'variants' | 'filesPrivate'>;

/**
 * Photos (live or in the trash) whose copies are where they should not be: in the uploads store
 * while their category is unlisted or private, or restricted while it is public. A category in
 * the trash still counts: its photos stay restricted through the Undo window. A photo without a
 * category keeps its copies where they are: a private gallery's photos left in the bank when it
 * was deleted are not made public by it, only by being put in a public category.
 */
export function listMisplacedPhotos(db: Db): Promise<MisplacedPhotoRow[]> {
  return db
    .selectFrom('photos')
    .innerJoin('categories', 'categories.id', 'photos.categoryId')
    .select(['photos.id', 'photos.fileKey', 'photos.filename', 'photos.thumbnail', 'photos.variants', 'photos.filesPrivate'])
    .where((eb) =>
      eb.or([
        eb.and([eb('photos.filesPrivate', '=', 0), eb('categories.visibility', '!=', 'public')]),
        eb.and([eb('photos.filesPrivate', '=', 1), eb('categories.visibility', '=', 'public')]),
      ]),
    )
    .orderBy('photos.id')
    .execute();
}

/** Records where a photo's copies are now; false when the photo was re-rendered or deleted meanwhile. */
export async function setFilesPrivate(db: Db, id: number, fileKey: string, filesPrivate: number): Promise<boolean> {
  const updated = await db
    .updateTable('photos')
    .set({ filesPrivate })
    .where('id', '=', id)
    .where('fileKey', '=', fileKey)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A live photo of the category whose copies use this file key: what a gallery may serve. */
export function findCategoryPhotoByFileKey(
  db: Db,
  categoryId: number,
  fileKey: string,
): Promise<Pick<PhotoRow, 'id' | 'filename' | 'thumbnail' | 'variants' | 'filesPrivate'> | undefined> {
  return db
    .selectFrom('photos')
    .select(['id', 'filename', 'thumbnail', 'variants', 'filesPrivate'])
    .where('categoryId', '=', categoryId)
    .where('fileKey', '=', fileKey)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * Points a photo at the files of a new render and raises its version, so every URL (`?v=`) changes;
 * false when the photo is gone (or its key changed) meanwhile.
 */
export async function replaceRenderedFiles(
  db: Db,
  id: number,
  fileKey: string,
  columns: RenderedColumns & { renderedRights?: string | null; renderedWatermark?: string | null; filesPrivate: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('photos')
    .set((eb) => ({ ...columns, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('fileKey', '=', fileKey)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * A photo's files, its own rights and its live category's defaults: what its XMP should say; and
 * the site's and its category's watermark settings (issue 16): what its copies should show.
 */
export interface RightsSourceRow
  extends Pick<
    PhotoRow,
    'id' | 'fileKey' | 'filename' | 'thumbnail' | 'variants' | 'filesPrivate' | 'license' | 'credit' | 'copyright' | 'renderedRights' | 'renderedWatermark'
  > {
  defaultLicense: string | null;
  defaultCredit: string | null;
  defaultCopyright: string | null;
  siteWatermark: string | null;
  categoryWatermark: string | null;
}

/** Every live photo (of one photo, with `id`), with what decides the rights of its copies. */
export function listRightsSources(db: Db, filter: { id?: number } = {}): Promise<RightsSourceRow[]> {
  let query = db
    .selectFrom('photos')
    .leftJoin('categories', (join) =>
      join.onRef('categories.id', '=', 'photos.categoryId').on('categories.deletedAt', 'is', null),
    )
    .innerJoin('users', 'users.id', 'photos.userId')
    .select([
      'photos.id',
      'photos.fileKey',
      'photos.filename',
      'photos.thumbnail',
      'photos.variants',
      'photos.filesPrivate',
      'photos.license',
      'photos.credit',
      'photos.copyright',
      'photos.renderedRights',
      'photos.renderedWatermark',
      'categories.defaultLicense',
      'categories.defaultCredit',
      'categories.defaultCopyright',
      'users.watermark as siteWatermark',
      'categories.watermark as categoryWatermark',
    ])
    .where('photos.deletedAt', 'is', null);
  if (filter.id !== undefined) query = query.where('photos.id', '=', filter.id);
  return query.orderBy('photos.id').execute();
}
