import type { Category } from '#contract/categories.ts';
import type { Photo } from '#contract/photos.ts';
import { expect, test, toasts } from './fixtures.ts';
import {
  categoryCard,
  createCategoryViaApi,
  movePhotosViaApi,
  openAdmin,
  photoBank,
  photosOnServer,
  scrollToCategory,
  storedOrder,
  toast,
  uniqueName,
  uploadPhotosViaApi,
  tileAction,
} from './admin-helpers.ts';
import { api } from '#contract/routes.ts';

test.describe('category manager', () => {
  test('asks who sees a new category, so unpublished work starts out of sight', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Wedding');
    const who = page.getByLabel('Who sees it');
    await expect(who).toHaveValue('public');
    await expect(page.getByText('On the portfolio for everyone.')).toBeVisible();
    await who.selectOption('private');
    await expect(page.getByText('Only you, until you change it.')).toBeVisible();
    await page.getByLabel('Category Name').fill(name);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(toast(page, 'Category created')).toBeVisible();
    const card = page.getByRole('list', { name: 'Current Categories' }).getByRole('region', { name });
    await expect(card.getByLabel(`Visibility of ${name}`)).toHaveValue('private');
    const visitor = await page.request.get(api.categories, { headers: { cookie: '' } });
    expect(((await visitor.json()) as Category[]).some((category) => category.name === name)).toBe(false);
  });

  test('renames inline: Enter saves, Escape cancels, a blank name is ignored', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Travel');
    await createCategoryViaApi(page, name);
    await page.reload();
    let renames = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/categories\/\d+$/.test(request.url())) renames += 1;
    });

    const card = categoryCard(page, name);
    await card.getByRole('button', { name: `Rename ${name}` }).click();
    const input = card.getByLabel('Category name');
    await expect(input).toBeFocused();
    await input.fill('Something else');
    await input.press('Escape');
    await expect(input).toHaveCount(0);
    await expect(card.getByRole('heading', { name })).toBeVisible();

    await card.getByRole('button', { name: `Rename ${name}` }).click();
    await card.getByLabel('Category name').fill('   ');
    await card.getByLabel('Category name').press('Enter');
    await expect(card.getByRole('heading', { name })).toBeVisible();
    expect(renames).toBe(0);

    const renamed = uniqueName('Journeys');
    await card.getByRole('button', { name: `Rename ${name}` }).click();
    await card.getByLabel('Category name').fill(renamed);
    await card.getByLabel('Category name').press('Enter');
    await expect(categoryCard(page, renamed).getByRole('heading', { name: renamed })).toBeVisible();
    await expect.poll(() => renames).toBe(1);
    // The new name is on screen: no success toast (quieter feedback).
    await expect(toasts(page)).toHaveCount(0);
  });

  test('deletes a category after the confirmation, and its photos go back to the bank', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Weddings');
    const title = uniqueName('Vows');
    const category = await createCategoryViaApi(page, name);
    const photos = await uploadPhotosViaApi(page, [title]);
    await movePhotosViaApi(page, photos, category.id);
    await page.reload();

    const card = categoryCard(page, name);
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this category? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Category deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(photoBank(page).getByRole('img', { name: title })).toBeVisible();
  });

  test('sorts a category by upload order, title or newest first, as a view only', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Fruit');
    const category = await createCategoryViaApi(page, name);
    const tag = uniqueName('').trim();
    const titles = [`Cherry ${tag}`, `apple ${tag}`, `Banana ${tag}`];
    const photos: Photo[] = [];
    // One at a time, so each has its own upload time.
    for (const title of titles) photos.push(...(await uploadPhotosViaApi(page, [title])));
    await movePhotosViaApi(page, photos, category.id);
    await page.reload();

    const grid = (await scrollToCategory(page, name)).getByRole('list', { name: `Photos in ${name}` });
    const shown = () => grid.getByRole('listitem').getByRole('paragraph');
    const sort = categoryCard(page, name).getByLabel(`Sort photos in ${name}`);
    await expect(sort).toHaveValue('order');
    await expect(shown()).toHaveText(titles);
    await sort.selectOption({ label: 'Title A-Z' });
    await expect(shown()).toHaveText([`apple ${tag}`, `Banana ${tag}`, `Cherry ${tag}`]);
    await sort.selectOption({ label: 'Newest First' });
    await expect(shown()).toHaveText([...titles].reverse());
    expect(await storedOrder(page, category.id)).toEqual(titles);
  });

  test('deletes a photo of a category after its confirmation', async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Birds');
    const title = uniqueName('Heron');
    const category = await createCategoryViaApi(page, name);
    await movePhotosViaApi(page, await uploadPhotosViaApi(page, [title]), category.id);
    await page.reload();

    await tileAction(page, categoryCard(page, name), title, 'Delete');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText(`Are you sure you want to delete "${title}"?`, { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Photo deleted')).toBeVisible();
    await expect(categoryCard(page, name).getByRole('img', { name: title })).toHaveCount(0);
    expect((await photosOnServer(page)).some((photo) => photo.title === title)).toBe(false);
  });
});
