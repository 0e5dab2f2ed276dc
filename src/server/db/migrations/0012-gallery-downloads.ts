import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Downloads by policy: what a link's holder may download. 'none' (the default, and
 * every link made before), 'display' (the display copies) or 'originals' (the uploaded files with
 * their location data removed). The contract's zod enum is the one gate of the value.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('gallery_links')
    .addColumn('downloads', 'text', (col) => col.notNull().defaultTo('none'))
    .execute();
}
