import fs from 'node:fs';
import { fromBuffer, type Entry } from 'yauzl';
import { expect, test } from './fixtures.ts';
import { createCategoryViaApi, movePhotosViaApi, openAdmin, openCategoryLinks, toastBehindDialog, uniqueName, uploadPhotosViaApi } from './admin-helpers.ts';
import type { GalleryLink, NewGalleryLink } from '#contract/galleries.ts';
import { api, pathTo } from '#contract/routes.ts';

/** The names of a ZIP's entries, in the order they are stored. */
async function zipEntryNames(file: string): Promise<string[]> {
  const body = await fs.promises.readFile(file);
  return new Promise((resolve, reject) =>
    fromBuffer(body, { lazyEntries: false }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: Entry) => names.push(entry.fileName)).on('end', () => resolve(names)).on('error', reject);
    }),
  );
}

test.describe("A client's downloads", { tag: '@phone' }, () => {
  test('a display-copy link downloads one photo and the whole gallery; a link without downloads offers none', async ({ page, browser, baseURL }) => {
    await openAdmin(page);
    const name = uniqueName('Downloads wedding');
    const category = await createCategoryViaApi(page, name);
    const titles = [uniqueName('Vows'), uniqueName('Rings')];
    const photos = await uploadPhotosViaApi(page, titles);
    await movePhotosViaApi(page, photos, category.id);
    const unlisted = await page.request.put(pathTo(api.category, { id: category.id }), { data: { visibility: 'unlisted' } });
    expect(unlisted.status()).toBe(200);
    await page.reload();

    // The owner makes a link with display-copy downloads in the dialog.
    await openCategoryLinks(page, name);
    const dialog = page.getByRole('dialog', { name: `Links to ${name}` });
    await dialog.getByLabel('Who it is for').fill('Parents');
    await dialog.getByLabel('Downloads', { exact: true }).selectOption('display');
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await expect(toastBehindDialog(page, 'Link made')).toHaveCount(1);
    await expect(dialog.getByLabel('Downloads for Parents')).toHaveValue('display');
    const parentsAddress = await dialog.getByLabel('Address of the link for Parents').inputValue();
    // And one without, through the API.
    const none = await page.request.post(pathTo(api.categoryLinks, { id: category.id }), { data: { label: 'Press' } });
    expect(none.status()).toBe(201);
    const links = (await (await page.request.get(pathTo(api.categoryLinks, { id: category.id }))).json()) as GalleryLink[];
    expect(links.map((link) => [link.label, link.downloads])).toEqual([['Parents', 'display'], ['Press', 'none']]);
    // Each address is shown once, as it is made: only a hash of its token is kept.
    const parents = { path: new URL(parentsAddress).pathname };
    const press = (await none.json()) as NewGalleryLink;

    const clientContext = await browser.newContext({ baseURL, viewport: page.viewportSize(), acceptDownloads: true });
    const client = await clientContext.newPage();
    await client.goto(parents.path);
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();

    // The whole gallery: one ZIP named after the category, its photos in gallery order.
    const downloadAll = client.getByRole('link', { name: /Download all/ });
    await expect(downloadAll).toBeVisible();
    const [zip] = await Promise.all([client.waitForEvent('download'), downloadAll.click()]);
    expect(zip.suggestedFilename()).toBe(`${name}.zip`);
    expect(await zipEntryNames(await zip.path())).toEqual(titles.map((title, index) => `00${index + 1} ${title}.jpg`));

    // One photo, from the viewer: named after its title, a JPEG.
    await client.getByRole('button', { name: titles[1], exact: true }).click();
    const viewer = client.locator('[data-photo-viewer]');
    const [one] = await Promise.all([client.waitForEvent('download'), viewer.getByRole('link', { name: `Download ${titles[1]}` }).click()]);
    expect(one.suggestedFilename()).toBe(`${titles[1]}.jpg`);
    const bytes = await fs.promises.readFile(await one.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await client.keyboard.press('Escape');

    // A link without downloads shows no button, in the gallery or the viewer.
    await client.goto(press.path);
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(client.getByRole('link', { name: /Download all/ })).toHaveCount(0);
    await client.getByRole('button', { name: titles[0], exact: true }).click();
    await expect(client.locator('[data-photo-viewer]').getByText('1 / 2')).toBeVisible();
    await expect(client.locator('[data-photo-viewer]').getByRole('link', { name: /^Download/ })).toHaveCount(0);
    await clientContext.close();

    // The owner turns downloads off for Parents in its row: the client's next look has none.
    await dialog.getByLabel('Downloads for Parents').selectOption('none');
    await expect(toastBehindDialog(page, 'Downloads changed')).toHaveCount(1);
    const after = await page.request.get(pathTo(api.galleryDownload, { token: parents.path.split('/').at(-1)! }));
    expect(after.status()).toBe(403);
    expect(await after.json()).toEqual({ code: 'galleries.downloads_off', message: 'Downloads are not on for this gallery' });
  });
});
