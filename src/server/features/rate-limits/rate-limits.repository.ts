import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/**
 * Counts one hit in a single statement, so two processes never lose one: a window that ended
 * starts again at 1 and ends at `resetAt`. Returns the count in the current window and when it ends.
 */
export async function countHit(db: Db, key: string, nowIso: string, resetAt: string): Promise<{ hits: number; resetAt: string }> {
  const row = await db
    .insertInto('rateLimits')
    .values({ key, hits: 1, resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.hits + 1 end`,
        resetAt: sql<string>`case when rate_limits.reset_at <= ${nowIso} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['hits', 'resetAt'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: row.resetAt };
}

export async function deleteWindow(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', '=', key).execute();
}

export async function deleteEndedWindows(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('resetAt', '<=', nowIso).execute();
}
