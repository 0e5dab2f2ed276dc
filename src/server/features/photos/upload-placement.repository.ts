import type { Db } from '#server/db/database.ts';
import type { PhotoRow } from './photos.table.ts';

/** SQL of where an upload's photos go: first in their place, and once per file of a selection. */

/** The photos already stored from these positions of the selection, by position. */
export async function photosOfSelection(
  db: Db,
  userId: number,
  selection: string,
  positions: number[],
): Promise<Map<number, PhotoRow>> {
  if (positions.length === 0) return new Map();
  const rows = await db
    .selectFrom('photos')
    .selectAll()
    .where('userId', '=', userId)
    .where('uploadSelection', '=', selection)
    .where('uploadPosition', 'in', positions)
    .execute();
  return new Map(rows.map((row) => [row.uploadPosition!, row]));
}

/** Whether any file of the selection is stored yet (its first batch made room for all of them). */
export async function selectionStarted(db: Db, userId: number, selection: string): Promise<boolean> {
  const row = await db
    .selectFrom('photos')
    .select('id')
    .where('userId', '=', userId)
    .where('uploadSelection', '=', selection)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves every photo of the bank (null) or of a category down by `by` places, making room on top. */
export async function shiftOrders(db: Db, userId: number, categoryId: number | null, by: number): Promise<void> {
  if (by <= 0) return;
  await db
    .updateTable('photos')
    .set((eb) => ({ sortOrder: eb('sortOrder', '+', by) }))
    .where('userId', '=', userId)
    .where('categoryId', categoryId === null ? 'is' : '=', categoryId)
    .execute();
}
