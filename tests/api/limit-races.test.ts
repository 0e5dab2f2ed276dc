import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_ADDRESS } from '#server/features/auth/auth.service.ts';
import { FORGOT_LIMIT_PER_ADDRESS, RESET_LIMIT_PER_ADDRESS } from '#server/features/auth/password-reset.service.ts';
import { CONTACT_LIMIT_PER_ADDRESS } from '#server/features/contact/contact.service.ts';
import { waitFor } from '#tests/api/support/wait.ts';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The attack of issue 13: many attempts sent at once, each answered only after the slow part
 * (a password check, a mail), must not slip past a limit that counts them too late.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const post = (url: string, payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress });

function statuses(responses: Array<{ statusCode: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('limits hold against attempts sent at once', () => {
  it('checks at most the per-address limit of 60 wrong passwords sent at once from one address', async () => {
    t = await createTestApp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => post('/api/login', { username: OWNER.username, password: 'wrong' }, '10.0.0.1')),
    );
    expect(statuses(answers)).toEqual({ 401: LOGIN_LIMIT_PER_ADDRESS.limit, 429: 60 - LOGIN_LIMIT_PER_ADDRESS.limit });
  });

  it('checks at most the per-account limit of 45 wrong passwords sent at once for one name from many addresses', async () => {
    t = await createTestApp();
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        // The name in any letter case is the same account.
        post('/api/login', { username: i % 2 ? OWNER.username.toUpperCase() : OWNER.username, password: 'wrong' }, `10.2.0.${i}`),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: LOGIN_LIMIT_PER_ACCOUNT.limit, 429: 45 - LOGIN_LIMIT_PER_ACCOUNT.limit });
  });

  it('lets through at most the limit of forgot-password requests sent at once', async () => {
    t = await createTestApp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/forgot-password', { email: OWNER.email }, '10.0.0.2')));
    expect(statuses(answers)).toEqual({ 200: FORGOT_LIMIT_PER_ADDRESS.limit, 429: 20 - FORGOT_LIMIT_PER_ADDRESS.limit });
  });

  it('checks at most the limit of reset tokens sent at once', async () => {
    t = await createTestApp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/api/reset-password', { token: `guess-${i}`, newPassword: 'new password' }, '10.0.0.3')),
    );
    expect(statuses(answers)).toEqual({ 400: RESET_LIMIT_PER_ADDRESS.limit, 429: 30 - RESET_LIMIT_PER_ADDRESS.limit });
  });

  it('stores at most the limit of contact messages sent at once', async () => {
    t = await createTestApp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post('/api/contact', { name: 'Bot', email: 'bot@example.com', message: `spam ${i}` }, '10.0.0.4')),
    );
    expect(statuses(answers)).toEqual({ 200: CONTACT_LIMIT_PER_ADDRESS.limit, 429: 12 - CONTACT_LIMIT_PER_ADDRESS.limit });
    const stored = await t.database.db.selectFrom('contactMessages').select('id').execute();
    expect(stored).toHaveLength(CONTACT_LIMIT_PER_ADDRESS.limit);
  });
});

describe('the rate-limit table', () => {
  it('keys what visitors type by a short hash: long or odd text neither grows a key nor lands in the table', async () => {
    t = await createTestApp();
    const longName = `${'n'.repeat(90)}\u00e9\u0000<script>`;
    const longEmail = `${'e'.repeat(240)}@example.test`;
    const address = '2001:db8:85a3:8d3:1319:8a2e:370:7348';
    await post('/api/login', { username: longName, password: 'wrong' }, address);
    await post('/api/forgot-password', { email: longEmail }, address);
    await post('/api/sign-in-link', { email: longEmail.toUpperCase() }, address);
    await post('/api/reset-password', { token: 'x'.repeat(200), newPassword: 'new password' }, address);
    await post('/api/contact', { name: 'Ada', email: longEmail, message: 'Hello', userId: 1 }, address);

    const stored = async () => (await t.database.db.selectFrom('rateLimits').select('key').execute()).map((row) => row.key);
    // One window per scope and value: address and name for login, address (and email, counted
    // after the answer) for the mails, address for the reset and the contact form.
    await waitFor(async () => (await stored()).length === 8, 'every window is counted');
    const keys = await stored();
    for (const key of keys) {
      expect(key).toMatch(/^[a-z-]+:[a-z]+:[A-Za-z0-9_-]{22}$/);
      expect(key.length).toBeLessThanOrEqual(48);
      for (const typed of [longName.slice(0, 20), 'eeeeeeeeee', address, 'example.test']) expect(key).not.toContain(typed);
    }
  });
});
