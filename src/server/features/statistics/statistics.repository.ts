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

/**
 * Counts (day, kind, subject rows) a day may hold, whoever sends them: past it, a new subject of
 * the day is counted under OTHER_SUBJECT (its views are kept, no row is added).
 */
export const ROWS_PER_DAY = 10_000;
export const OTHER_SUBJECT = '(other)';
/** A stream's subject is "photo id<TAB>service": its "other" keeps the shape. */
const otherOf = (kind: StatisticsKind) => (kind === 'stream' ? `${OTHER_SUBJECT}\t${OTHER_SUBJECT}` : OTHER_SUBJECT);

type CountRow = { day: string; kind: StatisticsKind; subject: string; count: number };

/**
 * The rows with every new subject past a day's ROWS_PER_DAY folded into its kind's "other". The
 * day's rows are read only when the batch could take it past the cap: never on a normal day.
 * Processes writing at once may pass the cap by a batch, not more.
 */
export async function withinDailyRows(db: Db, rows: CountRow[]): Promise<CountRow[]> {
  const byDay = new Map<string, CountRow[]>();
  for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  const kept: CountRow[] = [];
  for (const [day, dayRows] of byDay) {
    const held = await db
      .selectFrom('statisticsDaily')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    let room = ROWS_PER_DAY - Number(held.rows);
    if (dayRows.length <= room) {
      kept.push(...dayRows);
      continue;
    }
    const existing = new Set(
      (await db.selectFrom('statisticsDaily').select(['kind', 'subject']).where('day', '=', day).execute()).map((row) => `${row.kind}\t${row.subject}`),
    );
    const folded = new Map<string, CountRow>();
    for (const row of dayRows) {
      if (existing.has(`${row.kind}\t${row.subject}`)) kept.push(row);
      else if (room > 0) {
        room -= 1;
        kept.push(row);
      } else {
        const other = folded.get(row.kind) ?? { day, kind: row.kind, subject: otherOf(row.kind), count: 0 };
        other.count += row.count;
        folded.set(row.kind, other);
      }
    }
    kept.push(...folded.values());
  }
  return kept;
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
