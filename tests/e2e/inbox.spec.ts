import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { expect, OWNER_PASSWORD, OWNER_USERNAME, signInAsOwner, test, toasts } from './fixtures.ts';
import { api, pathTo, screens } from '#contract/routes.ts';
import { openAdminSection } from './admin-helpers.ts';

/** Signs the API context in as the owner and empties the inbox, which the worker's tests share. */
async function emptyInbox(request: APIRequestContext) {
  const signedIn = await request.post(api.login, { data: { username: OWNER_USERNAME, password: OWNER_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const list = await request.get(api.messages);
  expect(list.status()).toBe(200);
  const { messages } = (await list.json()) as { messages: { id: number }[] };
  for (const { id } of messages) expect((await request.delete(pathTo(api.message, { id: id }))).status()).toBe(200);
}

/** A visitor's message, sent through the API as the contact form sends it. */
async function sendMessage(request: APIRequestContext, message: { name: string; email: string; message: string }) {
  const owner = await request.get(api.portfolioOwner);
  const { id } = (await owner.json()) as { id: number };
  const sent = await request.post(api.contact, { data: { ...message, userId: id } });
  expect(sent.status(), await sent.text()).toBe(200);
}

/** Checks the inbox panel (and the confirmation, when open); the other admin panels have their own tests. */
async function expectNoAxeViolations(page: Page, { confirmation = false } = {}) {
  const include = ['[aria-labelledby="inbox-heading"]', ...(confirmation ? ['[role="alertdialog"]'] : [])];
  expect(await axeViolations(page, { include })).toEqual([]);
}

test('lists messages newest first, opens them from the keyboard and deletes only after confirmation', async ({
  page,
  request,
}) => {
  await emptyInbox(request);
  await sendMessage(request, { name: 'Older Sender', email: 'older@example.test', message: 'The first message.' });
  await sendMessage(request, {
    name: 'Newer Sender',
    email: 'newer@example.test',
    message: 'The second message,\non two lines, with a long link https://example.test/a/very/long/path/that/keeps/going/and/going',
  });

  await signInAsOwner(page);
  await page.goto(`${screens.home}?tab=admin`);
  await openAdminSection(page, 'Messages');
  const inbox = page.getByRole('region', { name: 'Messages' });
  await expect(inbox.getByText('2 unread')).toBeVisible();
  const items = inbox.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Newer Sender');
  await expect(items.nth(1)).toContainText('Older Sender');
  await expectNoAxeViolations(page);

  // Open and close the newest message with the keyboard: it counts as read from then on.
  const newer = items.nth(0).getByRole('button', { name: /^Newer Sender/ });
  await newer.focus();
  await page.keyboard.press('Enter');
  await expect(newer).toHaveAttribute('aria-expanded', 'true');
  await expect(items.nth(0).getByText('on two lines, with a long link')).toBeVisible();
  await expect(inbox.getByText('1 unread')).toBeVisible();
  await expect(newer).not.toHaveAccessibleName(/\(unread\)/);
  await expect(items.nth(1).getByRole('button', { name: /^Older Sender/ })).toHaveAccessibleName(/\(unread\)/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Space');
  await expect(newer).toHaveAttribute('aria-expanded', 'false');
  await expect(inbox.getByText('1 unread')).toBeVisible();

  // Escape answers the confirmation with "no".
  const deleteNewer = items.nth(0).getByRole('button', { name: 'Delete message from Newer Sender' });
  await page.keyboard.press('Tab');
  await expect(deleteNewer).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete message' });
  await expect(confirm).toContainText('Are you sure you want to delete this message? This action cannot be undone.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, { confirmation: true });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(deleteNewer).toBeFocused();
  await expect(items).toHaveCount(2);

  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(items).toHaveCount(1);
  // The message left the list in sight: no success toast.
  await expect(toasts(page)).toHaveCount(0);
  await expect(items.nth(0)).toContainText('Older Sender');
  await expect(inbox.getByRole('heading', { name: 'Messages' })).toBeFocused();

  // The deletion is on the server, not only on screen.
  await page.reload();
  await expect(items).toHaveCount(1);
  await expect(inbox.getByText('1 unread')).toBeVisible();
});
