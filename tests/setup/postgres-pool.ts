import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrlOf, withAdmin } from './postgres-admin.ts';

/**
 * PostgreSQL test databases, copied from a template once and then reused by the tests of a worker.
 * A CREATE DATABASE … TEMPLATE took 0.5–1.3 s on the 2-core CI machine (and each DROP DATABASE a
 * checkpoint), about a second of every PostgreSQL test app; putting a closed app's database back
 * as the template left it takes a few hundredths: every table emptied, the template's rows copied
 * back from a schema of the database's own, every sequence set back, in one query. DELETE, not
 * TRUNCATE: a TRUNCATE makes new files for every table and index, and took half a second.
 * The reset must leave nothing the next test could see: the tables' rows and the sequences are
 * all a site keeps. A database whose schema a test changed (a migration run down) is dropped
 * instead; `fromScratch` sites migrate a schema of their own and never come here.
 */

/** Where a pooled database keeps its template's rows. */
const RESET_SCHEMA = 'test_reset';

interface PooledDatabase {
  name: string;
  /** Puts the database back as the template left it (one simple query, several statements). */
  resetSql: string;
  /** The template's schema (SCHEMA_FINGERPRINT): a database whose schema a test changed is dropped, not reused. */
  schema: string;
  /** A connection of the pool's own, kept: a new one cost tens of milliseconds a reset under load. */
  client: pg.Client | null;
}

/** The public schema's tables, columns, indexes, constraints and triggers, and the migrations run, as one hash. */
const SCHEMA_FINGERPRINT = `
  select md5(
    (select string_agg(c.relname || '.' || c.relkind::text || '.' || coalesce(a.attname || ':' || format_type(a.atttypid, a.atttypmod), ''), ',' order by c.relname, a.attnum)
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public')
    || (select coalesce(string_agg(conname || pg_get_constraintdef(oid), ',' order by conname), '') from pg_constraint where connamespace = 'public'::regnamespace)
    || (select coalesce(string_agg(tgname || tgrelid::regclass::text, ',' order by tgname, tgrelid::regclass::text), '') from pg_trigger where not tgisinternal)
    || (select coalesce(string_agg(name, ',' order by name), '') from public.kysely_migration)
  ) as fingerprint`;

/** Free databases of this worker, by the template they were copied from. */
const free = new Map<string, PooledDatabase[]>();

export interface TakenDatabase {
  name: string;
  /** Resets the database and gives it to the next test; its app must be closed first. */
  giveBack(): Promise<void>;
  /** Keeps the database out of the pool, and the pool's connection out of it (a snapshot is copied from it). */
  keep(): Promise<void>;
}

/** A database with the template's rows: a free one of this worker's, or a new copy. */
export async function takeDatabase(databaseUrl: string, template: string, prefix: string): Promise<TakenDatabase> {
  const pooled = free.get(template)?.pop() ?? (await copyTemplate(databaseUrl, template, prefix));
  return {
    name: pooled.name,
    async giveBack() {
      const client = await connection(databaseUrl, pooled);
      // A process a test started and left connected (a child server) must not write after the reset.
      const terminateOthers = 'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()';
      const [, { rows }] = (await client.query(`${terminateOthers}; ${SCHEMA_FINGERPRINT}`)) as unknown as [unknown, pg.QueryResult<{ fingerprint: string }>];
      if (rows[0]?.fingerprint !== pooled.schema) {
        // A test that migrated it down or changed a table: the rows alone cannot put it back.
        await client.end();
        await withAdmin(databaseUrl, (admin) => admin.query(`drop database "${pooled.name}" with (force)`));
        return;
      }
      await client.query(pooled.resetSql);
      const list = free.get(template) ?? [];
      list.push(pooled);
      free.set(template, list);
    },
    async keep() {
      await pooled.client?.end();
      pooled.client = null;
    },
  };
}

/** The pool's connection to the database, made again when a test cut it (as the tests of lost connections do). */
async function connection(databaseUrl: string, pooled: PooledDatabase): Promise<pg.Client> {
  if (pooled.client) return pooled.client;
  const client = new pg.Client({ connectionString: databaseUrlOf(databaseUrl, pooled.name), application_name: 'atelier test pool' });
  client.on('error', () => {
    if (pooled.client === client) pooled.client = null;
  });
  await client.connect();
  pooled.client = client;
  return client;
}

async function copyTemplate(databaseUrl: string, template: string, prefix: string): Promise<PooledDatabase> {
  // Under the run's prefix, so the global teardown drops it with the rest.
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(databaseUrl, (admin) => admin.query(`create database "${name}" template "${template}"`));
  const pooled: PooledDatabase = { name, resetSql: '', schema: '', client: null };
  const client = await connection(databaseUrl, pooled);
  pooled.schema = (await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows[0]?.fingerprint ?? '';
  pooled.resetSql = await keepTemplateRows(client);
  return pooled;
}

/** Copies the rows of a fresh copy into RESET_SCHEMA and returns the SQL that puts them back. */
async function keepTemplateRows(client: pg.Client): Promise<string> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array_agg(quote_ident(a.attname) order by a.attnum) filter (where a.attgenerated = '') as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like 'kysely\\_migration%'
     group by c.relname
     order by c.relname`);
  const { rows: sequences } = await client.query<{ name: string; value: string | null; start: string }>(`
    select quote_ident(sequencename) as name, last_value::text as value, start_value::text as start
      from pg_sequences where schemaname = 'public'`);
  const table = (schema: string, name: string) => `${schema}.${pg.escapeIdentifier(name)}`;
  const kept: string[] = [];
  await client.query(`create schema ${RESET_SCHEMA}`);
  for (const { name } of tables) {
    const { rowCount } = await client.query(`create table ${table(RESET_SCHEMA, name)} as table ${table('public', name)}`);
    if (rowCount) kept.push(name);
  }
  const columnsOf = new Map(tables.map(({ name, columns }) => [name, columns.join(', ')]));
  return [
    // Replica: no trigger fires (the change notices, the foreign keys' checks) while the rows go back.
    'set session_replication_role = replica',
    ...tables.map(({ name }) => `delete from ${table('public', name)}`),
    ...kept.map((name) => `insert into ${table('public', name)} (${columnsOf.get(name)}) overriding system value select ${columnsOf.get(name)} from ${table(RESET_SCHEMA, name)}`),
    ...sequences.map(({ name, value, start }) => (value === null ? `select setval('public.${name}', ${start}, false)` : `select setval('public.${name}', ${value}, true)`)),
    'reset session_replication_role',
  ].join(';\n');
}
