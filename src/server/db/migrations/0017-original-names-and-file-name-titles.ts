import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * What a photographer wrote into a file, and the file's own name:
 *
 * - `photos.original_name`: the name the file was uploaded under ("DSC01234.jpg"), never shown to
 *   visitors; the picks export gives it, as the photographer's catalogue knows the photo by it.
 *   Null for photos uploaded before it was kept (unless their original names it in its XMP).
 * - `photos.embedded_read`: 1 once the original's IPTC and XMP text (title, caption, alt text,
 *   credit, copyright) was read; the photos already stored start at 0 and are read by a job.
 * - `users.hide_file_name_titles`: the owner's switch hiding, from visitors, titles that are only
 *   a file name (IMG_1234); off by default.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('photos').addColumn('original_name', 'text').execute();
  await db.schema
    .alterTable('photos')
    .addColumn('embedded_read', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('hide_file_name_titles', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
