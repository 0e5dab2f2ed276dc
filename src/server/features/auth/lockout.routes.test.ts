import { afterEach, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { SIGN_IN_LINK_ANSWER } from './auth.routes.ts';
import { LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_DEVICE } from './auth.service.ts';
import { SECOND_STEP_LIMIT_PER_ACCOUNT, SECOND_STEP_LIMIT_PER_DEVICE, SECOND_STEP_LIMIT_PER_SESSION } from './security.service.ts';
import { totpCode } from './totp.ts';
import { SIGN_IN_LINK_LIMIT_PER_EMAIL, SIGN_IN_LINK_TTL_MS } from './sign-in-link.service.ts';

/**
 * Guesses for the owner's name, from anywhere and in any letter case, must
 * not lock the owner out, neither in a browser that signed in before nor in a new one.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const PUBLIC_URL = 'https://photos.example.com';
const MAIL_ENV = { PUBLIC_URL, MAIL_FROM: 'Atelier <site@example.com>' };

const login = (password: string, remoteAddress: string, options: { cookie?: string; username?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: options.username ?? OWNER.username, password },
    remoteAddress,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

/** The device cookie a browser keeps after a sign-in, as its Cookie header. */
function deviceCookieOf(response: Awaited<ReturnType<typeof login>>): string {
  const device = response.cookies.find((cookie) => cookie.name.endsWith('atelier_device'));
  if (!device) throw new Error(`no device cookie in ${JSON.stringify(response.cookies.map((cookie) => cookie.name))}`);
  return `${device.name}=${device.value}`;
}

function signInLinkIn(mail: string): string {
  const match = /https:\/\/photos\.example\.com\/login\?link=([A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[1]) throw new Error(`no sign-in link in:\n${mail}`);
  return match[1];
}

/** The second step with a code of the app, from the half signed-in browser of `half` (and its device cookie). */
const secondStep = (half: Awaited<ReturnType<typeof login>>, code: string, deviceCookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login/second-step',
    payload: { method: 'totp', code },
    headers: { cookie: [cookieHeader(half), deviceCookie].filter(Boolean).join('; ') },
  });

const useLink = (token: string, remoteAddress = '192.0.2.50') =>
  t.app.inject({ method: 'POST', url: '/api/sign-in-link/use', payload: { token }, remoteAddress });

/** 1,000 wrong guesses for the owner's name, 10 from each of 100 addresses, in varying letter case. */
async function guessFromEverywhere(): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (let batch = 0; batch < 10; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, address) =>
        login(`guess ${batch}-${address}`, `198.51.100.${address}`, { username: address % 2 ? 'OWNER' : 'Owner' }),
      ),
    );
    for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  }
  return counts;
}

describe('no lock-out of the owner', () => {
  it('after 1,000 guesses from 100 addresses, lets the owner in from a browser that signed in before, and from a new one by a mailed link', async () => {
    t = await createTestApp({ smtp: true, env: MAIL_ENV });
    const firstVisit = await login(OWNER.password, '192.0.2.10');
    expect(firstVisit.statusCode).toBe(200);
    const knownBrowser = deviceCookieOf(firstVisit);

    const guesses = await guessFromEverywhere();
    // Guessing stays expensive: past the per-account limit, nothing is even checked.
    expect(guesses).toEqual({ 401: LOGIN_LIMIT_PER_ACCOUNT.limit, 429: 1000 - LOGIN_LIMIT_PER_ACCOUNT.limit });

    // The browser that signed in before gets in with the password.
    const again = await login(OWNER.password, '192.0.2.10', { cookie: knownBrowser });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ username: OWNER.username });
    // A new browser with the right password is still held back, like the guessers...
    expect((await login(OWNER.password, '192.0.2.20')).statusCode).toBe(429);

    // ...and gets in by the one-time link mailed to the recovery address.
    const asked = await t.app.inject({ method: 'POST', url: '/api/sign-in-link', payload: { email: OWNER.email }, remoteAddress: '192.0.2.20' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: SIGN_IN_LINK_ANSWER });
    const [mail] = await t.smtp.waitForMails(1);
    expect(mail?.to).toEqual([OWNER.email]);
    const token = signInLinkIn(mail?.decoded ?? '');
    const used = await useLink(token, '192.0.2.20');
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ username: OWNER.username });
    const session = used.cookies.find((cookie) => cookie.name === '__Host-atelier_session');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `${session?.name}=${session?.value}` } });
    expect(me.statusCode).toBe(200);
    // That browser is now known: its next sign-in with the password works despite the guessing.
    expect((await login(OWNER.password, '192.0.2.20', { cookie: deviceCookieOf(used) })).statusCode).toBe(200);
    // The link works once.
    expect((await useLink(token)).json()).toEqual({ code: 'auth.invalid_sign_in_link', message: 'This sign-in link is invalid or has expired. Please request a new one.' });
    // 1,000 requests, 30 of them hashing a password: room for a busy machine.
  }, 120_000);

  it('counts the failures of a known browser against that browser, so a stolen device cookie buys only a few guesses', async () => {
    t = await createTestApp();
    const knownBrowser = deviceCookieOf(await login(OWNER.password, '192.0.2.10'));
    const answers = [];
    for (let i = 0; i < LOGIN_LIMIT_PER_DEVICE.limit + 1; i++) answers.push((await login('wrong', `198.51.100.${i}`, { cookie: knownBrowser })).statusCode);
    expect(answers).toEqual([...Array<number>(LOGIN_LIMIT_PER_DEVICE.limit).fill(401), 429]);
    // A device cookie of another name, or a forged one, spares nothing.
    const forged = `${knownBrowser.split('=')[0]}=forged`;
    for (let i = 0; i < LOGIN_LIMIT_PER_ACCOUNT.limit; i++) await login('wrong', `203.0.113.${i}`, { cookie: forged });
    expect((await login(OWNER.password, '203.0.113.200', { cookie: forged })).statusCode).toBe(429);
  });

  it("lets the owner's known browser through the second step when someone with the password used up the account's tries", async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const owner = await t.signIn();
    await t.app.inject({ method: 'POST', url: '/api/security/confirm', headers: { cookie: owner }, payload: { password: OWNER.password } });
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/security/totp/setup', headers: { cookie: owner }, payload: {} })).json<{ secret: string }>();
    const on = await t.app.inject({ method: 'POST', url: '/api/security/totp/confirm', headers: { cookie: owner }, payload: { code: totpCode(secret, clock().getTime()) } });
    expect(on.statusCode, on.body).toBe(200);
    const knownBrowser = deviceCookieOf(await login(OWNER.password, '192.0.2.10').then(async (half) => {
      clock.advance(30_000);
      return secondStep(half, totpCode(secret, clock().getTime()));
    }));

    // Someone with the password keeps sending wrong codes, from new half sign-ins, until the account's tries are used up.
    const answers: number[] = [];
    for (let i = 0; i < SECOND_STEP_LIMIT_PER_ACCOUNT.limit / SECOND_STEP_LIMIT_PER_SESSION.limit + 1; i++) {
      const half = await login(OWNER.password, `198.51.100.${i}`);
      for (let j = 0; j < SECOND_STEP_LIMIT_PER_SESSION.limit; j++) answers.push((await secondStep(half, '000000')).statusCode);
    }
    expect(answers.at(-1)).toBe(429);
    clock.advance(30_000);
    const newBrowser = await login(OWNER.password, '203.0.113.7');
    expect((await secondStep(newBrowser, totpCode(secret, clock().getTime()))).statusCode).toBe(429);

    // The browser that signed in before is spared the account's count...
    const half = await login(OWNER.password, '192.0.2.10', { cookie: knownBrowser });
    expect(half.statusCode).toBe(202);
    const through = await secondStep(half, totpCode(secret, clock().getTime()), knownBrowser);
    expect(through.statusCode, through.body).toBe(200);
    // ...and a stolen device cookie buys only its own few tries.
    const thief = deviceCookieOf(through);
    const thiefAnswers: number[] = [];
    for (let i = 0; i < SECOND_STEP_LIMIT_PER_DEVICE.limit / SECOND_STEP_LIMIT_PER_SESSION.limit + 1; i++) {
      const stolen = await login(OWNER.password, '192.0.2.66', { cookie: thief });
      for (let j = 0; j < SECOND_STEP_LIMIT_PER_SESSION.limit; j++) thiefAnswers.push((await secondStep(stolen, '000000', thief)).statusCode);
    }
    expect(thiefAnswers.filter((status) => status === 400)).toHaveLength(SECOND_STEP_LIMIT_PER_DEVICE.limit);
  });

  it('keeps a live link in the inbox however often someone else asks for links, and never mails anyone else', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock, smtp: true, env: MAIL_ENV });
    const ask = (email: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/sign-in-link', payload: { email }, remoteAddress });

    // Someone asks for links to the owner's address from many addresses; an unknown address gets the same answer and no mail.
    expect((await ask('someone@example.com', '198.51.100.1')).json()).toEqual({ message: SIGN_IN_LINK_ANSWER });
    for (let i = 0; i < 20; i++) expect((await ask(OWNER.email, `198.51.100.${i}`)).statusCode).toBe(200);
    const mails = await t.smtp.waitForMails(SIGN_IN_LINK_LIMIT_PER_EMAIL.limit);
    expect(mails.every((mail) => mail.to.join() === OWNER.email)).toBe(true);
    const links = await t.database.db.selectFrom('signInLinks').select('id').execute();
    expect(links).toHaveLength(SIGN_IN_LINK_LIMIT_PER_EMAIL.limit);

    // The window of mails is used up, but the links already mailed outlive it...
    clock.advance(SIGN_IN_LINK_TTL_MS - 1000);
    const earliest = signInLinkIn(mails[0]?.decoded ?? '');
    expect((await useLink(earliest)).statusCode).toBe(200);
    // ...and spending one voids the others.
    expect((await useLink(signInLinkIn(mails[1]?.decoded ?? ''))).statusCode).toBe(400);
  });

  it('refuses a forged or expired link with 400 and its message', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock, smtp: true, env: MAIL_ENV });
    expect((await useLink('forged')).json()).toEqual({ code: 'auth.invalid_sign_in_link', message: 'This sign-in link is invalid or has expired. Please request a new one.' });
    await t.app.inject({ method: 'POST', url: '/api/sign-in-link', payload: { email: OWNER.email } });
    const [mail] = await t.smtp.waitForMails(1);
    clock.advance(SIGN_IN_LINK_TTL_MS);
    const expired = await useLink(signInLinkIn(mail?.decoded ?? ''));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ code: 'auth.invalid_sign_in_link', message: 'This sign-in link is invalid or has expired. Please request a new one.' });
  });
});
