import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
