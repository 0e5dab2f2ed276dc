import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Galleries for clients. Who sees a category: public (everyone, the spec's behaviour
 * and so every existing category's) or unlisted (kept from the portfolio, the sitemap, the feed
 * and link previews). The owner's links to a category, one per recipient: a label, a token of
 * 256 bits in its address, an optional password (an argon2id hash), an optional expiry; revoked
 * links are deleted, so their address answers 404 at once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('categories')
    .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('public'))
    .execute();

  await db.schema
    .createTable('gallery_links')
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('gallery_links_category').ifNotExists().on('gallery_links').column('category_id').execute();
}
