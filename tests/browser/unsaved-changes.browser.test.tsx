import { afterEach, beforeAll, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { adminQuery } from '#contract/admin-sections.ts';
import { ContactMessageList } from '#contract/contact.ts';
import { Notices } from '#contract/gallery-activity.ts';
import { FailedJobs } from '#contract/jobs.ts';
import { api, screens } from '#contract/routes.ts';
import { SiteWatermark, WatermarkProgress } from '#contract/watermarks.ts';
import { reply, serveContract, type ContractServer } from './contract-fetch.ts';
import { renderApp, unmountApp } from './render-app.tsx';
import { siteHandlers } from './site.ts';

/**
 * An unsaved edit of the settings is asked about before a tab switch drops it. The browser's
 * question is stood in for: what counts is that the page asks, once, and heeds the answer.
 */

// The owner's drag layer, loaded before the test: a chunk that arrived after the test had ended
// would draw into a page already taken away.
beforeAll(() => import('#client/app/admin/sortable-portfolio-view.tsx'));

let server: ContractServer | undefined;
const nativeConfirm = Object.getOwnPropertyDescriptor(window, 'confirm')!;
afterEach(() => {
  unmountApp();
  server?.restore();
  Object.defineProperty(window, 'confirm', nativeConfirm);
});

it('asks before a tab switch drops unsaved settings, and keeps them when the owner stays', async () => {
  const questions: string[] = [];
  let leave = false;
  window.confirm = (message?: string) => {
    questions.push(message ?? '');
    return leave;
  };
  server = serveContract({
    ...siteHandlers({ signedIn: true, photos: [] }),
    [`GET ${api.watermark}`]: () => reply(SiteWatermark, { watermark: null }),
    [`GET ${api.watermarkProgress}`]: () => reply(WatermarkProgress, { running: false, done: 0, total: 0 }),
    [`GET ${api.messages}`]: () => reply(ContactMessageList, { messages: [], unread: 0 }),
    [`GET ${api.notices}`]: () => reply(Notices, { notices: [], unread: 0 }),
    [`GET ${api.failedJobs}`]: () => reply(FailedJobs, { jobs: [] }),
  });
  await renderApp(`${screens.home}${adminQuery('settings')}`);
  const title = page.getByLabelText('Portfolio Title');
  await title.fill('Unsaved title');

  await page.getByRole('tab', { name: 'Portfolio' }).click();
  // As the question closes, the browser gives focus back to the tab: that must not ask again.
  (page.getByRole('tab', { name: 'Portfolio' }).element() as HTMLElement).focus();
  await expect.element(page.getByRole('tab', { name: 'Admin' })).toHaveAttribute('aria-selected', 'true');
  await expect.element(title).toHaveValue('Unsaved title');
  expect(questions).toEqual(['You have unsaved changes. Leave without saving them?']);

  leave = true;
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await expect.element(page.getByRole('tab', { name: 'Portfolio' })).toHaveAttribute('aria-selected', 'true');
  // Nothing was saved behind the owner's back.
  expect(server.sentTo(`PATCH ${api.portfolioSettings}`)).toHaveLength(0);
});
