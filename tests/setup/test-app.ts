import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createAppContext, type AppContext } from '#server/app-context.ts';
import { buildApp } from '#server/app.ts';
import { createWorker } from '#server/background-work.ts';
import type { Clock } from '#server/clock.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle, type DatabaseOptions } from '#server/db/database.ts';
import { ensureOwner } from '#server/features/auth/auth.service.ts';
import { setPasswordCostForTests } from '#server/features/auth/passwords.ts';
import { countBusy } from '#server/jobs/job-queue.ts';
import { OWNER } from './owner.ts';
import { databaseUrlOf, withAdmin } from './postgres-admin.ts';
import { takeDatabase, type TakenDatabase } from './postgres-pool.ts';
import { dropTestSchema, migrateBesideOthers } from './postgres-schemas.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

export { OWNER };

/** A clock the test moves by hand. */
export function createTestClock(start = new Date('2026-06-01T12:00:00Z')) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  dialect: 'sqlite' | 'postgres';
  /** The app's context: its services, stores and clock, as the routes have them. */
  ctx: AppContext;
  /**
   * Runs every job that is due (by the app's clock) until none is due or running: the after-effects
   * of the changes so far, done. The app's own worker runs them too, in the background.
   */
  runJobs(): Promise<void>;
  /** Signs the owner in and returns the Cookie header to send. */
  signIn(password?: string): Promise<string>;
  /** The SMTP server the app mails to; only for an app made with `smtp: true`. */
  readonly smtp: TestSmtpServer;
  close(): Promise<void>;
}

/** An app of createTestApp's, which can also be kept as a snapshot. */
export interface SavableTestApp extends TestApp {
  /**
   * Closes the app (instead of `close()`) and keeps its site, database and DATA_DIR, for
   * `createTestApp({ from })`: a site that took seconds of uploads and jobs to fill is made once
   * per file and copied per test.
   */
  saveSnapshot(): Promise<SiteSnapshot>;
}

/** A closed site's database and files, copied into each app made from it; `remove()` when done. */
export interface SiteSnapshot {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  /** PostgreSQL: the database the copies are made from (CREATE DATABASE … TEMPLATE). */
  postgresDatabase: string | null;
  remove(): Promise<void>;
}

/**
 * The site's database. By default a copy of a template the global setup migrated once (with the
 * owner in it, or empty); `fromScratch` migrates an empty one as a new site's first start does,
 * on PostgreSQL in a schema of its own beside other sites in the shared test database.
 */
async function openTestDatabase(
  dataDir: string,
  options: { withOwner: boolean; fromScratch: boolean; from?: SiteSnapshot | undefined; listenRetryMs?: number | undefined; changeNotices?: boolean | undefined },
): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; pooled?: TakenDatabase; postgresDatabase: string | null }> {
  const template = options.withOwner ? 'owner' : 'empty';
  if (process.env.TEST_DIALECT === 'postgres') {
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    if (options.fromScratch) return { ...(await openScratchSchema(databaseUrl, options.changeNotices ?? true)), postgresDatabase: null };
    // Under the run's prefix whatever it is copied from, so the global teardown drops a leftover.
    const prefix = inject('postgresTemplates').empty.replace(/_empty$/, '');
    const open = (name: string) =>
      openDatabase({
        databaseUrl: databaseUrlOf(databaseUrl, name),
        sqlitePath: '',
        poolSize: 4,
        ...(options.listenRetryMs === undefined ? {} : { listenRetryMs: options.listenRetryMs }),
        changeNotices: options.changeNotices ?? true,
      });
    if (!options.from) {
      // A database of this worker's pool (tests/setup/postgres-pool.ts): reset and reused.
      const taken = await takeDatabase(databaseUrl, inject('postgresTemplates')[template], prefix);
      return { database: open(taken.name), drop: () => dropDatabase(databaseUrl, taken.name), pooled: taken, postgresDatabase: taken.name };
    }
    // A snapshot's copy is its own, dropped when closed.
    const name = `${prefix}_${randomBytes(6).toString('hex')}`;
    // WAL_LOG, PostgreSQL 15's default. FILE_COPY copied twice as fast alone, yet the PostgreSQL
    // project took as long with it (485 s) as without (502 s): its two checkpoints a copy ate the gain.
    await withAdmin(databaseUrl, (admin) => admin.query(`create database "${name}" template "${options.from?.postgresDatabase}"`));
    return { database: open(name), drop: () => dropDatabase(databaseUrl, name), postgresDatabase: name };
  }
  const sqlitePath = path.join(dataDir, 'atelier.sqlite');
  // A snapshot's folder holds its database file, copied with the rest.
  if (!options.fromScratch && !options.from) fs.copyFileSync(inject('sqliteTemplates')[template], sqlitePath);
  const database = openDatabase({ sqlitePath });
  await migrateToLatest(database);
  return { database, drop: async () => {}, postgresDatabase: null };
}

/**
 * A closed app's database is dropped while the next test runs: PostgreSQL checkpoints on every
 * DROP DATABASE, a wait of a tenth of a second or more that no test needs to sit through. A drop
 * that fails or is cut off when the worker ends leaves its copy to the global teardown, which
 * drops whatever the run left under its prefix.
 */
function dropInBackground(drop: () => Promise<void>): void {
  drop().catch((error: unknown) => console.warn('a test database was left to the teardown:', error));
}

const dropDatabase = (databaseUrl: string, name: string) =>
  withAdmin(databaseUrl, async (admin) => void (await admin.query(`drop database if exists "${name}" with (force)`)));

async function openScratchSchema(databaseUrl: string, changeNotices: boolean): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase({ databaseUrl, sqlitePath: '', poolSize: 1 });
  await admin.db.schema.createSchema(schema).execute();
  const database = openDatabase({ databaseUrl, sqlitePath: '', postgresSchema: schema, poolSize: 4, changeNotices });
  await migrateBesideOthers(admin.db, () => migrateToLatest(database));
  return {
    database,
    drop: async () => {
      await dropTestSchema(admin.db, schema);
      await admin.destroy();
    },
  };
}

export async function createTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    owner?: boolean;
    /** A folder with an index.html, for tests of the served pages. */
    clientDir?: string;
    /** The built server render of the first screen (dist/ssr/entry-server.js), for tests of server-rendered pages. */
    screenRendererFile?: string;
    /** Migrate an empty database at start, as a new site does, instead of copying a migrated one. */
    fromScratch?: boolean;
    /** Hash at the production cost, the owner's password included, until the app closes. */
    passwordCost?: 'production';
    /** Mail over SMTP to a real server on loopback (`t.smtp`), closed with the app. */
    smtp?: boolean;
    /** Start from a copy of a saved site (`t.saveSnapshot()`): its rows, its owner and its files. */
    from?: SiteSnapshot;
    /** PostgreSQL: the wait before listening again after the listening connection is lost. */
    listenRetryMs?: DatabaseOptions['listenRetryMs'];
    /** PostgreSQL: whether the caches follow the database's change notices (on unless false, as on a site). */
    changeNotices?: boolean;
  } = {},
): Promise<SavableTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  if (options.from) {
    if (options.from.dialect !== (process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite')) throw new Error('a snapshot is copied on its own database');
    if (options.fromScratch) throw new Error('a copy of a snapshot is not a new site: leave out fromScratch');
    fs.cpSync(options.from.dataDir, dataDir, { recursive: true });
  }
  const smtp = options.smtp ? await startSmtpServer() : undefined;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(smtp ? { SMTP_URL: smtp.url } : {}), ...options.env });
  const wantsOwner = options.owner !== false;
  // The template's owner was made at the real time; a test that moves its own clock makes the
  // owner at that clock's time, as the site would.
  const ownerFromTemplate = wantsOwner && !options.clock && !options.fromScratch && !options.passwordCost;
  if (options.passwordCost) setPasswordCostForTests(options.passwordCost);
  const { database, drop, pooled, postgresDatabase } = await openTestDatabase(dataDir, {
    withOwner: ownerFromTemplate,
    fromScratch: options.fromScratch ?? false,
    from: options.from,
    listenRetryMs: options.listenRetryMs,
    changeNotices: options.changeNotices,
  });
  // A snapshot has its owner (or has none) already.
  if (wantsOwner && !ownerFromTemplate && !options.from) {
    await ensureOwner({ db: database.db, clock: options.clock ?? (() => new Date()) }, OWNER);
  }
  // TEST_LOG=error (or any level) shows what the app logs, for finding out why a test fails.
  const logger = process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false;
  const ctx = createAppContext({ config, database, clock: options.clock, log: logger ? consoleLog : silentLog });
  const app = await buildApp({ config, database, logger, clientDir: options.clientDir, screenRendererFile: options.screenRendererFile, context: ctx });
  await app.ready();
  const drainer = createWorker(ctx);

  return {
    app,
    database,
    config,
    dataDir,
    dialect: database.dialect,
    ctx,
    async runJobs() {
      for (;;) {
        // Counted first: most calls find nothing to do, and a count is cheaper than a claim.
        if ((await countBusy(database.db, ctx.clock().toISOString())) === 0) return;
        if ((await drainer.drain()) > 0) continue;
        // Running in the app's own worker, or due and for it alone (the statistics' roll-up, whose
        // counts only it keeps): wake it and wait for what it takes. Only a job held elsewhere
        // (another process) is looked for again after a while.
        ctx.jobs.wake();
        // Never round again without a turn of the event loop: on SQLite every query answers at
        // once, and a loop of them alone would starve the timers and sockets of the job it waits for.
        if (await ctx.jobs.inHandSettled()) await new Promise((resolve) => setImmediate(resolve));
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async signIn(password = OWNER.password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: OWNER.username, password },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return cookieHeader(response);
    },
    get smtp() {
      if (!smtp) throw new Error('this test app has no SMTP server: create it with { smtp: true }');
      return smtp;
    },
    async close() {
      if (options.passwordCost) setPasswordCostForTests('test');
      await app.close();
      await smtp?.close();
      await database.destroy();
      // A pooled database is reset before the next test takes one; any other copy is dropped.
      if (pooled) await pooled.giveBack();
      else dropInBackground(drop);
      // The site's files (uploads and their copies) go while the next test runs, as its database does.
      fs.promises.rm(dataDir, { recursive: true, force: true }).catch((error: unknown) => console.warn('a test site folder was left behind:', error));
    },
    async saveSnapshot() {
      if (options.fromScratch && database.dialect === 'postgres') throw new Error('a site in a schema of its own cannot be a snapshot');
      if (options.passwordCost) setPasswordCostForTests('test');
      // Closed first: a SQLite file is whole once closed (no -wal to copy), and PostgreSQL copies
      // a database only when nobody is connected to it.
      await app.close();
      await smtp?.close();
      await database.destroy();
      await pooled?.keep();
      const dialect = database.dialect;
      return {
        dialect,
        dataDir,
        postgresDatabase,
        async remove() {
          fs.rmSync(dataDir, { recursive: true, force: true });
          await drop();
        },
      };
    },
  };
}

/** Tests read failures from what they assert, not from the log. */
const silentLog: AppContext['log'] = { info: () => {}, warn: () => {}, error: () => {} };
const consoleLog: AppContext['log'] = { info: console.info, warn: console.warn, error: console.error };

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
