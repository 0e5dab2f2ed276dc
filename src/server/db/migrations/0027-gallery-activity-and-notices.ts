import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * A link's activity as its own requests show it, and the owner's notices of it.
 *
 * gallery_link_events: one row per thing a link's holder did (opened, viewed a photo in the
 * viewer, downloaded, picked, submitted, commented…), with the photo when there is one. No
 * address, no user agent: `once` is a key that makes an event once only (a photo viewed once per
 * visit), unique per link, null for the rest. Deleted with the link, and after a year by the
 * periodic prune (docs/privacy.md).
 *
 * gallery_notices: what the owner is told (the first open, sent picks, the first download, a
 * comment); read or not in the admin, and whether and when its mail went. `once` makes the first
 * open and the first download one notice per link whatever races.
 *
 * gallery_notice_settings: per owner, per kind of notice, a mail at once, in the daily digest, or
 * none; `digest_day` is the last UTC day a digest was sent, taken in one conditional UPDATE so
 * one instance sends it once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .ifNotExists()
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()));

  await id('gallery_link_events')
    .addColumn('link_id', 'integer', (col) => col.notNull().references('gallery_links.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('photo_id', 'integer')
    .addColumn('detail', 'text')
    .addColumn('once', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('gallery_link_events_link').ifNotExists().on('gallery_link_events').columns(['link_id', 'created_at']).execute();
  await db.schema.createIndex('gallery_link_events_once').ifNotExists().unique().on('gallery_link_events').columns(['link_id', 'once']).execute();
  await db.schema.createIndex('gallery_link_events_created').ifNotExists().on('gallery_link_events').column('created_at').execute();

  await id('gallery_notices')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('link_id', 'integer', (col) => col.notNull().references('gallery_links.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('photo_id', 'integer')
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('delivery', 'text', (col) => col.notNull())
    .addColumn('once', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .addColumn('mailed_at', 'text')
    .execute();
  await db.schema.createIndex('gallery_notices_user').ifNotExists().on('gallery_notices').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('gallery_notices_once').ifNotExists().unique().on('gallery_notices').column('once').execute();
  await db.schema.createIndex('gallery_notices_link').ifNotExists().on('gallery_notices').column('link_id').execute();

  await db.schema
    .createTable('gallery_notice_settings')
    .ifNotExists()
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('opened', 'text', (col) => col.notNull().defaultTo('now'))
    .addColumn('submitted', 'text', (col) => col.notNull().defaultTo('now'))
    .addColumn('downloaded', 'text', (col) => col.notNull().defaultTo('now'))
    .addColumn('commented', 'text', (col) => col.notNull().defaultTo('digest'))
    .addColumn('digest_day', 'text')
    .execute();
}
