import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/**
 * Test schemas in the shared PostgreSQL database, made and dropped by tests running side by side.
 * Kysely's migrator looks for its own table through the introspector, which reads the columns of
 * every table in every schema; a schema dropped by another test in the middle of that read fails
 * it ("column … of relation … does not exist"). Migrations hold this advisory lock shared, drops
 * hold it alone, so no drop lands inside a migration's read. `admin` is a handle of one
 * connection (poolSize 1): a session's lock is held by its connection.
 */
const SCHEMAS_LOCK = 0x5c_4e_3a;

/** Runs `migrate` (a migration of a test schema) while no test schema is being dropped. */
export async function migrateBesideOthers<T>(admin: Db, migrate: () => Promise<T>): Promise<T> {
  await sql`select pg_advisory_lock_shared(${SCHEMAS_LOCK})`.execute(admin);
  try {
    return await migrate();
  } finally {
    await sql`select pg_advisory_unlock_shared(${SCHEMAS_LOCK})`.execute(admin);
  }
}

/** Drops a test schema and everything in it, when no migration is reading the catalogue. */
export async function dropTestSchema(admin: Db, schema: string): Promise<void> {
  await sql`select pg_advisory_lock(${SCHEMAS_LOCK})`.execute(admin);
  try {
    await admin.schema.dropSchema(schema).cascade().execute();
  } finally {
    await sql`select pg_advisory_unlock(${SCHEMAS_LOCK})`.execute(admin);
  }
}
