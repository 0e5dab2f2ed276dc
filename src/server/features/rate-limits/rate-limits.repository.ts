import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

export function findWindow(db: Db, key: string): Promise<{ hits: number; resetAt: string } | undefined> {
  return db.selectFrom('rateLimits').select(['hits', 'resetAt']).where('key', '=', key).executeTakeFirst();
}

/**
 * Counts one hit in a single statement, so two processes never lose one: a window that ended
 * starts again at 1 and ends at `resetAt`. Returns the count in the current window.
 */
export async function countHit(db: Db, key: string, nowIso: string, resetAt: string): Promise<number> {
  const row = await db
    .insertInto('rateLimits')
    .values({ key, hits: 1, resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.hits + 1 end`,
        resetAt: sql<string>`case when rate_limits.reset_at <= ${nowIso} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

export async function deleteWindow(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', '=', key).execute();
}

export async function deleteEndedWindows(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('resetAt', '<=', nowIso).execute();
}
