import type { Db } from '#server/db/database.ts';
import type { CategoryRow, CategoryUpdate, NewCategoryRow } from './categories.table.ts';

export function listCategories(db: Db, userId: number): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('userId', '=', userId)
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
    .executeTakeFirst();
}

export async function countCategories(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
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
    .returningAll()
    .executeTakeFirst();
}

/** Photos of the category fall back to the photo bank through the foreign key (ON DELETE SET NULL). */
export async function deleteCategory(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('categories')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setCategoryOrder(db: Db, userId: number, id: number, sortOrder: number): Promise<number> {
  const result = await db
    .updateTable('categories')
    .set({ sortOrder })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
