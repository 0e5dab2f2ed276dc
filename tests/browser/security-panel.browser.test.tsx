import '#client/styles.css';
import { afterEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { MessageResponse } from '#contract/common.ts';
import { errorText } from '#contract/error-codes.ts';
import { api, pathTo } from '#contract/routes.ts';
import { SecurityOverview, SignedInBrowsers } from '#contract/security.ts';
import SecurityPanel from '#client/app/admin/security-panel.tsx';
import { refuse, reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderComponent, unmountComponent } from './render-app.tsx';

/**
 * The fresh check in the Security area: a sensitive change asks for the password first, and asks
 * again (then tries once more) when the server says the last check is too old.
 */

let server: ContractServer | undefined;
afterEach(() => {
  unmountComponent();
  server?.restore();
});

const render = () => renderComponent(<SecurityPanel />);

const FRESH_CHECK_NEEDED = 'Confirm it is you first: your password, a code from your authenticator app, or a passkey.';
const browsers = [
  { id: 'this', device: 'Chrome on macOS', address: '203.0.113.5', firstSeen: '2026-11-20T09:00:00.000Z', lastSeen: '2026-11-20T09:30:00.000Z', current: true },
  { id: 'other', device: 'Firefox on Linux', address: '198.51.100.7', firstSeen: '2026-11-19T09:00:00.000Z', lastSeen: '2026-11-19T09:30:00.000Z', current: false },
];
const laptop = { id: 'cred-1', name: 'Laptop', createdAt: '2026-11-01T09:00:00.000Z', lastUsedAt: null, paused: false };

async function bodiesSentTo(route: Parameters<ContractServer['sentTo']>[0]): Promise<unknown[]> {
  return Promise.all(server!.sentTo(route).map((request) => request.clone().json()));
}

it('asks for the password before signing out the other browsers, then signs them out', async () => {
  let confirmedUntil: string | null = null;
  server = serveContract({
    [`GET ${api.security}`]: () => reply(SecurityOverview, { passkeys: [laptop], totp: false, recoveryCodesLeft: 0, confirmedUntil, passkeysUnavailable: null }),
    [`GET ${api.sessions}`]: () => reply(SignedInBrowsers, browsers),
    [`POST ${api.securityConfirm}`]: () => {
      confirmedUntil = new Date(Date.now() + 5 * 60_000).toISOString();
      return reply(MessageResponse, { message: 'Confirmed' });
    },
    [`POST ${api.sessionsSignOutOthers}`]: () => (confirmedUntil ? reply(MessageResponse, { message: 'Every other browser is signed out' }) : refuse(403, FRESH_CHECK_NEEDED)),
  });
  render();
  await page.getByRole('button', { name: 'Sign Out All Other Browsers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm It’s You' });
  await expect.element(dialog).toBeVisible();
  await expect.element(dialog.getByText(/Being signed in is not enough/)).toBeVisible();
  expect(server.sentTo(`POST ${api.sessionsSignOutOthers}`)).toHaveLength(0);

  await dialog.getByLabelText('Password').fill('the owner password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => bodiesSentTo(`POST ${api.securityConfirm}`)).toEqual([{ password: 'the owner password' }]);
  await expect.poll(() => server!.sentTo(`POST ${api.sessionsSignOutOthers}`).length).toBe(1);
  await expect.element(dialog).not.toBeInTheDocument();
});

it('asks again and tries once more when the server finds the last check too old', async () => {
  let fresh = false;
  server = serveContract({
    // The panel believes the check still holds; the server's clock says otherwise.
    [`GET ${api.security}`]: () =>
      reply(SecurityOverview, { passkeys: [laptop], totp: true, recoveryCodesLeft: 10, confirmedUntil: new Date(Date.now() + 60_000).toISOString(), passkeysUnavailable: null }),
    [`GET ${api.sessions}`]: () => reply(SignedInBrowsers, browsers),
    [`POST ${api.securityConfirm}`]: () => {
      fresh = true;
      return reply(MessageResponse, { message: 'Confirmed' });
    },
    [`DELETE ${api.passkey}`]: () => (fresh ? reply(MessageResponse, { message: 'Passkey removed' }) : refuse(403, FRESH_CHECK_NEEDED)),
  });
  render();
  await page.getByRole('button', { name: 'Remove Laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm It’s You' });
  await expect.element(dialog).toBeVisible();
  expect(server.sentTo(`DELETE ${api.passkey}`)).toHaveLength(1);
  // No toast of a failure: the question is the answer.
  expect(page.getByText('Passkey not removed').elements()).toHaveLength(0);

  // With the app on, a code of it confirms too.
  await dialog.getByLabelText('Or a code from your authenticator app').fill('123456');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => bodiesSentTo(`POST ${api.securityConfirm}`)).toEqual([{ code: '123456' }]);
  await expect.poll(() => server!.sentTo(`DELETE ${api.passkey}`).map((request) => new URL(request.url).pathname)).toEqual([
    pathTo(api.passkey, { id: 'cred-1' }),
    pathTo(api.passkey, { id: 'cred-1' }),
  ]);
});

it('shows a passkey paused by a password reset, kept after the password', async () => {
  let paused = true;
  server = serveContract({
    [`GET ${api.security}`]: () => reply(SecurityOverview, { passkeys: [{ ...laptop, paused }], totp: false, recoveryCodesLeft: 10, confirmedUntil: null, passkeysUnavailable: null }),
    [`GET ${api.sessions}`]: () => reply(SignedInBrowsers, browsers.slice(0, 1)),
    [`POST ${api.securityConfirm}`]: () => reply(MessageResponse, { message: 'Confirmed' }),
    [`POST ${api.passkeyKeep}`]: () => {
      paused = false;
      return reply(MessageResponse, { message: 'Passkey kept' });
    },
  });
  render();
  await expect.element(page.getByText(/Paused since your password was reset/)).toBeVisible();
  await page.getByRole('button', { name: 'Keep Laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm It’s You' });
  await dialog.getByLabelText('Password').fill('the owner password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => server!.sentTo(`POST ${api.passkeyKeep}`).map((request) => new URL(request.url).pathname)).toEqual([pathTo(api.passkeyKeep, { id: 'cred-1' })]);
  await expect.element(page.getByRole('button', { name: 'Keep Laptop' })).not.toBeInTheDocument();
});

it('says why passkeys cannot be added on a site whose address is an IP address, instead of offering them', async () => {
  const reason = errorText('auth.passkeys_need_a_domain');
  server = serveContract({
    [`GET ${api.security}`]: () => reply(SecurityOverview, { passkeys: [], totp: false, recoveryCodesLeft: 0, confirmedUntil: null, passkeysUnavailable: 'auth.passkeys_need_a_domain' }),
    [`GET ${api.sessions}`]: () => reply(SignedInBrowsers, browsers.slice(0, 1)),
  });
  render();
  await expect.element(page.getByRole('note').getByText(reason)).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Add a Passkey' })).not.toBeInTheDocument();
});
