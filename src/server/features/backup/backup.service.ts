import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { z } from 'zod';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { Dialect } from '#server/db/dialect.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { publicFilesOf } from '#server/features/photos/photos.service.ts';
import * as repo from './backup.repository.ts';
import { readTar, TarFormatError, TarWriter } from './tar.ts';

// The migrate command reads a site as a backup does and loads it as a restore does.
export { BACKUP_TABLES, countRows, insertAllRows, readAllRows, withoutDeleted, type BackupTable, type TableRows } from './backup.repository.ts';

export interface BackupContext {
  db: Db;
  dialect: Dialect;
  /** The live SQLite file (unused on PostgreSQL). */
  sqlitePath: string;
  uploads: FileStore;
  originals: FileStore;
  /** Working space on the data disk; staging folders are made and removed here. */
  tmpDir: string;
  clock: Clock;
}

export type Progress = (done: number, total: number) => void;

/** A backup or restore that cannot go on, with a message for the person at the terminal. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const ROOT = 'atelier-backup';
const STORES = ['uploads', 'originals'] as const;
type StoreName = (typeof STORES)[number];
/** The same flat names the file stores accept; anything else in an archive is refused. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

const Manifest = z.object({
  format: z.literal('atelier-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  migrations: z.array(z.string()),
  rows: z.record(z.string(), z.number().int().min(0)),
  database: z.object({ name: z.enum(['database.sqlite', 'database.json']), size: z.number().int(), sha256: z.string() }),
  files: z.array(z.object({ store: z.enum(STORES), name: z.string().regex(FILE_NAME), size: z.number().int(), sha256: z.string() })),
});
type Manifest = z.infer<typeof Manifest>;

const DatabaseJson = z.object({ migrations: z.array(z.string()), rows: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))) });

const isGzipName = (file: string) => /\.(tgz|gz)$/i.test(file);

/** The files a set of rows points at: every photo's public files and original, and the banner. */
function filesOfRows(rows: repo.TableRows, originals: string[]): Array<{ store: StoreName; name: string }> {
  return groupsOfRows(rows, originals).flatMap((group) => group.files);
}

/** The files of each photo, and of each user's banner: a group is archived whole or not at all. */
export interface FileGroup {
  photoId?: number;
  bannerOf?: number;
  files: Array<{ store: StoreName; name: string }>;
}

export function groupsOfRows(rows: repo.TableRows, originals: string[]): FileGroup[] {
  const originalsByKey = new Map<string, string[]>();
  for (const name of originals) {
    const key = name.split('.')[0] ?? '';
    originalsByKey.set(key, [...(originalsByKey.get(key) ?? []), name]);
  }
  const groups: FileGroup[] = [];
  for (const row of rows.photos) {
    const photo = row as { id: number; fileKey: string; filename: string; thumbnail: string; variants: string };
    groups.push({
      photoId: photo.id,
      files: [
        ...publicFilesOf(photo).map((name) => ({ store: 'uploads' as const, name })),
        ...(originalsByKey.get(photo.fileKey) ?? []).map((name) => ({ store: 'originals' as const, name })),
      ],
    });
  }
  for (const row of rows.users) {
    const user = row as { id: number; bannerImage: string | null };
    if (user.bannerImage) groups.push({ bannerOf: user.id, files: [{ store: 'uploads', name: user.bannerImage }] });
  }
  return groups;
}

export async function listNames(store: FileStore): Promise<string[]> {
  const names: string[] = [];
  for await (const file of store.list()) names.push(file.name);
  return names;
}

export async function* hashing(source: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncIterable<Buffer> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

/** The database as of one moment: rows (and on SQLite a copy of the file) read in one snapshot. */
export async function snapshotDatabase(ctx: Pick<BackupContext, 'db' | 'dialect' | 'sqlitePath'>, staging: string): Promise<{ sqliteCopy?: string; rows: repo.TableRows; migrations: string[] }> {
  if (ctx.dialect === 'sqlite') {
    const sqliteCopy = path.join(staging, 'database.sqlite');
    await repo.copySqliteOnline(ctx.sqlitePath, sqliteCopy);
    const copy = repo.openSqliteCopy(sqliteCopy);
    try {
      return { sqliteCopy, rows: await repo.readAllRows(copy.db), migrations: await repo.appliedMigrations(copy.db) };
    } finally {
      await copy.close();
    }
  }
  return repo.readSnapshot(ctx.db);
}

export interface BackupSummary {
  file: string;
  rows: Record<string, number>;
  files: number;
  bytes: number;
  /** Photos deleted between the snapshot and the copy of their files: left out, as if deleted first. */
  deletedMeanwhile: number;
}

/**
 * Writes a consistent archive of the site while it serves: the database as of one moment, and
 * exactly the files its rows point at, each with its SHA-256 in a manifest. Stored files never
 * change once written; they only disappear when their photo is deleted. So each photo's files are
 * opened together (an open file stays readable after it is deleted): all there, the photo is
 * archived whole; one gone, the photo was deleted meanwhile and its row is left out too.
 */
export async function createBackup(ctx: BackupContext, file: string, options: { onProgress?: Progress } = {}): Promise<BackupSummary> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${file} already exists; choose a new name.`);
  await fsp.mkdir(ctx.tmpDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(ctx.tmpDir, 'backup-'));
  const partial = `${target}.partial-${randomBytes(6).toString('hex')}`;
  try {
    return await writeArchive(ctx, staging, partial, target, options.onProgress);
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

type Opened = NonNullable<Awaited<ReturnType<FileStore['open']>>>;

/** Opens every file of a group, or none: null when one of them is gone. */
export async function openGroup(ctx: Pick<BackupContext, 'uploads' | 'originals'>, group: FileGroup): Promise<Opened[] | null> {
  const opened = await Promise.all(group.files.map(({ store, name }) => (store === 'uploads' ? ctx.uploads : ctx.originals).open(name)));
  if (opened.every((file): file is Opened => file !== null)) return opened;
  for (const file of opened) file?.stream.destroy();
  return null;
}

async function writeArchive(ctx: BackupContext, staging: string, partial: string, target: string, onProgress?: Progress): Promise<BackupSummary> {
  const snapshot = await snapshotDatabase(ctx, staging);
  const groups = groupsOfRows(snapshot.rows, await listNames(ctx.originals));
  const total = groups.length + 1;
  let done = 0;
  onProgress?.(done, total);

  const tar = new PassThrough();
  const out = fs.createWriteStream(partial, { flags: 'wx' });
  const written = isGzipName(target) ? pipeline(tar, zlib.createGzip({ level: 6 }), out) : pipeline(tar, out);
  // Errors surface through `written`; an unhandled rejection meanwhile would end the process.
  written.catch(() => {});
  const writer = new TarWriter(tar);
  try {
    const files: Manifest['files'] = [];
    const droppedPhotos: number[] = [];
    const clearedBanners: number[] = [];
    let bytes = 0;
    for (const group of groups) {
      const opened = await openGroup(ctx, group);
      if (!opened) {
        if (group.photoId !== undefined) droppedPhotos.push(group.photoId);
        if (group.bannerOf !== undefined) clearedBanners.push(group.bannerOf);
      } else {
        for (const [index, { store, name }] of group.files.entries()) {
          const file = opened[index]!;
          const hash = createHash('sha256');
          await writer.add({ name: `${ROOT}/${store}/${name}`, size: file.size, mtime: file.mtime }, hashing(file.stream, hash));
          files.push({ store, name, size: file.size, sha256: hash.digest('hex') });
          bytes += file.size;
        }
      }
      onProgress?.((done += 1), total);
    }

    // The database last, less what vanished meanwhile, so its rows match the files above.
    const rows = repo.withoutDeleted(snapshot.rows, droppedPhotos, clearedBanners);
    let dbPath: string;
    if (snapshot.sqliteCopy) {
      dbPath = snapshot.sqliteCopy;
      if (droppedPhotos.length || clearedBanners.length) await repo.removeFromCopy(dbPath, droppedPhotos, clearedBanners);
    } else {
      dbPath = path.join(staging, 'database.json');
      await fsp.writeFile(dbPath, JSON.stringify({ migrations: snapshot.migrations, rows }));
    }
    const dbName = path.basename(dbPath) as Manifest['database']['name'];
    const dbStat = await fsp.stat(dbPath);
    const dbHash = createHash('sha256');
    await writer.add({ name: `${ROOT}/${dbName}`, size: dbStat.size, mtime: ctx.clock() }, hashing(fs.createReadStream(dbPath), dbHash));
    bytes += dbStat.size;
    onProgress?.((done += 1), total);

    const rowCounts = Object.fromEntries(repo.BACKUP_TABLES.map((table) => [table, rows[table].length]));
    const manifest: Manifest = {
      format: 'atelier-backup',
      version: 1,
      createdAt: ctx.clock().toISOString(),
      dialect: ctx.dialect,
      migrations: snapshot.migrations,
      rows: rowCounts,
      database: { name: dbName, size: dbStat.size, sha256: dbHash.digest('hex') },
      files,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await writer.add({ name: `${ROOT}/manifest.json`, size: manifestBytes.length, mtime: ctx.clock() }, manifestBytes);
    await writer.finish();
    tar.end();
    await written;
    await fsp.rename(partial, target);
    return { file: target, rows: rowCounts, files: files.length, bytes, deletedMeanwhile: droppedPhotos.length };
  } catch (error) {
    tar.destroy();
    await written.catch(() => {});
    throw error;
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Where an entry of the archive goes in the staging folder; null for a name it may not have. */
function stagedPath(staging: string, name: string): string | null {
  const parts = name.split('/');
  if (parts[0] !== ROOT) return null;
  if (parts.length === 2 && ['manifest.json', 'database.sqlite', 'database.json'].includes(parts[1] ?? '')) {
    return path.join(staging, parts[1]!);
  }
  if (parts.length === 3 && STORES.includes(parts[1] as StoreName) && FILE_NAME.test(parts[2] ?? '') && !parts[2]!.includes('..')) {
    return path.join(staging, parts[1]!, parts[2]!);
  }
  return null;
}

async function extract(file: string, staging: string): Promise<void> {
  for (const store of STORES) await fsp.mkdir(path.join(staging, store));
  const head = Buffer.alloc(2);
  const handle = await fsp.open(file, 'r');
  await handle.read(head, 0, 2, 0);
  await handle.close();
  const source = fs.createReadStream(file);
  // The content says whether it is compressed, whatever the name.
  const stream = head[0] === 0x1f && head[1] === 0x8b ? source.pipe(zlib.createGunzip()) : source;
  source.on('error', (error) => stream.destroy(error));
  try {
    await readTar(stream, async (entry) => {
      const where = stagedPath(staging, entry.name);
      if (!where) throw new BackupError(`The archive holds an unexpected entry: ${JSON.stringify(entry.name)}`);
      return fs.createWriteStream(where, { flags: 'wx' });
    });
  } catch (error) {
    if (error instanceof TarFormatError || (error as { code?: string }).code === 'Z_DATA_ERROR') {
      throw new BackupError(`${file} is not a readable backup: ${(error as Error).message}`);
    }
    if ((error as { code?: string }).code === 'EEXIST') throw new BackupError('The archive holds the same entry twice');
    throw error;
  }
}

/** Checks every byte against the manifest, and that the rows point only at files the archive has. */
async function verify(staging: string): Promise<Manifest> {
  const manifestPath = path.join(staging, 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new BackupError('The archive has no manifest; it is not an Atelier backup or it is incomplete.');
  const parsed = Manifest.safeParse(JSON.parse(await fsp.readFile(manifestPath, 'utf8')));
  if (!parsed.success) throw new BackupError(`The archive's manifest is not one this version reads: ${parsed.error.issues[0]?.message ?? ''}`);
  const manifest = parsed.data;

  const dbPath = path.join(staging, manifest.database.name);
  if (!fs.existsSync(dbPath) || (await sha256Of(dbPath)) !== manifest.database.sha256) {
    throw new BackupError(`The database in the archive does not match its manifest (${manifest.database.name}).`);
  }
  const listed = new Set(manifest.files.map((entry) => `${entry.store}/${entry.name}`));
  for (const store of STORES) {
    for (const name of await fsp.readdir(path.join(staging, store))) {
      if (!listed.has(`${store}/${name}`)) throw new BackupError(`The archive holds a file its manifest does not list: ${store}/${name}`);
    }
  }
  for (const entry of manifest.files) {
    const staged = path.join(staging, entry.store, entry.name);
    const stat = await fsp.stat(staged).catch(() => null);
    if (!stat || stat.size !== entry.size || (await sha256Of(staged)) !== entry.sha256) {
      throw new BackupError(`${entry.store}/${entry.name} is missing from the archive or damaged.`);
    }
  }
  return manifest;
}

async function rowsOf(staging: string, manifest: Manifest): Promise<repo.TableRows> {
  const dbPath = path.join(staging, manifest.database.name);
  let rows: repo.TableRows;
  if (manifest.database.name === 'database.sqlite') {
    const copy = repo.openSqliteCopy(dbPath);
    try {
      rows = await repo.readAllRows(copy.db);
    } finally {
      await copy.close();
    }
  } else {
    const parsed = DatabaseJson.parse(JSON.parse(await fsp.readFile(dbPath, 'utf8')));
    rows = Object.fromEntries(repo.BACKUP_TABLES.map((table) => [table, parsed.rows[table] ?? []])) as repo.TableRows;
  }
  for (const table of repo.BACKUP_TABLES) {
    if (rows[table].length !== manifest.rows[table]) throw new BackupError(`The archive's ${table} do not match its manifest.`);
  }
  const present = new Set(manifest.files.map((entry) => `${entry.store}/${entry.name}`));
  const missing = filesOfRows(rows, manifest.files.filter((entry) => entry.store === 'originals').map((entry) => entry.name)).find(
    ({ store, name }) => !present.has(`${store}/${name}`),
  );
  if (missing) throw new BackupError(`The archive is inconsistent: ${missing.store}/${missing.name} is missing.`);
  const keys = new Set(rows.photos.map((row) => String(row.fileKey)));
  const originals = new Set(manifest.files.filter((entry) => entry.store === 'originals').map((entry) => entry.name.split('.')[0]));
  const withoutOriginal = [...keys].find((key) => !originals.has(key));
  if (withoutOriginal) throw new BackupError(`The archive is inconsistent: the original of ${withoutOriginal} is missing.`);
  return rows;
}

export interface RestoreSummary {
  rows: Record<string, number>;
  files: number;
  createdAt: string;
  from: Dialect;
}

/** True when the site has no row and no stored file: the only kind of site a restore fills. */
export async function siteIsEmpty(ctx: BackupContext): Promise<{ empty: boolean; why: string }> {
  const counts = await repo.countRows(ctx.db);
  const filled = Object.entries(counts).filter(([, count]) => count > 0);
  if (filled.length > 0) return { empty: false, why: filled.map(([table, count]) => `${count} ${table}`).join(', ') };
  for (const [name, store] of [['uploads', ctx.uploads], ['originals', ctx.originals]] as const) {
    if ((await listNames(store)).length > 0) return { empty: false, why: `files in ${name}` };
  }
  return { empty: true, why: '' };
}

/**
 * Loads an archive into an empty site: checks every file's hash and that rows and files agree,
 * stores the files, then inserts every row in one transaction. Refuses a site with any content.
 * SQLite and PostgreSQL archives load into either database.
 */
export async function restoreBackup(ctx: BackupContext, file: string, options: { onProgress?: Progress } = {}): Promise<RestoreSummary> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const target = await siteIsEmpty(ctx);
  if (!target.empty) {
    throw new BackupError(`This site is not empty (${target.why}); restore into a new DATA_DIR and database.`);
  }
  await fsp.mkdir(ctx.tmpDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(ctx.tmpDir, 'restore-'));
  try {
    await extract(file, staging);
    const manifest = await verify(staging);
    const known = new Set(await repo.appliedMigrations(ctx.db));
    const newer = manifest.migrations.find((name) => !known.has(name));
    if (newer) throw new BackupError(`The archive comes from a newer version of Atelier (migration ${newer}); upgrade first.`);
    const rows = await rowsOf(staging, manifest);

    const total = manifest.files.length + 1;
    let done = 0;
    options.onProgress?.(done, total);
    const stored: Array<{ store: FileStore; name: string }> = [];
    try {
      for (const entry of manifest.files) {
        const store = entry.store === 'uploads' ? ctx.uploads : ctx.originals;
        await store.put(entry.name, { path: path.join(staging, entry.store, entry.name) });
        stored.push({ store, name: entry.name });
        options.onProgress?.((done += 1), total);
      }
      // Files first: if this fails or the process dies, files without rows are what cleanup removes.
      await repo.insertAllRows(ctx.db, ctx.dialect, rows);
      options.onProgress?.((done += 1), total);
    } catch (error) {
      await Promise.allSettled(stored.map(({ store, name }) => store.delete(name)));
      throw error;
    }
    return { rows: manifest.rows, files: manifest.files.length, createdAt: manifest.createdAt, from: manifest.dialect };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
