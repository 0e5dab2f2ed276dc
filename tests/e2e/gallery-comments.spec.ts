import { expect, test } from './fixtures.ts';
import { keepLook } from './screenshots.ts';
import {
  createCategoryViaApi,
  expectNoAxeViolations,
  movePhotosViaApi,
  openAdmin,
  openCategoryLinks,
  toastBehindDialog,
  uniqueName,
  uploadPhotosViaApi,
} from './admin-helpers.ts';
import type { GalleryLink } from '#contract/galleries.ts';
import { api, pathTo } from '#contract/routes.ts';

test.describe("A client's comments, verdicts and download limit", { tag: '@phone-journey' }, () => {
  test('the owner turns comments on with a limit of 2; the client comments, rejects, approves, downloads to the limit; the owner answers', async ({ page, browser, baseURL }) => {
    await openAdmin(page);
    const name = uniqueName('Review wedding');
    const category = await createCategoryViaApi(page, name);
    const titles = [uniqueName('Vows'), uniqueName('Rings'), uniqueName('Cake')];
    const photos = await uploadPhotosViaApi(page, titles);
    await movePhotosViaApi(page, photos, category.id);
    expect((await page.request.put(pathTo(api.category, { id: category.id }), { data: { visibility: 'unlisted' } })).status()).toBe(200);
    await page.reload();

    // The owner: a link with display downloads, comments on, and a limit of 2.
    await openCategoryLinks(page, name);
    const dialog = page.getByRole('dialog', { name: `Links to ${name}` });
    await dialog.getByLabel('Who it is for').fill('Parents');
    await dialog.getByLabel('Downloads', { exact: true }).selectOption('display');
    const commentsSwitch = dialog.getByRole('switch', { name: 'Let the client comment and approve or reject photos' });
    await expect(commentsSwitch).toHaveAttribute('aria-checked', 'false');
    await commentsSwitch.click();
    await dialog.getByLabel('Download limit (optional)').fill('2');
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await expect(toastBehindDialog(page, 'Link made')).toHaveCount(1);
    const address = new URL(await dialog.getByLabel('Address of the link for Parents').inputValue()).pathname;
    await expect(dialog.locator('[data-link-review]')).toHaveText('Comments on · 0 of 2 downloads used');
    const [made] = (await (await page.request.get(pathTo(api.categoryLinks, { id: category.id }))).json()) as GalleryLink[];
    expect(made).toMatchObject({ comments: true, downloadLimit: 2, downloadsUsed: 0 });

    // The client.
    const clientContext = await browser.newContext({ baseURL, viewport: page.viewportSize(), acceptDownloads: true });
    const client = await clientContext.newPage();
    await client.goto(address);
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();
    const left = client.locator('[data-downloads-left]');
    await expect(left).toHaveText('2 of 2 downloads left');
    await keepLook(client, 'gallery');

    // A comment on the first photo, written as HTML: it stays text. Then it is rejected.
    await client.getByRole('button', { name: titles[0], exact: true }).click();
    const viewer = client.locator('[data-photo-viewer]');
    const box = viewer.getByRole('textbox', { name: `Comment on ${titles[0]}` });
    await box.fill('<b>Brighter</b> please');
    // Keyboard: Tab from the box reaches Post; Enter sends.
    await box.press('Tab');
    await expect(viewer.getByRole('button', { name: `Post a comment on ${titles[0]}` })).toBeFocused();
    await client.keyboard.press('Enter');
    await expect(viewer.locator('[data-comment-status]')).toHaveText(`Comment posted on ${titles[0]}`);
    await expect(viewer.locator('[data-thread]').getByText('<b>Brighter</b> please', { exact: true })).toBeVisible();
    await expect(viewer.locator('[data-thread] b')).toHaveCount(0);
    await expect(box).toHaveValue('');
    const reject = viewer.getByRole('button', { name: 'Reject' });
    await reject.click();
    await expect(viewer.getByRole('button', { name: 'Rejected' })).toHaveAttribute('aria-pressed', 'true');
    for (const button of [viewer.getByRole('button', { name: 'Rejected' }), viewer.getByRole('button', { name: 'Approve' }), box]) {
      const size = await button.boundingBox();
      expect(size!.height).toBeGreaterThanOrEqual(44);
    }
    await keepLook(client, 'viewer');
    await expectNoAxeViolations(client);

    // The second photo is approved, and downloaded: one of two.
    await client.keyboard.press('Escape');
    await client.getByRole('button', { name: titles[1], exact: true }).click();
    await viewer.getByRole('button', { name: 'Approve' }).click();
    await expect(viewer.getByRole('button', { name: 'Approved' })).toHaveAttribute('aria-pressed', 'true');
    const [one] = await Promise.all([client.waitForEvent('download'), viewer.getByRole('link', { name: `Download ${titles[1]}` }).click()]);
    expect(one.suggestedFilename()).toBe(`${titles[1]}.jpg`);
    await client.keyboard.press('Escape');
    await expect(left).toHaveText('1 of 2 downloads left');
    // The whole gallery counts one: the second of two.
    const [zip] = await Promise.all([client.waitForEvent('download'), client.getByRole('link', { name: /Download all/ }).click()]);
    expect(zip.suggestedFilename()).toBe(`${name}.zip`);
    await expect(left).toHaveText('No downloads are left for this gallery. Ask the photographer to reset them.');
    // A third is refused, with the reason, and the server refuses it too.
    await client.getByRole('button', { name: titles[2], exact: true }).click();
    await viewer.getByRole('button', { name: `Download ${titles[2]}` }).click();
    await expect(viewer.locator('[data-download-refused]')).toHaveText('No downloads are left for this gallery. Ask the photographer to reset them.');
    await keepLook(client, 'viewer-refused');
    await client.keyboard.press('Escape');
    // Download all says so too.
    await client.getByRole('link', { name: /Download all/ }).click();
    await expect(client.getByRole('region', { name: /notifications/i }).getByText('No downloads are left for this gallery. Ask the photographer to reset them.')).toBeVisible();
    const refused = await client.request.get(pathTo(api.galleryPhotoDownload, { token: address.split('/').at(-1)!, photoId: photos[2]!.id }));
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ code: 'galleries.download_limit_reached', message: 'No downloads are left for this gallery. Ask the photographer to reset them.' });
    // The tiles carry their verdicts and counts.
    await expect(client.locator(`[data-review-badge="${photos[0]!.id}"]`)).toContainText('1');
    await expect(client.locator(`[data-review-badge="${photos[1]!.id}"]`)).toHaveCount(1);
    await expectNoAxeViolations(client);

    // The owner sees the thread and the verdicts, and answers.
    await page.reload();
    await openCategoryLinks(page, name);
    await expect(dialog.locator('[data-link-review]')).toHaveText('Comments on · 2 of 2 downloads used');
    await dialog.getByRole('button', { name: 'Comments of Parents' }).click();
    const threads = dialog.getByRole('list', { name: 'Comments of Parents' });
    const first = threads.locator(`[data-owner-thread="${photos[0]!.id}"]`);
    await expect(first.getByText('Rejected')).toBeVisible();
    await expect(first.getByText('<b>Brighter</b> please', { exact: true })).toBeVisible();
    await expect(threads.locator(`[data-owner-thread="${photos[1]!.id}"]`).getByText('Approved')).toBeVisible();
    await first.getByRole('textbox', { name: `Answer on ${titles[0]}` }).fill('A brighter one is on its way.');
    await first.getByRole('button', { name: `Answer on ${titles[0]}` }).click();
    await expect(first.getByText('A brighter one is on its way.')).toBeVisible();
    await keepLook(page, 'owner-threads');
    await expectNoAxeViolations(page);
    // Reset: the client has the whole limit again.
    await dialog.getByRole('button', { name: 'Reset downloads of Parents' }).click();
    await expect(dialog.locator('[data-link-review]')).toHaveText('Comments on · 0 of 2 downloads used');

    // The client reads the answer in the same thread.
    await client.reload();
    await expect(left).toHaveText('2 of 2 downloads left');
    await client.getByRole('button', { name: titles[0], exact: true }).click();
    await expect(viewer.locator('[data-thread]').getByText('A brighter one is on its way.')).toBeVisible();
    await expect(viewer.locator('[data-thread]').getByText(/^Photographer/)).toBeVisible();
    await clientContext.close();
  });
});
