import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Credit that travels with every photo: each photo's alt text, licence, credit and
 * copyright, and each category's default licence, credit and copyright for its photos without
 * their own. All text, null when not set; a licence is a name (cc-by…) or an https link.
 * `rendered_rights` is the JSON of the rights the photo's public copies carry in XMP (null: none),
 * so a change of its own or its category's rights is re-rendered in the background.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const column of ['alt_text', 'license', 'credit', 'copyright', 'rendered_rights']) {
    await db.schema.alterTable('photos').addColumn(column, 'text').execute();
  }
  for (const column of ['default_license', 'default_credit', 'default_copyright']) {
    await db.schema.alterTable('categories').addColumn(column, 'text').execute();
  }
}
