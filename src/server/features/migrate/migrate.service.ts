import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { migrateToLatest, type DatabaseHandle, type Db } from '#server/db/database.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import type { FileStores } from '#server/storage/index.ts';
import { groupsOfRows, hashing, type StoreName } from '#server/features/backup/backup-archive.ts';
import {
  BACKUP_TABLES,
  keyColumnsOf,
  countRows,
  insertAllRows,
  listNames,
  openGroup,
  readAllRows,
  snapshotDatabase,
  withoutDeleted,
  type BackupTable,
  type TableRows,
} from '#server/features/backup/backup.service.ts';

/** A migration that cannot go on, with a message for the person at the terminal. */
export class MigrateError extends Error {
  override name = 'MigrateError';
}

export interface MigrateSource {
  /** The embedded site: its live SQLite file (read through an online copy) and its handle. */
  db: Db;
  sqlitePath: string;
  uploads: FileStore;
  originals: FileStore;
  restricted: FileStore;
  /** Working space on the data disk for the copy of the database. */
  tmpDir: string;
}

export interface MigrateTarget {
  /** PostgreSQL: migrated here first; must hold no row. */
  database: DatabaseHandle;
  /** The object store to copy the files into; absent, they stay in the folder both sites use. */
  files?: FileStores;
}

export type MigratePhase = 'files' | 'rows' | 'check';
export type MigrateProgress = (phase: MigratePhase, done: number, total: number) => void;

export interface MigratedFile {
  store: StoreName;
  name: string;
  size: number;
  /** SHA-256 of the bytes read from the source; null when the file stayed where it was. */
  sha256: string | null;
}

/** What the target must hold after the copy: the rows and files, as read from the source. */
export interface ExpectedCopy {
  rows: TableRows;
  files: MigratedFile[];
}

export interface TableCheck {
  expected: number;
  found: number;
  /** Rows present on both sides whose contents differ. */
  differing: number;
}

export interface CopyCheck {
  tables: Record<BackupTable, TableCheck>;
  files: { checked: number; bytes: number };
  /** One line per difference; empty when the copy is exact. */
  mismatches: string[];
}

export interface MigrateSummary extends CopyCheck {
  /** Whether the files went to another store, or stayed in place. */
  filesCopied: boolean;
  /** Photos deleted while the migration ran: left out, row and files, as if deleted first. */
  deletedMeanwhile: number;
  expected: ExpectedCopy;
}

/** postgres://user:…@host:port/db, never with the password: for messages and logs. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${parsed.username}${parsed.password ? ':***' : ''}@` : '';
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the given URL';
  }
}

/** Checks `--to` before anything connects: a PostgreSQL URL that parses. */
export function parsePostgresUrl(url: string | undefined): string {
  if (!url) throw new MigrateError('migrate needs --to postgres://user:password@host:5432/database');
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new MigrateError(`--to must be a PostgreSQL URL starting with postgres:// (got "${url.split(':')[0] ?? ''}:…").`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new MigrateError('--to is not a valid URL; expected postgres://user:password@host:5432/database');
  }
  if (!parsed.hostname || parsed.pathname.length <= 1) {
    throw new MigrateError('--to must name a host and a database: postgres://user:password@host:5432/database');
  }
  return url;
}

/** The same row on both sides gives the same digest: keys sorted, values as JSON. */
export function rowDigest(row: Record<string, unknown>): string {
  const sorted = Object.keys(row)
    .sort()
    .map((key) => [key, row[key] ?? null]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

const keyOf = (table: BackupTable, row: Record<string, unknown>) =>
  keyColumnsOf(table)
    .map((column) => String(row[column]))
    .join('|');

function digestsByKey(table: BackupTable, rows: Array<Record<string, unknown>>): Map<string, string> {
  return new Map(rows.map((row) => [keyOf(table, row), rowDigest(row)]));
}

async function sha256Of(store: FileStore, name: string): Promise<{ size: number; sha256: string } | null> {
  const opened = await store.open(name);
  if (!opened) return null;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of opened.stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Compares the target with what it should hold: per table the row count and every row's digest
 * (matched by key, so the two databases' orderings of text keys do not matter), and per file, in
 * the stores the target site uses, its size, and its SHA-256 when it was copied there.
 */
export async function checkCopy(
  expected: ExpectedCopy,
  target: { db: Db; files: FileStores },
  onProgress?: (done: number, total: number) => void,
): Promise<CopyCheck> {
  const total = BACKUP_TABLES.length + expected.files.length;
  let done = 0;
  onProgress?.(done, total);
  const mismatches: string[] = [];
  const found = await readAllRows(target.db);
  const tables = {} as Record<BackupTable, TableCheck>;
  for (const table of BACKUP_TABLES) {
    const want = digestsByKey(table, expected.rows[table]);
    const have = digestsByKey(table, found[table]);
    let differing = 0;
    const missing: string[] = [];
    for (const [key, digest] of want) {
      const other = have.get(key);
      if (other === undefined) missing.push(key);
      else if (other !== digest) differing += 1;
    }
    const extra = [...have.keys()].filter((key) => !want.has(key));
    tables[table] = { expected: want.size, found: have.size, differing };
    if (want.size !== have.size) mismatches.push(`${table}: ${want.size} rows expected, ${have.size} found`);
    if (missing.length) mismatches.push(`${table}: missing ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}`);
    if (extra.length) mismatches.push(`${table}: unexpected ${extra.slice(0, 5).join(', ')}${extra.length > 5 ? ' …' : ''}`);
    if (differing) mismatches.push(`${table}: ${differing} row(s) differ from the source`);
    onProgress?.((done += 1), total);
  }

  let bytes = 0;
  for (const file of expected.files) {
    const store = target.files[file.store];
    // A file left in place is the source's own: its size says it is still whole.
    const found = file.sha256 ? await sha256Of(store, file.name) : await store.stat(file.name);
    if (!found) mismatches.push(`${file.store}/${file.name}: missing`);
    else if (found.size !== file.size || ('sha256' in found && found.sha256 !== file.sha256)) {
      mismatches.push(`${file.store}/${file.name}: differs from the source`);
    }
    bytes += file.size;
    onProgress?.((done += 1), total);
  }
  return { tables, files: { checked: expected.files.length, bytes }, mismatches };
}

/** Node reports a refused connection to a name with two addresses as an AggregateError without a message. */
function reasonOf(error: unknown): string {
  const inner = error instanceof AggregateError ? (error.errors[0] as unknown) : error;
  const { message, code } = inner as { message?: string; code?: string };
  return message || code || String(inner);
}

/** Reaches the target and brings its schema up to date; refuses one that already holds rows. */
async function prepareTarget(target: MigrateTarget, where: string): Promise<void> {
  try {
    await sql`select 1`.execute(target.database.db);
  } catch (error) {
    throw new MigrateError(`Cannot connect to PostgreSQL at ${where}: ${reasonOf(error)}`);
  }
  await migrateToLatest(target.database);
  const counts = await countRows(target.database.db);
  const filled = Object.entries(counts).filter(([, count]) => count > 0);
  if (filled.length > 0) {
    throw new MigrateError(
      `The target database already has rows (${filled.map(([table, count]) => `${count} ${table}`).join(', ')}); ` +
        'migrate only into an empty database (a new database, or a new schema in it).',
    );
  }
}

/**
 * Copies the embedded site, while it serves, into PostgreSQL (and its files into an object store
 * when one is given), then checks the copy. The database is read as of one moment through an
 * online copy of the SQLite file, as a backup reads it; each photo's files are opened together and
 * a photo deleted meanwhile is left out whole. Files go first, then every row in one transaction
 * with its own id; if that fails, the copied files are removed again and the target holds nothing.
 */
export async function migrateSite(
  source: MigrateSource,
  target: MigrateTarget,
  options: { onProgress?: MigrateProgress; where?: string } = {},
): Promise<MigrateSummary> {
  if (target.database.dialect !== 'postgres') throw new MigrateError('migrate copies into PostgreSQL only.');
  const onProgress = options.onProgress;
  await prepareTarget(target, options.where ?? 'the target');

  await fsp.mkdir(source.tmpDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(source.tmpDir, 'migrate-'));
  let snapshot;
  try {
    snapshot = await snapshotDatabase({ db: source.db, dialect: 'sqlite', sqlitePath: source.sqlitePath }, staging);
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }

  if (snapshot.rows.users.length === 0) throw new MigrateError('The embedded site has no owner and no content: nothing to migrate (check DATA_DIR).');
  const groups = groupsOfRows(snapshot.rows, await listNames(source.originals));
  const files: MigratedFile[] = [];
  const stored: Array<{ store: FileStore; name: string }> = [];
  const droppedPhotos: number[] = [];
  const clearedBanners: number[] = [];
  let expected: ExpectedCopy;
  try {
    onProgress?.('files', 0, groups.length);
    for (const [index, group] of groups.entries()) {
      const opened = await openGroup(source, group);
      if (!opened) {
        if (group.photoId !== undefined) droppedPhotos.push(group.photoId);
        if (group.bannerOf !== undefined) clearedBanners.push(group.bannerOf);
      } else {
        try {
          for (const [at, { store, name }] of group.files.entries()) {
            const file = opened[at]!;
            if (!target.files) {
              // The file stays where it is: opening it proved it is there.
              file.stream.destroy();
              files.push({ store, name, size: file.size, sha256: null });
              continue;
            }
            const hash = createHash('sha256');
            await target.files[store].put(name, Readable.from(hashing(file.stream, hash)));
            stored.push({ store: target.files[store], name });
            files.push({ store, name, size: file.size, sha256: hash.digest('hex') });
          }
        } finally {
          // A failed copy leaves the group's other files open.
          for (const file of opened) file.stream.destroy();
        }
      }
      onProgress?.('files', index + 1, groups.length);
    }

    const rows = withoutDeleted(snapshot.rows, droppedPhotos, clearedBanners);
    const totalRows = BACKUP_TABLES.reduce((sum, table) => sum + rows[table].length, 0);
    onProgress?.('rows', 0, totalRows);
    await insertAllRows(target.database.db, 'postgres', rows, (inserted) => onProgress?.('rows', inserted, totalRows));
    expected = { rows, files };
  } catch (error) {
    // Rows are all or nothing; files written for rows that never landed are removed as well.
    await Promise.allSettled(stored.map(({ store, name }) => store.delete(name)));
    throw error;
  }
  const check = await checkCopy(expected, { db: target.database.db, files: target.files ?? source }, (done, total) => onProgress?.('check', done, total));
  return { ...check, filesCopied: Boolean(target.files), deletedMeanwhile: droppedPhotos.length, expected };
}
