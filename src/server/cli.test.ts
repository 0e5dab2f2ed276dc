import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';
import { ensureOwner } from '#server/features/auth/auth.service.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';

// Each run starts the command line through tsx: about 3 s on a busy two-core machine, tens of
// seconds on one shared with other test runs, and some tests run two. A hang guard only.
const CLI_TIMEOUT = 120_000;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[], env: Record<string, string>, input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    env: { ...process.env, ...env, DATABASE_URL: '' },
    input,
    encoding: 'utf8',
  });
}

describe('cli set-password', { timeout: CLI_TIMEOUT }, () => {
  it('sets the password read from stdin and ends the sessions of the user', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, OWNER_USERNAME: 'ada', OWNER_PASSWORD: 'first password' };
    const handle = openDatabase({ sqlitePath: path.join(dataDir, 'atelier.sqlite') });
    await migrateToLatest(handle);
    await ensureOwner({ db: handle.db, clock: () => new Date() }, { username: 'ada', password: 'first password', email: undefined });
    const user = await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await handle.db.insertInto('sessions').values({ id: 'x', userId: user.id, createdAt: now, lastSeenAt: now, expiresAt: now }).execute();
    await handle.destroy();

    const result = runCli(['set-password', 'ada', '--password-stdin'], env, 'second password\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);

    const after = openDatabase({ sqlitePath: path.join(dataDir, 'atelier.sqlite') });
    const row = await after.db.selectFrom('users').select('passwordHash').executeTakeFirstOrThrow();
    expect(await verifyPassword(row.passwordHash, 'second password')).toBe(true);
    expect(await after.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    await after.destroy();
  });

  it('refuses an unknown user, and an unknown command with the usage', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-'));
    dirs.push(dataDir);
    const unknown = runCli(['set-password', 'nobody', '--password-stdin'], { DATA_DIR: dataDir }, 'whatever1\n');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No user named "nobody"');
    const usage = runCli(['bogus'], { DATA_DIR: dataDir });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage');
  });
});

describe('cli reset-2fa', { timeout: CLI_TIMEOUT }, () => {
  it('removes every second factor of the user, so the password alone signs in again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-'));
    dirs.push(dataDir);
    const handle = openDatabase({ sqlitePath: path.join(dataDir, 'atelier.sqlite') });
    await migrateToLatest(handle);
    await ensureOwner({ db: handle.db, clock: () => new Date() }, { username: 'ada', password: 'first password', email: undefined });
    const user = await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await handle.db.insertInto('passkeys').values({ id: 'cred', userId: user.id, name: 'Phone', publicKey: 'pQE', counter: 0, transports: '[]', createdAt: now, lastUsedAt: null }).execute();
    await handle.db.insertInto('totpFactors').values({ id: user.id, secret: 'JBSWY3DPEHPK3PXP', confirmedAt: now, lastStep: 0, createdAt: now }).execute();
    await handle.db.insertInto('recoveryCodes').values({ id: 'f'.repeat(64), userId: user.id, createdAt: now }).execute();
    await handle.destroy();

    const result = runCli(['reset-2fa', 'ada'], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('the password alone signs in now');

    const after = openDatabase({ sqlitePath: path.join(dataDir, 'atelier.sqlite') });
    expect(await after.db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
    expect(await after.db.selectFrom('totpFactors').selectAll().execute()).toEqual([]);
    expect(await after.db.selectFrom('recoveryCodes').selectAll().execute()).toEqual([]);
    await after.destroy();
  });
});
