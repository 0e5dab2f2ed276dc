import type { APIRequestContext, Page } from '@playwright/test';
import { expect, OWNER_PASSWORD, OWNER_USERNAME, signInAsOwner, test, toasts } from './fixtures.ts';
import { api, screens } from '#contract/routes.ts';
import { openAdminSection } from './admin-helpers.ts';

/** The owner, through the API, shows the header card (it needs a title) with its Contact button. */
async function setUpPortfolio(request: APIRequestContext, settings: { showContactForm: boolean }) {
  const signedIn = await request.post(api.login, { data: { username: OWNER_USERNAME, password: OWNER_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const saved = await request.patch(api.portfolioSettings, {
    data: { portfolioTitle: 'Ada Atelier', ...settings },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function openContactDialog(page: Page) {
  await page.goto(screens.home);
  await page.getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact' });
  await expect(dialog.getByLabel('Name')).toBeVisible();
  return dialog;
}

test('the contact form is fetched when the visitor reaches for its button, not while they look at photos', { tag: '@phone' }, async ({ page, request }) => {
  await setUpPortfolio(request, { showContactForm: true });
  const chunks: string[] = [];
  page.on('request', (chunk) => {
    const name = /\/assets\/([a-z-]+)-[\w-]+\.js$/.exec(new URL(chunk.url()).pathname)?.[1];
    if (name) chunks.push(name);
  });
  await page.goto(screens.home);
  // The other dialogs come one per idle moment; the about dialog is the last of them.
  await expect.poll(() => chunks).toContain('about-dialog');
  // Two idle moments more: time for another one to have started.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  expect(chunks).not.toContain('contact-dialog');

  const contact = page.getByRole('button', { name: 'Contact' });
  await contact.hover();
  await expect.poll(() => chunks).toContain('contact-dialog');
  await contact.click();
  await expect(page.getByRole('dialog', { name: 'Contact' }).getByLabel('Name')).toBeVisible();
});

test('a visitor sends a message, and the owner reads it in the inbox and deletes it', { tag: '@phone' }, async ({ page, request }) => {
  await setUpPortfolio(request, { showContactForm: true });
  const sender = `Grace ${test.info().project.name} ${Date.now()}`;
  const message = 'Hello Ada,\nI love the series on bridges. Are prints for sale?';

  const dialog = await openContactDialog(page);
  await expect(dialog.getByLabel('Name')).toBeFocused();
  // The honeypot is out of reach: not in the accessibility tree, skipped by Tab.
  await expect(dialog.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  await dialog.getByLabel('Name').fill(sender);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await page.keyboard.type('grace@example.test');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await dialog.getByLabel('Message').fill(message);
  await expect(dialog.getByText(`${message.length}/1000`)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeFocused();
  await page.keyboard.press('Enter');

  const sent = toasts(page).filter({ hasText: 'Message sent' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText('Your message has been sent successfully');
  await expect(dialog).toBeHidden();

  // The owner finds it in the admin view's inbox.
  await signInAsOwner(page);
  await page.goto(`${screens.home}?tab=admin`);
  await openAdminSection(page, 'Messages');
  const inbox = page.getByRole('region', { name: 'Messages' });
  const unreadBadge = inbox.getByText(/^\d+ unread$/);
  await expect(unreadBadge).toBeVisible();
  const unreadBefore = Number.parseInt((await unreadBadge.textContent()) ?? '', 10);
  expect(unreadBefore).toBeGreaterThanOrEqual(1);

  const item = inbox.getByRole('listitem').filter({ hasText: sender });
  const opener = item.getByRole('button', { name: new RegExp(`^${sender}`) });
  await expect(opener).toHaveAccessibleName(/\(unread\)/);
  await expect(opener).toContainText('grace@example.test');
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(item.getByText('I love the series on bridges. Are prints for sale?')).toBeVisible();
  await expect(item.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', 'mailto:grace@example.test');
  await expect(unreadBadge).toHaveText(`${unreadBefore - 1} unread`);
  await expect(opener).not.toHaveAccessibleName(/\(unread\)/);

  await item.getByRole('button', { name: `Delete message from ${sender}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this message? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(item).toHaveCount(0);
});

test('tells the visitor when the owner has switched the form off meanwhile', { tag: '@phone' }, async ({ page, request }) => {
  await setUpPortfolio(request, { showContactForm: true });
  try {
    const dialog = await openContactDialog(page);
    const switchedOff = await request.patch(api.portfolioSettings, { data: { showContactForm: false } });
    expect(switchedOff.status()).toBe(200);

    await dialog.getByLabel('Name').fill('Grace');
    await dialog.getByLabel('Email').fill('grace@example.test');
    await dialog.getByLabel('Message').fill('Are you there?');
    const answer = page.waitForResponse((response) => response.url().endsWith(api.contact));
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    const response = await answer;
    expect(response.status()).toBe(403);
    const body = (await response.json()) as { message?: string };

    // The open dialog is modal, so everything outside it, the toast region too, is aria-hidden.
    const failed = page
      .getByRole('region', { name: /notifications/i, includeHidden: true })
      .getByRole('listitem', { includeHidden: true })
      .filter({ hasText: 'Failed to send' });
    await expect(failed).toContainText(body.message || 'Failed to send message');
    // Nothing typed is lost: the dialog stays open with the text.
    await expect(dialog.getByLabel('Message')).toHaveValue('Are you there?');
  } finally {
    const restored = await request.patch(api.portfolioSettings, { data: { showContactForm: true } });
    expect(restored.status()).toBe(200);
  }
});
