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
