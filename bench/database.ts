/**
 * The database under the bench's server. SQLite: the file in the temporary DATA_DIR, as
 * `npm start` makes it with no DATABASE_URL. PostgreSQL: a database of its own, created for the
 * run on the server of BENCH_DATABASE_URL (by default the local one, as the postgres user) and
 * dropped afterwards, so the bench never touches a database anyone else uses (the tests' included).
 * The server is pointed at it with DATABASE_URL, as a deployment is.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';

export type Engine = 'sqlite' | 'postgres';

export const ENGINE_NAME: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** The server the bench makes its PostgreSQL databases on: only `create database` and `drop database` run here. */
export const POSTGRES_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `--database sqlite|postgres|both` (default both): the engines the database rows run on. */
export function enginesFromArgs(args: string[]): Engine[] {
  const index = args.indexOf('--database');
  const value = index === -1 ? 'both' : args[index + 1];
  if (value === 'both') return ['sqlite', 'postgres'];
  if (value === 'sqlite' || value === 'postgres') return [value];
  throw new Error(`--database takes sqlite, postgres or both, not ${value ?? 'nothing'}`);
}

/** The first argument that is neither a flag nor a flag's value: the mode (client, statistics…). */
export function modeFromArgs(args: string[]): string | undefined {
  return args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--database');
}

/** Where the PostgreSQL server is, without its user or password: for the printed table. */
export function postgresServerName(): string {
  const url = new URL(POSTGRES_SERVER_URL);
  return `${url.hostname}:${url.port || '5432'}`;
}

/** A site's data: its DATA_DIR (uploads, originals; SQLite's file too) and its database. */
export interface BenchStore {
  engine: Engine;
  dataDir: string;
  /** What the server process is started with: DATA_DIR, and DATABASE_URL ('' for SQLite). */
  env: Record<string, string>;
  /** The database opened from the bench, for filling it while the server is stopped. */
  open(): DatabaseHandle;
  /**
   * A second site with the same rows (the server stopped): SQLite's files copied, or PostgreSQL's
   * `create database … template`. Not the uploaded files: the copy is for measuring lists.
   */
  copy(dataDir: string): Promise<BenchStore>;
  /** Removes the PostgreSQL database (SQLite's file goes with the temporary folder). */
  drop(): Promise<void>;
}

/** The PostgreSQL databases this process made and has not dropped yet: dropped on Ctrl-C too. */
const undropped = new Set<string>();

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropPostgres(name: string): Promise<void> {
  await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
  undropped.delete(name);
}

let signalsHandled = false;
function dropOnSignal(): void {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void Promise.allSettled([...undropped].map(dropPostgres)).finally(() => process.exit(130));
    });
  }
}

function sqliteStore(dataDir: string): BenchStore {
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    engine: 'sqlite',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ sqlitePath: path.join(dataDir, 'atelier.sqlite') }),
    copy: (toDir) => {
      fs.mkdirSync(toDir, { recursive: true });
      for (const name of fs.readdirSync(dataDir).filter((file) => file.startsWith('atelier.sqlite'))) {
        fs.copyFileSync(path.join(dataDir, name), path.join(toDir, name));
      }
      return Promise.resolve(sqliteStore(toDir));
    },
    drop: () => Promise.resolve(),
  };
}

function postgresStore(dataDir: string, name: string): BenchStore {
  fs.mkdirSync(dataDir, { recursive: true });
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    engine: 'postgres',
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl, sqlitePath: '', poolSize: 1 }),
    copy: async (toDir) => {
      const copyName = `${name}_copy`;
      undropped.add(copyName);
      await onServer((client) => client.query(`create database ${copyName} template ${name}`));
      return postgresStore(toDir, copyName);
    },
    drop: () => dropPostgres(name),
  };
}

/**
 * A fresh, empty store: the server migrates it when it starts. For PostgreSQL, a new database
 * named atelier_bench_<random> (the database name the bench owns; nothing else is touched).
 */
export async function createStore(engine: Engine, dataDir: string): Promise<BenchStore> {
  if (engine === 'sqlite') return sqliteStore(dataDir);
  const name = `atelier_bench_${randomBytes(5).toString('hex')}`;
  dropOnSignal();
  undropped.add(name);
  await onServer((client) => client.query(`create database ${name}`));
  return postgresStore(dataDir, name);
}

/** The engine's version, for the results' machine section; throws when PostgreSQL cannot be reached. */
export async function engineVersion(engine: Engine): Promise<string> {
  if (engine === 'postgres') {
    return onServer(async (client) => `PostgreSQL ${(await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version}`);
  }
  const handle = openDatabase({ sqlitePath: ':memory:' });
  try {
    const { rows } = await sql<{ version: string }>`select sqlite_version() as version`.execute(handle.db);
    return `SQLite ${rows[0]!.version}`;
  } finally {
    await handle.destroy();
  }
}
