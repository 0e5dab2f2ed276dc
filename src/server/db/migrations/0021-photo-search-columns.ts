import { sql, type Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * What the owner's photo search filters on, as columns of their own beside `camera_details` (the
 * JSON they are copied from, which stays the source of the caption):
 *
 * - `photos.camera`: make and model as read from the original ("FUJIFILM X-T4"); null when unknown.
 * - `photos.taken_at`: the camera's local time, without a zone ("2024-05-01T18:22:10"); null when unknown.
 *
 * Columns, not JSON functions in the search: the same query on both databases (SQLite's
 * `json_extract` and PostgreSQL's `->>` differ, and a query here never branches on the dialect),
 * indexes for the filters and for the list of cameras, and no JSON parsed per row per search of a
 * 10,000-photo site. They are written wherever the JSON is (upload, the camera-details backfill),
 * and filled here once from what is stored: the only place the two dialects' JSON functions meet.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('photos').addColumn('camera', 'text').execute();
  await db.schema.alterTable('photos').addColumn('taken_at', 'text').execute();
  await fillSearchColumns(db, dialect);
  await db.schema.createIndex('photos_user_camera').ifNotExists().on('photos').columns(['user_id', 'camera']).execute();
  await db.schema.createIndex('photos_user_taken_at').ifNotExists().on('photos').columns(['user_id', 'taken_at']).execute();
}

/** Copies the camera and the time taken out of every photo's stored camera details. */
export async function fillSearchColumns(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const field = (name: string) =>
    dialect === 'postgres' ? sql`(camera_details::json ->> ${sql.lit(name)})` : sql`json_extract(camera_details, ${sql.lit(`$.${name}`)})`;
  await sql`update photos set camera = ${field('camera')}, taken_at = ${field('takenAt')} where camera_details is not null and camera_details <> '{}'`.execute(db);
}
