import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Second factors: passkeys, an authenticator app (TOTP) with recovery codes, the
 * WebAuthn challenges in flight, and what the owner's list of signed-in browsers shows.
 * A session whose `pending_until` is set is half signed in: the password was right, the second
 * step is still to come before that time; it is no owner session.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('pending_until', 'text').execute();
  // Only what the list shows: "Chrome on macOS" read from the user agent, and the address.
  await db.schema.alterTable('sessions').addColumn('device', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
  // The handle the list and its "sign out" use; the id (the cookie's hash) never leaves the server.
  await db.schema.alterTable('sessions').addColumn('handle', 'text').execute();
  // When the owner last proved who they are in this session (password or passkey), for disabling a factor.
  await db.schema.alterTable('sessions').addColumn('confirmed_at', 'text').execute();

  await db.schema
    .createTable('passkeys')
    .ifNotExists()
    // The credential id, base64url.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').ifNotExists().on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('totp_factors')
    .ifNotExists()
    // One per user: the user's id.
    .addColumn('id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    // Null until a first code confirmed the setup; only then is the factor on.
    .addColumn('confirmed_at', 'text')
    // The last time step a code was accepted for: a code, and any earlier one, works once.
    .addColumn('last_step', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .ifNotExists()
    // SHA-256 of the code, hex.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user').ifNotExists().on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .ifNotExists()
    // The challenge itself, base64url: it comes back inside the authenticator's answer.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}
