import { PostgresAdapter, sql } from 'kysely';
import type { Db, Database } from '#server/db/database.ts';

/**
 * The tables a refused request must leave exactly as they were. Sessions and rate limits are
 * left out on purpose: an expired session is deleted when it is presented, and a failed sign-in
 * is counted; both are the protection working, not a change the request made.
 */
export const CONTENT_TABLES = [
  'users',
  'categories',
  'photos',
  'contactMessages',
  'passwordResetTokens',
  'passkeys',
  'totpFactors',
  'recoveryCodes',
  'apiTokens',
  'webhooks',
] as const;

export type Snapshot = Record<string, unknown[]>;

/**
 * Every row of the given tables, in id order, for before/after comparisons (of one snapshot with
 * another: on PostgreSQL the rows come as JSON, with the columns' own names).
 */
export async function snapshotTables(
  db: Db,
  tables: ReadonlyArray<keyof Database> = CONTENT_TABLES,
): Promise<Snapshot> {
  // Every table but rate_limits has an id; rate_limits has its key.
  const orderOf = (table: keyof Database) => (table === 'rateLimits' ? 'key' : 'id');
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // One round trip for all of them: a query a table, two snapshots a test, were a third of the
    // authorization matrix's time on PostgreSQL.
    const row = await db
      .selectNoFrom(tables.map((table) => sql<unknown[]>`(select coalesce(json_agg(r order by ${sql.ref(`r.${orderOf(table)}`)}), '[]') from ${sql.table(table)} as r)`.as(table)))
      .executeTakeFirstOrThrow();
    return row;
  }
  const snapshot: Snapshot = {};
  for (const table of tables) {
    snapshot[table] = await db.selectFrom(table).selectAll().orderBy(orderOf(table) as never).execute();
  }
  return snapshot;
}
