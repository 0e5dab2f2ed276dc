import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * A passkey paused by a password reset by mail (`passkeys.paused_at`; null when it signs in on its
 * own): it serves only after the password until the owner keeps it.
 *
 * A gallery link's key for the device cookies of the browsers that gave its password
 * (`gallery_links.device_key`, random, never shown): such a browser is spared the link's count of
 * tries, so a holder of the link cannot lock its client out.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('passkeys').addColumn('paused_at', 'text').execute();

  await db.schema.alterTable('gallery_links').addColumn('device_key', 'text').execute();
  const links = await sql<{ id: number }>`select id from gallery_links`.execute(db);
  for (const { id } of links.rows) {
    await sql`update gallery_links set device_key = ${randomBytes(32).toString('base64url')} where id = ${id}`.execute(db);
  }
}
