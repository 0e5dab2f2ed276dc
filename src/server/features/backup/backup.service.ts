import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { Dialect } from '#server/db/dialect.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { BackupError, groupsOfRows, hashing, isGzipName, ROOT, type FileGroup, type Manifest, type Progress, type StoreName } from './backup-archive.ts';
import * as repo from './backup.repository.ts';
import { TarWriter } from './tar.ts';

// The migrate command reads a site as a backup does and loads it as a restore does.
export { BACKUP_TABLES, countRows, keyColumnsOf, insertAllRows, readAllRows, withoutDeleted, type BackupTable, type TableRows } from './backup.repository.ts';

export interface BackupContext {
  db: Db;
  dialect: Dialect;
  /** The live SQLite file (unused on PostgreSQL). */
  sqlitePath: string;
  uploads: FileStore;
  originals: FileStore;
  restricted: FileStore;
  /** Working space on the data disk; staging folders are made and removed here. */
  tmpDir: string;
  clock: Clock;
}

export async function listNames(store: FileStore): Promise<string[]> {
  const names: string[] = [];
  for await (const file of store.list()) names.push(file.name);
  return names;
}

/** The database as of one moment: rows (and on SQLite a copy of the file) read in one snapshot. */
export async function snapshotDatabase(ctx: Pick<BackupContext, 'db' | 'dialect' | 'sqlitePath'>, staging: string): Promise<{ sqliteCopy?: string; rows: repo.TableRows; migrations: string[] }> {
  if (ctx.dialect === 'sqlite') {
    const sqliteCopy = path.join(staging, 'database.sqlite');
    await repo.copySqliteOnline(ctx.sqlitePath, sqliteCopy);
    await repo.forgetUnsavedInCopy(sqliteCopy);
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
export async function openGroup(ctx: Pick<BackupContext, StoreName>, group: FileGroup): Promise<Opened[] | null> {
  const opened = await Promise.all(group.files.map(({ store, name }) => ctx[store].open(name)));
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
