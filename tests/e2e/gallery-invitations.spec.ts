import { expect, test } from './fixtures.ts';
import { keepLook } from './screenshots.ts';
import { createCategoryViaApi, expectNoAxeViolations, movePhotosViaApi, openAdmin, openCategoryLinks, toastBehindDialog, uniqueName, uploadPhotosViaApi } from './admin-helpers.ts';
import { invitedAddress, outboxFiles } from './outbox.ts';
import { api, pathTo } from '#contract/routes.ts';

test.describe('Invitations by mail and a sneak peek', { tag: '@phone-journey' }, () => {
  test('the owner invites with a message and a sneak peek; the mail\'s link opens the gallery on the sneak peek', async ({ page, browser, server }) => {
    await openAdmin(page);
    const name = uniqueName('Invite wedding');
    const category = await createCategoryViaApi(page, name);
    const titles = [uniqueName('Vows'), uniqueName('Rings')];
    const photos = await uploadPhotosViaApi(page, titles);
    await movePhotosViaApi(page, photos, category.id);
    expect((await page.request.put(pathTo(api.category, { id: category.id }), { data: { visibility: 'unlisted' } })).status()).toBe(200);
    await page.reload();

    await openCategoryLinks(page, name);
    const dialog = page.getByRole('dialog', { name: `Links to ${name}` });
    await dialog.getByLabel('Who it is for').fill('Parents');
    await dialog.getByRole('switch', { name: 'Send it by mail from here' }).click();
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await expect(toastBehindDialog(page, 'Link made')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The invite form, reached from the link's row.
    await dialog.getByRole('button', { name: 'Invite for Parents' }).click();
    await dialog.getByLabel('Email addresses', { exact: true }).fill('anna@example.com');
    const message = dialog.getByLabel('Personal message (optional)');
    await message.fill('So glad we could do this!');
    // Keyboard: Tab from the message reaches Send (the link has no password to tick).
    await message.press('Tab');
    const send = dialog.getByRole('button', { name: 'Send invitation' });
    await expect(send).toBeFocused();
    const before = outboxFiles(server.dataDir);
    await page.keyboard.press('Enter');
    await expect(toastBehindDialog(page, 'Invitation sent')).toHaveCount(1);
    const recipients = dialog.getByRole('list', { name: 'Recipients of Parents' });
    await expect(recipients.getByRole('listitem')).toHaveCount(1);
    // Without SMTP the mail goes to the outbox, and the row says so once it is written.
    await expect(recipients.getByText('In the outbox (no mail server set)')).toBeVisible();
    await expect(recipients.getByRole('button', { name: 'Resend to anna@example.com' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Invite for Parents' }).scrollIntoViewIfNeeded();
    await keepLook(page, 'invite-form');

    // A sneak peek of the first photo until a day a month ahead.
    const opens = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const day = `${opens.getFullYear()}-${String(opens.getMonth() + 1).padStart(2, '0')}-${String(opens.getDate()).padStart(2, '0')}`;
    await dialog.getByLabel('Whole gallery opens on (optional)').fill(day);
    await dialog.getByRole('checkbox', { name: titles[0] }).check();
    await expect(dialog.getByText('Photos in the sneak peek (1 of 2)')).toBeVisible();
    // The panel's targets (buttons, the sneak peek's rows) are 44 px high at least on a phone.
    const panel = dialog.getByRole('form', { name: 'Send the link for Parents by mail' }).locator('..');
    for (const target of [...(await panel.getByRole('button').all()), ...(await panel.locator('label:has(input[type=checkbox])').all())]) {
      if (!(await target.isVisible())) continue;
      const box = await target.boundingBox();
      if (box && page.viewportSize()!.width <= 375) expect(box.height, await target.innerText()).toBeGreaterThanOrEqual(44);
    }
    await keepLook(page, 'invite-dialog');
    await dialog.getByRole('button', { name: 'Save reminders and sneak peek' }).click();
    await expect(toastBehindDialog(page, 'Saved')).toHaveCount(1);
    await expect(dialog.locator('[data-link-invitations]')).toContainText('Sent to 1 by mail · Sneak peek of 1 until');
    await expectNoAxeViolations(page);

    // The client opens the mail's link.
    await expect.poll(() => invitedAddress(server.dataDir, before, 'anna@example.com')).toBeTruthy();
    const address = invitedAddress(server.dataDir, before, 'anna@example.com')!;
    expect(new URL(address).origin).toBe(server.baseURL);
    const clientContext = await browser.newContext({ baseURL: server.baseURL, viewport: page.viewportSize() });
    const client = await clientContext.newPage();
    await client.goto(address);
    await expect(client.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(client.getByText('1 photo', { exact: true })).toBeVisible();
    await expect(client.locator('[data-sneak-peek]')).toContainText('A sneak peek: the whole gallery opens on');
    await expect(client.getByRole('button', { name: titles[0], exact: true })).toBeVisible();
    await expect(client.getByRole('button', { name: titles[1], exact: true })).toHaveCount(0);
    await keepLook(client, 'invited-gallery');
    await clientContext.close();
  });
});
