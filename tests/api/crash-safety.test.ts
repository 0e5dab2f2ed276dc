import SQLite from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import { openDatabase } from '#server/db/database.ts';
import { filesUnder, jpeg } from '#tests/fixtures/images.ts';
import { bundleServer, runCli, startServer, type ServerProcess } from '#tests/api/support/server-process.ts';
import { waitFor } from '#tests/api/support/wait.ts';

/**
 * The server is killed with SIGKILL while it receives, processes and stores uploads and while it
 * reorders, again and again; after each crash the database must be sound, every row's files
 * present, orders without duplicates, every acknowledged upload kept, and `cleanup` must remove
 * exactly what the crash left behind.
 */
// SQLite, whose file the server itself keeps whole, is killed more often than PostgreSQL.
// `npm run crash-cycles` (part of `npm run test:long`) sets the long run's counts (100 and 25);
// `npm test` kills each database's server a cycle or two, which proves every check still runs.
const CYCLES = Number(
  (process.env.TEST_DIALECT === 'postgres' ? process.env.CRASH_CYCLES_POSTGRES : process.env.CRASH_CYCLES_SQLITE) ??
    (process.env.TEST_DIALECT === 'postgres' ? 1 : 2),
);
const OWNER = { username: 'owner', password: 'crash test password' };

let bundle: Awaited<ReturnType<typeof bundleServer>>;
let dataDir: string;
let env: Record<string, string>;
let dropDatabase = async () => {};
let images: Buffer[];

beforeAll(async () => {
  bundle = await bundleServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-crash-'));
  env = { DATA_DIR: dataDir, OWNER_USERNAME: OWNER.username, OWNER_PASSWORD: OWNER.password, DATABASE_URL: '' };
  if (process.env.TEST_DIALECT === 'postgres') {
    // A database of its own: the server process knows no test schema.
    const base = process.env.TEST_DATABASE_URL ?? '';
    const name = `crash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  images = await Promise.all([
    jpeg({ width: 640, height: 420 }),
    jpeg({ width: 360, height: 480, color: '#30a050' }),
  ]);
}, 60_000);

afterAll(async () => {
  bundle?.remove();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

/** A small deterministic random source, so a failing cycle can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

interface Load {
  stop: () => Promise<void>;
  inFlight: { uploads: number; reorders: number; saves: number };
  acknowledged: Set<number>;
  reordersDone: () => number;
  savesDone: () => number;
}

/** Settings saves are numbered across every cycle: the stored number shows which save won, whole or not. */
const saves = { sent: 0, acknowledged: 0 };
const savedSettings = (n: number) => ({ portfolioTitle: `save ${n}`, portfolioSubtitle: `save ${n}`, aboutText: `save ${n}` });

/**
 * Photos the reorders can shuffle, and a category the uploads go to. New uploads go first in their
 * place, so an upload landing between a reorder's read and its write would give the bank a
 * duplicate order without any crash; kept apart, a duplicate can only mean a reorder applied in part.
 */
async function prepareSite(server: ServerProcess, cookie: string): Promise<number> {
  const form = new FormData();
  for (const [index, image] of [...images, ...images].entries()) {
    form.append('photos', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `bank-${index}.jpg`);
  }
  const stored = await fetch(`${server.url}/api/photos/upload`, { method: 'POST', headers: { cookie }, body: form });
  expect(stored.status).toBe(201);
  const created = await fetch(`${server.url}/api/categories`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Crash uploads' }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/**
 * Two clients uploading two photos at a time into a category, one reordering the photo bank, one
 * saving the portfolio settings, without pause.
 */
function startLoad(server: ServerProcess, cookie: string, next: () => number, categoryId: number): Load {
  let stopped = false;
  let reorders = 0;
  let savesDone = 0;
  const inFlight = { uploads: 0, reorders: 0, saves: 0 };
  const acknowledged = new Set<number>();

  const upload = async () => {
    while (!stopped) {
      const form = new FormData();
      for (const [index, image] of images.entries()) {
        form.append('photos', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `crash-${index}.jpg`);
      }
      inFlight.uploads += 1;
      try {
        const response = await fetch(`${server.url}/api/photos/upload?categoryId=${categoryId}`, { method: 'POST', headers: { cookie }, body: form });
        if (response.status === 201) for (const photo of (await response.json()).photos as Photo[]) acknowledged.add(photo.id);
      } catch {
        // The server was killed under this request.
      } finally {
        inFlight.uploads -= 1;
      }
    }
  };

  const reorder = async () => {
    while (!stopped) {
      inFlight.reorders += 1;
      try {
        const photos = (await (await fetch(`${server.url}/api/photos`)).json()) as Photo[];
        const bank = photos.filter((photo) => photo.categoryId === null);
        // A permutation of the orders the bank already has: applied in part, it would duplicate one.
        const orders = bank.map((photo) => photo.order).sort(() => next() - 0.5);
        if (bank.length > 1) {
          const response = await fetch(`${server.url}/api/photos/reorder`, {
            method: 'PUT',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ photoUpdates: bank.map((photo, index) => ({ id: photo.id, order: orders[index], categoryId: null })) }),
          });
          if (response.status === 200) reorders += 1;
        }
      } catch {
        // Killed mid-reorder.
      } finally {
        inFlight.reorders -= 1;
      }
    }
  };

  const saveSettings = async () => {
    while (!stopped) {
      saves.sent += 1;
      const n = saves.sent;
      inFlight.saves += 1;
      try {
        const response = await fetch(`${server.url}/api/portfolio-settings`, {
          method: 'PATCH',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(savedSettings(n)),
        });
        if (response.status === 200) {
          savesDone += 1;
          saves.acknowledged = Math.max(saves.acknowledged, n);
        }
      } catch {
        // Killed mid-save.
      } finally {
        inFlight.saves -= 1;
      }
    }
  };

  const running = [upload(), upload(), reorder(), saveSettings()];
  return {
    inFlight,
    acknowledged,
    reordersDone: () => reorders,
    savesDone: () => savesDone,
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

interface PhotoFilesRow {
  id: number;
  categoryId: number | null;
  sortOrder: number;
  fileKey: string;
  filename: string;
  thumbnail: string;
  variants: string;
}

/** Reads the site with the server down: rows, and on SQLite the file's own integrity check. */
async function readSite(): Promise<{ integrity: string; photos: PhotoFilesRow[]; settings: Record<string, string | null> }> {
  let integrity = 'not applicable (PostgreSQL)';
  const sqlitePath = path.join(dataDir, 'atelier.sqlite');
  if (!env.DATABASE_URL) {
    const sqlite = new SQLite(sqlitePath);
    integrity = String(sqlite.pragma('integrity_check', { simple: true }));
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    sqlite.close();
  }
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL || undefined, sqlitePath, poolSize: 1 });
  try {
    const photos = await handle.db
      .selectFrom('photos')
      .select(['id', 'categoryId', 'sortOrder', 'fileKey', 'filename', 'thumbnail', 'variants'])
      .orderBy('id')
      .execute();
    const settings = await handle.db.selectFrom('users').select(['portfolioTitle', 'portfolioSubtitle', 'aboutText']).executeTakeFirstOrThrow();
    return { integrity, photos, settings };
  } finally {
    await handle.destroy();
  }
}

const publicNamesOf = (row: PhotoFilesRow) => [
  row.filename,
  row.thumbnail,
  ...(JSON.parse(row.variants) as Array<{ filename: string }>).map((variant) => variant.filename),
];

function expectConsistent(photos: PhotoFilesRow[], acknowledged: Set<number>) {
  const uploads = new Set(filesUnder(path.join(dataDir, 'uploads')));
  const originals = filesUnder(path.join(dataDir, 'originals'));
  for (const row of photos) {
    for (const name of publicNamesOf(row)) expect(uploads.has(name), `photo ${row.id}: ${name}`).toBe(true);
    expect(originals.some((name) => name.startsWith(row.fileKey)), `photo ${row.id}: its original`).toBe(true);
  }
  const ids = photos.map((row) => row.id);
  expect(new Set(ids).size).toBe(ids.length);
  // Every upload the server answered 201 for survived the crash that followed.
  const missing = [...acknowledged].filter((id) => !ids.includes(id));
  expect(missing, 'acknowledged photos lost').toEqual([]);
  // Each place (category or bank) holds each order once: no reorder was applied in part.
  const places = new Map<string, number[]>();
  for (const row of photos) places.set(String(row.categoryId), [...(places.get(String(row.categoryId)) ?? []), row.sortOrder]);
  for (const [place, orders] of places) expect(new Set(orders).size, `orders in ${place}: ${orders.join(',')}`).toBe(orders.length);
}

/** The settings row holds one save whole, and no older one than the last the server acknowledged. */
function expectSettingsWhole(settings: Record<string, string | null>) {
  const n = Number(/^save (\d+)$/.exec(settings.portfolioTitle ?? '')?.[1]);
  expect(settings, 'the fields of one save').toEqual(savedSettings(n));
  expect(n, 'an acknowledged save lost').toBeGreaterThanOrEqual(saves.acknowledged);
  expect(n).toBeLessThanOrEqual(saves.sent);
}

describe('crash safety', () => {
  it(`survives ${CYCLES} SIGKILLs in the middle of uploads, reorders and settings saves`, async () => {
    const acknowledged = new Set<number>();
    const report: string[] = [];
    let categoryId = 0;
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const next = random(cycle + 1);
      const server = await startServer(bundle.dir, env);
      const cookie = await signIn(server);
      if (cycle === 0) categoryId = await prepareSite(server, cookie);
      const load = startLoad(server, cookie, next, categoryId);
      // Once this run has stored something and reordered, at a random moment while uploads are in flight.
      await waitFor(() => load.acknowledged.size > 0 && load.reordersDone() > 0 && load.savesDone() > 0, 'a first upload, reorder and save', 60_000);
      const pause = next() * 800;
      const started = Date.now();
      await waitFor(() => Date.now() - started >= pause && load.inFlight.uploads > 0, 'an upload in flight', 60_000);
      const tmpAtKill = filesUnder(path.join(dataDir, 'tmp')).length;
      const inFlightAtKill = { ...load.inFlight };
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await load.stop();
      for (const id of load.acknowledged) acknowledged.add(id);

      const { integrity, photos, settings } = await readSite();
      if (!env.DATABASE_URL) expect(integrity).toBe('ok');
      expectConsistent(photos, acknowledged);
      expectSettingsWhole(settings);

      const orphansBefore = filesUnder(dataDir).filter((file) => /^(uploads|originals|tmp)\//.test(file)).length;
      const cleanup = runCli(bundle.dir, ['cleanup', '--grace-minutes', '0'], env);
      expect(cleanup.status, cleanup.stderr).toBe(0);
      // Rows never point at missing files, so cleanup removes files only, never a photo.
      expect(cleanup.stdout).toMatch(/Removed \d+ orphaned file\(s\) and 0 photo\(s\)/);
      const after = await readSite();
      expect(after.photos).toEqual(photos);
      const wanted = new Set(photos.flatMap(publicNamesOf));
      expect(filesUnder(path.join(dataDir, 'uploads')).filter((name) => !wanted.has(name))).toEqual([]);
      expect(filesUnder(path.join(dataDir, 'originals')).filter((name) => !photos.some((row) => name.startsWith(row.fileKey)))).toEqual([]);
      expect(filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);

      const removed = /Removed (\d+)/.exec(cleanup.stdout)?.[1];
      report.push(
        `cycle ${cycle + 1}: killed with ${inFlightAtKill.uploads} upload(s), ${inFlightAtKill.reorders} reorder(s) and ${inFlightAtKill.saves} save(s) in flight, ` +
          `${tmpAtKill} temp file(s); ${photos.length} photos, ${load.reordersDone()} reorders done; ` +
          `cleanup removed ${removed} of ${orphansBefore} files`,
      );
    }

    // Back up once more: the site serves every photo exactly once, with its files.
    const server = await startServer(bundle.dir, env);
    try {
      const photos = (await (await fetch(`${server.url}/api/photos`)).json()) as Photo[];
      const ids = photos.map((photo) => photo.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of acknowledged) expect(ids).toContain(id);
      for (const photo of photos) {
        const image = await fetch(`${server.url}/uploads/${photo.filename}`);
        expect(image.status).toBe(200);
        await image.arrayBuffer();
      }
      report.push(`after ${CYCLES} crashes: ${photos.length} photos served, ${acknowledged.size} acknowledged uploads all present`);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    console.info(`crash safety (${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}):\n  ${report.join('\n  ')}`);
  }, Math.max(240_000, CYCLES * 30_000));
});

describe('background work killed half-way', () => {
  it('finishes a licence change of 16 photos after a SIGKILL 300 ms into its re-render, each served copy carrying the licence', async () => {
    const LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/';
    let server = await startServer(bundle.dir, env);
    let cookie = await signIn(server);
    const created = await fetch(`${server.url}/api/categories`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Licensed' }),
    });
    const categoryId = ((await created.json()) as { id: number }).id;
    const large = await jpeg({ width: 1600, height: 1067 });
    const form = new FormData();
    for (let index = 0; index < 16; index += 1) form.append('photos', new Blob([new Uint8Array(large)], { type: 'image/jpeg' }), `licensed-${index}.jpg`);
    const uploaded = await fetch(`${server.url}/api/photos/upload?categoryId=${categoryId}`, { method: 'POST', headers: { cookie }, body: form });
    expect(uploaded.status).toBe(201);
    const ids = ((await uploaded.json()) as { photos: Photo[] }).photos.map((photo) => photo.id);
    expect(ids).toHaveLength(16);

    const changed = await fetch(`${server.url}/api/categories/${categoryId}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ defaultLicense: 'cc-by' }),
    });
    expect(changed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');

    // Killed half-way: some copies, not all, carry the licence.
    const carrying = async (base: string, photos: Photo[]) => {
      let count = 0;
      for (const photo of photos) {
        const bytes = Buffer.from(await (await fetch(`${base}/uploads/${photo.filename}`)).arrayBuffer());
        if (bytes.includes(LICENCE_URL)) count += 1;
      }
      return count;
    };
    const handle = openDatabase({ databaseUrl: env.DATABASE_URL || undefined, sqlitePath: path.join(dataDir, 'atelier.sqlite'), poolSize: 1 });
    const renderedAtKill = await handle.db.selectFrom('photos').select('id').where('id', 'in', ids).where('renderedRights', 'like', '%cc-by%').execute();
    await handle.destroy();
    expect(renderedAtKill.length).toBeLessThan(16);

    server = await startServer(bundle.dir, env);
    try {
      cookie = await signIn(server);
      const listed = async () => ((await (await fetch(`${server.url}/api/photos`)).json()) as Photo[]).filter((photo) => ids.includes(photo.id));
      await waitFor(async () => (await carrying(server.url, await listed())) === 16, 'every copy rendered with the licence', 180_000);
      const photos = await listed();
      expect(photos).toHaveLength(16);
      for (const photo of photos) {
        expect(photo.license).toBeNull();
        for (const variant of photo.variants) {
          const bytes = Buffer.from(await (await fetch(`${server.url}/uploads/${variant.filename}`)).arrayBuffer());
          expect(bytes.includes(LICENCE_URL), variant.filename).toBe(true);
        }
      }
      console.info(`background work killed half-way: ${renderedAtKill.length} of 16 photos rendered at the kill, all 16 after the restart`);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 300_000);
});
