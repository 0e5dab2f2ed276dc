import '#client/styles.css';
import { afterEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { MessageResponse } from '#contract/common.ts';
import { FailedJobs, type FailedJob } from '#contract/jobs.ts';
import { api, pathTo } from '#contract/routes.ts';
import { FailedJobsPanel } from '#client/features/jobs/components/failed-jobs-panel.tsx';
import { axeViolations } from './axe.ts';
import { renderComponent, unmountComponent } from './render-app.tsx';
import { reply, serveContract, type ContractServer } from './contract-fetch.ts';

let server: ContractServer | undefined;
afterEach(() => {
  unmountComponent();
  server?.restore();
});

const render = () => renderComponent(<FailedJobsPanel />);

const mailJob: FailedJob = {
  id: 7,
  kind: 'mail.send',
  description: 'Sending a mail',
  error: 'connect ECONNREFUSED 127.0.0.1:587',
  attempts: 8,
  failedAt: '2026-11-20T09:30:00.000Z',
};

it('shows nothing while no background work has failed', async () => {
  server = serveContract({ [`GET ${api.failedJobs}`]: () => reply(FailedJobs, { jobs: [] }) });
  render();
  await expect.poll(() => server!.sentTo(`GET ${api.failedJobs}`).length).toBe(1);
  expect(page.getByRole('region').elements()).toHaveLength(0);
});

it('lists failed work with why, and tries it again at the owner\'s word, gone from the list once it is queued', async () => {
  let jobs = [mailJob];
  server = serveContract({
    [`GET ${api.failedJobs}`]: () => reply(FailedJobs, { jobs }),
    [`POST ${api.jobRetry}`]: () => {
      jobs = [];
      return reply(MessageResponse, { message: 'Trying it again' });
    },
  });
  render();
  const panel = page.getByRole('region', { name: 'Background work that failed' });
  await expect.element(panel.getByText('Sending a mail')).toBeVisible();
  await expect.element(panel.getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeVisible();
  await expect.element(panel.getByText(/8 attempts$/)).toBeVisible();
  for (const name of ['Try again', 'Dismiss']) {
    const box = panel.getByRole('button', { name }).element().getBoundingClientRect();
    expect(box.height, name).toBeGreaterThanOrEqual(44);
  }
  expect(await axeViolations()).toEqual([]);

  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => server!.sentTo(`POST ${api.jobRetry}`).map((request) => new URL(request.url).pathname)).toEqual([pathTo(api.jobRetry, { id: 7 })]);
  await expect.poll(() => page.getByRole('region').elements().length).toBe(0);
});
