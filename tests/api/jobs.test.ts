import { afterEach, describe, expect, it } from 'vitest';
import type { FailedJobs } from '#contract/jobs.ts';
import { enqueue, jobKind, listJobs as allJobs, URGENT } from '#server/jobs/job-queue.ts';
import { handle, retryDelayMs, Worker, type JobHandler } from '#server/jobs/worker.ts';
import { waitFor } from '#tests/api/support/wait.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The jobs table and its worker, on each database: what a change records is run once, tried again
 * with growing waits, failed for good for the owner to see, taken up after its worker went silent,
 * and periodic jobs queue their next run.
 */

let t: TestApp;
const workers: Array<Worker<unknown>> = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  await t?.close();
});

/** This file's own jobs, beside the app's (its copies checks, its periodic work). */
const listJobs = async (db: TestApp['database']['db']) => (await allJobs(db)).filter((job) => job.name.startsWith('test.') || job.name === 'mail.send');

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function workerWith(handlers: Array<JobHandler<unknown>>, options: { holdMs?: number; concurrency?: number } = {}) {
  const worker = new Worker<unknown>({ db: t.database.db, dialect: t.dialect, clock: t.ctx.clock, log: quiet, ctx: null, handlers, ...options });
  workers.push(worker);
  return worker;
}

const echo = jobKind<{ n: number }>('test.echo');
const pass = jobKind('test.pass', { exclusive: true });
const flaky = jobKind<{ failures: number }>('test.flaky', { maxAttempts: 3 });

describe('the jobs table', () => {
  it('keeps one queued job per key; a change made while it runs queues the next one', async () => {
    t = await createTestApp();
    const first = await enqueue(t.ctx, pass, {}, { key: 'test.pass' });
    expect(await enqueue(t.ctx, pass, {}, { key: 'test.pass' })).toBe(first);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    const worker = workerWith([handle(pass, async (_ctx, _payload, job) => {
      ran.push(job.id);
      if (ran.length === 1) await gate;
    })]);
    await worker.start();
    await waitFor(() => ran.length === 1, 'the pass started');
    const second = await enqueue(t.ctx, pass, {}, { key: 'test.pass' });
    expect(second).not.toBe(first);
    expect(await enqueue(t.ctx, pass, {}, { key: 'test.pass' })).toBe(second);
    // Exclusive: the second waits while the first runs, though the worker has a free slot.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ran).toEqual([first]);
    release();
    await worker.settled([second]);
    expect(ran).toEqual([first, second]);
    expect((await listJobs(t.database.db)).map((job) => job.state)).toEqual(['done', 'done']);
  });

  it('a change answered by the job already waiting for its key is seen by it: no worker takes that job before the change is committed', async () => {
    t = await createTestApp();
    const waiting = await enqueue(t.ctx, pass, {}, { key: 'test.pass' });
    const seen: Array<string | null> = [];
    const worker = workerWith([handle(pass, async () => {
      const owner = await t.database.db.selectFrom('users').select('watermark').executeTakeFirstOrThrow();
      seen.push(owner.watermark);
    })]);
    let inChange!: () => void;
    const changed = new Promise<void>((resolve) => (inChange = resolve));
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    const change = t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ watermark: 'changed' }).execute();
      expect(await enqueue({ db: trx, clock: t.ctx.clock }, pass, {}, { key: 'test.pass' })).toBe(waiting);
      inChange();
      await gate;
    });
    await changed;
    // PostgreSQL lets another connection claim while the change is open; SQLite's one writer makes
    // the worker wait for it, so there it is asked only after the commit.
    if (t.dialect === 'postgres') expect(await worker.drain()).toBe(0);
    commit();
    await change;
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual(['changed']);
  });

  it('says when the jobs it holds have finished, and whether it held any', async () => {
    t = await createTestApp();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    let finished = false;
    const worker = workerWith([handle(pass, async () => {
      started = true;
      await gate;
      finished = true;
    })]);
    await worker.start();
    await worker.inHandSettled();
    expect(await worker.inHandSettled()).toBe(false);
    await enqueue(t.ctx, pass, {});
    worker.wake();
    await waitFor(() => started, 'the job started');
    const settled = worker.inHandSettled();
    release();
    expect(await settled).toBe(true);
    expect(finished).toBe(true);
  });

  it('runs what a change waits for before background work queued earlier', async () => {
    t = await createTestApp();
    const urgent = jobKind<{ n: number }>('test.urgent', { priority: URGENT });
    for (const n of [1, 2, 3]) await enqueue(t.ctx, echo, { n });
    await enqueue(t.ctx, urgent, { n: 0 });
    const ran: number[] = [];
    const worker = workerWith([handle(echo, async (_ctx, { n }) => void ran.push(n)), handle(urgent, async (_ctx, { n }) => void ran.push(n))]);
    expect(await worker.drain()).toBe(4);
    expect(ran).toEqual([0, 1, 2, 3]);
  });

  it('tries a failing job again after a growing wait, and fails it for good after its last attempt', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    let attempts = 0;
    const worker = workerWith([handle(flaky, async (_ctx, { failures }) => {
      attempts += 1;
      if (attempts <= failures) throw new Error(`attempt ${attempts} failed`);
    })]);
    const recovers = await enqueue(t.ctx, flaky, { failures: 1 });
    await worker.drain();
    let [job] = await listJobs(t.database.db);
    expect(job).toMatchObject({ id: recovers, state: 'queued', attempts: 1, lastError: 'attempt 1 failed' });
    expect(job!.runAt).toBe(new Date(clock().getTime() + retryDelayMs(1)).toISOString());
    expect(await worker.drain()).toBe(0);
    clock.advance(retryDelayMs(1));
    expect(await worker.drain()).toBe(1);
    [job] = await listJobs(t.database.db);
    expect(job).toMatchObject({ state: 'done', attempts: 2, lastError: null });

    attempts = 0;
    const doomed = await enqueue(t.ctx, flaky, { failures: 99 });
    for (const wait of [0, retryDelayMs(1), retryDelayMs(2)]) {
      clock.advance(wait);
      expect(await worker.drain()).toBe(1);
    }
    expect((await listJobs(t.database.db)).find((each) => each.id === doomed)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'attempt 3 failed' });
    clock.advance(60 * 60_000);
    expect(await worker.drain()).toBe(0);
  });

  it('takes up a job whose worker stopped renewing its hold, and counts the attempt', async () => {
    t = await createTestApp();
    const ran: number[] = [];
    const id = await enqueue(t.ctx, echo, { n: 7 });
    // A worker that claims it and dies: its hold is never renewed.
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'running', attempts: 1, lockedBy: 'elsewhere.example/1/dead', lockedUntil: new Date(Date.now() + 300).toISOString() })
      .where('id', '=', id)
      .execute();
    const worker = workerWith([handle(echo, async (_ctx, { n }) => void ran.push(n))], { holdMs: 200 });
    await worker.start();
    await waitFor(() => ran.length === 1, 'the held job taken up');
    await worker.settled([id]);
    expect(ran).toEqual([7]);
    expect((await listJobs(t.database.db))[0]).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });
  });

  it('takes up at once, as it starts, the jobs a gone process of this machine held', async () => {
    t = await createTestApp();
    const id = await enqueue(t.ctx, echo, { n: 1 });
    const gone = workerWith([]);
    // A process id no process has: the kernel's maximum is far below it.
    const name = `${gone.name.split('/')[0]}/2147483646/dead`;
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'running', attempts: 1, lockedBy: name, lockedUntil: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const ran: number[] = [];
    const worker = workerWith([handle(echo, async (_ctx, { n }) => void ran.push(n))]);
    await worker.start();
    await worker.settled([id], 10_000);
    expect(ran).toEqual([1]);
  });

  it('queues a periodic job for its first run an interval after the start, then after each run', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    const tick = jobKind('test.tick', { exclusive: true });
    let runs = 0;
    const worker = new Worker<unknown>({
      db: t.database.db,
      dialect: t.dialect,
      clock,
      log: quiet,
      ctx: null,
      handlers: [handle(tick, async () => void (runs += 1))],
      periodic: [{ kind: tick, everyMs: 60_000 }],
    });
    workers.push(worker);
    await worker.start();
    await waitFor(async () => (await listJobs(t.database.db)).some((job) => job.name === 'test.tick'), 'the first run queued');
    expect(await worker.drain()).toBe(0);
    clock.advance(60_000);
    expect(await worker.drain()).toBe(1);
    const queued = (await listJobs(t.database.db)).filter((job) => job.name === 'test.tick' && job.state === 'queued');
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt).toBe(new Date(clock().getTime() + 60_000).toISOString());
    expect(runs).toBe(1);
  });
});

describe('GET /api/jobs/failed', () => {
  it("lists work that failed for good, for the owner only, who tries it again or dismisses it", async () => {
    const clock = createTestClock();
    // A mail server that does not answer: the notice of a contact message fails every attempt.
    t = await createTestApp({ clock, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    const cookie = await t.signIn();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '203.0.113.5',
      payload: { userId: 1, name: 'Visitor', email: 'visitor@example.test', message: 'Hello there, a message.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await t.runJobs();
      clock.advance(retryDelayMs(attempt));
    }
    expect((await t.app.inject({ url: '/api/jobs/failed' })).statusCode).toBe(401);
    const listed = await t.app.inject({ url: '/api/jobs/failed', headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const { jobs } = listed.json<FailedJobs>();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'mail.send', description: 'Sending a mail', attempts: 8 });
    expect(jobs[0]!.error).toMatch(/ECONNREFUSED|connect/);

    const retried = await t.app.inject({ method: 'POST', url: `/api/jobs/${jobs[0]!.id}/retry`, headers: { cookie } });
    expect(retried.statusCode).toBe(200);
    await t.runJobs();
    expect((await t.app.inject({ url: '/api/jobs/failed', headers: { cookie } })).json<FailedJobs>().jobs).toEqual([]);
    // Tried again from its first attempt: failing once more, it waits for its second.
    expect((await listJobs(t.database.db)).find((job) => job.name === 'mail.send')).toMatchObject({ state: 'queued', attempts: 1 });

    await t.database.db.updateTable('jobs').set({ state: 'failed' }).where('name', '=', 'mail.send').execute();
    const dismissed = await t.app.inject({ method: 'DELETE', url: `/api/jobs/${jobs[0]!.id}`, headers: { cookie } });
    expect(dismissed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/jobs/failed', headers: { cookie } })).json<FailedJobs>().jobs).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/jobs/${jobs[0]!.id}`, headers: { cookie } })).statusCode).toBe(404);
  });
});
