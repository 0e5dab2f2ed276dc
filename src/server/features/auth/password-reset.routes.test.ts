import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '#tests/api/support/wait.ts';
import { cookieHeader, createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { FORGOT_PASSWORD_ANSWER } from './auth.routes.ts';
import { FORGOT_LIMIT_PER_ADDRESS, RESET_TOKEN_TTL_MS } from './password-reset.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const PUBLIC_URL = 'https://photos.example.com';

const forgot = (email: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress });
const reset = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, newPassword } });
const login = (password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username: OWNER.username, password } });

function resetTokenIn(mail: string): string {
  const match = /https:\/\/photos\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[1]) throw new Error(`no reset link in:\n${mail}`);
  return match[1];
}

async function setupWithSmtp(clock?: ReturnType<typeof createTestClock>) {
  t = await createTestApp({ smtp: true, env: { PUBLIC_URL, MAIL_FROM: 'Atelier <site@example.com>' }, ...(clock ? { clock } : {}) });
  return t.smtp;
}

describe('password recovery by mail', () => {
  it('mails a link from PUBLIC_URL that resets the password once and ends every session', async () => {
    const server = await setupWithSmtp();
    const oldSession = await t.signIn();

    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: OWNER.email.toUpperCase() },
      // A forged Host must not end up in the link.
      headers: { host: 'evil.example' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });

    const [mail] = await server.waitForMails(1);
    expect(mail?.to).toEqual([OWNER.email]);
    expect(mail?.decoded).not.toContain('evil.example');
    const token = resetTokenIn(mail?.decoded ?? '');
    const stored = await t.database.db.selectFrom('passwordResetTokens').select('tokenHash').execute();
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    const done = await reset(token, 'a fresh password');
    expect(done.statusCode).toBe(200);
    expect((await login('a fresh password')).statusCode).toBe(200);
    expect((await login(OWNER.password)).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: oldSession } });
    expect(me.statusCode).toBe(401);

    const again = await reset(token, 'another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'auth.invalid_reset_link', message: 'This reset link is invalid or has expired. Please request a new one.' });
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const server = await setupWithSmtp();
    const unknown = await forgot('stranger@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    // The known address's mail is the first and only one to arrive.
    await forgot(OWNER.email);
    const mails = await server.waitForMails(1);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([OWNER.email]);
  });

  it('refuses an expired token, a forged one, and a token voided by a newer request', async () => {
    const clock = createTestClock();
    const server = await setupWithSmtp(clock);
    await forgot(OWNER.email);
    const first = resetTokenIn((await server.waitForMails(1))[0]?.decoded ?? '');
    await forgot(OWNER.email);
    const second = resetTokenIn((await server.waitForMails(2))[1]?.decoded ?? '');

    expect((await reset(first, 'new password 1')).statusCode).toBe(400);
    expect((await reset('forged-token-that-was-never-issued', 'new password 1')).json()).toEqual({
      code: 'auth.invalid_reset_link',
      message: 'This reset link is invalid or has expired. Please request a new one.',
    });
    clock.advance(RESET_TOKEN_TTL_MS);
    const expired = await reset(second, 'new password 1');
    expect(expired.statusCode).toBe(400);
    expect((await login(OWNER.password)).statusCode).toBe(200);
  });

  it("checks the new password's minimum length before spending the token", async () => {
    const server = await setupWithSmtp();
    await forgot(OWNER.email);
    const token = resetTokenIn((await server.waitForMails(1))[0]?.decoded ?? '');
    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
    expect((await reset(token, '123456')).statusCode).toBe(200);
  });

  it('validates the email and rate limits requests per address', async () => {
    await setupWithSmtp();
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Valid email is required');
    for (let i = 0; i < FORGOT_LIMIT_PER_ADDRESS.limit; i++) {
      expect((await forgot(`someone${i}@example.com`)).statusCode).toBe(200);
    }
    const limited = await forgot('someone-else@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('writes the mail to the outbox when no SMTP server is set', async () => {
    t = await createTestApp({ env: { PUBLIC_URL } });
    const response = await forgot(OWNER.email);
    expect(response.statusCode).toBe(200);
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : []);
    await waitFor(() => mails().length > 0, 'a mail in the outbox');
    const [file] = mails();
    expect(file).toMatch(/\.eml$/);
    const mail = fs.readFileSync(path.join(outbox, file ?? ''), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect((await reset(resetTokenIn(mail), 'outbox password')).statusCode).toBe(200);
  });

  it('sends Referrer-Policy: no-referrer with the reset page', async () => {
    t = await createTestApp();
    const page = await t.app.inject({ method: 'GET', url: '/reset-password?token=abc' });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const cookie = cookieHeader(await login(OWNER.password));
    expect(cookie).toContain('atelier_session');
  });
});
