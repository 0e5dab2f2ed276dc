import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, writesVisibleData } from './database.ts';

describe('migrateToLatest', () => {
  it('creates every table once and is a no-op when run again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-migrate-'));
    try {
      const handle = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
      await migrateToLatest(handle);
      await migrateToLatest(handle);
      const tables = (await handle.db.introspection.getTables()).map((table) => table.name).sort();
      expect(tables).toEqual([
        'api_tokens',
        'categories',
        'contact_messages',
        'gallery_comments',
        'gallery_invitations',
        'gallery_link_events',
        'gallery_links',
        'gallery_notice_settings',
        'gallery_notices',
        'gallery_picks',
        'gallery_previews',
        'gallery_verdicts',
        'jobs',
        'passkeys',
        'password_reset_tokens',
        'photos',
        'rate_limits',
        'recovery_codes',
        'release_tracks',
        'sessions',
        'sign_in_links',
        'statistics_daily',
        'statistics_salts',
        'statistics_visitors',
        'totp_factors',
        'trusted_devices',
        'users',
        'webauthn_challenges',
        'webhook_deliveries',
        'webhooks',
      ]);
      await handle.destroy();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('writesVisibleData', () => {
  it('counts a write to a table visitors read, and anything it cannot read, as a change', () => {
    expect(writesVisibleData('update "photos" set "version" = "version" + 1 where "id" = $1')).toBe(true);
    expect(writesVisibleData('insert into "categories" ("name") values ($1) returning *')).toBe(true);
    expect(writesVisibleData('delete from "gallery_links" where "id" = $1')).toBe(true);
    expect(writesVisibleData('truncate table photos')).toBe(true);
    expect(writesVisibleData('with moved as (update "photos" set "category_id" = null) select 1')).toBe(true);
    expect(writesVisibleData('  UPDATE jobs_archive SET x = 1')).toBe(true);
  });

  it("leaves out reads, a transaction's own statements and plain writes to the quiet tables", () => {
    expect(writesVisibleData('select * from "photos"')).toBe(false);
    expect(writesVisibleData('commit')).toBe(false);
    expect(writesVisibleData('insert into "sessions" ("id") values ($1)')).toBe(false);
    expect(writesVisibleData('update "jobs" set "state" = $1 where "id" = $2')).toBe(false);
    expect(writesVisibleData('delete from rate_limits where reset_at < $1')).toBe(false);
    expect(writesVisibleData('insert into "statistics_daily" ("day") values ($1) on conflict do nothing')).toBe(false);
  });
});

describe('the data version on SQLite', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("moves at once with this process's writes, and with another process's from the next turn of the event loop", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-version-'));
    const server = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
    // The command line's connection: another process's, as far as SQLite can tell.
    const commandLine = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
    try {
      await sql`create table notes (text text)`.execute(server.db);
      await nextTurn();
      const insert = (handle: typeof server, text: string) => sql`insert into notes values (${text})`.execute(handle.db);

      const before = await server.dataVersion();
      await insert(server, 'Written by the server');
      const afterOwn = await server.dataVersion();
      expect(afterOwn).not.toBe(before);
      // Asked again within the same turn, nothing has changed: the same version.
      expect(await server.dataVersion()).toBe(afterOwn);

      await insert(commandLine, 'Written by the command line');
      await nextTurn();
      const afterOthers = await server.dataVersion();
      expect(afterOthers).not.toBe(afterOwn);
      await nextTurn();
      expect(await server.dataVersion()).toBe(afterOthers);
    } finally {
      await commandLine.destroy();
      await server.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
