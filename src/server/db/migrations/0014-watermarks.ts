import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Watermarks: the site's (`users.watermark`, JSON; null for none), a category's own
 * setting (`categories.watermark`, JSON of { mode: site | none | own }; null keeps the site's), and
 * what each photo's copies carry now (`photos.rendered_watermark`, the canonical JSON of the mark;
 * null for none), so a change is rendered in the background by the rights' pass.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('watermark', 'text').execute();
  await db.schema.alterTable('categories').addColumn('watermark', 'text').execute();
  await db.schema.alterTable('photos').addColumn('rendered_watermark', 'text').execute();
}
