import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * A music release's audio tracks (`release_tracks`), one row per uploaded file, in the owner's
 * order (`position`) with the owner's title. The original (WAV, FLAC or MP3) stays in the originals
 * store under `original`; the `audio.transcode` job writes the preview (AAC in MP4) into the
 * restricted store under `preview` and the waveform's min/max pairs into `peaks` (JSON), and moves
 * `state` from queued through transcoding to ready, or failed with `error`. A row goes with its
 * photo; its files are removed by the trash purge, a track's delete, or `cleanup`.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('release_tracks')
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('photo_id', 'integer', (col) => col.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('original', 'text', (col) => col.notNull())
    .addColumn('original_name', 'text')
    .addColumn('source_ms', 'integer', (col) => col.notNull())
    .addColumn('preview_seconds', 'integer')
    .addColumn('preview', 'text')
    .addColumn('preview_ms', 'integer')
    .addColumn('peaks', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('release_tracks_photo').ifNotExists().on('release_tracks').columns(['photo_id', 'position']).execute();
}
