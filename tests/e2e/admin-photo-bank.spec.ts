import { expect, test, toasts } from './fixtures.ts';
import {
  categoryCard,
  scrollToCategory,
  clearContent,
  createCategoryViaApi,
  dragWithMouse,
  gate,
  movePhotosViaApi,
  openAdmin,
  photoBank,
  storedOrder,
  toast,
  uniqueName,
  uploadPhotosViaApi,
  tileAction,
} from './admin-helpers.ts';

test.describe('Photo Bank', () => {
  test('counts its photos and, when empty, says so with a hint', async ({ page }) => {
    await openAdmin(page);
    await clearContent(page);
    await page.reload();
    const bank = photoBank(page);
    await expect(bank.getByText('No uncategorized photos')).toBeVisible();
    await expect(bank.getByText('Upload photos, or move photos here from your categories.')).toBeVisible();
    await expect(bank.getByText('0 photo(s)', { exact: true })).toBeAttached();

    await uploadPhotosViaApi(page, [uniqueName('One'), uniqueName('Two')]);
    await page.reload();
    await expect(bank.getByText('2 photo(s)', { exact: true })).toBeAttached();
    await expect(bank.getByRole('listitem')).toHaveCount(2);
  });

  test('a page of photos that fails to load says so, keeps the count, and Try again loads it', async ({ page }) => {
    await openAdmin(page);
    await clearContent(page);
    const titles = [uniqueName('Ash'), uniqueName('Birch')];
    await uploadPhotosViaApi(page, titles);
    await page.route('**/api/photos/page?**', (route) => route.abort());
    await page.reload();
    const bank = photoBank(page);
    await expect(bank.getByRole('alert')).toHaveText('These photos could not be loaded.');
    await expect(bank.getByText('2 photo(s)', { exact: true })).toBeAttached();
    await page.unroute('**/api/photos/page?**');
    await bank.getByRole('button', { name: 'Try again' }).click();
    await expect(bank.getByRole('img', { name: titles[0] })).toBeVisible();
    await expect(bank.getByRole('img', { name: titles[1] })).toBeVisible();
    await expect(bank.getByRole('alert')).toHaveCount(0);
  });

  test('its photos scroll inside a grid at most 24rem high', async ({ page }) => {
    await openAdmin(page);
    // Eight rows of six: more than 24rem of tiles, however narrow the admin's column beside its section links.
    await uploadPhotosViaApi(page, Array.from({ length: 48 }, (_, index) => uniqueName(`Roll ${index}`)));
    await page.reload();
    const grid = photoBank(page).getByRole('list', { name: 'Photos in the photo bank' });
    await expect(grid).toHaveCSS('max-height', '384px');
    await expect(grid).toHaveCSS('overflow-y', 'auto');
    // Its tiles arrive with their page, after the grid itself: it overflows once they are drawn.
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    await expect
      .poll(() => grid.evaluate((element) => element.scrollHeight - element.clientHeight))
      .toBeGreaterThan(0);
    expect(await grid.evaluate((element) => element.clientHeight)).toBeLessThanOrEqual(384);
  });

  test('deletes a bank photo after the confirmation that it cannot be undone', async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Blurry');
    await uploadPhotosViaApi(page, [title]);
    await page.reload();

    await tileAction(page, photoBank(page), title, 'Delete');
    const confirm = page.getByRole('alertdialog');
    await expect(
      confirm.getByText(`Are you sure you want to delete "${title}"? This action cannot be undone.`, { exact: true }),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Photo deleted')).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: title })).toHaveCount(0);
  });

  test('"Move to…" sends a photo to a category, first in line, and back to the bank', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Mountains');
    const [resident, newcomer] = [uniqueName('Peak'), uniqueName('Valley')];
    const category = await createCategoryViaApi(page, name);
    await movePhotosViaApi(page, await uploadPhotosViaApi(page, [resident]), category.id);
    await uploadPhotosViaApi(page, [newcomer]);
    await page.reload();

    // The photo leaves the bank for a place that may be out of sight: a toast says where it went.
    await tileAction(page, photoBank(page), newcomer, name);
    await expect(toast(page, 'Photos moved')).toBeVisible();
    await scrollToCategory(page, name);
    await expect(categoryCard(page, name).getByRole('img', { name: newcomer })).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: newcomer })).toHaveCount(0);
    expect(await storedOrder(page, category.id)).toEqual([newcomer, resident]);

    await tileAction(page, categoryCard(page, name), newcomer, 'Photo bank');
    await expect(photoBank(page).getByRole('img', { name: newcomer })).toBeVisible();
    await expect(categoryCard(page, name).getByRole('img', { name: newcomer })).toHaveCount(0);
  });

  test('a failed move puts the photo back where it was, once, and says so', async ({ page }) => {
    await openAdmin(page);
    await clearContent(page);
    const name = uniqueName('Rivers');
    const title = uniqueName('Delta');
    await createCategoryViaApi(page, name);
    await uploadPhotosViaApi(page, [title]);
    await page.reload();
    const held = gate();
    await page.route('**/api/photos/*/place', async (route) => {
      await held.opened;
      await route.fulfill({ status: 500, body: '' });
    });

    await dragWithMouse(page, photoBank(page).getByRole('img', { name: title }), categoryCard(page, name));
    // At once in its new place, while the request is out…
    await expect(categoryCard(page, name).getByRole('img', { name: title })).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: title })).toHaveCount(0);
    held.open();

    // …then back, exactly once, when the server refuses.
    await expect(toasts(page).filter({ hasText: 'Failed to move photos' })).toBeVisible();
    await expect(photoBank(page).getByRole('img', { name: title })).toBeVisible();
    await expect(page.getByRole('img', { name: title })).toHaveCount(1);
    expect(await storedOrder(page, null)).toEqual([title]);
  });
});
