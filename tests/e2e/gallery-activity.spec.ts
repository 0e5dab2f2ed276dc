import fs from 'node:fs';
import path from 'node:path';
import { expect, OWNER_PASSWORD, test } from './fixtures.ts';
import {
  adminSectionLink,
  createCategoryViaApi,
  expectNoAxeViolations,
  movePhotosViaApi,
  openAdmin,
  openAdminSection,
  openCategoryLinks,
  toastBehindDialog,
  uniqueName,
  uploadPhotosViaApi,
} from './admin-helpers.ts';
import { decodeQuotedPrintable, invitedAddress, outboxDir, outboxFiles, subjectOf } from './outbox.ts';
import { keepLook } from './screenshots.ts';
import { api, pathTo } from '#contract/routes.ts';

const OWNER_EMAIL = 'studio@example.test';
const CLIENT_EMAIL = 'anna@example.test';
const NO_DOWNLOADS_LEFT = 'No downloads are left for this gallery. Ask the photographer to reset them.';

/** The subjects of the outbox's mails to `to` written after `before`. */
function subjectsTo(dataDir: string, before: readonly string[], to: string): string[] {
  return outboxFiles(dataDir)
    .filter((name) => !before.includes(name))
    .map((name) => fs.readFileSync(path.join(outboxDir(dataDir), name), 'utf8'))
    .filter((mail) => decodeQuotedPrintable(mail).includes(`To: ${to}`))
    .map(subjectOf);
}

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test.describe('Delivering a gallery and hearing back', { tag: '@phone-journey' }, () => {
  test('the owner invites; the client opens the mail, comments, rejects one, picks two, downloads to the limit; the owner sees the timeline and gets the notices', async ({ page, browser, server }) => {
    // One journey over two browsers, each step waiting on the other's server round trips.
    test.slow();
    await openAdmin(page);
    // The notices that go out at once go to the owner's address.
    const saved = await page.request.patch(api.portfolioSettings, { data: { email: OWNER_EMAIL, currentPassword: OWNER_PASSWORD } });
    expect(saved.status(), await saved.text()).toBe(200);
    const name = uniqueName('Delivery wedding');
    const category = await createCategoryViaApi(page, name);
    const titles = [uniqueName('Vows'), uniqueName('Rings'), uniqueName('Cake')];
    const photos = await uploadPhotosViaApi(page, titles);
    await movePhotosViaApi(page, photos, category.id);
    expect((await page.request.put(pathTo(api.category, { id: category.id }), { data: { visibility: 'unlisted' } })).status()).toBe(200);
    await page.reload();

    // The owner: one link for the parents, to be mailed from here, with picks, comments and two downloads.
    await openCategoryLinks(page, name);
    const dialog = page.getByRole('dialog', { name: `Links to ${name}` });
    await dialog.getByLabel('Who it is for').fill('Parents');
    await dialog.getByLabel('Downloads', { exact: true }).selectOption('display');
    await dialog.getByRole('switch', { name: 'Let the client pick photos (proofing)' }).click();
    await dialog.getByRole('switch', { name: 'Let the client comment and approve or reject photos' }).click();
    await dialog.getByLabel('Download limit (optional)').fill('2');
    await dialog.getByRole('switch', { name: 'Send it by mail from here' }).click();
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await expect(toastBehindDialog(page, 'Link made')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog.locator('[data-link-activity]')).toHaveText('Not opened yet');

    // …and invites them from the link's row.
    await dialog.getByRole('button', { name: 'Invite for Parents' }).click();
    await dialog.getByLabel('Email addresses', { exact: true }).fill(CLIENT_EMAIL);
    await dialog.getByLabel('Personal message (optional)').fill('Your photos are ready.');
    const mailsBefore = outboxFiles(server.dataDir);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toastBehindDialog(page, 'Invitation sent')).toHaveCount(1);
    await expect(dialog.getByRole('list', { name: 'Recipients of Parents' }).getByText('In the outbox (no mail server set)')).toBeVisible();
    await page.keyboard.press('Escape');

    // The client, in a browser of their own, opens the mail's link.
    await expect.poll(() => invitedAddress(server.dataDir, mailsBefore, CLIENT_EMAIL)).toBeTruthy();
    const address = invitedAddress(server.dataDir, mailsBefore, CLIENT_EMAIL)!;
    const clientContext = await browser.newContext({ baseURL: server.baseURL, viewport: page.viewportSize(), acceptDownloads: true });
    const client = await clientContext.newPage();
    await client.goto(address);
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();
    const left = client.locator('[data-downloads-left]');
    await expect(left).toHaveText('2 of 2 downloads left');
    const viewer = client.locator('[data-photo-viewer]');
    const open = async (title: string) => {
      await client.getByRole('button', { name: title, exact: true }).click();
      await expect(viewer.getByRole('textbox', { name: `Comment on ${title}` })).toBeVisible();
    };
    const download = async (title: string) => {
      const [file] = await Promise.all([client.waitForEvent('download'), viewer.getByRole('link', { name: `Download ${title}` }).click()]);
      expect(file.suggestedFilename()).toBe(`${title}.jpg`);
    };

    // The first photo: a comment, and a rejection.
    await open(titles[0]!);
    const box = viewer.getByRole('textbox', { name: `Comment on ${titles[0]}` });
    await box.fill('Could this one be brighter?');
    await viewer.getByRole('button', { name: `Post a comment on ${titles[0]}` }).click();
    await expect(viewer.locator('[data-comment-status]')).toHaveText(`Comment posted on ${titles[0]}`);
    await viewer.getByRole('button', { name: 'Reject' }).click();
    await expect(viewer.getByRole('button', { name: 'Rejected' })).toHaveAttribute('aria-pressed', 'true');
    await client.keyboard.press('Escape');

    // The other two: picked and downloaded, which uses the limit up.
    for (const title of titles.slice(1)) {
      await open(title);
      await viewer.getByRole('button', { name: /^Pick/ }).click();
      await expect(viewer.getByRole('button', { name: /^Picked/ })).toHaveAttribute('aria-pressed', 'true');
      await download(title);
      await client.keyboard.press('Escape');
    }
    await expect(left).toHaveText(NO_DOWNLOADS_LEFT);
    // A third download is refused, with the reason.
    await open(titles[0]!);
    await viewer.getByRole('button', { name: `Download ${titles[0]}` }).click();
    await expect(viewer.locator('[data-download-refused]')).toHaveText(NO_DOWNLOADS_LEFT);
    await client.keyboard.press('Escape');

    await client.getByRole('button', { name: 'Submit picks' }).click();
    await client.getByRole('alertdialog').getByRole('button', { name: 'Send picks' }).click();
    await expect(client.getByText('2 picks sent · locked')).toBeVisible();
    await keepLook(client, 'delivered-gallery');
    await expectNoAxeViolations(client);

    // The owner: the counts in the links list, and the timeline behind Activity.
    await page.reload();
    await openCategoryLinks(page, name);
    await expect(dialog.locator('[data-link-activity]')).toContainText('Opened once');
    await expect(dialog.locator('[data-link-activity]')).toContainText('3 photos viewed · 2 downloads · 2 picks · sent once · 1 comment');
    await expect(dialog.locator('[data-link-review]')).toHaveText('Comments on · 2 of 2 downloads used');
    const toggle = dialog.getByRole('button', { name: 'Activity of Parents' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const timeline = dialog.getByRole('list', { name: 'Activity of Parents' });
    await expect(timeline.locator('li').locator('span')).toHaveText([
      'Sent the picks (2 photos)',
      `Downloaded “${titles[2]}”`,
      `Picked “${titles[2]}”`,
      `Viewed “${titles[2]}”`,
      `Downloaded “${titles[1]}”`,
      `Picked “${titles[1]}”`,
      `Viewed “${titles[1]}”`,
      `Rejected “${titles[0]}”`,
      `Commented on “${titles[0]}”`,
      `Viewed “${titles[0]}”`,
      'Opened the gallery',
    ]);
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(page.viewportSize()!.width <= 375 ? 44 : 32);
    await timeline.scrollIntoViewIfNeeded();
    await keepLook(page, 'delivery-timeline');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // The notices: by mail at once for the opening, the first download and the picks; the comment
    // waits for the day's digest (the owner's defaults)…
    await expect
      .poll(() => subjectsTo(server.dataDir, mailsBefore, OWNER_EMAIL).sort())
      .toEqual(
        [
          `Parents opened the gallery "${name}"`,
          `Parents downloaded "${titles[1]}" from "${name}", the link's first download`,
          `Parents picked 2 photos in ${name}`,
        ].sort(),
      );
    // …and all in the admin's Messages, counted on its link.
    await expect(adminSectionLink(page, 'Messages')).toContainText('5');
    await openAdminSection(page, 'Messages');
    const notices = page.getByRole('list', { name: 'Gallery notices' });
    await expect(notices.locator('[data-notice]')).toHaveText(
      [
        `Unread: Parents sent their picks in "${name}": 2 photos`,
        `Unread: Parents downloaded "${titles[1]}" from "${name}", the link's first download`,
        `Unread: Parents commented on "${titles[0]}": Could this one be brighter?`,
        `Unread: Parents opened the gallery "${name}"`,
      ].map(escaped),
    );
    const panel = page.getByRole('region', { name: 'Gallery notices' });
    await expect(panel.getByRole('status').first()).toHaveText('4 unread');
    await panel.scrollIntoViewIfNeeded();
    await keepLook(page, 'delivery-notices');
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
    expect(await (await page.request.get(api.noticeSettings)).json()).toMatchObject({ commented: 'now' });

    // What this test changed on its worker's site goes back.
    await page.request.put(api.noticeSettings, { data: { commented: 'digest' } });
    await page.request.patch(api.portfolioSettings, { data: { email: null, currentPassword: OWNER_PASSWORD } });
    await clientContext.close();
  });
});
