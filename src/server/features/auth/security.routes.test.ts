import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '#tests/api/support/wait.ts';
import { cookieHeader, createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { SECOND_STEP_MS } from './auth.service.ts';
import { errorText } from '#contract/error-codes.ts';
import { CONFIRMED_FOR_MS, PASSKEY_OPTIONS_LIMIT_PER_ADDRESS, RECOVERY_CODE_COUNT, SECOND_STEP_LIMIT_PER_SESSION } from './security.service.ts';
import { totpCode } from './totp.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function setup() {
  const clock = createTestClock();
  t = await createTestApp({ clock, smtp: true, env: { PUBLIC_URL: 'https://photos.example.com' } });
  return clock;
}

const login = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username: OWNER.username, password: OWNER.password }, headers, remoteAddress });

function call(method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, cookie: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }) });
}

/** Sets up the authenticator app through the API and returns its secret and the recovery codes. */
async function turnOnTotp(cookie: string, clock: ReturnType<typeof createTestClock>) {
  // Adding a factor needs a fresh check.
  expect((await call('POST', '/api/security/confirm', cookie, { password: OWNER.password })).statusCode).toBe(200);
  const setupAnswer = await call('POST', '/api/security/totp/setup', cookie);
  expect(setupAnswer.statusCode, setupAnswer.body).toBe(200);
  const { secret, uri, qrSvg } = setupAnswer.json<{ secret: string; uri: string; qrSvg: string }>();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  expect(qrSvg).toMatch(/^<svg/);
  // Not on until a first code confirms it: the password alone still signs in.
  expect((await login()).statusCode).toBe(200);
  const wrong = await call('POST', '/api/security/totp/confirm', cookie, { code: '000000' === totpCode(secret, clock().getTime()) ? '111111' : '000000' });
  expect(wrong.statusCode).toBe(400);
  const confirmed = await call('POST', '/api/security/totp/confirm', cookie, { code: totpCode(secret, clock().getTime()) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
  return { secret, recoveryCodes };
}

const secondStep = (cookie: string, method: 'totp' | 'recovery', code: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/second-step', headers: { cookie }, payload: { method, code } });

async function halfSignIn(): Promise<string> {
  const response = await login();
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json()).toEqual({ message: expect.any(String), secondStep: ['totp', 'recovery'] });
  expect(response.cookies.map((cookie) => cookie.name)).not.toContain('__Host-atelier_device');
  return cookieHeader(response);
}

const sessionCookie = (response: LightMyRequestResponse) => cookieHeader(response);

describe('the authenticator app as a second step', () => {
  it('asks for a code after the right password, accepts a code once, refuses a wrong one, and lets recovery codes in once', async () => {
    const clock = await setup();
    const owner = await t.signIn();
    const { secret, recoveryCodes } = await turnOnTotp(owner, clock);

    const pending = await halfSignIn();
    // Half signed in is no owner session.
    expect((await call('GET', '/api/auth/user', pending)).statusCode).toBe(401);
    expect((await call('GET', '/api/security', pending)).statusCode).toBe(401);

    const wrong = await secondStep(pending, 'totp', totpCode(secret, clock().getTime() + 10 * 60_000));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'auth.wrong_code', message: 'That code is not right. Try again.' });

    // The confirming code's step is spent; the next step's code signs in.
    clock.advance(30_000);
    const code = totpCode(secret, clock().getTime());
    const right = await secondStep(pending, 'totp', code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().username).toBe(OWNER.username);
    const signedIn = sessionCookie(right);
    expect((await call('GET', '/api/auth/user', signedIn)).statusCode).toBe(200);
    // The half signed-in cookie became nothing: the owner session has a fresh id.
    expect((await call('GET', '/api/auth/user', pending)).statusCode).toBe(401);

    // The same code again, from another sign-in, is refused.
    const again = await halfSignIn();
    expect((await secondStep(again, 'totp', code)).statusCode).toBe(400);
    // A code a step off is accepted (clock skew).
    clock.advance(90_000);
    expect((await secondStep(again, 'totp', totpCode(secret, clock().getTime() - 30_000))).statusCode).toBe(200);

    // A recovery code works once, typed in any case.
    const viaRecovery = await halfSignIn();
    expect((await secondStep(viaRecovery, 'recovery', recoveryCodes[0]!.toUpperCase())).statusCode).toBe(200);
    const reused = await halfSignIn();
    expect((await secondStep(reused, 'recovery', recoveryCodes[0]!)).statusCode).toBe(400);
    const overview = await call('GET', '/api/security', signedIn);
    expect(overview.json()).toMatchObject({ totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - 1, passkeys: [] });
    // No secret or hash in the owner's answer.
    expect(overview.body).not.toContain(secret);
    expect(JSON.stringify(await t.database.db.selectFrom('recoveryCodes').selectAll().execute())).not.toContain(recoveryCodes[1]!);
  });

  it('ends the second step after a few minutes, and counts its tries atomically', async () => {
    const clock = await setup();
    const { secret } = await turnOnTotp(await t.signIn(), clock);

    const late = await halfSignIn();
    clock.advance(SECOND_STEP_MS);
    const expired = await secondStep(late, 'totp', totpCode(secret, clock().getTime()));
    expect(expired.statusCode).toBe(401);

    const pending = await halfSignIn();
    const answers = await Promise.all(Array.from({ length: 12 }, () => secondStep(pending, 'totp', '000000')));
    const checked = answers.filter((answer) => answer.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(SECOND_STEP_LIMIT_PER_SESSION.limit);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(12 - SECOND_STEP_LIMIT_PER_SESSION.limit);
    // Past the limit even the right code is refused in this window.
    clock.advance(30_000);
    expect((await secondStep(pending, 'totp', totpCode(secret, clock().getTime()))).statusCode).toBe(429);
  });

  it('keeps the second step after a sign-in link and after a password reset', async () => {
    const clock = await setup();
    await turnOnTotp(await t.signIn(), clock);
    const mailsBefore = t.smtp.received.length;
    await t.app.inject({ method: 'POST', url: '/api/sign-in-link', payload: { email: OWNER.email } });
    await waitFor(() => t.smtp.received.some((mail, index) => index >= mailsBefore && /sign-in link|Sign in to/.test(mail.decoded)), 'the sign-in link');
    const linkMail = t.smtp.received.slice(mailsBefore).find((mail) => /Sign in to/.test(mail.decoded))!;
    const token = /login\?link=([A-Za-z0-9_-]+)/.exec(linkMail.decoded)?.[1];
    const used = await t.app.inject({ method: 'POST', url: '/api/sign-in-link/use', payload: { token } });
    expect(used.statusCode, used.body).toBe(202);
    expect((await call('GET', '/api/auth/user', cookieHeader(used))).statusCode).toBe(401);

    const before = t.smtp.received.length;
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: OWNER.email } });
    await waitFor(() => t.smtp.received.length > before, 'the reset mail');
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(t.smtp.received.at(-1)!.decoded)?.[1];
    const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token: resetToken, newPassword: OWNER.password } });
    expect(reset.statusCode).toBe(200);
    expect(reset.cookies).toEqual([]);
    expect((await login()).statusCode).toBe(202);
    await waitFor(() => t.smtp.received.some((mail) => /password was changed/.test(mail.decoded)), 'the password notice');
  });

  it('turns the authenticator off only after a fresh password check, and mails each change', async () => {
    const clock = await setup();
    const owner = await t.signIn();
    await turnOnTotp(owner, clock);
    await waitFor(() => t.smtp.received.some((mail) => /An authenticator app was added/.test(mail.decoded)), 'the added notice');
    // The check made to turn it on has ended.
    clock.advance(CONFIRMED_FOR_MS);

    const refused = await call('DELETE', '/api/security/totp', owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Confirm it is you/);
    const wrongPassword = await call('POST', '/api/security/confirm', owner, { password: 'not it' });
    expect(wrongPassword.statusCode).toBe(400);
    const confirm = await call('POST', '/api/security/confirm', owner, { password: OWNER.password });
    expect(confirm.statusCode).toBe(200);
    expect((await call('GET', '/api/security', owner)).json().confirmedUntil).toEqual(expect.any(String));
    clock.advance(CONFIRMED_FOR_MS);
    expect((await call('DELETE', '/api/security/totp', owner)).statusCode).toBe(403);
    await call('POST', '/api/security/confirm', owner, { password: OWNER.password });
    const off = await call('DELETE', '/api/security/totp', owner);
    expect(off.statusCode, off.body).toBe(200);
    await waitFor(() => t.smtp.received.some((mail) => /The authenticator app was removed/.test(mail.decoded)), 'the removed notice');
    expect((await login()).statusCode).toBe(200);
  });

  it('regenerates ten recovery codes that replace the old ones, after a fresh check only', async () => {
    const clock = await setup();
    const owner = await t.signIn();
    const { recoveryCodes } = await turnOnTotp(owner, clock);
    clock.advance(CONFIRMED_FOR_MS);
    // A session alone does not get codes that would outlive it.
    expect((await call('POST', '/api/security/recovery-codes', owner)).statusCode).toBe(403);
    await call('POST', '/api/security/confirm', owner, { password: OWNER.password });
    const fresh = await call('POST', '/api/security/recovery-codes', owner);
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await secondStep(await halfSignIn(), 'recovery', recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await secondStep(await halfSignIn(), 'recovery', codes[0]!)).statusCode).toBe(200);
  });
});

describe('passkey challenges', () => {
  it("hands a visitor's address a bounded number of challenges per window", async () => {
    await setup();
    const ask = () => t.app.inject({ method: 'POST', url: '/api/login/passkey/options', remoteAddress: '203.0.113.9' });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    const { optionsJSON } = first.json<{ optionsJSON: { rpId: string; challenge: string; userVerification: string } }>();
    // The relying party is PUBLIC_URL's host; the owner's lock is asked for.
    expect(optionsJSON.rpId).toBe('photos.example.com');
    expect(optionsJSON.userVerification).toBe('required');
    for (let i = 1; i < PASSKEY_OPTIONS_LIMIT_PER_ADDRESS.limit; i += 1) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
    const rows = await t.database.db.selectFrom('webauthnChallenges').select('id').execute();
    expect(rows).toHaveLength(PASSKEY_OPTIONS_LIMIT_PER_ADDRESS.limit);
  });

  it('says why on a site whose address is an IP address, where browsers refuse every passkey', async () => {
    for (const publicUrl of ['http://192.168.1.20:3000', 'http://[fd00::20]:3000']) {
      t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
      const cookie = await t.signIn();
      const overview = await call('GET', '/api/security', cookie);
      expect(overview.json().passkeysUnavailable, publicUrl).toBe('auth.passkeys_need_a_domain');
      expect((await call('POST', '/api/security/confirm', cookie, { password: OWNER.password })).statusCode).toBe(200);
      const add = await call('POST', '/api/security/passkeys/options', cookie);
      expect(add.statusCode).toBe(409);
      expect(add.json()).toEqual({ code: 'auth.passkeys_need_a_domain', message: errorText('auth.passkeys_need_a_domain') });
      const signIn = await t.app.inject({ method: 'POST', url: '/api/login/passkey/options' });
      expect(signIn.statusCode).toBe(409);
      await t.close();
    }
    // With a domain name, nothing stands in the way.
    await setup();
    const cookie = await t.signIn();
    expect((await call('GET', '/api/security', cookie)).json().passkeysUnavailable).toBeNull();
  });

  it('refuses an answer to a challenge it never gave', async () => {
    await setup();
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'made-up', origin: 'https://photos.example.com' })).toString('base64url');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/login/passkey',
      payload: { response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON, authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} } },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/expired/);
    expect(answer.cookies).toEqual([]);
  });
});

describe('signed-in browsers', () => {
  it('lists each browser with its device and address, and signs out one or all others at once', async () => {
    await setup();
    const first = cookieHeader(await login({ 'user-agent': CHROME_MAC }, '203.0.113.5'));
    const secondAnswer = await login({ 'user-agent': FIREFOX_LINUX }, '198.51.100.7');
    const second = cookieHeader(secondAnswer);
    const third = cookieHeader(await login({}, '192.0.2.1'));

    const list = await call('GET', '/api/sessions', first);
    expect(list.statusCode).toBe(200);
    const browsers = list.json<Array<{ id: string; device: string; address: string; current: boolean; firstSeen: string; lastSeen: string }>>();
    expect(browsers).toHaveLength(3);
    expect(browsers.find((browser) => browser.current)).toMatchObject({ device: 'Chrome on macOS', address: '203.0.113.5' });
    const other = browsers.find((browser) => browser.device === 'Firefox on Linux')!;
    expect(other.address).toBe('198.51.100.7');
    // The handle is not the session's key.
    const keys = (await t.database.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    for (const browser of browsers) expect(keys).not.toContain(browser.id);

    // Signing out another browser needs a fresh check.
    expect((await call('DELETE', `/api/sessions/${encodeURIComponent(other.id)}`, first)).statusCode).toBe(403);
    expect((await call('POST', '/api/security/confirm', first, { password: OWNER.password })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/sessions/${encodeURIComponent(other.id)}`, first)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/user', second)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/user', third)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/sessions/${encodeURIComponent(other.id)}`, first)).statusCode).toBe(404);

    expect((await call('POST', '/api/sessions/sign-out-others', first)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/user', third)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/user', first)).statusCode).toBe(200);
    expect((await call('GET', '/api/sessions', first)).json()).toHaveLength(1);
  });

  it('mails a notice on a sign-in from a new browser, not from a known one, and on a password change', async () => {
    await setup();
    const first = await login({ 'user-agent': CHROME_MAC });
    expect(first.statusCode).toBe(200);
    // From the same browser (its device cookie) again: no notice.
    const device = first.cookies.find((cookie) => cookie.name.endsWith('atelier_device'))!;
    expect((await login({ cookie: `${device.name}=${device.value}`, 'user-agent': CHROME_MAC })).statusCode).toBe(200);
    // From another browser: a notice naming it.
    const other = await login({ 'user-agent': FIREFOX_LINUX }, '198.51.100.7');
    await waitFor(() => t.smtp.received.length >= 1, 'the new sign-in notice');
    expect(t.smtp.received).toHaveLength(1);
    expect(t.smtp.received[0]!.to).toEqual([OWNER.email]);
    expect(t.smtp.received[0]!.decoded).toContain('Firefox on Linux, from 198.51.100.7');

    const change = await call('POST', '/api/change-password', cookieHeader(other), { currentPassword: OWNER.password, newPassword: 'another good one' });
    expect(change.statusCode).toBe(200);
    await waitFor(() => t.smtp.received.some((mail) => /password was changed/.test(mail.decoded)), 'the password notice');
  });
});
