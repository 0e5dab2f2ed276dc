import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Camera details: each photo's camera, lens and exposure as read from its original (JSON text,
 * null until read), and the owner's switch showing them to visitors, off by default.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('photos').addColumn('camera_details', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('show_camera_details', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
