import type { Db } from '#server/db/database.ts';
import type { CategoryRow, CategoryUpdate, NewCategoryRow } from './categories.table.ts';

export function listCategories(db: Db, userId: number): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('userId', '=', userId)
    .where('deletedAt', 'is', null)
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
}

export function findCategory(db: Db, userId: number, id: number): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export async function countCategories(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertCategory(db: Db, category: NewCategoryRow): Promise<CategoryRow> {
  return db.insertInto('categories').values(category).returningAll().executeTakeFirstOrThrow();
}

export function updateCategory(
  db: Db,
  userId: number,
  id: number,
  changes: CategoryUpdate,
): Promise<CategoryRow | undefined> {
  return db
    .updateTable('categories')
    .set(changes)
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Puts a live category in the trash: it leaves every list, its photos show in the photo bank
 * (the photo lists join only live categories) and still point at it, so an Undo brings them back.
 */
export async function trashCategory(db: Db, userId: number, id: number, deletedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('categories')
    .set({ deletedAt })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes a category out of the trash if it went in at or after `since`. */
export async function restoreCategory(db: Db, userId: number, id: number, since: string): Promise<boolean> {
  const result = await db
    .updateTable('categories')
    .set({ deletedAt: null })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('deletedAt', '>=', since)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Removes for good the categories trashed before `before`; their photos that still point at them
 * fall back to the photo bank through the foreign key (ON DELETE SET NULL).
 */
export async function purgeCategories(db: Db, before: string): Promise<number> {
  // Their photos fall back to the bank out of public view when the category was not public.
  await db
    .updateTable('photos')
    .set({ bankPrivate: 1 })
    .where('categoryId', 'in', db.selectFrom('categories').select('id').where('deletedAt', '<', before).where('visibility', '!=', 'public'))
    .execute();
  const result = await db.deleteFrom('categories').where('deletedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setCategoryOrder(db: Db, userId: number, id: number, sortOrder: number): Promise<number> {
  const result = await db
    .updateTable('categories')
    .set({ sortOrder })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
