import type { Db } from '#server/db/database.ts';

/** The site's watermark column (JSON or null) of the owner's row; undefined when there is no such user. */
export async function findSiteWatermark(db: Db, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('watermark').where('id', '=', userId).executeTakeFirst();
  return row?.watermark;
}

export async function setSiteWatermark(db: Db, userId: number, watermark: string | null): Promise<void> {
  await db.updateTable('users').set({ watermark }).where('id', '=', userId).execute();
}

/** A live category's watermark column; undefined when it is not one of the owner's live categories. */
export async function findCategoryWatermark(db: Db, userId: number, id: number): Promise<{ watermark: string | null } | undefined> {
  return db
    .selectFrom('categories')
    .select('watermark')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** False when the category is not one of the owner's live ones. */
export async function setCategoryWatermark(db: Db, userId: number, id: number, watermark: string | null): Promise<boolean> {
  const updated = await db
    .updateTable('categories')
    .set({ watermark })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Every watermark setting stored: the site's and each category's (in the trash too, for Undo). */
export async function listWatermarkColumns(db: Db): Promise<string[]> {
  const users = await db.selectFrom('users').select('watermark').where('watermark', 'is not', null).execute();
  const categories = await db.selectFrom('categories').select('watermark').where('watermark', 'is not', null).execute();
  return [...users, ...categories].map((row) => row.watermark!);
}
