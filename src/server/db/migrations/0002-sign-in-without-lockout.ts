import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * What lets the owner in while someone guesses the password: browsers that signed in before
 * (the device cookie) and one-time sign-in links mailed to the recovery address.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('trusted_devices')
    .ifNotExists()
    // SHA-256 of the device cookie's secret, as for sessions: a leaked database trusts no browser.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('trusted_devices_user').ifNotExists().on('trusted_devices').column('user_id').execute();

  await db.schema
    .createTable('sign_in_links')
    .ifNotExists()
    // SHA-256 of the link's token.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_in_links_user').ifNotExists().on('sign_in_links').column('user_id').execute();
}
