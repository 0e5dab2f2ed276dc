import { afterEach, beforeAll, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { adminQuery } from '#contract/admin-sections.ts';
import { ContactMessage, ContactMessageList } from '#contract/contact.ts';
import { NoticeSettings, Notices } from '#contract/gallery-activity.ts';
import { FailedJobs } from '#contract/jobs.ts';
import { api, screens } from '#contract/routes.ts';
import { reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';
import { workspaceHandlers, workspaceSite } from './workspace.ts';

/**
 * The owner's inbox as the Messages section shows it: empty, then fetched afresh when the admin
 * view opens again; and its unread count on the section's link. Reading and deleting through the
 * real server is the Playwright journey's.
 */

// The owner's drag layer, loaded before the test: a chunk that arrived after the test had ended
// would draw into a page already taken away.
beforeAll(() => import('#client/app/admin/sortable-portfolio-view.tsx'));

let server: ContractServer | undefined;
afterEach(() => {
  unmountApp();
  server?.restore();
});

let messages: ContactMessage[] = [];

/** The owner's site with the inbox holding `messages`, no notice and no failed work. */
function serveOwnerSite() {
  server = serveContract({
    ...siteHandlers({ signedIn: true, photos: [] }),
    ...workspaceHandlers(workspaceSite()),
    [`GET ${api.messages}`]: () => reply(ContactMessageList, { messages, unread: messages.filter((message) => message.readAt === null).length }),
    [`PUT ${api.messageRead}`]: (_request: Request, { id }: Record<string, string>) => {
      messages = messages.map((message) => (message.id === Number(id) ? { ...message, readAt: new Date().toISOString() } : message));
      return reply(ContactMessage, messages.find((message) => message.id === Number(id))!);
    },
    [`GET ${api.notices}`]: () => reply(Notices, { notices: [], unread: 0 }),
    [`GET ${api.noticeSettings}`]: () => reply(NoticeSettings, { opened: 'now', submitted: 'now', downloaded: 'now', commented: 'now' }),
    [`GET ${api.failedJobs}`]: () => reply(FailedJobs, { jobs: [] }),
  });
}

const sender = (name: string, text: string): ContactMessage => ({
  id: 1,
  name,
  email: 'sender@example.test',
  message: text,
  createdAt: new Date().toISOString(),
  readAt: null,
});

it('shows the empty state, and a message sent meanwhile when the admin view opens again', async () => {
  messages = [];
  serveOwnerSite();
  await renderApp(`${screens.home}${adminQuery('messages')}`);
  const inbox = page.getByRole('region', { name: 'Messages' });
  await expect.element(inbox.getByText('No messages yet')).toBeVisible();
  await expect.element(inbox.getByText('0 unread')).toBeVisible();
  expect(inbox.getByRole('listitem').elements()).toHaveLength(0);

  // A visitor writes while the owner looks elsewhere.
  messages = [sender('Late Sender', 'Sent while you looked.')];
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await page.getByRole('tab', { name: 'Admin' }).click();
  await expect.poll(() => inbox.getByRole('listitem').elements().length).toBe(1);
  await expect.element(inbox.getByText('1 unread')).toBeVisible();
  expect(inbox.getByText('No messages yet').elements()).toHaveLength(0);
});

it('the Messages link carries the unread count', async () => {
  messages = [sender('Nav Sender', 'Counted on the link.')];
  serveOwnerSite();
  await renderApp(`${screens.home}?tab=admin`);
  const link = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /^Messages\b/ });
  await expect.element(link).toHaveAccessibleName('Messages 1 unread');

  await link.click();
  await expect.element(link).toHaveAttribute('aria-current', 'page');
  await page.getByRole('region', { name: 'Messages' }).getByRole('button', { name: /^Nav Sender/ }).click();
  await expect.element(link).toHaveAccessibleName('Messages');
});
