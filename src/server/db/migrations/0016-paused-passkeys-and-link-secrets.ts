import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * A passkey paused by a password reset by mail (`passkeys.paused_at`; null when it signs in on its
 * own): it serves only after the password until the owner keeps it.
 *
 * A gallery link's key for the device cookies of the browsers that gave its password
 * (`gallery_links.device_key`, random, never shown): such a browser is spared the link's count of
 * tries, so a holder of the link cannot lock its client out.
 *
 * A gallery link's token kept only as its SHA-256 (`gallery_links.token` becomes `token_hash`,
 * hex) with its last 4 characters (`token_end`) for the owner's list: the database, its backups and
 * a reader of them no longer hold working addresses. Tokens are 256 random bits: no salt is needed.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('passkeys').addColumn('paused_at', 'text').execute();

  await db.schema.alterTable('gallery_links').addColumn('device_key', 'text').execute();
  const links = await sql<{ id: number }>`select id from gallery_links`.execute(db);
  for (const { id } of links.rows) {
    await sql`update gallery_links set device_key = ${randomBytes(32).toString('base64url')} where id = ${id}`.execute(db);
  }

  await hashLinkTokens(db);
}

/** The token part of this migration, on its own for its test. */
export async function hashLinkTokens(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gallery_links').renameColumn('token', 'token_hash').execute();
  await db.schema.alterTable('gallery_links').addColumn('token_end', 'text', (col) => col.notNull().defaultTo('')).execute();
  // One-word names: the result's keys are the same with or without the camel-case plugin.
  const links = await sql<{ id: number; token: string }>`select id, token_hash as token from gallery_links`.execute(db);
  for (const { id, token } of links.rows) {
    const hash = createHash('sha256').update(token).digest('hex');
    await sql`update gallery_links set token_hash = ${hash}, token_end = ${token.slice(-4)} where id = ${id}`.execute(db);
  }
}
