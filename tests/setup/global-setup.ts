import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';

/** Migrates one SQLite file; every test app starts from a copy of it instead of migrating again. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-template-'));
  const templatePath = path.join(dir, 'template.sqlite');
  const handle = openDatabase({ sqlitePath: templatePath });
  await migrateToLatest(handle);
  await handle.destroy();
  // A WAL-mode file is self-contained once closed; the copy needs no -wal/-shm.
  project.provide('sqliteTemplatePath', templatePath);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplatePath: string;
  }
}
