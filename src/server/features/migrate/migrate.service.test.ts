import type { FastifyInstance } from 'fastify';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessageList } from '#contract/contact.ts';
import type { Photo } from '#contract/photos.ts';
import { linearDng, SMALL_HEIC } from '#tests/fixtures/camera-files.ts';
import { SINE_WAV } from '#tests/fixtures/audio.ts';
import { IPHONE_MOV } from '#tests/fixtures/videos.ts';
import { filesUnder, formWith, jpeg } from '#tests/fixtures/images.ts';
import { addGalleryLink, createPhotos, deletePhotoForGood } from '#tests/fixtures/photos.ts';
import { insertSecondFactorRows } from '#tests/fixtures/second-factor-rows.ts';
import { mailsInOutbox, resetTokenInOutbox } from '#tests/api/support/outbox.ts';
import { bundleServer } from '#tests/api/support/server-process.ts';
import { waitFor } from '#tests/api/support/wait.ts';
import { startS3Server, type TestS3Server } from '#tests/setup/s3.ts';
import { dropTestSchema } from '#tests/setup/postgres-schemas.ts';
import { cookieHeader, createTestApp, OWNER, type SiteSnapshot, type TestApp } from '#tests/setup/test-app.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle, type Db } from '#server/db/database.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { createFileStores, type FileStores } from '#server/storage/index.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';
import { BACKUP_TABLES, countRows, readAllRows } from '#server/features/backup/backup.service.ts';
import { copyNamesOf } from '#server/features/renditions/renditions.service.ts';
import { seedDemoContent } from '#server/features/photos/seed.service.ts';
import { checkCopy, migrateSite, MigrateError, parsePostgresUrl, type MigrateSource } from './migrate.service.ts';

/*
 * The source is always an embedded SQLite site (createTestApp in this project), the target a
 * PostgreSQL schema of its own in TEST_DATABASE_URL: without that variable there is nothing to
 * migrate into, and the suite says so in its name.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const TIMEOUT = 90_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface EmptyPostgres {
  /** A URL whose connections work in the new schema, as an operator's URL would in its database. */
  url: string;
  database: DatabaseHandle;
}

async function emptyPostgres(): Promise<EmptyPostgres> {
  const base = databaseUrl!;
  const schema = `m_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase({ databaseUrl: base, sqlitePath: '', poolSize: 1 });
  await admin.db.schema.createSchema(schema).execute();
  const database = openDatabase({ databaseUrl: base, sqlitePath: '', postgresSchema: schema, poolSize: 4 });
  cleanups.push(async () => {
    await database.destroy();
    await dropTestSchema(admin.db, schema);
    await admin.destroy();
  });
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return { url, database };
}

async function s3Server(): Promise<TestS3Server> {
  const server = await startS3Server(`migrate-${randomBytes(4).toString('hex')}`);
  cleanups.push(() => server.close());
  return server;
}

/** Migrates the site to an empty PostgreSQL schema and a new bucket. */
async function migrateToBucket(source: MigrateSource) {
  const target = await emptyPostgres();
  const s3 = await s3Server();
  const bucket = createFileStores(loadConfig({ DATA_DIR: tempDir('atelier-unused-'), ...s3.env }));
  const summary = await migrateSite(source, { database: target.database, files: bucket });
  return { target, s3, bucket, summary };
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * An embedded site with something in every table: the demo seed (categories, a release with its
 * tracks, a banner, generated photos), photos uploaded through the API, a photo moved into a
 * category, read and unread messages, a session, a reset token, rate-limit counters. Filled once
 * per file (seconds of drawing, transcoding and jobs) and copied, database and files, per test.
 */
async function filledSqliteSite(): Promise<TestApp & { cookie: string }> {
  filled ??= fillSqliteSite();
  const { snapshot, cookie } = await filled;
  const t = await createTestApp({ from: snapshot });
  cleanups.push(() => t.close());
  expect(t.dialect).toBe('sqlite');
  return Object.assign(t, { cookie });
}

let filled: Promise<{ snapshot: SiteSnapshot; cookie: string }> | undefined;
afterAll(async () => (await filled)?.snapshot.remove());

async function fillSqliteSite(): Promise<{ snapshot: SiteSnapshot; cookie: string }> {
  const t = await createTestApp();
  expect(t.dialect).toBe('sqlite');
  const owner = await t.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  await seedDemoContent(t.ctx, owner.id, { photos: 3 });
  const cookie = await t.signIn();
  const [uploaded] = await createPhotos(t, cookie, 2, ['beach.jpg', 'Ünïcödé 😀.jpg']);
  // A HEIC's, a RAW's and a video's originals, under their own extensions, are copied like any
  // other, and a video's MP4s with its other copies.
  const cameraFiles = [
    { name: 'phone.heic', data: fs.readFileSync(SMALL_HEIC) },
    { name: 'camera.dng', data: linearDng() },
    { name: 'clip.mov', data: fs.readFileSync(IPHONE_MOV) },
  ];
  const camera = await t.app.inject({ method: 'POST', url: '/api/photos/upload', headers: { cookie }, payload: formWith('photos', cameraFiles) });
  expect(camera.statusCode, camera.body).toBe(201);
  await t.runJobs();
  const categories = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json<Array<{ id: number }>>();
  const edited = await t.app.inject({
    method: 'PUT',
    url: `/api/photos/${uploaded!.id}`,
    headers: { cookie },
    payload: { title: 'Beach at dawn', description: 'Moved <b>here</b>', hyperlink: 'https://example.com/beach' },
  });
  expect(edited.statusCode).toBe(200);
  const moved = await t.app.inject({
    method: 'PUT',
    url: '/api/photos/reorder',
    headers: { cookie },
    payload: { photoUpdates: [{ id: uploaded!.id, order: 0, categoryId: categories[0]!.id }] },
  });
  expect(moved.statusCode).toBe(200);
  const settings = await t.app.inject({
    method: 'PATCH',
    url: '/api/portfolio-settings',
    headers: { cookie },
    payload: { portfolioTitle: 'Light & “Shadow”', aboutText: 'Über uns\nzweite Zeile', showContactForm: true },
  });
  expect(settings.statusCode).toBe(200);
  for (const message of ['First 😀', 'Second <script>']) {
    const sent = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ada', email: 'ada@example.test', message } });
    expect(sent.statusCode).toBe(200);
  }
  const { messages } = (await t.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie } })).json<ContactMessageList>();
  const firstId = messages[0]!.id;
  expect((await t.app.inject({ method: 'PUT', url: `/api/messages/${firstId}/read`, headers: { cookie } })).statusCode).toBe(200);
  await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: OWNER.username, password: 'wrong password' } });
  await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: OWNER.email } });
  await waitFor(() => resetTokenInOutbox(t.dataDir).length > 0, 'the reset mail');
  await t.app.inject({ method: 'POST', url: '/api/sign-in-link', payload: { email: OWNER.email } });
  await waitFor(() => mailsInOutbox(t.dataDir).some((mail) => mail.includes('/login?link=')), 'the sign-in link mail');
  await t.app.inject({ method: 'POST', url: '/api/events', headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' }, payload: { kind: 'viewer', photoId: 1 } });
  expect((await t.app.inject({ method: 'GET', url: '/api/statistics', headers: { cookie } })).statusCode).toBe(200);
  await insertSecondFactorRows(t.database.db);
  await addGalleryLink(t, cookie);
  // A personal access token: its hash moves with the site, so the owner's tools keep working on PostgreSQL.
  await t.app.inject({ method: 'POST', url: '/api/security/confirm', headers: { cookie }, payload: { password: OWNER.password } });
  const token = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: 'Lightroom', scopes: ['photos:write'] } });
  expect(token.statusCode, token.body).toBe(201);
  // A webhook, secret and all: the moved site signs as its receivers expect. A public address
  // written as such (no DNS), for an event nothing here sends, so no delivery leaves the test.
  const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: { cookie }, payload: { url: 'https://1.2.3.4/atelier', events: ['comment.created'] } });
  expect(hook.statusCode, hook.body).toBe(201);
  // A release's audio track: its original and its preview move with the site.
  const track = new FormData();
  track.append('track', new Blob([new Uint8Array(fs.readFileSync(SINE_WAV))]), 'Opening.wav');
  const audio = await t.app.inject({ method: 'POST', url: '/api/photos/1/audio', headers: { cookie }, payload: track });
  expect(audio.statusCode, audio.body).toBe(201);
  await t.runJobs();
  expect(filesUnder(t.config.restrictedDir).filter((name) => name.endsWith('.m4a'))).toHaveLength(1);
  const counts = await countRows(t.database.db);
  for (const table of BACKUP_TABLES) expect(counts[table], table).toBeGreaterThan(0);
  return { snapshot: await t.saveSnapshot(), cookie };
}

const sourceOf = (t: TestApp): MigrateSource => ({
  db: t.database.db,
  sqlitePath: t.config.sqlitePath,
  uploads: new LocalFileStore(t.config.uploadsDir),
  originals: new LocalFileStore(t.config.originalsDir),
  restricted: new LocalFileStore(t.config.restrictedDir),
  tmpDir: t.config.upload.tmpDir,
});

/** A site on the migrated PostgreSQL schema, with the given files (DATA_DIR, or S3 through env). */
async function postgresSite(target: EmptyPostgres, dataDir: string, env: Record<string, string> = {}): Promise<Site> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: target.url, ...env });
  const app = await buildApp({ config, database: target.database, logger: false });
  await app.ready();
  cleanups.push(() => app.close());
  return { app, db: target.database.db };
}

/** A site's app, and its database for what the API does not show. */
interface Site {
  app: FastifyInstance;
  db: Db;
}

/** Every answer of the API a visitor or the owner reads, by URL. */
async function apiAnswers(app: FastifyInstance, cookie: string): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  const get = async (url: string, signedIn = false) => {
    const response = await app.inject({ method: 'GET', url, headers: signedIn ? { cookie } : {} });
    expect(response.statusCode, url).toBe(200);
    answers[url] = response.json();
    return response.json<unknown>();
  };
  const photos = (await get('/api/photos')) as Photo[];
  for (const photo of photos) await get(`/api/photos/${photo.id}`);
  await get('/api/categories');
  await get('/api/portfolio-owner');
  await get('/api/auth/user', true);
  await get('/api/messages', true);
  return answers;
}

/**
 * The bytes of every file the site serves for its photos and banner, by URL: /uploads for the
 * public ones, /restricted (to the owner) for an unlisted gallery's.
 */
async function servedFiles({ app, db }: Site, cookie: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const rows = await readAllRows(db);
  const urls = rows.photos.flatMap((row) => {
    const photo = row as { filename: string; thumbnail: string; variants: string; filesPrivate: number; videoFiles: string | null };
    return copyNamesOf(photo).map((name) => `${photo.filesPrivate === 1 ? '/restricted' : '/uploads'}/${name}`);
  });
  for (const row of rows.users) if (typeof row.bannerImage === 'string') urls.push(`/uploads/${row.bannerImage}`);
  // A release's audio previews, through the route that checks the release.
  for (const row of rows.releaseTracks) if (typeof row.preview === 'string') urls.push(`/api/audio/${row.preview}`);
  expect(urls.some((url) => url.startsWith('/restricted/'))).toBe(true);
  expect(urls.some((url) => url.startsWith('/api/audio/'))).toBe(true);
  // A video's transcoded MP4 is served like its images.
  expect(urls.some((url) => /-v\d+\.mp4$/.test(url))).toBe(true);
  for (const url of urls) {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, url).toBe(200);
    files[url] = createHash('sha256').update(response.rawPayload).digest('hex');
  }
  return files;
}

/** `store/name -> sha256` of every file in both stores. */
async function storedHashes(stores: FileStores): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const [label, store] of Object.entries(stores) as Array<[string, FileStore]>) {
    for await (const file of store.list()) {
      const opened = await store.open(file.name);
      const hash = createHash('sha256');
      for await (const chunk of opened!.stream) hash.update(chunk as Buffer);
      hashes[`${label}/${file.name}`] = hash.digest('hex');
    }
  }
  return hashes;
}

/**
 * Runs the bundled CLI as `npm run cli` does. Asynchronously: the S3 server it talks to runs in
 * this process, and a synchronous spawn would stop it from answering.
 */
function runCli(bundleDir: string, args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.join(bundleDir, 'cli.js'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const localStores = (t: TestApp): FileStores => ({
  uploads: new LocalFileStore(t.config.uploadsDir),
  originals: new LocalFileStore(t.config.originalsDir),
  restricted: new LocalFileStore(t.config.restrictedDir),
});

/** What the source site answers and serves, compared with a PostgreSQL site after the move. */
async function expectSameSite(source: TestApp & { cookie: string }, { app: target, db }: Site): Promise<void> {
  // The owner's session moved too: the same cookie is signed in on the new site.
  expect(await apiAnswers(target, source.cookie)).toEqual(await apiAnswers(source.app, source.cookie));
  expect(await servedFiles({ app: target, db }, source.cookie)).toEqual(await servedFiles({ app: source.app, db: source.database.db }, source.cookie));
  const signIn = await target.inject({ method: 'POST', url: '/api/login', payload: { username: OWNER.username, password: OWNER.password } });
  expect(signIn.statusCode).toBe(200);
  const cookie = cookieHeader(signIn);
  // New rows take ids after the copied ones: the sequences were moved past them.
  const rows = await readAllRows(source.database.db);
  const created = await target.inject({ method: 'POST', url: '/api/categories', headers: { cookie }, payload: { name: 'After the move' } });
  expect(created.statusCode).toBe(201);
  expect(created.json<{ id: number }>().id).toBe(Math.max(...rows.categories.map((row) => Number(row.id))) + 1);
  const upload = await target.inject({ method: 'POST', url: '/api/photos/upload', headers: { cookie }, payload: formWith('photos', [{ name: 'new.jpg', data: await jpeg({ width: 200, height: 150 }) }]) });
  expect(upload.statusCode).toBe(201);
  expect(upload.json<{ photos: Photo[] }>().photos[0]!.id).toBe(Math.max(...rows.photos.map((row) => Number(row.id))) + 1);
}

describe.skipIf(!databaseUrl)(`migrate an embedded site to PostgreSQL${databaseUrl ? '' : ' (skipped: set TEST_DATABASE_URL=postgres://… to run)'}`, () => {
  it('copies every row, leaves the files in DATA_DIR, and the PostgreSQL site answers every call as the SQLite one did', { timeout: TIMEOUT }, async () => {
    const source = await filledSqliteSite();
    const target = await emptyPostgres();
    const phases = new Map<string, [number, number]>();
    const summary = await migrateSite(sourceOf(source), { database: target.database }, { onProgress: (phase, done, total) => phases.set(phase, [done, total]) });

    expect(summary.mismatches).toEqual([]);
    expect(summary.filesCopied).toBe(false);
    expect(summary.deletedMeanwhile).toBe(0);
    const counts = await countRows(source.database.db);
    for (const table of BACKUP_TABLES) expect(summary.tables[table], table).toEqual({ expected: counts[table], found: counts[table], differing: 0 });
    for (const phase of ['files', 'rows', 'check']) {
      const [done, total] = phases.get(phase) ?? [0, -1];
      expect(done, phase).toBe(total);
    }
    // Every row, value for value, and nothing written to the folders.
    expect(await readAllRows(target.database.db)).toEqual(await readAllRows(source.database.db));
    expect(filesUnder(source.config.upload.tmpDir)).toEqual([]);

    await expectSameSite(source, await postgresSite(target, source.dataDir));
  });

  it('with an object store, copies every file byte for byte, and a PostgreSQL + S3 site serves them all', { timeout: TIMEOUT }, async () => {
    const source = await filledSqliteSite();
    const { target, s3, bucket, summary } = await migrateToBucket(sourceOf(source));

    expect(summary.mismatches).toEqual([]);
    expect(summary.filesCopied).toBe(true);
    expect(summary.expected.files.every((file) => file.sha256 !== null)).toBe(true);
    // The bucket holds exactly the source's files (the seed and uploads leave no orphans).
    expect(await storedHashes(bucket)).toEqual(await storedHashes(localStores(source)));
    expect(Object.keys(await storedHashes(bucket)).filter((name) => /^originals\/.*\.(heic|dng|mov)$/.test(name))).toHaveLength(3);
    expect(Object.keys(await storedHashes(bucket)).length).toBe(summary.files.checked);

    // A new instance with an empty DATA_DIR: every file it serves comes from the bucket.
    await expectSameSite(source, await postgresSite(target, tempDir('atelier-instance-'), s3.env));
  });

  it('leaves out, row and files, a photo deleted while the migration reads the site', { timeout: TIMEOUT }, async () => {
    const source = await filledSqliteSite();
    const [kept, deleted] = await createPhotos(source, source.cookie, 2);
    const uploads = new LocalFileStore(source.config.uploadsDir);
    let deletedWhileReading = false;
    const racing: MigrateSource = {
      ...sourceOf(source),
      uploads: Object.assign(Object.create(uploads) as LocalFileStore, {
        open: async (name: string) => {
          if (name === deleted!.filename && !deletedWhileReading) {
            deletedWhileReading = true;
            await deletePhotoForGood(source, source.cookie, deleted!.id);
          }
          return uploads.open(name);
        },
      }),
    };
    const { target, bucket, summary } = await migrateToBucket(racing);

    expect(deletedWhileReading).toBe(true);
    expect(summary.deletedMeanwhile).toBe(1);
    expect(summary.mismatches).toEqual([]);
    const ids = (await readAllRows(target.database.db)).photos.map((row) => Number(row.id));
    expect(ids).toContain(kept!.id);
    expect(ids).not.toContain(deleted!.id);
    const deletedKey = deleted!.filename.split('.')[0]!;
    expect(Object.keys(await storedHashes(bucket)).filter((name) => name.includes(deletedKey))).toEqual([]);
  });

  it('refuses a target that already has rows, naming them, and changes nothing there', { timeout: TIMEOUT }, async () => {
    const source = await filledSqliteSite();
    const target = await emptyPostgres();
    await migrateSite(sourceOf(source), { database: target.database });
    const before = await readAllRows(target.database.db);
    await expect(migrateSite(sourceOf(source), { database: target.database })).rejects.toThrow(MigrateError);
    await expect(migrateSite(sourceOf(source), { database: target.database })).rejects.toThrow(/already has rows \(\d+ users, \d+ categories, \d+ photos/);
    expect(await readAllRows(target.database.db)).toEqual(before);
  });

  it('reports a row or a file of the copy that differs from the source', { timeout: TIMEOUT }, async () => {
    const source = await filledSqliteSite();
    const { target, bucket, summary } = await migrateToBucket(sourceOf(source));
    expect(summary.mismatches).toEqual([]);

    const photo = summary.expected.rows.photos[0]!;
    await sql`update photos set title = 'Changed' where id = ${Number(photo.id)}`.execute(target.database.db);
    await sql`delete from contact_messages where id = (select min(id) from contact_messages)`.execute(target.database.db);
    const [damaged, removed] = summary.expected.files.filter((file) => file.store === 'uploads');
    await bucket.uploads.put(damaged!.name, { path: path.join(source.config.uploadsDir, removed!.name) });
    await bucket.uploads.delete(removed!.name);

    const check = await checkCopy(summary.expected, { db: target.database.db, files: bucket });
    expect(check.tables.photos.differing).toBe(1);
    expect(check.tables.contactMessages.found).toBe(check.tables.contactMessages.expected - 1);
    expect(check.mismatches).toEqual(
      expect.arrayContaining([
        'photos: 1 row(s) differ from the source',
        expect.stringMatching(/^contactMessages: \d+ rows expected, \d+ found$/),
        expect.stringMatching(/^contactMessages: missing \d+$/),
        `uploads/${damaged!.name}: differs from the source`,
        `uploads/${removed!.name}: missing`,
      ]),
    );
  });

  describe('npm run cli -- migrate', () => {
    let bundle: Awaited<ReturnType<typeof bundleServer>>;
    beforeAll(async () => {
      bundle = await bundleServer();
    }, 60_000);
    afterAll(() => bundle?.remove());

    it('copies a serving site to PostgreSQL and S3 with progress bars and a summary, then refuses the same target', { timeout: TIMEOUT }, async () => {
      const source = await filledSqliteSite();
      const target = await emptyPostgres();
      const s3 = await s3Server();
      const env = { DATA_DIR: source.dataDir, DATABASE_URL: '', ...s3.env };
      const run = await runCli(bundle.dir, ['migrate', '--to', target.url, '--storage', 's3'], env);
      expect(run.status, run.stderr).toBe(0);
      for (const label of ['Files', 'Rows ', 'Check']) expect(run.stderr).toMatch(new RegExp(`${label} \\[#+\\] (\\d+)/\\1`));
      expect(run.stdout).toMatch(/photos +\d+ rows {2}ok/);
      expect(run.stdout).toMatch(/\d+ files \([\d.]+ MB\) copied to the object store, sizes and SHA-256 checked/);
      expect(run.stdout).toContain('Every row and file matches.');
      expect(run.stdout).not.toContain('MISMATCH');
      const bucket = createFileStores(loadConfig({ DATA_DIR: tempDir('atelier-unused-'), ...s3.env }));
      expect(await storedHashes(bucket)).toEqual(await storedHashes(localStores(source)));
      await expectSameSite(source, await postgresSite(target, tempDir('atelier-instance-'), s3.env));

      const again = await runCli(bundle.dir, ['migrate', '--to', target.url], env);
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/The target database already has rows \(\d+ users, .*migrate only into an empty database/);
    });

    it('refuses a URL that is not PostgreSQL, a missing --to, a server it cannot reach (without printing the password), and --storage s3 without a bucket', { timeout: TIMEOUT }, async () => {
      const source = await filledSqliteSite();
      const env = { DATA_DIR: source.dataDir, DATABASE_URL: '' };

      const mysql = await runCli(bundle.dir, ['migrate', '--to', 'mysql://atelier:hunter22@db/atelier'], env);
      expect(mysql.status).toBe(2);
      expect(mysql.stderr).toContain('--to must be a PostgreSQL URL starting with postgres://');
      expect(mysql.stderr).not.toContain('hunter22');

      const missing = await runCli(bundle.dir, ['migrate'], env);
      expect(missing.status).toBe(2);
      expect(missing.stderr).toContain('migrate needs --to postgres://');

      const unreachable = await runCli(bundle.dir, ['migrate', '--to', 'postgres://atelier:hunter22@127.0.0.1:1/atelier'], env);
      expect(unreachable.status).toBe(1);
      expect(unreachable.stderr).toMatch(/^Cannot connect to PostgreSQL at postgres:\/\/atelier:\*\*\*@127\.0\.0\.1:1\/atelier: .*ECONNREFUSED/);
      expect(unreachable.stderr).not.toContain('hunter22');

      const noBucket = await runCli(bundle.dir, ['migrate', '--to', 'postgres://127.0.0.1:1/atelier', '--storage', 's3'], env);
      expect(noBucket.status).toBe(2);
      expect(noBucket.stderr).toContain('--storage s3 needs the object store: set S3_BUCKET');

      const fromPostgres = await runCli(bundle.dir, ['migrate', '--to', 'postgres://127.0.0.1:1/atelier'], { ...env, DATABASE_URL: 'postgres://127.0.0.1:1/site' });
      expect(fromPostgres.status).toBe(2);
      expect(fromPostgres.stderr).toContain('unset DATABASE_URL');
    });
  });
});

describe('parsePostgresUrl', () => {
  it('accepts postgres:// and postgresql:// URLs with a host and a database, and refuses anything else with the expected form', () => {
    expect(parsePostgresUrl('postgres://u:p@db.example:5432/atelier')).toBe('postgres://u:p@db.example:5432/atelier');
    expect(parsePostgresUrl('postgresql://db/atelier')).toBe('postgresql://db/atelier');
    expect(() => parsePostgresUrl(undefined)).toThrow(/needs --to postgres:\/\//);
    expect(() => parsePostgresUrl('sqlite:///data/atelier.sqlite')).toThrow(/must be a PostgreSQL URL/);
    expect(() => parsePostgresUrl('postgres://db.example')).toThrow(/must name a host and a database/);
    expect(() => parsePostgresUrl('postgres://exa mple/db')).toThrow(/not a valid URL/);
  });
});
