import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '#contract/photos.ts';
import * as repo from '#server/features/backup/backup.repository.ts';
import { BackupError } from '#server/features/backup/backup-archive.ts';
import { createBackup, type BackupContext } from '#server/features/backup/backup.service.ts';
import { restoreBackup, siteIsEmpty } from '#server/features/backup/restore.service.ts';
import { TarWriter } from '#server/features/backup/tar.ts';
import { seedDemoContent } from '#server/features/photos/seed.service.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';
import { linearDng, SMALL_HEIC } from '#tests/fixtures/camera-files.ts';
import { SINE_WAV } from '#tests/fixtures/audio.ts';
import { api, pathTo } from '#contract/routes.ts';
import { IPHONE_MOV } from '#tests/fixtures/videos.ts';
import { filesUnder, formWith, jpeg, png } from '#tests/fixtures/images.ts';
import { addGalleryLink, createCategory, createPhotos, deletePhotoForGood } from '#tests/fixtures/photos.ts';
import { insertSecondFactorRows } from '#tests/fixtures/second-factor-rows.ts';
import { createAppContext } from '#server/app-context.ts';
import { buildApp } from '#server/app.ts';
import { createWorker } from '#server/background-work.ts';
import { loadConfig } from '#server/config.ts';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';
import { ensureOwner } from '#server/features/auth/auth.service.ts';
import { cookieHeader, createTestApp, OWNER, type SiteSnapshot, type TestApp } from '#tests/setup/test-app.ts';
import { bundleServer, runCli } from '#tests/api/support/server-process.ts';
import { mailsInOutbox, resetTokenInOutbox } from '#tests/api/support/outbox.ts';
import { waitFor } from '#tests/api/support/wait.ts';

const apps: TestApp[] = [];
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-backups-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function site(options: { owner?: boolean; from?: SiteSnapshot } = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

const contextOf = (t: TestApp): BackupContext => ({
  db: t.database.db,
  dialect: t.dialect,
  sqlitePath: t.config.sqlitePath,
  uploads: new LocalFileStore(t.config.uploadsDir),
  restricted: new LocalFileStore(t.config.restrictedDir),
  originals: new LocalFileStore(t.config.originalsDir),
  tmpDir: t.config.upload.tmpDir,
  clock: () => new Date(),
});

/** `folder/name -> sha256` of every stored file of a site. */
function fileHashes(t: TestApp): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const [folder, dir] of [['uploads', t.config.uploadsDir], ['originals', t.config.originalsDir], ['restricted', t.config.restrictedDir]] as const) {
    for (const name of filesUnder(dir)) {
      hashes[`${folder}/${name}`] = createHash('sha256').update(fs.readFileSync(path.join(dir, name))).digest('hex');
    }
  }
  return hashes;
}

/**
 * A site with something in every table: photos in categories, a release, a banner, messages,
 * sessions… Filled once per file (seconds of drawing, transcoding and jobs) and copied, database
 * and files, per test.
 */
async function filledSite(): Promise<TestApp> {
  filled ??= fillSite();
  return site({ from: await filled });
}

let filled: Promise<SiteSnapshot> | undefined;
afterAll(async () => (await filled)?.remove());

async function fillSite(): Promise<SiteSnapshot> {
  const t = await createTestApp();
  const owner = await t.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  await seedDemoContent(t.ctx, owner.id, { photos: 5 });
  const cookie = await t.signIn();
  // A visit counted, then written by the report: the statistics' daily counts have a row.
  await t.app.inject({ method: 'POST', url: '/api/events', headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' }, payload: { kind: 'viewer', photoId: 1 } });
  expect((await t.app.inject({ method: 'GET', url: '/api/statistics', headers: { cookie } })).statusCode).toBe(200);
  await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: OWNER.username, password: 'wrong password' } });
  await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: OWNER.email } });
  // The mail is written after the answer: wait for it, so it lands before the site is removed.
  await waitFor(() => resetTokenInOutbox(t.dataDir).length > 0, 'the reset mail');
  await t.app.inject({ method: 'POST', url: '/api/sign-in-link', payload: { email: OWNER.email } });
  await waitFor(() => mailsInOutbox(t.dataDir).some((mail) => mail.includes('/login?link=')), 'the sign-in link mail');
  await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ada', email: 'ada@example.test', message: 'Ünïcödé 😀 <b>hi</b>' } });
  await insertSecondFactorRows(t.database.db);
  await addGalleryLink(t, cookie);
  // A personal access token: its hash travels with the site, so a restored site keeps the owner's tools working.
  await t.app.inject({ method: 'POST', url: '/api/security/confirm', headers: { cookie }, payload: { password: OWNER.password } });
  const token = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: 'Lightroom', scopes: ['photos:write'] } });
  expect(token.statusCode, token.body).toBe(201);
  // A webhook, secret and all: the moved site signs as its receivers expect. A public address
  // written as such (no DNS), for an event nothing here sends, so no delivery leaves the test.
  const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: { cookie }, payload: { url: 'https://1.2.3.4/atelier', events: ['comment.created'] } });
  expect(hook.statusCode, hook.body).toBe(201);
  // A gallery (empty, so nothing is re-rendered) marks its copies with a logo: the archive must carry the logo's file too.
  const logo = await t.app.inject({ method: 'POST', url: '/api/watermark/logo', headers: { cookie }, payload: formWith('logo', [{ name: 'logo.png', data: await png({ width: 200, height: 60 }) }]) });
  expect(logo.statusCode, logo.body).toBe(201);
  const marked = await createCategory(t, 'Marked');
  const watermark = { kind: 'logo', logo: logo.json<{ logo: string }>().logo, anchor: 'bottom-right', size: 20, opacity: 60, thumbnails: false };
  const saved = await t.app.inject({ method: 'PUT', url: `/api/categories/${marked}/watermark`, headers: { cookie }, payload: { mode: 'own', watermark } });
  expect(saved.statusCode, saved.body).toBe(200);
  // A HEIC's, a RAW's and a video's originals keep their own extensions, and a video has its
  // transcoded MP4s: the archive carries them too.
  const cameraFiles = [
    { name: 'phone.heic', data: fs.readFileSync(SMALL_HEIC) },
    { name: 'camera.dng', data: linearDng() },
    { name: 'clip.mov', data: fs.readFileSync(IPHONE_MOV) },
  ];
  const camera = await t.app.inject({ method: 'POST', url: '/api/photos/upload', headers: { cookie }, payload: formWith('photos', cameraFiles) });
  expect(camera.statusCode, camera.body).toBe(201);
  await t.runJobs();
  expect(filesUnder(t.config.originalsDir).filter((name) => /\.(heic|dng|mov)$/.test(name))).toHaveLength(3);
  expect(filesUnder(t.config.uploadsDir).filter((name) => /-v\d+\.mp4$/.test(name))).toHaveLength(1);
  // A release's audio track: its WAV original and its AAC preview (restricted store) travel with it.
  const track = new FormData();
  track.append('track', new Blob([new Uint8Array(fs.readFileSync(SINE_WAV))]), 'Opening.wav');
  const audio = await t.app.inject({ method: 'POST', url: pathTo(api.releaseAudio, { id: 1 }), headers: { cookie }, payload: track });
  expect(audio.statusCode, audio.body).toBe(201);
  await t.runJobs();
  expect(filesUnder(t.config.restrictedDir).filter((name) => name.endsWith('.m4a'))).toHaveLength(1);
  const counts = await repo.countRows(t.database.db);
  for (const table of repo.BACKUP_TABLES) expect(counts[table], table).toBeGreaterThan(0);
  // An unlisted gallery's copies are in the restricted store: the archive carries them from there.
  expect(filesUnder(t.config.restrictedDir).length).toBeGreaterThan(0);
  return t.saveSnapshot();
}

/** Every row of a site, and the next id its categories table would give. */
async function everything(t: TestApp) {
  return { rows: await repo.readAllRows(t.database.db), files: fileHashes(t) };
}

describe('backup and restore', () => {
  it('lists every table of the database, so none is left out of a backup', async () => {
    const t = await site();
    const tables = await repo.existingTables(t.database.db, t.dialect);
    expect(tables.sort()).toEqual([...repo.BACKUP_TABLES, ...repo.UNSAVED_TABLES].map(repo.tableNameOf).sort());
  });

  it.each(['site.tar.gz', 'site.tar'])('round-trips every row and every file, byte for byte, through %s', async (name) => {
    const source = await filledSite();
    const file = path.join(work, `${source.dialect}-${Date.now()}-${name}`);
    const progress: Array<[number, number]> = [];
    const summary = await createBackup(contextOf(source), file, { onProgress: (done, total) => progress.push([done, total]) });
    expect(progress.at(-1)?.[0]).toBe(progress.at(-1)?.[1]);
    expect(summary.files).toBe(Object.keys(fileHashes(source)).length);
    if (name.endsWith('.gz')) expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // The statistics' salt and visitor hashes of the day are never copied (docs/privacy.md).
    const [salt] = await source.database.db.selectFrom('statisticsSalts').select('salt').execute();
    const [hash] = await source.database.db.selectFrom('statisticsVisitors').select('visitor').execute();
    expect(salt && hash).toBeTruthy();
    if (!name.endsWith('.gz')) {
      const archive = fs.readFileSync(file);
      expect(archive.includes(salt!.salt)).toBe(false);
      expect(archive.includes(hash!.visitor)).toBe(false);
    }

    const target = await site({ owner: false });
    await restoreBackup(contextOf(target), file);
    expect(await target.database.db.selectFrom('statisticsSalts').selectAll().execute()).toEqual([]);
    expect(await target.database.db.selectFrom('statisticsVisitors').selectAll().execute()).toEqual([]);
    const before = await everything(source);
    expect(await everything(target)).toEqual(before);
    expect(filesUnder(target.config.upload.tmpDir)).toEqual([]);

    // The restored site works: the owner signs in with the old password, pages and files answer.
    const cookie = await target.signIn();
    const photos = (await target.app.inject({ method: 'GET', url: '/api/photos' })).json<Photo[]>();
    expect(photos).toEqual((await source.app.inject({ method: 'GET', url: '/api/photos' })).json());
    expect((await target.app.inject({ method: 'GET', url: `/uploads/${photos[0]!.filename}` })).statusCode).toBe(200);
    // New rows take ids after the restored ones (PostgreSQL's sequences were moved past them).
    const created = await target.app.inject({ method: 'POST', url: '/api/categories', headers: { cookie }, payload: { name: 'After restore' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().id).toBe(Math.max(...before.rows.categories.map((row) => Number(row.id))) + 1);
  });

  it('writes a consistent archive while photos are uploaded and deleted', async () => {
    const source = await site();
    const cookie = await source.signIn();
    await createPhotos(source, cookie, 4);
    let stop = false;
    let changes = 0;
    const busy = (async () => {
      const image = await jpeg({ width: 400, height: 300 });
      while (!stop) {
        const upload = await source.app.inject({
          method: 'POST',
          url: '/api/photos/upload',
          headers: { cookie },
          payload: formWith('photos', [{ name: 'busy.jpg', data: image }]),
        });
        const [photo] = upload.json().photos as Photo[];
        const list = (await source.app.inject({ method: 'GET', url: '/api/photos' })).json<Photo[]>();
        // Delete an older photo, so files disappear while the backup reads them.
        const victim = list.find((candidate) => candidate.id !== photo?.id);
        if (victim) await source.app.inject({ method: 'DELETE', url: `/api/photos/${victim.id}`, headers: { cookie } });
        changes += 2;
      }
    })();
    const files: string[] = [];
    const deletedMeanwhile: number[] = [];
    await waitFor(() => changes > 0, 'the site to be busy');
    const changesBefore = changes;
    try {
      // Three archives at least, and more until the site has changed while one was written.
      for (let round = 0; round < 3 || (changes === changesBefore && round < 20); round += 1) {
        const file = path.join(work, `busy-${source.dialect}-${Date.now()}-${round}.tar`);
        deletedMeanwhile.push((await createBackup(contextOf(source), file)).deletedMeanwhile);
        files.push(file);
      }
      // The site really changed while the archives were written.
      expect(changes).toBeGreaterThan(changesBefore);
    } finally {
      stop = true;
      await busy;
    }
    console.info(`backups while serving (${source.dialect}): ${changes} uploads and deletes meanwhile, photos deleted during each backup (left out): ${deletedMeanwhile.join(', ')}`);
    for (const file of files) {
      const target = await site({ owner: false });
      // Restore checks that every row's files are in the archive, with their hashes.
      await restoreBackup(contextOf(target), file);
      const rows = await repo.readAllRows(target.database.db);
      expect(rows.photos.length).toBeGreaterThan(0);
      // A photo in the trash has its copies out of the public store.
      const storeOf = (row: Record<string, unknown>) => (row.filesPrivate === 1 ? target.config.restrictedDir : target.config.uploadsDir);
      for (const row of rows.photos) expect(fs.existsSync(path.join(storeOf(row), String(row.filename)))).toBe(true);
    }
  });

  it('leaves out, row and files, a photo deleted between the snapshot and the copy of its files', async () => {
    const source = await site();
    const cookie = await source.signIn();
    const [kept, deleted] = await createPhotos(source, cookie, 2);
    const uploads = new LocalFileStore(source.config.uploadsDir);
    let deletedAt = 0;
    // The second photo is deleted for good just as the backup reaches its files.
    const racing: BackupContext = {
      ...contextOf(source),
      uploads: Object.assign(Object.create(uploads) as LocalFileStore, {
        open: async (name: string, range?: { start: number; end: number }) => {
          if (name === deleted!.filename && deletedAt === 0) {
            deletedAt = Date.now();
            await deletePhotoForGood(source, cookie, deleted!.id);
          }
          return uploads.open(name, range);
        },
      }),
    };
    const file = path.join(work, `racing-${source.dialect}-${Date.now()}.tar`);
    const summary = await createBackup(racing, file);
    expect(deletedAt).toBeGreaterThan(0);
    expect(summary.deletedMeanwhile).toBe(1);

    const target = await site({ owner: false });
    await restoreBackup(contextOf(target), file);
    const rows = await repo.readAllRows(target.database.db);
    expect(rows.photos.map((row) => row.id)).toEqual([kept!.id]);
    const keptKey = kept!.filename.split('.')[0]!;
    for (const name of [...filesUnder(target.config.uploadsDir), ...filesUnder(target.config.originalsDir)]) expect(name.startsWith(keptKey)).toBe(true);
  });

  it('refuses to restore into a site that has content, and changes nothing there', async () => {
    const source = await filledSite();
    const file = path.join(work, `full-${source.dialect}-${Date.now()}.tar.gz`);
    await createBackup(contextOf(source), file);
    const before = await everything(source);
    await expect(restoreBackup(contextOf(source), file)).rejects.toThrow(/not empty.*users/);
    expect(await everything(source)).toEqual(before);

    // A site with only a stray file is not empty either.
    const target = await site({ owner: false });
    fs.mkdirSync(target.config.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(target.config.uploadsDir, `${'a'.repeat(32)}.jpg`), 'x');
    await expect(restoreBackup(contextOf(target), file)).rejects.toThrow(/files in uploads/);
  });

  it('refuses a damaged archive, leaving the empty site empty', async () => {
    const source = await filledSite();
    const file = path.join(work, `damaged-${source.dialect}-${Date.now()}.tar`);
    await createBackup(contextOf(source), file);
    const bytes = fs.readFileSync(file);
    // Flip a byte inside the first stored image (entry 2: after the database's header and data).
    const at = bytes.indexOf(Buffer.from('atelier-backup/uploads/'));
    const damaged = Buffer.from(bytes);
    damaged[at + 512 + 100] = (damaged[at + 512 + 100] ?? 0) ^ 0xff;
    fs.writeFileSync(file, damaged);

    const target = await site({ owner: false });
    await expect(restoreBackup(contextOf(target), file)).rejects.toThrow(BackupError);
    await expect(restoreBackup(contextOf(target), file)).rejects.toThrow(/damaged/);
    expect((await siteIsEmpty(contextOf(target))).empty).toBe(true);
    expect(filesUnder(target.config.upload.tmpDir)).toEqual([]);

    fs.writeFileSync(file, bytes.subarray(0, bytes.length / 2));
    await expect(restoreBackup(contextOf(target), file)).rejects.toThrow(/incomplete|not a readable backup|no manifest/);
    expect((await siteIsEmpty(contextOf(target))).empty).toBe(true);
  });

  it('refuses an archive with a path that leaves its folder, writing nothing outside', async () => {
    const file = path.join(work, `evil-${Date.now()}.tar`);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new TarWriter(out);
    const escapee = `escaped-${Date.now()}`;
    await writer.add({ name: `atelier-backup/uploads/../../${escapee}`, size: 4, mtime: new Date() }, Buffer.from('evil'));
    await writer.finish();
    out.end();
    fs.writeFileSync(file, Buffer.concat(chunks));

    const target = await site({ owner: false });
    await expect(restoreBackup(contextOf(target), file)).rejects.toThrow(/unexpected entry/);
    for (const dir of [target.dataDir, path.dirname(target.dataDir), target.config.upload.tmpDir]) {
      expect(fs.readdirSync(dir).filter((name) => name.includes(escapee))).toEqual([]);
    }
  });
});

/** A SQLite site beside the PostgreSQL ones, for archives that cross from one to the other. */
async function sqliteSite(options: { owner?: boolean } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-sqlite-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = openDatabase({ sqlitePath: config.sqlitePath });
  await migrateToLatest(database);
  if (options.owner !== false) await ensureOwner({ db: database.db, clock: () => new Date() }, OWNER);
  const ctx = createAppContext({ config, database, log: { info: () => {}, warn: () => {}, error: () => {} } });
  const app = await buildApp({ config, database, logger: false, context: ctx });
  const drainer = createWorker(ctx);
  const t: TestApp = {
    app,
    database,
    config,
    dataDir,
    dialect: 'sqlite',
    ctx,
    runJobs: async () => {
      await drainer.drain();
    },
    signIn: async () => cookieHeader(await app.inject({ method: 'POST', url: '/api/login', payload: OWNER })),
    get smtp(): never {
      throw new Error('this site mails to no SMTP server');
    },
    close: async () => {
      await app.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  apps.push(t);
  return t;
}

describe.runIf(process.env.TEST_DIALECT === 'postgres')('archives across databases', () => {
  it('restores a SQLite archive into PostgreSQL, and a PostgreSQL archive into SQLite, unchanged', async () => {
    const fromSqlite = await sqliteSite();
    const owner = await fromSqlite.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await seedDemoContent(fromSqlite.ctx, owner.id, { photos: 3 });
    const sqliteFile = path.join(work, `cross-sqlite-${Date.now()}.tgz`);
    await createBackup(contextOf(fromSqlite), sqliteFile);

    const intoPostgres = await site({ owner: false });
    await restoreBackup(contextOf(intoPostgres), sqliteFile);
    expect(await everything(intoPostgres)).toEqual(await everything(fromSqlite));

    const postgresFile = path.join(work, `cross-postgres-${Date.now()}.tgz`);
    await createBackup(contextOf(intoPostgres), postgresFile);
    const backIntoSqlite = await sqliteSite({ owner: false });
    await restoreBackup(contextOf(backIntoSqlite), postgresFile);
    expect(await everything(backIntoSqlite)).toEqual(await everything(fromSqlite));
    expect((await backIntoSqlite.signIn()).length).toBeGreaterThan(0);
  });
});

describe.runIf(process.env.TEST_DIALECT !== 'postgres')('npm run cli -- backup / restore', () => {
  let bundle: Awaited<ReturnType<typeof bundleServer>>;
  beforeAll(async () => {
    bundle = await bundleServer();
  }, 60_000);
  afterAll(() => bundle?.remove());

  it('backs up with a progress bar, restores into a new data folder, and refuses a full one', async () => {
    const source = await filledSite();
    const env = { DATA_DIR: source.dataDir, DATABASE_URL: '' };
    const file = path.join(work, `cli-${Date.now()}.tgz`);
    const backup = runCli(bundle.dir, ['backup', file], env);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stderr).toMatch(/Backup \[#+\] (\d+)\/\1/);
    expect(backup.stdout).toMatch(/Backed up \d+ rows and \d+ files \([\d.]+ MB\) to /);

    const again = runCli(bundle.dir, ['backup', file], env);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');

    const refused = runCli(bundle.dir, ['restore', file], env);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/not empty/);

    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-restored-'));
    try {
      const restore = runCli(bundle.dir, ['restore', file], { DATA_DIR: fresh, DATABASE_URL: '' });
      expect(restore.status, restore.stderr).toBe(0);
      expect(restore.stderr).toMatch(/Restore \[#+\] (\d+)\/\1/);
      expect(restore.stdout).toMatch(/Restored \d+ rows and \d+ files from the backup of /);
      const restored = { uploadsDir: path.join(fresh, 'uploads'), originalsDir: path.join(fresh, 'originals'), restrictedDir: path.join(fresh, 'restricted') };
      expect(Object.keys(fileHashes({ config: restored } as TestApp))).toEqual(
        Object.keys(fileHashes(source)),
      );
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
