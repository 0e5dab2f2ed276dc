import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Comments and verdicts per photo, and a cap on a link's downloads.
 *
 * gallery_links gains `comments` (0 or 1, off by default: the owner turns a link's threads on),
 * `download_limit` (null: no cap) and `downloads_used`, the count a download takes one of in a
 * single conditional UPDATE, so two at the last one cannot both pass; the owner's reset sets it
 * back to 0.
 *
 * gallery_comments holds each link's threads: one row per comment, the client's or the owner's,
 * on one photo. gallery_verdicts holds a client's approved/rejected per (link, photo); "none" is
 * no row. A link's end for good and a photo's removal for good take their rows with them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('gallery_links')
    .addColumn('comments', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('gallery_links').addColumn('download_limit', 'integer').execute();
  await db.schema
    .alterTable('gallery_links')
    .addColumn('downloads_used', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('gallery_comments')
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('link_id', 'integer', (col) => col.notNull().references('gallery_links.id').onDelete('cascade'))
    .addColumn('photo_id', 'integer', (col) => col.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('gallery_comments_link_photo').ifNotExists().on('gallery_comments').columns(['link_id', 'photo_id']).execute();
  await db.schema.createIndex('gallery_comments_photo').ifNotExists().on('gallery_comments').column('photo_id').execute();

  await db.schema
    .createTable('gallery_verdicts')
    .ifNotExists()
    .addColumn('link_id', 'integer', (col) => col.notNull().references('gallery_links.id').onDelete('cascade'))
    .addColumn('photo_id', 'integer', (col) => col.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('verdict', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('gallery_verdicts_pk', ['link_id', 'photo_id'])
    .execute();
  await db.schema.createIndex('gallery_verdicts_photo').ifNotExists().on('gallery_verdicts').column('photo_id').execute();
}
