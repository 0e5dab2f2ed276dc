import type { Kysely } from 'kysely';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Cookieless statistics. No address or user agent is ever stored:
 * - statistics_salts: the day's random salt (one row, replaced daily, the old one deleted);
 * - statistics_visitors: today's visitors as hash(salt, address, user agent), counted into the
 *   day's total and deleted once the day is over;
 * - statistics_daily: counts per UTC day, kind (page, photo, viewer, release, stream, referrer,
 *   visitors) and subject (a path, a photo id, a domain…).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('statistics_salts')
    .ifNotExists()
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('salt', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('statistics_visitors')
    .ifNotExists()
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('statistics_visitors_pk', ['day', 'visitor'])
    .execute();
  await db.schema
    .createTable('statistics_daily')
    .ifNotExists()
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('statistics_daily_pk', ['day', 'kind', 'subject'])
    .execute();
}
