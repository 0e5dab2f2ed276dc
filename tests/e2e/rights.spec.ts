import { expect, test } from './fixtures.ts';
import { categoryCard, createCategoryViaApi, openAdmin, photoBank, tileAction, toast, uniqueName, uploadPhotosViaApi } from './admin-helpers.ts';
import type { Category } from '#contract/categories.ts';
import { api } from '#contract/routes.ts';

test.describe('Credit and licence', () => {
  test('alt text and licence set in the admin reach the photo page: its img alt and its JSON-LD', async ({ page }) => {
    await openAdmin(page);
    const title = uniqueName('Dune');
    const [photo] = await uploadPhotosViaApi(page, [title]);
    await page.reload();
    const missing = page.getByTestId('missing-alt-text');
    const before = Number(/^(\d+)/.exec((await missing.textContent()) ?? '')?.[1] ?? 0);
    expect(before).toBeGreaterThan(0);

    await tileAction(page, photoBank(page), title, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Photo Details' });
    const altText = `A dune at dawn, ${title}`;
    // An empty field reads as empty: its hint asks, it does not look like a description already written.
    await expect(dialog.getByLabel('Alt text')).toHaveValue('');
    await expect(dialog.getByLabel('Alt text')).toHaveAttribute('placeholder', 'Describe the photo for someone who cannot see it');
    // Too long: the form says so and sends nothing.
    await dialog.getByLabel('Alt text').fill('x'.repeat(251));
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Alt text must be at most 250 characters')).toBeVisible();

    await dialog.getByLabel('Alt text').fill(altText);
    await dialog.getByLabel('Licence', { exact: true }).selectOption('cc-by-sa');
    await dialog.getByLabel('Credit').fill('Ada Lovelace');
    await dialog.getByLabel('Copyright').fill('© 2026 Ada Lovelace');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Photo updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(missing).toHaveText(before - 1 === 0 ? 'Every photo has alt text' : new RegExp(`^${before - 1} photos? without alt text$`));
    // The admin's tile names the photo by its alt text too.
    await expect(photoBank(page).getByRole('img', { name: altText })).toBeVisible();

    await page.goto(`/photo/${photo!.id}`);
    await expect(page.getByRole('img', { name: altText }).first()).toBeVisible();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { '@graph': Array<Record<string, unknown>> };
    const image = jsonLd['@graph'].find((node) => node['@type'] === 'ImageObject');
    expect(image).toMatchObject({
      caption: altText,
      creditText: 'Ada Lovelace',
      copyrightNotice: '© 2026 Ada Lovelace',
      license: 'https://creativecommons.org/licenses/by-sa/4.0/',
      creator: { '@type': 'Person' },
    });
    expect(String(image?.contentUrl)).toContain('/uploads/');
    expect(String(image?.acquireLicensePage)).toMatch(/^https?:\/\//);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', altText);
  });

  test("a category's default credit and licence are set from its card, with a custom licence link", async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Dunes');
    const category = await createCategoryViaApi(page, name);
    await page.reload();
    const card = categoryCard(page, name);
    await card.getByRole('button', { name: `Credit & licence of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Credit and licence of ${name}` });
    await dialog.getByLabel('Default licence').selectOption('custom');
    await dialog.getByLabel('Licence link').fill('http://example.com/terms');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/^Licence must be/)).toBeVisible();
    await dialog.getByLabel('Licence link').fill('https://example.com/terms');
    await dialog.getByLabel('Default credit').fill('Studio North');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await expect
      .poll(async () => ((await (await page.request.get(api.categories)).json()) as Category[]).find((candidate) => candidate.id === category.id))
      .toMatchObject({ defaultLicense: 'https://example.com/terms', defaultCredit: 'Studio North', defaultCopyright: null });
  });
});
