import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Videos beside photos. A video is a photo row whose display image, widths and thumbnail are drawn
 * from its poster frame, so every grid, layout and placeholder takes it unchanged; these columns
 * say it is a video and where its playable copies are:
 *
 * - `photos.video_duration` (seconds), `video_width`, `video_height`: the original as it plays
 *   (upright); all null for a photo.
 * - `photos.video_files`: JSON of the transcoded MP4s ([{ width, height, filename }], largest
 *   first), named under `copies_key` beside the other copies; null until the transcode job ends.
 * - `photos.video_progress`: the transcode's percentage, which the admin polls; null once done.
 * - `users.autoplay_videos`: the owner's switch for muted autoplay in the viewer; off by default.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('photos').addColumn('video_duration', 'real').execute();
  await db.schema.alterTable('photos').addColumn('video_width', 'integer').execute();
  await db.schema.alterTable('photos').addColumn('video_height', 'integer').execute();
  await db.schema.alterTable('photos').addColumn('video_files', 'text').execute();
  await db.schema.alterTable('photos').addColumn('video_progress', 'integer').execute();
  await db.schema
    .alterTable('users')
    .addColumn('autoplay_videos', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
