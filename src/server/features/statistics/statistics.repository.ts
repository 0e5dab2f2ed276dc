import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { StatisticsKind } from './statistics.table.ts';

/** Rows per statement: well under SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

/** The day's salt, made by whichever process asks first; every process then reads the same one. */
export async function saltOf(db: Db, day: string, fresh: string): Promise<string> {
  await db.insertInto('statisticsSalts').values({ day, salt: fresh }).onConflict((oc) => oc.column('day').doNothing()).execute();
  const row = await db.selectFrom('statisticsSalts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

export async function deleteSaltsBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('statisticsSalts').where('day', '<', day).execute();
}

export async function addVisitors(db: Db, rows: Array<{ day: string; visitor: string }>): Promise<void> {
  for (const part of chunks(rows)) {
    await db.insertInto('statisticsVisitors').values(part).onConflict((oc) => oc.columns(['day', 'visitor']).doNothing()).execute();
  }
}

export async function addCounts(db: Db, rows: Array<{ day: string; kind: StatisticsKind; subject: string; count: number }>): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('statisticsDaily')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['day', 'kind', 'subject']).doUpdateSet({ count: sql<number>`statistics_daily.count + excluded.count` }),
      )
      .execute();
  }
}

/** The days before `day` that still have visitor hashes. */
export async function visitorDaysBefore(db: Db, day: string): Promise<string[]> {
  const rows = await db.selectFrom('statisticsVisitors').select('day').distinct().where('day', '<', day).execute();
  return rows.map((row) => row.day);
}

/**
 * Moves one day's visitors from hashes to a count, in one transaction: the count is of the rows
 * this statement deleted, so two processes rolling up the same day never count it twice.
 */
export async function rollUpVisitorDay(db: Db, day: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('statisticsVisitors').where('day', '=', day).executeTakeFirst();
    const visitors = Number(deleted.numDeletedRows);
    if (visitors > 0) await addCounts(trx, [{ day, kind: 'visitors', subject: '', count: visitors }]);
  });
}

export async function visitorsOn(db: Db, day: string): Promise<number> {
  const row = await db
    .selectFrom('statisticsVisitors')
    .select((eb) => eb.fn.countAll<number>().as('visitors'))
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.visitors);
}

export function countsFrom(db: Db, firstDay: string) {
  return db.selectFrom('statisticsDaily').select(['day', 'kind', 'subject', 'count']).where('day', '>=', firstDay).execute();
}
