import { expect, test } from './fixtures.ts';
import { categoryCard, createCategoryViaApi, movePhotosViaApi, openAdmin, openCategoryLinks, toastBehindDialog, uniqueName, uploadPhotosViaApi } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './portfolio-helpers.ts';

test.describe("A client's gallery", () => {
  test("a tile whose image failed at its public address loads from the private one once the gallery is unlisted", { tag: '@phone' }, async ({ page }) => {
    await openAdmin(page);
    const name = uniqueName('Moved gallery');
    const category = await createCategoryViaApi(page, name);
    await movePhotosViaApi(page, await uploadPhotosViaApi(page, [uniqueName('Veil')]), category.id);
    await page.route('**/uploads/**', (route) => route.abort());
    await page.reload();
    const card = categoryCard(page, name);
    await card.getByLabel(`Visibility of ${name}`).scrollIntoViewIfNeeded();
    await expect(card.locator('[data-image-state="failed"]')).toHaveCount(1);

    // Its copies move to the private store: a new address, so the tile tries again.
    await card.getByLabel(`Visibility of ${name}`).selectOption('unlisted');
    const image = card.locator(`ul[aria-label="Photos in ${name}"] img`);
    await expect(image).toHaveAttribute('data-image-state', 'loaded');
    expect(new URL(await image.evaluate((img) => (img as HTMLImageElement).currentSrc)).pathname).toMatch(/^\/restricted\//);
  });

  test('the owner makes a category unlisted and a link with a password; the client opens it, and loses it when revoked', { tag: '@phone-journey' }, async ({
    page,
    browser,
    baseURL,
  }) => {
    await openAdmin(page);
    const name = uniqueName('Smith wedding');
    const category = await createCategoryViaApi(page, name);
    const titles = [uniqueName('Vows'), uniqueName('Rings'), uniqueName('Dance')];
    const photos = await uploadPhotosViaApi(page, titles);
    await movePhotosViaApi(page, photos, category.id);
    await page.reload();

    const card = categoryCard(page, name);
    await card.getByLabel(`Visibility of ${name}`).selectOption('unlisted');
    await expect(card.locator('span', { hasText: /^Unlisted$/ })).toBeVisible();

    await openCategoryLinks(page, name);
    const dialog = page.getByRole('dialog', { name: `Links to ${name}` });
    await expect(dialog.getByText('No links yet.')).toBeVisible();
    // Nothing kept without a label.
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await expect(dialog.getByText('Label is required')).toBeVisible();
    await dialog.getByLabel('Who it is for').fill('Parents');
    await dialog.getByLabel('Password (optional)').fill('river-stone-42');
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await expect(toastBehindDialog(page, 'Link made')).toHaveCount(1);
    await expect(dialog.getByText('Password · no expiry')).toBeVisible();
    await expectNoSeriousViolations(page);
    // The address is shown once, as it is made (only a hash of its token is kept); the list shows its end.
    const address = await dialog.getByLabel('Address of the link for Parents').inputValue();
    const link = { path: new URL(address).pathname };
    await expect(dialog.getByText(`Link ending …${link.path.slice(-4)}`)).toBeVisible();

    // A visitor's portfolio does not show it; the client's link does, after the password.
    // Another browser, the client's, with the project's screen size.
    const clientContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
    const client = await clientContext.newPage();
    await client.goto('/');
    await expect(client.getByRole('heading', { name })).toHaveCount(0);
    await client.goto(link.path);
    await expect(client.getByRole('heading', { name: 'This gallery is protected' })).toBeVisible();
    await expectNoSeriousViolations(client);
    await client.getByLabel('Password').fill('wrong one');
    await client.getByRole('button', { name: 'Open gallery' }).click();
    await expect(client.getByText('Wrong password')).toBeVisible();
    await client.getByLabel('Password').fill('river-stone-42');
    await client.getByRole('button', { name: 'Open gallery' }).click();
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();
    for (const title of titles) await expect(client.getByRole('button', { name: title, exact: true })).toBeVisible();
    await expectNoSeriousViolations(client);
    // Its images come through the link's own path, and they load.
    const clientImages = client.locator('main img');
    await expect(clientImages).toHaveCount(3);
    const handedOut = await clientImages.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc));
    for (const src of handedOut) expect(new URL(src).pathname.startsWith(`${link.path}/files/`), src).toBe(true);
    await expect.poll(() => clientImages.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
    // The owner's admin shows the unlisted category's photos from the private path, loaded too.
    // (A CSS locator: the links dialog is open, so the card is hidden from the accessibility tree.)
    const ownImages = page.locator(`ul[aria-label="Photos in ${name}"] img`);
    await expect.poll(() => ownImages.evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).currentSrc).pathname.split('/')[1]))).toEqual(['restricted', 'restricted', 'restricted']);
    await expect.poll(() => ownImages.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);

    // The viewer opens in the gallery and offers no Share: the photo's own page is not public.
    await client.getByRole('button', { name: titles[0], exact: true }).click();
    const viewer = client.locator('[data-photo-viewer]');
    await expect(viewer.getByText('1 / 3')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
    await client.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    // A reload keeps the access.
    await client.reload();
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();

    // Revoking asks first; Cancel keeps the link.
    const askRevoke = async () => {
      await dialog.getByRole('button', { name: 'Revoke the link for Parents' }).click();
      const question = page.getByRole('alertdialog', { name: 'Revoke this link?' });
      await expect(question).toBeVisible();
      return question;
    };
    await (await askRevoke()).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByRole('button', { name: 'Revoke the link for Parents' })).toBeVisible();
    await (await askRevoke()).getByRole('button', { name: 'Revoke' }).click();
    const revoked = toastBehindDialog(page, 'Link revoked');
    await expect(revoked).toHaveCount(1);
    await expect(dialog.getByText('No links yet.')).toBeVisible();
    await client.reload();
    await expect(client.getByRole('heading', { name: 'Gallery not found' })).toBeVisible();
    // Undo: the same address opens the gallery again, the client's access with it.
    await revoked.getByRole('button', { name: 'Undo', includeHidden: true }).click();
    await expect(toastBehindDialog(page, 'Link restored')).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Revoke the link for Parents' })).toBeVisible();
    await client.reload();
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();
    // Revoked for good this time.
    await (await askRevoke()).getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog.getByText('No links yet.')).toBeVisible();
    await client.reload();
    await expect(client.getByRole('heading', { name: 'Gallery not found' })).toBeVisible();
    // Every image URL it handed out ends with it, cookie and all.
    for (const src of handedOut) expect((await client.request.get(src)).status(), src).toBe(404);
    await clientContext.close();
  });
});
