import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_CHECK_LIMIT } from '#server/features/auth/auth.service.ts';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The attack of issue 13: a borrowed session (a browser left signed in) must not be enough to
 * move the recovery address, nor to guess the password at will through /api/change-password.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const patch = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload });
const changePassword = (cookie: string, currentPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/change-password', headers: { cookie }, payload: { currentPassword, newPassword: 'a new password' } });
const storedEmail = async () => (await t.database.db.selectFrom('users').select('email').executeTakeFirstOrThrow()).email;

async function setupWithSmtp() {
  t = await createTestApp({ smtp: true, env: { PUBLIC_URL: 'https://photos.example.com', MAIL_FROM: 'Atelier <site@example.com>' } });
  return t.smtp;
}

describe('changing the recovery email', () => {
  it('refuses a change without the current password or with a wrong one, changing nothing and mailing nobody', async () => {
    const server = await setupWithSmtp();
    const cookie = await t.signIn();

    const missing = await patch(cookie, { email: 'thief@example.test', portfolioTitle: 'Taken' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'auth.current_password_required', message: 'Current password is required' });

    const wrong = await patch(cookie, { email: 'thief@example.test', portfolioTitle: 'Taken', currentPassword: 'a guess' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'auth.current_password_incorrect', message: 'Current password is incorrect' });

    const cleared = await patch(cookie, { email: null, currentPassword: 'a guess' });
    expect(cleared.statusCode).toBe(400);

    expect(await storedEmail()).toBe(OWNER.email);
    const owner = (await t.app.inject({ method: 'GET', url: '/api/portfolio-owner' })).json();
    expect(owner.portfolioTitle).toBeNull();
    // A reset asked for now still goes to the owner's own address, and it is the only mail.
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: OWNER.email } });
    const [mail] = await server.waitForMails(1);
    expect(mail?.to).toEqual([OWNER.email]);
    expect(mail?.decoded).toContain('Reset your password');
    expect(server.received).toHaveLength(1);
  });

  it('changes it with the current password and mails a notice to the old address', async () => {
    const server = await setupWithSmtp();
    const cookie = await t.signIn();

    const saved = await patch(cookie, { email: 'new@example.test', currentPassword: OWNER.password });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'new@example.test' });
    expect(saved.json()).not.toHaveProperty('currentPassword');
    expect(await storedEmail()).toBe('new@example.test');

    const [notice] = await server.waitForMails(1);
    expect(notice?.to).toEqual([OWNER.email]);
    expect(notice?.decoded).toContain('The recovery email of Atelier was changed');
    expect(notice?.decoded).toContain('new@example.test');
  });

  it('asks for nothing when the email stays as it is', async () => {
    const server = await setupWithSmtp();
    const cookie = await t.signIn();
    // The settings form sends every field, the unchanged email with them.
    const saved = await patch(cookie, { portfolioTitle: 'Sea Studies', email: OWNER.email });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ portfolioTitle: 'Sea Studies', email: OWNER.email });
    expect(server.received).toHaveLength(0);
  });
});

describe('the current password is checked a limited number of times', () => {
  it('checks at most the limit of wrong current passwords sent at once on /api/change-password', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => changePassword(cookie, `guess ${i}`)));
    const counts: Record<number, number> = {};
    for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 400: PASSWORD_CHECK_LIMIT.limit, 429: 25 - PASSWORD_CHECK_LIMIT.limit });

    // Even the right password now waits in this session: the guesses stopped, not just slowed.
    const right = await changePassword(cookie, OWNER.password);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    // The same limit guards the recovery email.
    expect((await patch(cookie, { email: 'thief@example.test', currentPassword: OWNER.password })).statusCode).toBe(429);
    expect(await storedEmail()).toBe(OWNER.email);

    // The owner's other browser is not held up by the session that guessed.
    const otherBrowser = await t.signIn();
    expect((await changePassword(otherBrowser, OWNER.password)).statusCode).toBe(200);
  });
});
