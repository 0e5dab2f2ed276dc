import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Webhooks (`webhooks`): a URL of the owner's, the events it asked for (space-separated) and the
 * secret every delivery is signed with. The secret is kept as given, not hashed: the site needs it
 * again to sign each body, as a receiver needs it to check one.
 *
 * Their deliveries (`webhook_deliveries`): one row per event per hook, holding the exact body sent
 * (retries send the same bytes, so the same signature), its state and its last attempt (status,
 * error, attempts, time): the owner's delivery log. `once_key` lets an event be sent at most once
 * per key and hook (a gallery opened: once per link and day). A hook's removal takes its log with it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('webhooks')
    .ifNotExists()
    .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .ifNotExists()
    .addColumn('id', id, (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('webhook_id', 'integer', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('delivery_id', 'text', (col) => col.notNull().unique())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('once_key', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('attempted_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_hook').ifNotExists().on('webhook_deliveries').columns(['webhook_id', 'id']).execute();
  // Several nulls are distinct on both databases: only keyed events are held to one per key.
  await db.schema.createIndex('webhook_deliveries_once').ifNotExists().unique().on('webhook_deliveries').columns(['webhook_id', 'once_key']).execute();
}
