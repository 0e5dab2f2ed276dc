import { afterEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { api, screens } from '#contract/routes.ts';
import { axeViolations } from './axe.ts';
import { serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';

let server: ContractServer | undefined;
afterEach(() => {
  unmountApp();
  server?.restore();
});

it('asks for a name, a valid email and a message before sending anything', async () => {
  // The header card needs a title to show, with its Contact button.
  server = serveContract(siteHandlers({ owner: { portfolioTitle: 'Ada Atelier', showContactForm: true } }));
  await renderApp(screens.home);
  await page.getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact' });
  await expect.element(dialog.getByLabelText('Name')).toBeVisible();
  await expect.element(dialog.getByText('0/1000')).toBeVisible();
  await expect.element(dialog.getByLabelText('Name')).toHaveAttribute('maxlength', '100');
  await expect.element(dialog.getByLabelText('Message')).toHaveAttribute('maxlength', '1000');

  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect.element(dialog.getByText('Name is required')).toBeVisible();
  await expect.element(dialog.getByText('Valid email is required')).toBeVisible();
  await expect.element(dialog.getByText('Message is required')).toBeVisible();
  await expect.element(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations()).toEqual([]);

  // Blank is empty, and an address needs its @ and domain.
  await dialog.getByLabelText('Name').fill('   ');
  await dialog.getByLabelText('Email').fill('grace at example');
  await dialog.getByLabelText('Message').fill('Hi');
  await expect.element(dialog.getByText('2/1000')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect.element(dialog.getByText('Name is required')).toBeVisible();
  await expect.element(dialog.getByText('Valid email is required')).toBeVisible();
  expect(dialog.getByText('Message is required').elements()).toHaveLength(0);
  expect(server.sentTo(`POST ${api.contact}`)).toEqual([]);
});
