import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  adminSectionLink,
  categoryCard,
  createCategoryViaApi,
  expectNoAxeViolations,
  movePhotosViaApi,
  openAdmin,
  openAdminSection,
  uniqueName,
  uploadPhotosViaApi,
} from './admin-helpers.ts';
import type { NewGalleryLink } from '#contract/galleries.ts';
import { api, pathTo } from '#contract/routes.ts';

/** With SCREENSHOT_DIR set, each step's look is kept there (light and dark) to be looked at. */
async function look(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const viewport = page.viewportSize()!;
  if (viewport.width > 375) await page.setViewportSize({ width: 1440, height: 900 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.evaluate((theme) => document.documentElement.setAttribute('data-theme', theme), colorScheme);
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()!.width}-${colorScheme}.png`) });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(viewport);
}

test.describe("A link's activity and the owner's notices", { tag: '@phone' }, () => {
  test('the client opens the link, views, picks, downloads, comments and sends; the owner sees it in the timeline and the notices', async ({ page, browser, baseURL }) => {
    await openAdmin(page);
    const name = uniqueName('Activity wedding');
    const category = await createCategoryViaApi(page, name);
    const titles = [uniqueName('Vows'), uniqueName('Rings')];
    const photos = await uploadPhotosViaApi(page, titles);
    await movePhotosViaApi(page, photos, category.id);
    expect((await page.request.put(pathTo(api.category, { id: category.id }), { data: { visibility: 'unlisted' } })).status()).toBe(200);
    const made = await page.request.post(pathTo(api.categoryLinks, { id: category.id }), {
      data: { label: 'Parents', proofing: true, comments: true, downloads: 'display' },
    });
    expect(made.status()).toBe(201);
    const link = (await made.json()) as NewGalleryLink;

    // The owner's own look at the link is not the client's: nothing is counted.
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // The client, in a browser of their own.
    const clientContext = await browser.newContext({ baseURL, viewport: page.viewportSize(), acceptDownloads: true });
    const client = await clientContext.newPage();
    await client.goto(link.path);
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();
    const viewer = client.locator('[data-photo-viewer]');
    // Looking at a photo in the viewer tells the link's own API, once.
    const [viewed] = await Promise.all([
      client.waitForResponse((response) => response.url().endsWith(`/photos/${photos[0]!.id}/viewed`)),
      client.getByRole('button', { name: titles[0], exact: true }).click(),
    ]);
    expect(viewed.status()).toBe(204);
    await viewer.getByRole('button', { name: /^Pick/ }).click();
    await expect(viewer.getByRole('button', { name: /^Picked/ })).toHaveAttribute('aria-pressed', 'true');
    const [download] = await Promise.all([client.waitForEvent('download'), viewer.getByRole('link', { name: `Download ${titles[0]}` }).click()]);
    expect(download.suggestedFilename()).toBe(`${titles[0]}.jpg`);
    const box = viewer.getByRole('textbox', { name: `Comment on ${titles[0]}` });
    await box.fill('A little brighter, please');
    await viewer.getByRole('button', { name: `Post a comment on ${titles[0]}` }).click();
    await expect(viewer.locator('[data-comment-status]')).toHaveText(`Comment posted on ${titles[0]}`);
    await client.keyboard.press('Escape');
    await client.getByRole('button', { name: 'Submit picks' }).click();
    await client.getByRole('alertdialog').getByRole('button', { name: 'Send picks' }).click();
    await expect(client.getByText('1 pick sent · locked')).toBeVisible();

    // The owner: the counts in the links list, and the timeline behind Activity.
    await page.goto('/?tab=admin');
    await categoryCard(page, name).getByRole('button', { name: `Links to ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Links to ${name}` });
    await expect(dialog.locator('[data-link-activity]')).toContainText('Opened once');
    await expect(dialog.locator('[data-link-activity]')).toContainText('1 photo viewed · 1 download · 1 pick · sent once · 1 comment');
    const toggle = dialog.getByRole('button', { name: 'Activity of Parents' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const timeline = dialog.getByRole('list', { name: 'Activity of Parents' });
    await expect(timeline.locator('li')).toHaveCount(6);
    await expect(timeline.locator('li').locator('span')).toHaveText([
      'Sent the picks (1 photo)',
      `Commented on “${titles[0]}”`,
      `Downloaded “${titles[0]}”`,
      `Picked “${titles[0]}”`,
      `Viewed “${titles[0]}”`,
      'Opened the gallery',
    ]);
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(page.viewportSize()!.width <= 375 ? 44 : 32);
    await timeline.scrollIntoViewIfNeeded();
    await look(page, 'activity-timeline');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // The notices: in the Messages section, counted on its link.
    // The picks' inbox message and the four notices.
    await expect(adminSectionLink(page, 'Messages')).toContainText('5');
    await openAdminSection(page, 'Messages');
    const notices = page.getByRole('list', { name: 'Gallery notices' });
    await expect(notices.locator('[data-notice]')).toHaveText([
      `Unread: Parents sent their picks in "${name}": 1 photo`,
      `Unread: Parents commented on "${titles[0]}": A little brighter, please`,
      `Unread: Parents downloaded "${titles[0]}" from "${name}", the link's first download`,
      `Unread: Parents opened the gallery "${name}"`,
    ].map((text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
    const panel = page.getByRole('region', { name: 'Gallery notices' });
    await expect(panel.getByRole('status').first()).toHaveText('4 unread');
    await panel.scrollIntoViewIfNeeded();
    await look(page, 'notices');
    await expectNoAxeViolations(page);
    const markOne = notices.getByRole('button', { name: `Mark read: Parents opened the gallery "${name}"` });
    expect((await markOne.boundingBox())!.height).toBeGreaterThanOrEqual(page.viewportSize()!.width <= 375 ? 44 : 36);
    await markOne.click();
    await expect(panel.getByRole('status').first()).toHaveText('3 unread');
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(panel.getByRole('status').first()).toHaveText('0 unread');
    // The comment's notice waits for the digest by default; the owner chooses a mail at once instead.
    const commented = panel.getByLabel('A client comments on a photo');
    await expect(commented).toHaveValue('digest');
    await commented.selectOption('now');
    await expect(panel.getByText('Notice mails saved')).toBeAttached();
    await expect(commented).toHaveValue('now');
    const settings = await (await page.request.get(api.noticeSettings)).json();
    expect(settings).toMatchObject({ commented: 'now' });
    await page.request.put(api.noticeSettings, { data: { commented: 'digest' } });
    await clientContext.close();
  });
});
