import type { Page } from '@playwright/test';
import { api, screens } from '#contract/routes.ts';
import { totpCode } from '#server/features/auth/totp.ts';
import { expect, OWNER_PASSWORD, OWNER_USERNAME, signInAsOwner, test } from './fixtures.ts';
import { openAdminSection } from './admin-helpers.ts';

// A WebAuthn relying party is a domain: this file's server answers on localhost (a secure context over http).
test.use({ serverHost: 'localhost' });
// The factors are the account's: the tests take turns on the worker's one server.
test.describe.configure({ mode: 'serial' });

/** Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform passkey that always verifies the user. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function openSecurity(page: Page) {
  await page.goto(`${screens.home}?tab=admin`);
  await openAdminSection(page, 'Account');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security).toBeVisible();
  return security;
}

async function signOut(page: Page) {
  const response = await page.request.post(api.logout, { data: {} });
  expect(response.status()).toBe(200);
}

async function signInWithPassword(page: Page) {
  await page.goto(screens.login);
  await page.getByLabel('Username').fill(OWNER_USERNAME);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const signedIn = (page: Page) => expect(page.getByRole('tab', { name: 'Admin' })).toBeVisible();

/** Answers the panel's "Confirm It’s You" with the password: being signed in is not enough. */
async function confirmWithPassword(page: Page) {
  const confirm = page.getByRole('dialog', { name: 'Confirm It’s You' });
  await confirm.getByLabel('Password').fill(OWNER_PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
}

test('a passkey: added and named, second step after the password, sign-in alone, removed', async ({ page }) => {
  await addVirtualAuthenticator(page);
  await signInAsOwner(page);
  let security = await openSecurity(page);
  await security.getByLabel('Name of the new passkey').fill('Work laptop');
  await security.getByRole('button', { name: 'Add a Passkey' }).click();
  await confirmWithPassword(page);
  await expect(security.getByRole('list', { name: 'Your passkeys' }).getByText('Work laptop')).toBeVisible();
  // The first factor comes with the recovery codes, shown once.
  await expect(security.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await security.getByRole('button', { name: 'I Saved Them' }).click();

  // Renamed in place.
  await security.getByRole('button', { name: 'Rename' }).click();
  await security.getByLabel('New name for Work laptop').fill('Studio laptop');
  await security.getByRole('button', { name: 'Save' }).click();
  await expect(security.getByText('Studio laptop')).toBeVisible();

  // The password is no longer enough: the passkey is the second step.
  await signOut(page);
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { name: 'Verify It’s You' })).toBeVisible();
  await expect(page.getByText('Use a passkey').first()).toBeVisible();
  expect((await page.request.get(api.currentUser)).status()).toBe(401);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await signedIn(page);

  // The passkey alone, without a username.
  await signOut(page);
  await page.goto(screens.login);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await signedIn(page);
  expect((await page.request.get(api.currentUser)).status()).toBe(200);

  // Removing it asks who it is first; the passkey itself answers (it is older than this session).
  security = await openSecurity(page);
  await security.getByRole('button', { name: 'Remove Studio laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm It’s You' });
  await confirm.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(confirm).toBeHidden();
  await expect(security.getByRole('list', { name: 'Your passkeys' })).toBeHidden();
  await signOut(page);
  expect((await page.request.post(api.login, { data: { username: OWNER_USERNAME, password: OWNER_PASSWORD } })).status()).toBe(200);
  await signOut(page);
});

/** Turns the authenticator app on through the API, with a code computed here; returns its key and fresh recovery codes. */
async function turnOnTotpByApi(page: Page): Promise<{ secret: string; codes: string[] }> {
  expect((await page.request.post(api.securityConfirm, { data: { password: OWNER_PASSWORD } })).status()).toBe(200);
  const setup = await page.request.post(api.totpSetup, { data: {} });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await page.request.post(api.totpConfirm, { data: { code: totpCode(secret, Date.now()) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  expect((await page.request.post(api.securityConfirm, { data: { password: OWNER_PASSWORD } })).status()).toBe(200);
  const fresh = await page.request.post(api.recoveryCodes, { data: {} });
  return { secret, codes: ((await fresh.json()) as { recoveryCodes: string[] }).recoveryCodes };
}

/** Turns it off through the API after the fresh password check, and signs out: the next test starts with the password alone. */
async function turnOffTotpByApi(page: Page) {
  expect((await page.request.post(api.securityConfirm, { data: { password: OWNER_PASSWORD } })).status()).toBe(200);
  expect((await page.request.delete(api.totp)).status()).toBe(200);
  await signOut(page);
}

test('the authenticator app: set up by its key, a code once, a wrong code refused', async ({ page }) => {
  await signInAsOwner(page);
  const security = await openSecurity(page);
  await security.getByRole('button', { name: 'Set Up' }).click();
  await confirmWithPassword(page);
  await expect(security.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await security.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await security.getByLabel('Code from the app').fill(totpCode(secret, Date.now()));
  await security.getByRole('button', { name: 'Turn On' }).click();
  await expect(security.getByText('Sign-ins ask for a code from your authenticator app.')).toBeVisible();
  expect((await page.request.post(api.securityConfirm, { data: { password: OWNER_PASSWORD } })).status()).toBe(200);
  const fresh = await page.request.post(api.recoveryCodes, { data: {} });
  const codes = ((await fresh.json()) as { recoveryCodes: string[] }).recoveryCodes;

  await signOut(page);
  await signInWithPassword(page);
  await expect(page.getByText('Enter the code from your authenticator app')).toBeVisible();
  const code = page.getByLabel('Authentication code');
  // A code of a far step is wrong.
  await code.fill(totpCode(secret, Date.now() + 10 * 60_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. Try again.')).toBeVisible();
  // The next step's code (the setup spent the current one) signs in.
  const next = totpCode(secret, Date.now() + 30_000);
  await code.fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);

  // The same code again is refused.
  await signOut(page);
  await signInWithPassword(page);
  await page.getByLabel('Authentication code').fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. Try again.')).toBeVisible();
  // The next code may be seconds away; a recovery code finishes this sign-in.
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);
  await turnOffTotpByApi(page);
});

test('recovery codes: shown once in the panel, each signs in once; the app turned off after the password', async ({ page }) => {
  await signInAsOwner(page);
  await turnOnTotpByApi(page);
  const security = await openSecurity(page);
  await security.getByRole('button', { name: 'New Codes' }).click();
  const codeList = security.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codeList).toHaveCount(10);
  const codes = await codeList.allTextContents();
  await security.getByRole('button', { name: 'I Saved Them' }).click();
  await expect(codeList).toHaveCount(0);
  await expect(security.getByText('10 of 10 left')).toBeVisible();

  await signOut(page);
  await signInWithPassword(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);

  await signOut(page);
  await signInWithPassword(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. Try again.')).toBeVisible();
  await page.getByLabel('Recovery code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);

  // Turning it off asks for the password first.
  const panel = await openSecurity(page);
  await panel.getByRole('button', { name: 'Turn Off' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm It’s You' });
  await confirm.getByLabel('Password').fill(OWNER_PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(panel.getByRole('button', { name: 'Set Up' })).toBeVisible();
  await signOut(page);
  expect((await page.request.post(api.login, { data: { username: OWNER_USERNAME, password: OWNER_PASSWORD } })).status()).toBe(200);
  await signOut(page);
});

test('the session list shows two browsers; signing out the other ends it at once', async ({ page, browser, baseURL }) => {
  const other = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' });
  const otherPage = await other.newPage();
  try {
    // Only this test's two browsers: any session an earlier test left ends first.
    await signInAsOwner(page);
    expect((await page.request.post(api.securityConfirm, { data: { password: OWNER_PASSWORD } })).status()).toBe(200);
    expect((await page.request.post(api.sessionsSignOutOthers, { data: {} })).status()).toBe(200);
    // A new session of this browser: the check made above does not carry over to it.
    await signOut(page);
    await signInAsOwner(page);
    await signInAsOwner(otherPage);
    const security = await openSecurity(page);
    const list = security.getByRole('list', { name: 'Signed-in browsers' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);
    const firefox = list.getByRole('listitem').filter({ hasText: 'Firefox on Linux' });
    await expect(firefox).toBeVisible();
    expect((await otherPage.request.get(api.currentUser)).status()).toBe(200);
    await firefox.getByRole('button', { name: /^Sign out Firefox on Linux/ }).click();
    await confirmWithPassword(page);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    expect((await otherPage.request.get(api.currentUser)).status()).toBe(401);
  } finally {
    await other.close();
  }
});
