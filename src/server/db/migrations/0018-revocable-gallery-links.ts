import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * A revoked gallery link waits out the Undo window before it goes (`gallery_links.revoked_at`;
 * null while it opens): its address stops working at once, and Undo brings it back with its
 * picks. The periodic purge removes it, and its picks with it, once the window has passed.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('gallery_links').addColumn('revoked_at', 'text').execute();
}
