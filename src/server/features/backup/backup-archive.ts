import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';
import { copyNamesOf } from '#server/features/renditions/renditions.service.ts';
import { logoOfColumn } from '#server/features/watermarks/watermarks.service.ts';
import * as repo from './backup.repository.ts';
import { readTar, TarFormatError } from './tar.ts';
import { fileKeyOfOriginal } from '#server/storage/file-names.ts';

/**
 * The backup archive's format: a tar (gzipped or not) of `atelier-backup/` holding a manifest of
 * SHA-256 hashes, the database (a SQLite copy, or JSON rows from PostgreSQL) and the stored
 * files; and reading one back, checked byte for byte, into a staging folder.
 */

export type Progress = (done: number, total: number) => void;

/** A backup or restore that cannot go on, with a message for the person at the terminal. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const ROOT = 'atelier-backup';
export const STORES = ['uploads', 'originals', 'restricted'] as const;
export type StoreName = (typeof STORES)[number];
/** The same flat names the file stores accept; anything else in an archive is refused. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export const Manifest = z.object({
  format: z.literal('atelier-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  migrations: z.array(z.string()),
  rows: z.record(z.string(), z.number().int().min(0)),
  database: z.object({ name: z.enum(['database.sqlite', 'database.json']), size: z.number().int(), sha256: z.string() }),
  files: z.array(z.object({ store: z.enum(STORES), name: z.string().regex(FILE_NAME), size: z.number().int(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof Manifest>;

const DatabaseJson = z.object({ migrations: z.array(z.string()), rows: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))) });

export const isGzipName = (file: string) => /\.(tgz|gz)$/i.test(file);

/** The files a set of rows points at: every photo's copies (public or restricted) and original, and the banner. */
export function filesOfRows(rows: repo.TableRows, originals: string[]): Array<{ store: StoreName; name: string }> {
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
    const key = fileKeyOfOriginal(name);
    originalsByKey.set(key, [...(originalsByKey.get(key) ?? []), name]);
  }
  const groups: FileGroup[] = [];
  for (const row of rows.photos) {
    const photo = row as { id: number; fileKey: string; filename: string; thumbnail: string; variants: string; filesPrivate?: number; videoFiles?: string | null };
    // Archives made before 0011 have no flag: their copies were all in uploads.
    const copies: StoreName = photo.filesPrivate === 1 ? 'restricted' : 'uploads';
    groups.push({
      photoId: photo.id,
      files: [
        // Archives made before 0023 have no videos.
        ...copyNamesOf({ ...photo, videoFiles: photo.videoFiles ?? null }).map((name) => ({ store: copies, name })),
        ...(originalsByKey.get(photo.fileKey) ?? []).map((name) => ({ store: 'originals' as const, name })),
      ],
    });
  }
  for (const row of rows.users) {
    const user = row as { id: number; bannerImage: string | null };
    if (user.bannerImage) groups.push({ bannerOf: user.id, files: [{ store: 'uploads', name: user.bannerImage }] });
  }
  // Watermark logos, the site's and a gallery's own: once each, however many use one.
  const logos = new Set(
    [...rows.users, ...rows.categories].flatMap((row) => {
      const { watermark } = row as { watermark?: unknown };
      return (typeof watermark === 'string' && logoOfColumn(watermark)) || [];
    }),
  );
  for (const logo of logos) groups.push({ files: [{ store: 'uploads', name: logo }] });
  // A release's audio tracks (0024): the original as uploaded, and the preview it plays.
  for (const row of rows.releaseTracks ?? []) {
    const track = row as { photoId: number; original: string; preview: string | null };
    groups.push({
      files: [
        { store: 'originals', name: track.original },
        ...(track.preview ? [{ store: 'restricted' as const, name: track.preview }] : []),
      ],
    });
  }
  return groups;
}

export async function* hashing(source: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncIterable<Buffer> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

export async function sha256Of(file: string): Promise<string> {
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

export async function extract(file: string, staging: string): Promise<void> {
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
export async function verify(staging: string): Promise<Manifest> {
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

export async function rowsOf(staging: string, manifest: Manifest): Promise<repo.TableRows> {
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
  const originals = new Set(manifest.files.filter((entry) => entry.store === 'originals').map((entry) => fileKeyOfOriginal(entry.name)));
  const withoutOriginal = [...keys].find((key) => !originals.has(key));
  if (withoutOriginal) throw new BackupError(`The archive is inconsistent: the original of ${withoutOriginal} is missing.`);
  return rows;
}
