import type { Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { expect, signInAsOwner, test } from './fixtures.ts';
import { openAdminSection } from './admin-helpers.ts';
import { screens } from '#contract/routes.ts';

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('the login screen, with and without errors, has no axe violations', { tag: '@phone' }, async ({ page }) => {
  await page.goto(screens.login);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expectNoViolations(page);
});

test('the not-found screen has no axe violations', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectNoViolations(page);
});

test("the owner's top bar, the admin's section links and every section have no axe violations", { tag: '@phone' }, async ({ page }) => {
  // Five full scans of the admin page.
  test.slow();
  await signInAsOwner(page);
  await page.goto(`${screens.home}?tab=admin`);
  await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  await expectNoViolations(page);
  for (const [section, heading] of [
    ['Settings', 'Portfolio Settings'],
    ['Messages', 'Messages'],
    ['Account', 'Security'],
    ['Statistics', 'Statistics'],
  ] as const) {
    await openAdminSection(page, section);
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    await expectNoViolations(page);
  }
});
