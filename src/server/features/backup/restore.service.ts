import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Dialect } from '#server/db/dialect.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { BackupError, extract, rowsOf, STORES, verify, type Progress } from './backup-archive.ts';
import * as repo from './backup.repository.ts';
import { listNames, type BackupContext } from './backup.service.ts';

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
  for (const name of STORES) {
    if ((await listNames(ctx[name])).length > 0) return { empty: false, why: `files in ${name}` };
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
        const store = ctx[entry.store];
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
