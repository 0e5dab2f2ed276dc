import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * How the site looks, as the owner chooses it: each category's layout and density,
 * and the site's theme default, top bar brand and heading typeface. Every default is the spec's
 * look, so an existing site shows as it did until its owner picks otherwise.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('categories')
    .addColumn('layout', 'text', (col) => col.notNull().defaultTo('square'))
    .execute();
  await db.schema
    .alterTable('categories')
    .addColumn('density', 'text', (col) => col.notNull().defaultTo('compact'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('theme_default', 'text', (col) => col.notNull().defaultTo('system'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('top_bar_brand', 'text', (col) => col.notNull().defaultTo('product'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('compact_top_bar', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('heading_font', 'text', (col) => col.notNull().defaultTo('sans'))
    .execute();
}
