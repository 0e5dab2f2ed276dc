import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openSqliteFile, type Database, type Db } from '#server/db/database.ts';
import type { Dialect } from '#server/db/dialect.ts';

/**
 * Every table of the site, parents before children, so rows load in this order without breaking
 * a foreign key. tests/api/backup.test.ts fails when a table exists that is missing here.
 */
export const BACKUP_TABLES = [
  'users',
  'categories',
  'photos',
  'sessions',
  'passwordResetTokens',
  'contactMessages',
  'rateLimits',
  'trustedDevices',
  'signInLinks',
  'passkeys',
  'totpFactors',
  'recoveryCodes',
  'webauthnChallenges',
  'statisticsDaily',
  'galleryLinks',
  'galleryPicks',
  'galleryComments',
  'galleryVerdicts',
  'galleryLinkEvents',
  'galleryNotices',
  'galleryNoticeSettings',
  'galleryInvitations',
  'galleryPreviews',
  'apiTokens',
  'webhooks',
  'releaseTracks',
] as const satisfies ReadonlyArray<keyof Database>;

/**
 * Tables left out of every backup on purpose: the day's salt and visitor hashes of the statistics
 * must be forgotten with the day (docs/privacy.md), so no copy of them is ever made; the jobs are
 * this site's work in progress, checked again by the restored site's first start (copies in the
 * wrong store or out of date), and a backup holds no copy a pending job would remove. The
 * webhooks' delivery log goes with the jobs: its pending deliveries have no job after a restore,
 * and what was sent from the old site is that site's history, not the new one's.
 *
 * The webhooks themselves are in the backup, secrets included: a restored site must sign as its
 * receivers expect, or every receiver would have to be given a new secret after a move. The
 * backup already holds secrets of the same weight (the authenticator app's seed, the password and
 * token hashes) and is to be kept as safe as the site itself.
 */
export const UNSAVED_TABLES = ['statisticsSalts', 'statisticsVisitors', 'jobs', 'webhookDeliveries'] as const satisfies ReadonlyArray<keyof Database>;

export type BackupTable = (typeof BACKUP_TABLES)[number];
export type TableRows = Record<BackupTable, Array<Record<string, unknown>>>;

/** Tables whose key is a generated integer id (PostgreSQL's sequences follow them after a load). */
const SERIAL_TABLES: ReadonlySet<BackupTable> = new Set(['users', 'categories', 'photos', 'passwordResetTokens', 'contactMessages', 'galleryLinks', 'galleryComments', 'galleryLinkEvents', 'galleryNotices', 'galleryInvitations', 'apiTokens', 'webhooks', 'releaseTracks']);

/** The columns of each table's key, in order. */
export const keyColumnsOf = (table: BackupTable): string[] =>
  table === 'rateLimits'
    ? ['key']
    : table === 'statisticsDaily'
      ? ['day', 'kind', 'subject']
      : table === 'galleryPicks' || table === 'galleryVerdicts' || table === 'galleryPreviews'
        ? ['linkId', 'photoId']
        : table === 'galleryNoticeSettings'
          ? ['userId']
          : ['id'];
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The names of the tables the database has, in snake case, leaving out the migrator's own. */
export async function existingTables(db: Db, dialect: Dialect): Promise<string[]> {
  const result =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return result.rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_'));
}

export const tableNameOf = snakeCase;

/** Every row of every table, in key order. */
export async function readAllRows(db: Db): Promise<TableRows> {
  const rows = {} as TableRows;
  for (const table of BACKUP_TABLES) {
    let query = db.selectFrom(table).selectAll();
    for (const column of keyColumnsOf(table)) query = query.orderBy(column as never);
    rows[table] = await query.execute();
  }
  return rows;
}

/** The migrations the database has run, in order. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return result.rows.map((row) => row.name);
}

/**
 * PostgreSQL: every row in one repeatable-read, read-only transaction, so the tables agree with
 * each other while the site keeps writing.
 */
export function readSnapshot(db: Db): Promise<{ rows: TableRows; migrations: string[] }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => ({ rows: await readAllRows(trx), migrations: await appliedMigrations(trx) }));
}

/**
 * SQLite: a consistent copy of the live file through SQLite's online backup API. A write by the
 * server between two steps restarts the copy, so each step copies many pages (40 MB at 4 KB a
 * page), not better-sqlite3's default hundred: a portfolio's database is copied in one or two.
 */
export async function copySqliteOnline(sourcePath: string, targetPath: string): Promise<void> {
  const source = new SQLite(sourcePath, { fileMustExist: true });
  try {
    await source.backup(targetPath, { progress: () => 10_000 });
  } finally {
    source.close();
  }
}

/** Opens a copied SQLite file (read-only unless asked), with the same column names as the site's own handle. */
export function openSqliteCopy(filePath: string, options: { writable?: boolean } = {}): { db: Db; close: () => Promise<void> } {
  const db = openSqliteFile(filePath, options);
  return { db, close: () => db.destroy() };
}

/**
 * Empties the tables a backup must not hold in a SQLite copy of the database, with secure_delete
 * so their bytes do not linger in the file's free pages.
 */
export async function forgetUnsavedInCopy(filePath: string): Promise<void> {
  const copy = openSqliteCopy(filePath, { writable: true });
  try {
    await sql`pragma secure_delete = on`.execute(copy.db);
    for (const table of UNSAVED_TABLES) await copy.db.deleteFrom(table).execute();
  } finally {
    await copy.close();
  }
}

/** The rows less the photos deleted, and the banners replaced, while the backup ran. */
export function withoutDeleted(rows: TableRows, photoIds: number[], bannerUserIds: number[]): TableRows {
  if (photoIds.length === 0 && bannerUserIds.length === 0) return rows;
  const photos = new Set(photoIds);
  const banners = new Set(bannerUserIds);
  return {
    ...rows,
    photos: rows.photos.filter((row) => !photos.has(Number(row.id))),
    releaseTracks: rows.releaseTracks.filter((row) => !photos.has(Number(row.photoId))),
    users: rows.users.map((row) => (banners.has(Number(row.id)) ? { ...row, bannerImage: null } : row)),
  };
}

/** The same change, made in a SQLite copy of the database. */
export async function removeFromCopy(filePath: string, photoIds: number[], bannerUserIds: number[]): Promise<void> {
  const copy = openSqliteCopy(filePath, { writable: true });
  try {
    await copy.db.transaction().execute(async (trx) => {
      if (photoIds.length) await trx.deleteFrom('releaseTracks').where('photoId', 'in', photoIds).execute();
      if (photoIds.length) await trx.deleteFrom('photos').where('id', 'in', photoIds).execute();
      if (bannerUserIds.length) await trx.updateTable('users').set({ bannerImage: null }).where('id', 'in', bannerUserIds).execute();
    });
  } finally {
    await copy.close();
  }
}

export async function countRows(db: Db): Promise<Record<BackupTable, number>> {
  const counts = {} as Record<BackupTable, number>;
  for (const table of BACKUP_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

/**
 * Inserts every row with its own id, in one transaction, then moves PostgreSQL's id sequences past
 * them. `onRows` hears the number of rows inserted so far after each statement.
 */
export async function insertAllRows(db: Db, dialect: Dialect, rows: TableRows, onRows?: (inserted: number) => void): Promise<void> {
  let inserted = 0;
  await db.transaction().execute(async (trx) => {
    for (const table of BACKUP_TABLES) {
      const tableRows = rows[table];
      // A hundred rows a statement stays far below either database's limit on parameters.
      for (let start = 0; start < tableRows.length; start += 100) {
        await trx
          .insertInto(table)
          .values(tableRows.slice(start, start + 100))
          .execute();
        inserted += Math.min(100, tableRows.length - start);
        onRows?.(inserted);
      }
      if (dialect === 'postgres' && SERIAL_TABLES.has(table)) {
        const name = snakeCase(table);
        await sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 1), max(id) is not null) from ${sql.table(name)}`.execute(trx);
      }
    }
  });
}
