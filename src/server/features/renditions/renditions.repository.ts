import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '#server/db/database.ts';

/** A photo row, as this feature reads the photos table (its copies' columns are this feature's to write). */
export type PhotoRow = Selectable<Database['photos']>;

/**
 * The columns of a photo row that say what its copies are: their names (`copies_key`, `filename`,
 * `thumbnail`, `variants`), which store holds them (`files_private`), and what they carry
 * (`rendered_rights`, `rendered_watermark`). Only this feature writes them after an upload.
 */

/** The columns that name a photo's copies and where they are. */
export type CopiesRow = Pick<PhotoRow, 'id' | 'fileKey' | 'copiesKey' | 'filename' | 'thumbnail' | 'variants' | 'filesPrivate'>;

const COPIES_COLUMNS = [
  'photos.id',
  'photos.fileKey',
  'photos.copiesKey',
  'photos.filename',
  'photos.thumbnail',
  'photos.variants',
  'photos.filesPrivate',
] as const;

/** What a photo's new file sets on its row beside its copies: what was read from the file (the photos feature's columns). */
export type ReplacedFileColumns = Partial<Pick<PhotoRow, 'cameraDetails' | 'camera' | 'takenAt' | 'originalName' | 'updatedAt'>>;

/** What one render of an original sets on its row. */
export type RenderedColumns = Pick<PhotoRow, 'filename' | 'thumbnail' | 'variants' | 'width' | 'height' | 'placeholder'>;

/**
 * Whether a photo's copies belong out of the public store: in the trash (until Undo or the
 * purge), in an unlisted or private category (one in the trash too, through its Undo window), or
 * without a category and kept private since it left a private gallery (`bank_private`).
 */
const wantsPrivate = sql<boolean>`(
  photos.deleted_at is not null
  or (photos.category_id is null and photos.bank_private = 1)
  or exists (select 1 from categories where categories.id = photos.category_id and categories.visibility != 'public')
)`;

/** Photos, live or in the trash, whose copies are in the other store than they belong in. */
export function listMisplaced(db: Db): Promise<CopiesRow[]> {
  return db
    .selectFrom('photos')
    .select(COPIES_COLUMNS)
    .where((eb) =>
      eb.or([
        eb.and([eb('photos.filesPrivate', '=', 0), wantsPrivate]),
        eb.and([eb('photos.filesPrivate', '=', 1), eb.not(wantsPrivate)]),
      ]),
    )
    .orderBy('photos.id')
    .execute();
}

/** Where a new photo's copies go: true for the restricted store (an unlisted or private category). */
export async function newPhotoWantsPrivate(db: Db, categoryId: number | null): Promise<boolean> {
  if (categoryId === null) return false;
  const row = await db.selectFrom('categories').select('visibility').where('id', '=', categoryId).executeTakeFirst();
  return row !== undefined && row.visibility !== 'public';
}

/**
 * Points a photo at other copies (rendered anew, or renamed into the other store) and raises its
 * version, so every URL (`?v=`) changes; false when the photo is gone, or its copies changed
 * meanwhile (the row no longer names `fromKey`).
 */
export async function swapCopies(
  db: Db,
  id: number,
  fromKey: string,
  columns: Partial<RenderedColumns> &
    Pick<PhotoRow, 'copiesKey' | 'filename' | 'thumbnail' | 'variants' | 'filesPrivate'> &
    Partial<Pick<PhotoRow, 'renderedRights' | 'renderedWatermark' | 'fileKey'>> &
    ReplacedFileColumns,
): Promise<boolean> {
  const updated = await db
    .updateTable('photos')
    .set((eb) => ({ ...columns, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('copiesKey', '=', fromKey)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A live photo of the category whose current copies are named by `copiesKey`: what a gallery may serve. */
export function findCategoryPhotoByCopiesKey(db: Db, categoryId: number, copiesKey: string): Promise<CopiesRow | undefined> {
  return db
    .selectFrom('photos')
    .select(COPIES_COLUMNS)
    .where('photos.categoryId', '=', categoryId)
    .where('photos.copiesKey', '=', copiesKey)
    .where('photos.deletedAt', 'is', null)
    .executeTakeFirst();
}

/** Every photo, oldest first, with the columns that name its files. */
export function listAllCopies(db: Db): Promise<CopiesRow[]> {
  return db.selectFrom('photos').select(COPIES_COLUMNS).orderBy('photos.id').execute();
}

/**
 * A photo's copies, its own rights and its live category's defaults: what its XMP should say; and
 * the site's and its category's watermark settings: what its copies should show.
 */
export interface RightsSourceRow
  extends CopiesRow,
    Pick<PhotoRow, 'license' | 'credit' | 'copyright' | 'renderedRights' | 'renderedWatermark'> {
  defaultLicense: string | null;
  defaultCredit: string | null;
  defaultCopyright: string | null;
  siteWatermark: string | null;
  categoryWatermark: string | null;
}

/** Every live photo (or the one with `id`), with what decides the rights and watermark of its copies. */
export function listRightsSources(db: Db, filter: { id?: number } = {}): Promise<RightsSourceRow[]> {
  let query = db
    .selectFrom('photos')
    .leftJoin('categories', (join) =>
      join.onRef('categories.id', '=', 'photos.categoryId').on('categories.deletedAt', 'is', null),
    )
    .innerJoin('users', 'users.id', 'photos.userId')
    .select([
      ...COPIES_COLUMNS,
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

/** The site's watermark column and a live category's (null: none, or the bank): what a new photo gets. */
export async function watermarkColumnsFor(
  db: Db,
  userId: number,
  categoryId: number | null,
): Promise<{ siteWatermark: string | null; categoryWatermark: string | null }> {
  const user = await db.selectFrom('users').select('watermark').where('id', '=', userId).executeTakeFirst();
  const category =
    categoryId === null
      ? undefined
      : await db
          .selectFrom('categories')
          .select('watermark')
          .where('id', '=', categoryId)
          .where('userId', '=', userId)
          .where('deletedAt', 'is', null)
          .executeTakeFirst();
  return { siteWatermark: user?.watermark ?? null, categoryWatermark: category?.watermark ?? null };
}
