import { afterEach, describe, expect, it } from 'vitest';
import { hashToken, LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_ADDRESS, SESSION_IDLE_MS } from './auth.service.ts';
import { cookieHeader, createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const login = (password: string, extra: { remoteAddress?: string; headers?: Record<string, string>; username?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: extra.username ?? OWNER.username, password },
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    ...(extra.headers ? { headers: extra.headers } : {}),
  });

const currentUser = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

describe('POST /api/login', () => {
  it('signs the owner in with an HttpOnly, SameSite=Lax session cookie and returns the user without secrets', async () => {
    t = await createTestApp();
    const response = await login(OWNER.password);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'atelier_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const body = response.json();
    expect(body).toMatchObject({ username: OWNER.username, email: OWNER.email, showContactForm: true });
    expect(response.body).not.toMatch(/passwordHash|password_hash|argon2/);
    expect(response.body).not.toContain(cookie?.value);
  });

  it('uses a Secure __Host- cookie when the site is served over https', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://photos.example.com' } });
    const response = await login(OWNER.password);
    const cookie = response.cookies.find((c) => c.name === '__Host-atelier_session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('answers a wrong password or an unknown user with the same 401 JSON message', async () => {
    t = await createTestApp();
    const wrong = await login('not the password');
    const unknown = await login(OWNER.password, { username: 'nobody' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'auth.invalid_credentials', message: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('rejects a missing field with 400 and the field in issues', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'owner' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'password' })]));
  });

  it('gives a new session id at every sign-in and stores only its hash', async () => {
    t = await createTestApp();
    const first = await t.signIn();
    const second = await t.signIn();
    expect(first).not.toBe(second);
    const token = /atelier_session=([^;]+)/.exec(second)?.[1] ?? '';
    const stored = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((row) => row.id)).toContain(hashToken(token));
    expect(stored.map((row) => row.id)).not.toContain(token);
  });

  it('ends the session a browser had when it signs in again', async () => {
    t = await createTestApp();
    const old = await t.signIn();
    const again = await login(OWNER.password, { headers: { cookie: old } });
    expect(again.statusCode).toBe(200);
    expect((await currentUser(old)).statusCode).toBe(401);
    expect((await currentUser(cookieHeader(again))).statusCode).toBe(200);
  });

  it('does not truncate long passwords and rejects a 10,000-character one as invalid input', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const long = 'p'.repeat(1000);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie },
      payload: { currentPassword: OWNER.password, newPassword: long },
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(`${'p'.repeat(999)}q`)).statusCode).toBe(401);
    expect((await login(long)).statusCode).toBe(200);
    expect((await login('x'.repeat(10_000))).statusCode).toBe(400);
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After after repeated failures from one address, and lifts it when the window ends', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS.limit; i++) {
      expect((await login('wrong', { remoteAddress: '10.0.0.1' })).statusCode).toBe(401);
    }
    const limited = await login(OWNER.password, { remoteAddress: '10.0.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/too many/i);
    // Another address is not affected.
    expect((await login(OWNER.password, { remoteAddress: '10.0.0.2' })).statusCode).toBe(200);

    clock.advance(LOGIN_LIMIT_PER_ADDRESS.windowMs);
    expect((await login(OWNER.password, { remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
  });

  it('limits failures per account across addresses, and never for good', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    for (let i = 0; i < LOGIN_LIMIT_PER_ACCOUNT.limit; i++) {
      await login('wrong', { remoteAddress: `10.1.${Math.floor(i / 5)}.${i % 5}` });
    }
    expect((await login(OWNER.password, { remoteAddress: '10.9.9.9' })).statusCode).toBe(429);
    clock.advance(LOGIN_LIMIT_PER_ACCOUNT.windowMs + 1);
    expect((await login(OWNER.password, { remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
  });
});

describe('owner-only answers', () => {
  it('carry Cache-Control: no-store, so no cache keeps the owner\'s data', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    for (const url of ['/api/auth/user', '/api/messages']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('GET /api/auth/user', () => {
  it('is 401 with a JSON message when signed out and 200 with the user when signed in', async () => {
    t = await createTestApp();
    const signedOut = await currentUser();
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toHaveProperty('message');
    const signedIn = await currentUser(await t.signIn());
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().username).toBe(OWNER.username);
  });

  it('ends a session left idle for 7 days, and any session 30 days after sign-in', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const idle = await t.signIn();
    clock.advance(SESSION_IDLE_MS);
    expect((await currentUser(idle)).statusCode).toBe(401);

    // Used every 6 days, the session stays alive until day 30 after sign-in.
    const day = 24 * 60 * 60 * 1000;
    const active = await t.signIn();
    for (const step of [6, 6, 6, 6, 5]) {
      clock.advance(step * day);
      expect((await currentUser(active)).statusCode).toBe(200);
    }
    clock.advance(day);
    expect((await currentUser(active)).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie }, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'atelier_session')?.value).toBe('');
    // The old cookie, replayed, is refused.
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });
});

describe('POST /api/change-password', () => {
  const changePassword = (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/change-password', headers: cookie ? { cookie } : {}, payload });

  it('is 401 when signed out', async () => {
    t = await createTestApp();
    const response = await changePassword(undefined, { currentPassword: OWNER.password, newPassword: 'newpass1' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong current password with 400 and a message, changing nothing', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const response = await changePassword(cookie, { currentPassword: 'wrong', newPassword: 'newpass1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'auth.current_password_incorrect', message: 'Current password is incorrect' });
    expect((await login(OWNER.password)).statusCode).toBe(200);
  });

  it("checks the spec's minimum length", async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const response = await changePassword(cookie, { currentPassword: OWNER.password, newPassword: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('New password must be at least 6 characters');
  });

  it('sets the new password and ends every other session of the owner, keeping this one', async () => {
    t = await createTestApp();
    const elsewhere = await t.signIn();
    const here = await t.signIn();
    const response = await changePassword(here, { currentPassword: OWNER.password, newPassword: 'brand new secret' });
    expect(response.statusCode).toBe(200);
    expect((await currentUser(elsewhere)).statusCode).toBe(401);
    expect((await currentUser(here)).statusCode).toBe(200);
    expect((await login(OWNER.password)).statusCode).toBe(401);
    expect((await login('brand new secret')).statusCode).toBe(200);
  });
});

describe('cross-site requests and headers', () => {
  it('refuses a state-changing call with a foreign Origin with 403', async () => {
    t = await createTestApp();
    const foreign = await login(OWNER.password, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/cross-site/i);
    const crossSite = await login(OWNER.password, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await login(OWNER.password, { headers: { origin: 'http://localhost:3000' } });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it("takes PUBLIC_URL's origin as the site's, never the request's own Host or X-Forwarded-Host", async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://photos.example.com', TRUST_PROXY: '1' } });
    const byHost = await login(OWNER.password, { headers: { origin: 'http://evil.example', host: 'evil.example' } });
    expect(byHost.statusCode).toBe(403);
    const byForwardedHost = await login(OWNER.password, {
      headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(byForwardedHost.statusCode).toBe(403);
    expect((await login(OWNER.password, { headers: { origin: 'https://photos.example.com' } })).statusCode).toBe(200);
  });

  it('sends the security headers on API answers', async () => {
    t = await createTestApp();
    const response = await currentUser();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // JSON is no page: nothing may load in it or frame it; the page's own policies stay the pages'.
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
