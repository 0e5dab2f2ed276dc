import { api, pathTo, screens } from '#contract/routes.ts';
import type { Page } from '@playwright/test';
import { expect, OWNER_PASSWORD, OWNER_USERNAME, signInAsOwner, test } from './fixtures.ts';
import {
  categoryCard,
  clearContent,
  createCategoryViaApi,
  photoBank,
  photosOnServer,
  storedOrder,
  toast,
  uniqueName,
  uploadPhotosViaApi,
} from './admin-helpers.ts';

/**
 * The owner's workflow of issue 15 where only a browser shows it: selecting with Shift, one
 * request moving and deleting the selection, Undo, the way back after a session ends, and the
 * preview of a draft as a visitor. The API tests prove atomicity; the guard on unsaved edits is
 * a component test (tests/browser/unsaved-changes.browser.test.tsx).
 */

/**
 * openAdmin of the helpers, waiting for the admin's own chunk as long as the test may last: on a
 * loaded machine it takes longer than one expect's default to arrive. A wait for a state, not a race.
 */
async function openAdmin(page: Page): Promise<void> {
  await signInAsOwner(page);
  await page.goto(`${screens.home}?tab=admin`);
  await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible({ timeout: 60_000 });
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the same logic; the phone adds nothing these tests check');
  test.setTimeout(120_000);
});

test('selects a range with Shift, moves it in one go, deletes a whole section and undoes the delete', async ({ page }) => {
  await openAdmin(page);
  await clearContent(page);
  await uploadPhotosViaApi(page, ['w1', 'w2', 'w3', 'w4']);
  const name = uniqueName('Shoot');
  const category = await createCategoryViaApi(page, name);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible({ timeout: 60_000 });

  const bank = photoBank(page);
  await bank.getByRole('checkbox', { name: 'Select w1' }).click();
  await bank.getByRole('checkbox', { name: 'Select w3' }).click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Selected photos' });
  await expect(bar).toContainText('3 selected');
  await expect(bank.getByRole('checkbox', { name: 'Select w2' })).toHaveAttribute('aria-checked', 'true');

  const moves = [] as string[];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/photos')) moves.push(request.url());
  });
  await bar.getByRole('button', { name: 'Move to…' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect.poll(() => storedOrder(page, category.id)).toEqual(['w1', 'w2', 'w3']);
  expect(moves).toEqual([expect.stringContaining(api.photosMove)]);
  await expect(bar).toBeHidden();

  const card = categoryCard(page, name);
  await card.getByRole('button', { name: `Select all in ${name}` }).click();
  await bar.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  const deleted = toast(page, '3 photos deleted');
  await expect(deleted).toBeVisible();
  await expect.poll(async () => (await photosOnServer(page)).map((photo) => photo.title)).toEqual(['w4']);
  await expect(card.getByRole('checkbox')).toHaveCount(0);

  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => storedOrder(page, category.id)).toEqual(['w1', 'w2', 'w3']);
  await expect(card.getByRole('checkbox')).toHaveCount(3);
});

test('takes the owner to the login screen when the session ends, and back to the admin after signing in', async ({ page, context }) => {
  await openAdmin(page);
  const name = uniqueName('Session');
  await createCategoryViaApi(page, name);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible({ timeout: 60_000 });
  await expect(categoryCard(page, name)).toBeVisible();

  // The session ends under the page (expired, or signed out elsewhere): the server no longer knows it.
  await context.clearCookies();
  await categoryCard(page, name).getByRole('button', { name: `Hide ${name} from visitors` }).click();

  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText('Your session has ended')).toBeVisible();
  await page.getByLabel('Username').fill(OWNER_USERNAME);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/\?tab=admin$/);
  await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible({ timeout: 60_000 });
  await expect(categoryCard(page, name)).toBeVisible();
});

test('a hidden category is the owner’s alone until published, and View as visitor shows it gone', async ({ page, browser, baseURL }) => {
  await openAdmin(page);
  await clearContent(page);
  const [photo] = await uploadPhotosViaApi(page, ['draft-frame']);
  const name = uniqueName('Draft');
  const category = await createCategoryViaApi(page, name);
  await page.request.post(api.photosMove, { data: { ids: [photo!.id], categoryId: category.id } });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Current Categories' })).toBeVisible({ timeout: 60_000 });

  await categoryCard(page, name).getByRole('button', { name: `Hide ${name} from visitors` }).click();
  await expect(categoryCard(page, name).getByText('Hidden', { exact: true })).toBeVisible();

  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(screens.home);
  await expect(visitor.getByText('No categories or photos available yet')).toBeVisible();
  expect((await visitor.request.get(pathTo(api.photo, { id: photo!.id }))).status()).toBe(404);

  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name, 'i') })).toContainText('Hidden from visitors');
  await page.getByRole('button', { name: 'View as visitor' }).click();
  await expect(page.getByText('No categories or photos available yet')).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(name, 'i') })).toHaveCount(0);

  await page.getByRole('button', { name: 'View as visitor' }).click();
  await page.getByRole('tab', { name: 'Admin' }).click();
  await categoryCard(page, name).getByRole('button', { name: `Publish ${name}` }).click();
  await expect(categoryCard(page, name).getByText('Hidden', { exact: true })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: new RegExp(name, 'i') })).toBeVisible();
  await visitor.close();
});
