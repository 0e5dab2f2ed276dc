import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, startServer } from '#tests/api/support/server-process.ts';
import { resetTokenInOutbox } from '#tests/api/support/outbox.ts';
import { waitFor } from '#tests/api/support/wait.ts';

/**
 * Logs never hold a password, a token or a session id. The real server writes its
 * log while the owner signs in, recovers the password by mail and changes it; then every secret
 * of the session is looked for in that log.
 */
const FIRST_PASSWORD = 'first secret password';
const RESET_PASSWORD = 'second secret password';
const CHANGED_PASSWORD = 'third secret password';

let bundle: Awaited<ReturnType<typeof bundleServer>>;
let dataDir: string;
beforeAll(async () => {
  bundle = await bundleServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-logs-'));
}, 60_000);
afterAll(() => {
  bundle?.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.runIf(process.env.TEST_DIALECT !== 'postgres')('the server log', () => {
  it('never holds a password, a reset token or a session id', async () => {
    const server = await startServer(bundle.dir, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'trace',
      OWNER_USERNAME: 'owner',
      OWNER_PASSWORD: FIRST_PASSWORD,
      OWNER_EMAIL: 'owner@example.test',
    });
    const secrets: string[] = [FIRST_PASSWORD, RESET_PASSWORD, CHANGED_PASSWORD];
    const post = (url: string, body: object, cookie?: string) =>
      fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const sessionOf = (response: Response) => {
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const token = cookie.split('=')[1] ?? '';
      secrets.push(token, sha256(token));
      return cookie;
    };
    try {
      expect((await post('/api/login', { username: 'owner', password: 'not the password' })).status).toBe(401);
      const first = sessionOf(await post('/api/login', { username: 'owner', password: FIRST_PASSWORD }));
      expect((await fetch(`${server.url}/api/auth/user`, { headers: { cookie: first } })).status).toBe(200);

      expect((await post('/api/forgot-password', { email: 'owner@example.test' })).status).toBe(200);
      let token = '';
      // The mail is written after the answer; read it once it is whole.
      await waitFor(() => (token = resetTokenInOutbox(dataDir)).length > 20, 'the reset mail');
      secrets.push(token, sha256(token));
      // The owner opens the link (the page, with the token in its address), then sets a password.
      await fetch(`${server.url}/reset-password?token=${token}`);
      await fetch(`${server.url}/reset-password/?next=%2F&token=${encodeURIComponent(token)}`);
      expect((await post('/api/reset-password', { token, newPassword: RESET_PASSWORD })).status).toBe(200);

      const second = sessionOf(await post('/api/login', { username: 'owner', password: RESET_PASSWORD }));
      expect((await post('/api/change-password', { currentPassword: RESET_PASSWORD, newPassword: CHANGED_PASSWORD }, second)).status).toBe(200);
      expect((await post('/api/logout', {}, second)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const log = server.output();
    expect(log).toContain('/api/reset-password');
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
  });
});
