import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { api, screens } from '#contract/routes.ts';
import { axeViolations } from './axe.ts';
import { refuse, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';

const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';
const signedOut = { [`GET ${api.currentUser}`]: () => refuse(401, 'Not signed in') } as const;
const toasts = () => page.getByRole('region', { name: /notifications/i }).getByRole('listitem');

let server: ContractServer | undefined;
afterEach(() => {
  unmountApp();
  server?.restore();
});

describe('forgot password', () => {
  it('asks for a valid email before sending anything', async () => {
    server = serveContract(signedOut);
    await renderApp(screens.login);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect.poll(() => window.location.pathname).toBe(screens.forgotPassword);
    await expect.element(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.element(page.getByText('Valid email is required')).toBeVisible();

    await page.getByLabelText('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.element(page.getByText('Valid email is required')).toBeVisible();
    await expect.element(page.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);
    expect(server.sentTo(`POST ${api.forgotPassword}`)).toEqual([]);
  });

  it('shows the server message, or the fallback, in an Error toast when the request fails', async () => {
    // A rate-limited answer, then one without a body.
    const answers = [refuse(429, 'Too many requests, slow down'), refuse(502)];
    server = serveContract({ ...signedOut, [`POST ${api.forgotPassword}`]: () => answers.shift() ?? refuse(500) });
    await renderApp(screens.forgotPassword);
    await page.getByLabelText('Email').fill('owner@example.test');

    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const toast = toasts().filter({ hasText: 'Error' });
    await expect.element(toast).toHaveTextContent('Too many requests, slow down');

    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.element(toast).toHaveTextContent('Failed to send reset email');
    await expect.element(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });
});

describe('reset password', () => {
  it('without a token shows the invalid-link screen, which leads to a new request', async () => {
    server = serveContract(signedOut);
    await renderApp(screens.resetPassword);
    await expect.element(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    expect(page.getByLabelText('New Password').elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    await page.getByRole('link', { name: 'Request a New Link' }).click();
    await expect.poll(() => window.location.pathname).toBe(screens.forgotPassword);
    await expect.element(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  });

  it('checks both passwords before sending, and shows the server refusal of a bad token', async () => {
    server = serveContract({ ...signedOut, [`POST ${api.resetPassword}`]: () => refuse(400, INVALID_LINK) });
    await renderApp(`${screens.resetPassword}?token=not-a-real-token`);
    await expect.element(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.element(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect.element(page.getByText('Please confirm your password')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await page.getByLabelText('New Password').fill('first choice');
    await page.getByLabelText('Confirm Password').fill('second choice');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.element(page.getByText("Passwords don't match")).toBeVisible();
    await expect.element(page.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(server.sentTo(`POST ${api.resetPassword}`)).toHaveLength(0);

    await page.getByLabelText('Confirm Password').fill('first choice');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.element(toasts().filter({ hasText: 'Error' })).toHaveTextContent(INVALID_LINK);
    expect(page.getByRole('heading', { name: 'Password Reset Successful' }).elements()).toHaveLength(0);
    expect(server.sentTo(`POST ${api.resetPassword}`)).toHaveLength(1);
  });
});
