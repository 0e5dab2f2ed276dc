import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Proofing: a link may let its holder pick photos. Per link: whether proofing is on
 * (0 or 1, off by default), an optional cap on the picks, and when the picks were submitted (null
 * while they may still change). gallery_picks holds one row per (link, photo) picked; a link's
 * revocation and a photo's removal for good take their rows with them.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('gallery_links')
    .addColumn('proofing', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('gallery_links').addColumn('pick_cap', 'integer').execute();
  await db.schema.alterTable('gallery_links').addColumn('picks_submitted_at', 'text').execute();

  await db.schema
    .createTable('gallery_picks')
    .ifNotExists()
    .addColumn('link_id', 'integer', (col) => col.notNull().references('gallery_links.id').onDelete('cascade'))
    .addColumn('photo_id', 'integer', (col) => col.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('picked_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('gallery_picks_pk', ['link_id', 'photo_id'])
    .execute();
  await db.schema.createIndex('gallery_picks_photo').ifNotExists().on('gallery_picks').column('photo_id').execute();
}
