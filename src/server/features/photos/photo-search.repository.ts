import { sql, type SqlBool } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ListedPhotoRow } from './photos.repository.ts';

/** What the owner's search asks of the photos table; every part is optional, and all apply. */
export interface PhotoSearch {
  /** Lower-cased: found in the lower-cased title or original name. */
  text?: string;
  /** A live category's id, or null for the photo bank (no live category); absent: anywhere. */
  place?: number | null;
  /** Inclusive lower bound of `taken_at`, a day ("2024-05-01"). */
  takenFrom?: string;
  /** Exclusive upper bound of `taken_at`, the day after the last one asked for. */
  takenBefore?: string;
  camera?: string;
  withoutAltText?: boolean;
}

/** `%`, `_` and the escape itself, taken literally by LIKE … ESCAPE '\'. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The owner's live photos the search finds, joined to their live category. The same SQL on both
 * databases: `lower()` folds every letter on either (db/database.ts gives SQLite one that does),
 * and LIKE with an explicit escape reads the same.
 */
function searched(db: Db, userId: number, search: PhotoSearch) {
  let query = db
    .selectFrom('photos')
    .leftJoin('categories', (join) =>
      join.onRef('categories.id', '=', 'photos.categoryId').on('categories.deletedAt', 'is', null),
    )
    .where('photos.userId', '=', userId)
    .where('photos.deletedAt', 'is', null);
  if (search.text) {
    const pattern = `%${likeLiteral(search.text)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(${eb.ref('photos.title')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('photos.originalName')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (search.place === null) query = query.where('categories.id', 'is', null);
  else if (search.place !== undefined) query = query.where('categories.id', '=', search.place);
  if (search.takenFrom !== undefined) query = query.where('photos.takenAt', '>=', search.takenFrom);
  if (search.takenBefore !== undefined) query = query.where('photos.takenAt', '<', search.takenBefore);
  if (search.camera !== undefined) query = query.where('photos.camera', '=', search.camera);
  if (search.withoutAltText) query = query.where((eb) => eb.or([eb('photos.altText', 'is', null), eb('photos.altText', '=', '')]));
  return query;
}

/** One page of what the search finds, newest upload first, after the photo `beforeId` (exclusive). */
export function searchPhotos(db: Db, userId: number, search: PhotoSearch, page: { beforeId?: number; limit: number }): Promise<ListedPhotoRow[]> {
  let query = searched(db, userId, search).selectAll('photos').select('categories.id as liveCategoryId');
  if (page.beforeId !== undefined) query = query.where('photos.id', '<', page.beforeId);
  return query.orderBy('photos.id', 'desc').limit(page.limit).execute();
}

export async function countSearched(db: Db, userId: number, search: PhotoSearch): Promise<number> {
  const row = await searched(db, userId, search)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The ids the search finds, newest upload first, at most `limit`. */
export async function searchedIds(db: Db, userId: number, search: PhotoSearch, limit: number): Promise<number[]> {
  const rows = await searched(db, userId, search).select('photos.id').orderBy('photos.id', 'desc').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Each camera of the owner's live photos, with how many it took. */
export async function cameras(db: Db, userId: number): Promise<Array<{ name: string; count: number }>> {
  const rows = await db
    .selectFrom('photos')
    .select(['camera', (eb) => eb.fn.countAll<number>().as('count')])
    .where('userId', '=', userId)
    .where('deletedAt', 'is', null)
    .where('camera', 'is not', null)
    .groupBy('camera')
    .execute();
  return rows.map((row) => ({ name: row.camera!, count: Number(row.count) }));
}
