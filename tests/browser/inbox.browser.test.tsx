import { afterEach, beforeAll, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { adminQuery } from '#contract/admin-sections.ts';
import { ContactMessageList, type ContactMessage } from '#contract/contact.ts';
import { NoticeSettings, Notices } from '#contract/gallery-activity.ts';
import { FailedJobs } from '#contract/jobs.ts';
import { api, screens } from '#contract/routes.ts';
import { reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';

/**
 * The owner's inbox as the Messages section shows it: empty, then fetched afresh when the admin
 * view opens again. Reading and deleting through the real server is the Playwright journey's.
 */

// The owner's drag layer, loaded before the test: a chunk that arrived after the test had ended
// would draw into a page already taken away.
beforeAll(() => import('#client/app/admin/sortable-portfolio-view.tsx'));

let server: ContractServer | undefined;
afterEach(() => {
  unmountApp();
  server?.restore();
});

it('shows the empty state, and a message sent meanwhile when the admin view opens again', async () => {
  let messages: ContactMessage[] = [];
  server = serveContract({
    ...siteHandlers({ signedIn: true, photos: [] }),
    [`GET ${api.messages}`]: () => reply(ContactMessageList, { messages, unread: messages.filter((message) => message.readAt === null).length }),
    [`GET ${api.notices}`]: () => reply(Notices, { notices: [], unread: 0 }),
    [`GET ${api.noticeSettings}`]: () => reply(NoticeSettings, { opened: 'now', submitted: 'now', downloaded: 'now', commented: 'now' }),
    [`GET ${api.failedJobs}`]: () => reply(FailedJobs, { jobs: [] }),
  });
  await renderApp(`${screens.home}${adminQuery('messages')}`);
  const inbox = page.getByRole('region', { name: 'Messages' });
  await expect.element(inbox.getByText('No messages yet')).toBeVisible();
  await expect.element(inbox.getByText('0 unread')).toBeVisible();
  expect(inbox.getByRole('listitem').elements()).toHaveLength(0);

  // A visitor writes while the owner looks elsewhere.
  messages = [{ id: 1, name: 'Late Sender', email: 'late@example.test', message: 'Sent while you looked.', createdAt: new Date().toISOString(), readAt: null }];
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await page.getByRole('tab', { name: 'Admin' }).click();
  await expect.poll(() => inbox.getByRole('listitem').elements().length).toBe(1);
  await expect.element(inbox.getByText('1 unread')).toBeVisible();
  expect(inbox.getByText('No messages yet').elements()).toHaveLength(0);
});
