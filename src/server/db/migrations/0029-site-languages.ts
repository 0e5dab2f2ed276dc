import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * The site's languages, owner's settings on the users row:
 *
 * - `users.default_language`: the language of a visitor whose browser asks for none the site
 *   offers; English, as the site spoke before.
 * - `users.offered_languages`: the languages a visitor may read the site in, comma-separated
 *   (`en,de,fr`). English alone until the owner offers more: the site speaks the spec's English
 *   to everyone, as before, and a visitor's language is the owner's choice to offer (only the
 *   visitor's screens are translated so far; a client's gallery page and the mails are not).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('default_language', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('offered_languages', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
}
