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

/** Every row of the given tables, in id order, for before/after comparisons. */
export async function snapshotTables(
  db: Db,
  tables: ReadonlyArray<keyof Database> = CONTENT_TABLES,
): Promise<Snapshot> {
  const snapshot: Snapshot = {};
  for (const table of tables) {
    // Every table but rate_limits has an id; rate_limits has its key.
    const order = table === 'rateLimits' ? 'key' : 'id';
    snapshot[table] = await db.selectFrom(table).selectAll().orderBy(order as never).execute();
  }
  return snapshot;
}
