import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Which file of which selection each uploaded photo was: a batch sent again after a dropped
 * connection finds its files already stored instead of storing them twice. Null for photos
 * uploaded without a selection (and for every photo from before).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('photos').addColumn('upload_selection', 'text').execute();
  await db.schema.alterTable('photos').addColumn('upload_position', 'integer').execute();
  // NULLs never collide, so photos from before and without a selection are not constrained.
  await db.schema
    .createIndex('photos_upload_selection')
    .ifNotExists()
    .unique()
    .on('photos')
    .columns(['user_id', 'upload_selection', 'upload_position'])
    .execute();
}
