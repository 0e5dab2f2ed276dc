import { sql, type Kysely } from 'kysely';
import { createNotifyFunction, notifyChangesOf, QUIET_TABLES } from '#server/db/change-notices.ts';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * PostgreSQL only: every table but the quiet ones notifies `atelier_data_changed` on commit of a
 * change (db/change-notices.ts, docs/decisions/0015), so each instance's caches follow the
 * database's own notices instead of reading its snapshot on every request. SQLite reads its data
 * version on the connection, as before. A table made later notifies from its own migration
 * (`notifyChangesOf`), or joins QUIET_TABLES; tests/api/change-notices.test.ts checks that it does.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await createNotifyFunction(db);
  const { rows } = await sql<{ table: string }>`
    select tablename as "table" from pg_tables where schemaname = current_schema() order by 1`.execute(db);
  for (const { table } of rows) {
    if (!QUIET_TABLES.includes(table)) await notifyChangesOf(db, table);
  }
}
