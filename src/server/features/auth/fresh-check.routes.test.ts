import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '#tests/setup/smtp.ts';
import { SoftPasskey } from '#tests/api/support/soft-passkey.ts';
import { waitFor } from '#tests/api/support/wait.ts';
import { cookieHeader, createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { errorText } from '#contract/error-codes.ts';
import { CONFIRMED_FOR_MS } from './security.service.ts';
import { totpCode } from './totp.ts';

/**
 * A thief holding a session cookie: being signed in is no proof of who is there. Adding or
 * removing a factor, new recovery codes and signing out other browsers need a fresh check, by a
 * factor the session did not add itself, and so does making an API token; a password reset by
 * mail pauses every passkey and revokes every token.
 */

const ORIGIN = 'https://photos.example.com';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
let clock: ReturnType<typeof createTestClock>;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  smtp = undefined;
});

async function setup() {
  clock = createTestClock();
  smtp = await startSmtpServer();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN } });
}

function call(method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, cookie: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }) });
}

const login = () => t.app.inject({ method: 'POST', url: '/api/login', payload: { username: OWNER.username, password: OWNER.password } });
const confirmPassword = (cookie: string) => call('POST', '/api/security/confirm', cookie, { password: OWNER.password });

/** Registers `passkey` for the session behind `cookie`; returns the answer of the last call. */
async function addPasskey(cookie: string, passkey: SoftPasskey, name = 'Laptop') {
  const options = await call('POST', '/api/security/passkeys/options', cookie);
  if (options.statusCode !== 200) return options;
  return call('POST', '/api/security/passkeys', cookie, { name, response: passkey.register(options.json().optionsJSON) });
}

/** A passkey's answer to a fresh sign-in challenge, as the browser behind `cookie` would ask for it. */
async function assertion(passkey: SoftPasskey, cookie = '') {
  const options = await t.app.inject({ method: 'POST', url: '/api/login/passkey/options', headers: cookie ? { cookie } : {} });
  expect(options.statusCode, options.body).toBe(200);
  return passkey.assert(options.json().optionsJSON);
}

const signInWithPasskey = async (passkey: SoftPasskey, cookie = '') =>
  t.app.inject({ method: 'POST', url: '/api/login/passkey', headers: cookie ? { cookie } : {}, payload: { response: await assertion(passkey, cookie) } });

const confirmWithPasskey = async (cookie: string, passkey: SoftPasskey) => call('POST', '/api/security/confirm', cookie, { response: await assertion(passkey) });

describe('the fresh check', () => {
  it('refuses a session alone to add a passkey or an authenticator app, and to sign out other browsers', async () => {
    await setup();
    const stolen = await t.signIn();
    const other = await t.signIn();

    const options = await call('POST', '/api/security/passkeys/options', stolen);
    expect(options.statusCode).toBe(403);
    expect(options.json()).toEqual({ code: 'auth.confirm_identity', message: errorText('auth.confirm_identity') });
    expect((await call('POST', '/api/security/totp/setup', stolen)).statusCode).toBe(403);
    expect((await call('POST', '/api/sessions/sign-out-others', stolen)).statusCode).toBe(403);
    const handle = (await call('GET', '/api/sessions', stolen)).json<Array<{ id: string; current: boolean }>>().find((browser) => !browser.current)!.id;
    expect((await call('DELETE', `/api/sessions/${encodeURIComponent(handle)}`, stolen)).statusCode).toBe(403);
    expect((await call('GET', '/api/auth/user', other)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('passkeys').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('totpFactors').select('id').execute()).toEqual([]);

    // With the password confirmed, each goes through.
    expect((await confirmPassword(stolen)).statusCode).toBe(200);
    expect((await addPasskey(stolen, new SoftPasskey(ORIGIN))).statusCode).toBe(201);
    expect((await call('POST', '/api/security/totp/setup', stolen)).statusCode).toBe(200);
    expect((await call('POST', '/api/sessions/sign-out-others', stolen)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/user', other)).statusCode).toBe(401);
  });

  it('asks again when the window ended between the start of a setup and its code', async () => {
    await setup();
    const owner = await t.signIn();
    await confirmPassword(owner);
    const { secret } = (await call('POST', '/api/security/totp/setup', owner)).json<{ secret: string }>();
    clock.advance(CONFIRMED_FOR_MS);
    expect((await call('POST', '/api/security/totp/confirm', owner, { code: totpCode(secret, clock().getTime()) })).statusCode).toBe(403);
    await confirmPassword(owner);
    expect((await call('POST', '/api/security/totp/confirm', owner, { code: totpCode(secret, clock().getTime()) })).statusCode).toBe(200);
  });

  it('does not take a passkey this session added as the proof, but takes an older one and a code of the app', async () => {
    await setup();
    const thief = await t.signIn();
    await confirmPassword(thief);
    const planted = new SoftPasskey(ORIGIN);
    expect((await addPasskey(thief, planted)).statusCode).toBe(201);
    clock.advance(CONFIRMED_FOR_MS);
    const refused = await confirmWithPasskey(thief, planted);
    expect(refused.statusCode).toBe(400);
    expect((await call('POST', '/api/security/recovery-codes', thief)).statusCode).toBe(403);

    // A session that began after the passkey was added may confirm with it.
    const later = cookieHeader(await signInWithPasskey(planted));
    expect((await confirmWithPasskey(later, planted)).statusCode).toBe(200);
    expect((await call('POST', '/api/security/recovery-codes', later)).statusCode).toBe(200);

    // A code of the authenticator app is a proof too, once.
    const { secret } = (await call('POST', '/api/security/totp/setup', later)).json<{ secret: string }>();
    expect((await call('POST', '/api/security/totp/confirm', later, { code: totpCode(secret, clock().getTime()) })).statusCode).toBe(200);
    const next = cookieHeader(await signInWithPasskey(planted));
    clock.advance(30_000);
    const code = totpCode(secret, clock().getTime());
    expect((await call('POST', '/api/security/confirm', next, { code })).statusCode).toBe(200);
    expect((await call('GET', '/api/security', next)).json().confirmedUntil).toEqual(expect.any(String));
    const other = cookieHeader(await signInWithPasskey(planted));
    expect((await call('POST', '/api/security/confirm', other, { code })).statusCode).toBe(400);
  });
});

describe('an API token', () => {
  const makeToken = (cookie: string) => call('POST', '/api/tokens', cookie, { name: 'Lightroom', scopes: ['photos:write'] });

  it('is made only after a fresh check, refused as a passkey is, with nothing made', async () => {
    await setup();
    const owner = await t.signIn();
    const passkeyRefused = await call('POST', '/api/security/passkeys/options', owner);
    expect(passkeyRefused.statusCode).toBe(403);

    const refused = await makeToken(owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(passkeyRefused.json());
    expect(refused.json()).toEqual({ code: 'auth.confirm_identity', message: errorText('auth.confirm_identity') });
    expect(await t.database.db.selectFrom('apiTokens').selectAll().execute()).toEqual([]);

    expect((await confirmPassword(owner)).statusCode).toBe(200);
    expect((await makeToken(owner)).statusCode).toBe(201);
    clock.advance(CONFIRMED_FOR_MS);
    expect((await makeToken(owner)).statusCode).toBe(403);
    expect(await t.database.db.selectFrom('apiTokens').selectAll().execute()).toHaveLength(1);
  });
});

describe('a password reset by mail', () => {
  async function resetByMail(newPassword: string) {
    const before = smtp!.received.length;
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: OWNER.email } });
    const link = /reset-password\?token=([A-Za-z0-9_-]+)/;
    await waitFor(() => smtp!.received.slice(before).some((mail) => link.test(mail.decoded)), 'the reset mail');
    const token = link.exec(smtp!.received.slice(before).find((mail) => link.test(mail.decoded))!.decoded)?.[1];
    const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, newPassword } });
    expect(reset.statusCode, reset.body).toBe(200);
  }

  it('pauses every passkey until the owner, signed in with the password, keeps it', async () => {
    await setup();
    const owner = await t.signIn();
    await confirmPassword(owner);
    const passkey = new SoftPasskey(ORIGIN);
    expect((await addPasskey(owner, passkey)).statusCode).toBe(201);
    expect((await signInWithPasskey(passkey)).statusCode).toBe(200);

    await resetByMail(OWNER.password);
    await waitFor(() => smtp!.received.some((mail) => /passkeys are paused/.test(mail.decoded)), 'the notice naming the paused passkeys');
    // Alone, it no longer signs in, nor proves who is there.
    const alone = await signInWithPasskey(passkey);
    expect(alone.statusCode).toBe(401);
    expect(alone.json().message).toMatch(/paused/);
    expect(alone.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);

    // After the password it is still a second step.
    const half = await login();
    expect(half.statusCode).toBe(202);
    const signedIn = await signInWithPasskey(passkey, cookieHeader(half));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = cookieHeader(signedIn);
    const overview = await call('GET', '/api/security', session);
    const [listed] = overview.json<{ passkeys: Array<{ id: string; paused: boolean }> }>().passkeys;
    expect(listed).toMatchObject({ id: passkey.id, paused: true });
    expect((await confirmWithPasskey(session, passkey)).statusCode).toBe(400);

    // Keeping it needs the fresh check; then it signs in alone again.
    const keep = () => call('POST', `/api/security/passkeys/${encodeURIComponent(passkey.id)}/keep`, session);
    expect((await keep()).statusCode).toBe(403);
    await confirmPassword(session);
    expect((await keep()).statusCode).toBe(200);
    expect((await call('GET', '/api/security', session)).json().passkeys[0].paused).toBe(false);
    expect((await signInWithPasskey(passkey)).statusCode).toBe(200);
  });

  it('revokes every API token, so none a borrowed session made outlives the reset', async () => {
    await setup();
    const owner = await t.signIn();
    await confirmPassword(owner);
    const made = await call('POST', '/api/tokens', owner, { name: 'Lightroom', scopes: ['photos:read'] });
    expect(made.statusCode, made.body).toBe(201);
    const read = () => t.app.inject({ method: 'GET', url: '/api/photos/ids?categoryId=other', headers: { authorization: `Bearer ${made.json().token}` } });
    expect((await read()).statusCode).not.toBe(401);

    await resetByMail('a fresh password');
    await waitFor(() => smtp!.received.some((mail) => /API tokens are revoked/.test(mail.decoded)), 'the notice naming the revoked tokens');
    const refused = await read();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('auth.token_invalid');
    expect(await t.database.db.selectFrom('apiTokens').selectAll().execute()).toEqual([]);
  });

  it('names no tokens in its notice when there were none', async () => {
    await setup();
    await resetByMail('a fresh password');
    await waitFor(() => smtp!.received.some((mail) => /password was changed/.test(mail.decoded)), 'the notice');
    expect(smtp!.received.some((mail) => /API tokens/.test(mail.decoded))).toBe(false);
  });
});
