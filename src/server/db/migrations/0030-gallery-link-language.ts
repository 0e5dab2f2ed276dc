import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * `gallery_links.language`: the language of the link's client, chosen by the owner when making
 * it (or later). Its address carries it (`/g/{token}?lang=de`), its mails are written in it;
 * null: the site's default language, as every link before.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('gallery_links').addColumn('language', 'text').execute();
}
