import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Drafts and Undo: a category can be hidden from visitors; the owner chooses whether
 * unsorted photos show as Other and whether empty categories show (both on: the spec's page);
 * a deleted photo or category waits in the trash (`deleted_at`) for the Undo window before it and
 * its files are removed for good. Booleans are 0/1 integers, timestamps ISO text, as in 0001.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('categories')
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('categories').addColumn('deleted_at', 'text').execute();
  await db.schema.alterTable('photos').addColumn('deleted_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('show_other_section', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('show_empty_categories', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // The purge looks for what has waited long enough; most rows have no date and stay out of it.
  await db.schema.createIndex('photos_deleted_at').ifNotExists().on('photos').column('deleted_at').execute();
}
