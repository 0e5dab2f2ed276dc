import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Private files: the copies of a photo in a category that is not public (unlisted or
 * private) live in a store of their own that /uploads never reads, served only to the owner and
 * to a link's holder. `files_private` says which store holds a photo's copies now (0: uploads,
 * 1: restricted); `photo-files.service.ts` moves them when the photo's category or its visibility
 * changes, and flips the flag once the copies are in place.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('photos')
    .addColumn('files_private', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
