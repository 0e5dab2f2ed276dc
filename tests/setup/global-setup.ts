import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { ensureOwner } from '#server/features/auth/auth.service.ts';
import { setPasswordCostForTests } from '#server/features/auth/passwords.ts';
import { OWNER } from './owner.ts';
import { databaseUrlOf, withAdmin } from './postgres-admin.ts';

/**
 * Migrates once per run, twice over: an empty site and one whose owner exists. Every test app
 * starts from a copy of one (a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL)
 * instead of running every migration again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  setPasswordCostForTests('test');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-template-'));
  const sqliteTemplates = { empty: path.join(dir, 'empty.sqlite'), owner: path.join(dir, 'owner.sqlite') };
  for (const [kind, sqlitePath] of Object.entries(sqliteTemplates)) {
    await fillTemplate(openDatabase({ sqlitePath }), kind === 'owner');
  }
  // A WAL-mode file is self-contained once closed; the copy needs no -wal/-shm.
  project.provide('sqliteTemplates', sqliteTemplates);

  const databaseUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = project.config.env?.TEST_DIALECT === 'postgres' && databaseUrl;
  // Named per run: other runs may share the cluster, each with its own templates and copies.
  const prefix = `atelier_${randomBytes(4).toString('hex')}`;
  const postgresTemplates = { empty: `${prefix}_empty`, owner: `${prefix}_owner` };
  if (onPostgres) {
    await withAdmin(databaseUrl, async (admin) => {
      for (const [kind, name] of Object.entries(postgresTemplates)) {
        await admin.query(`create database "${name}"`);
        await fillTemplate(openDatabase({ databaseUrl: databaseUrlOf(databaseUrl, name), sqlitePath: '', poolSize: 1 }), kind === 'owner');
      }
    });
  }
  project.provide('postgresTemplates', postgresTemplates);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (!onPostgres) return;
    // The copies a test left behind when it failed before closing its app, then the templates.
    await withAdmin(databaseUrl, async (admin) => {
      const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where datname like $1', [`${prefix}\\_%`]);
      for (const { name } of rows) await admin.query(`drop database if exists "${name}" with (force)`);
    });
  };
}

async function fillTemplate(handle: DatabaseHandle, withOwner: boolean): Promise<void> {
  await migrateToLatest(handle);
  if (withOwner) await ensureOwner({ db: handle.db, clock: () => new Date() }, OWNER);
  await handle.destroy();
}

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplates: { empty: string; owner: string };
    postgresTemplates: { empty: string; owner: string };
  }
}
