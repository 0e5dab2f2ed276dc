import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { expect, OWNER_PASSWORD, OWNER_USERNAME, signInAsOwner, test, toasts } from './fixtures.ts';
import { newResetLink, outboxFiles } from './outbox.ts';
import { api, screens } from '#contract/routes.ts';

const OWNER_EMAIL = 'owner@example.test';
const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * The worker's server is shared: whatever a recovery test changed (password, email), it puts back,
 * so later tests still sign in with OWNER_PASSWORD.
 */
async function restoreOwner(request: APIRequestContext, newPassword: string) {
  const withNew = await request.post(api.login, { data: { username: OWNER_USERNAME, password: newPassword } });
  if (withNew.ok()) {
    const changed = await request.post(api.changePassword, {
      data: { currentPassword: newPassword, newPassword: OWNER_PASSWORD },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  const signedIn = await request.post(api.login, { data: { username: OWNER_USERNAME, password: OWNER_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const cleared = await request.patch(api.portfolioSettings, { data: { email: null, currentPassword: OWNER_PASSWORD } });
  expect(cleared.status(), await cleared.text()).toBe(200);
  await request.post(api.logout, { data: {} });
}

test.describe('forgot password', () => {
  test('answers an unknown email with the same neutral confirmation, the link lifetime and a way back', async ({
    page,
  }) => {
    await page.goto(screens.forgotPassword);
    await page.getByLabel('Email').fill('nobody@example.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();

    const neutral = "If an account with that email exists, we've sent you a password reset link.";
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeFocused();
    await expect(page.getByText('The link expires in 1 hour.')).toContainText(neutral);
    await expect(toasts(page).filter({ hasText: neutral })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('reset password', () => {
  test('the mailed link sets a new password, ends other sessions and works only once', async ({
    page,
    browser,
    request,
    server,
  }) => {
    const newPassword = 'a brand new passphrase';
    // A second browser, signed in with the old password: the reset must sign it out.
    const otherBrowser = await browser.newContext({ baseURL: server.baseURL });
    try {
      const otherPage = await otherBrowser.newPage();
      await signInAsOwner(otherPage);
      // The owner needs a recovery email for the mail to be sent.
      const saved = await otherPage.request.patch(api.portfolioSettings, { data: { email: OWNER_EMAIL, currentPassword: OWNER_PASSWORD } });
      expect(saved.status(), await saved.text()).toBe(200);
      const mailsBefore = outboxFiles(server.dataDir);

      await page.goto(screens.login);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill(OWNER_EMAIL);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

      // The server sends the mail after answering: wait for it to land in the outbox.
      await expect.poll(() => newResetLink(server.dataDir, mailsBefore)).toBeTruthy();
      const resetLink = newResetLink(server.dataDir, mailsBefore) ?? '';
      expect(resetLink.startsWith(`${server.baseURL}/reset-password?token=`)).toBe(true);

      await page.goto(resetLink);
      await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
      await page.getByLabel('New Password').fill(newPassword);
      await page.getByLabel('Confirm Password').fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
      await expectNoAxeViolations(page);

      expect((await otherPage.request.get(api.currentUser)).status()).toBe(401);

      await page.getByRole('link', { name: 'Go to Login' }).click();
      await expect(page).toHaveURL('/login');
      await page.getByLabel('Username').fill(OWNER_USERNAME);
      await page.getByLabel('Password').fill(newPassword);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(toasts(page).filter({ hasText: 'Login successful' })).toBeVisible();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('tab', { name: 'Admin' })).toBeVisible();

      const withOldPassword = await request.post(api.login, {
        data: { username: OWNER_USERNAME, password: OWNER_PASSWORD },
      });
      expect(withOldPassword.status()).toBe(401);

      // The link is spent: a second use is refused with the server's words.
      await page.goto(resetLink);
      await page.getByLabel('New Password').fill('yet another passphrase');
      await page.getByLabel('Confirm Password').fill('yet another passphrase');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(toasts(page).filter({ hasText: 'Error' })).toContainText(INVALID_LINK);
      await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toHaveCount(0);
    } finally {
      await otherBrowser.close();
      await restoreOwner(request, newPassword);
    }
  });
});
