import type { Db } from '#server/db/database.ts';
import type { ContactMessageRow, NewContactMessageRow } from './contact.table.ts';

export function insertMessage(db: Db, message: NewContactMessageRow): Promise<ContactMessageRow> {
  return db.insertInto('contactMessages').values(message).returningAll().executeTakeFirstOrThrow();
}

export function listMessages(db: Db, userId: number): Promise<ContactMessageRow[]> {
  return db
    .selectFrom('contactMessages')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function markRead(db: Db, userId: number, id: number, readAt: string): Promise<ContactMessageRow | undefined> {
  return db
    .updateTable('contactMessages')
    .set((eb) => ({ readAt: eb.fn.coalesce('readAt', eb.val(readAt)) }))
    .where('userId', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteMessage(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('contactMessages')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
