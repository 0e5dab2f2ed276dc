import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './database.ts';

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
