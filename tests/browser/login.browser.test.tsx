import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { CurrentUser } from '#contract/auth.ts';
import { api, screens } from '#contract/routes.ts';
import { makeOwner } from '#tests/fixtures/contract.ts';
import { gate, refuse, reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';

const owner = makeOwner();

let server: ContractServer | undefined;
afterEach(() => {
  unmountApp();
  server?.restore();
});

describe('the login form', () => {
  it('is framed by the site\'s name: the product\'s, or the portfolio\'s when the owner chose it for the top bar', async () => {
    server = serveContract({ ...siteHandlers({ owner: { portfolioTitle: 'Ada Lens', topBarBrand: 'portfolio' } }) });
    await renderApp(screens.login);
    await expect.element(page.getByRole('link', { name: 'Ada Lens' })).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Atelier' })).not.toBeInTheDocument();
  });

  it('asks for both fields before sending anything', async () => {
    server = serveContract({ [`GET ${api.currentUser}`]: () => refuse(401, 'Not signed in') });
    await renderApp(screens.login);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect.element(page.getByText('Username is required')).toBeVisible();
    await expect.element(page.getByText('Password is required')).toBeVisible();
    await expect.element(page.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(server.sentTo(`POST ${api.login}`)).toEqual([]);
  });

  it('reads "Logging in..." while the request is pending', async () => {
    const login = gate();
    let signedIn = false;
    server = serveContract({
      [`GET ${api.currentUser}`]: () => (signedIn ? reply(CurrentUser, owner) : refuse(401, 'Not signed in')),
      [`POST ${api.login}`]: async () => {
        await login.opened;
        signedIn = true;
        return reply(CurrentUser, owner);
      },
    });
    await renderApp(screens.login);
    await page.getByLabelText('Username').fill('owner');
    await page.getByLabelText('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Login' }).click();

    await expect.element(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    login.open();
    await expect.element(page.getByRole('region', { name: /notifications/i }).getByText('Login successful')).toBeVisible();
    await expect.poll(() => window.location.pathname).toBe('/');
    // The owner's portfolio drawn, its drag layer's code loaded: nothing left in flight when the
    // next test takes the app away (a chunk that resolved after the unmount rendered into it).
    await expect.element(page.getByRole('tab', { name: 'Portfolio' })).toBeVisible();
    await expect.element(page.getByRole('status', { name: 'Loading the portfolio' })).not.toBeInTheDocument();
  });
});

it('shows a spinner while the sign-in state loads', async () => {
  const user = gate();
  server = serveContract({
    ...siteHandlers(),
    [`GET ${api.currentUser}`]: async () => {
      await user.opened;
      return refuse(401, 'Not signed in');
    },
  });
  await renderApp(screens.home);
  const spinner = page.getByRole('status', { name: 'Loading' });
  await expect.element(spinner).toBeVisible();

  user.open();
  await expect.element(spinner).not.toBeInTheDocument();
  await expect.element(page.getByRole('tab', { name: 'Portfolio' })).toBeVisible();
});
