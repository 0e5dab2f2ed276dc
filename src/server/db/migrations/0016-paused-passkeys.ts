import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * A passkey paused by a password reset by mail (`passkeys.paused_at`; null when it signs in on its
 * own): it serves only after the password until the owner keeps it.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('passkeys').addColumn('paused_at', 'text').execute();
}
