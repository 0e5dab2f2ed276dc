import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { Dialect } from '#server/db/dialect.ts';
import * as queue from './job-queue.ts';
import type { JobKind } from './job-queue.ts';
import type { JobRow } from './jobs.table.ts';

/**
 * Runs the jobs of the table in this process, beside any other process's worker on the same
 * database: it claims a due job, holds it while its handler runs (renewing the hold), and marks it
 * done, or failed and due again after a growing wait, or failed for good after its last attempt
 * (logged, and listed for the owner). A process killed half-way leaves its jobs held; they are
 * taken again once the hold runs out, or at once by the next start on the same machine. Handlers
 * must therefore be safe to run again: each checks what is still to do before doing it.
 *
 * The worker is also the one owner of the process's timers: periodic jobs (`every`, durable, one
 * run for all processes) and ticks (`tick`, work on this process's memory, such as writing its
 * counts).
 */

export interface JobContext {
  id: number;
  /** 1 for the first attempt. */
  attempt: number;
}

export interface JobHandler<Ctx> {
  kind: JobKind<object>;
  run(ctx: Ctx, payload: object, job: JobContext): Promise<void>;
}

/** A handler for one kind of job, its payload typed by the kind. */
export function handle<Payload extends object, Ctx>(
  kind: JobKind<Payload>,
  run: (ctx: Ctx, payload: Payload, job: JobContext) => Promise<void>,
): JobHandler<Ctx> {
  return { kind, run: (ctx, payload, job) => run(ctx, payload as Payload, job) };
}

/** A durable job run every `everyMs` by one of the processes: its next run is queued as one ends. */
export interface Periodic {
  kind: JobKind<Record<string, never>>;
  everyMs: number;
}

/** Work on this process's own memory, every `everyMs`, and once more as the worker stops. */
export interface Tick {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface WorkerOptions<Ctx> {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  log: WorkerLog;
  ctx: Ctx;
  handlers: ReadonlyArray<JobHandler<Ctx>>;
  periodic?: readonly Periodic[];
  ticks?: readonly Tick[];
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How often the table is read for due jobs when nothing wakes the worker. */
  pollMs?: number;
  /** How long a claim holds a job without being renewed. */
  holdMs?: number;
}

/** The wait before attempt `attempt + 1`: 5 s, doubling, at most 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** (attempt - 1), 10 * 60_000);
}

const DEFAULT_POLL_MS = 1_000;
/** A hold is counted in the machine's time: it says whether a worker still lives. */
const heldAt = (ms = 0) => new Date(Date.now() + ms).toISOString();
const DEFAULT_HOLD_MS = 60_000;
const HOST = os.hostname();

/** A worker's name: this machine, this process, and a part of its own (two workers of one process). */
function workerName(): string {
  return `${HOST}/${process.pid}/${randomBytes(4).toString('hex')}`;
}

/** Whether a worker named so was of a process of this machine that no longer runs. */
function isGoneHere(worker: string): boolean {
  const [host, pid] = worker.split('/');
  if (host !== HOST || !pid || !/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

type Waiter = { ids: Set<number>; resolve: () => void };

export class Worker<Ctx> {
  readonly name = workerName();
  private readonly handlers: Map<string, JobHandler<Ctx>>;
  private readonly names: string[];
  private readonly exclusive: string[];
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly holdMs: number;
  private readonly held = new Map<number, Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly waiters = new Set<Waiter>();
  private pollTimer: NodeJS.Timeout | null = null;
  private claiming: Promise<void> | null = null;
  private wakeAgain = false;
  private running = false;

  constructor(private readonly options: WorkerOptions<Ctx>) {
    this.handlers = new Map(options.handlers.map((handler) => [handler.kind.name, handler]));
    this.names = [...this.handlers.keys()];
    this.exclusive = options.handlers.filter((handler) => handler.kind.exclusive).map((handler) => handler.kind.name);
    this.concurrency = options.concurrency ?? 2;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.holdMs = options.holdMs ?? DEFAULT_HOLD_MS;
    for (const periodic of options.periodic ?? []) {
      if (!this.handlers.has(periodic.kind.name)) throw new Error(`No handler for the periodic job ${periodic.kind.name}`);
    }
  }

  /**
   * Starts: takes up the jobs held by gone processes of this machine, queues the periodic jobs,
   * and claims what is due. A database that does not answer yet is tried again at the next poll.
   */
  async start(): Promise<void> {
    this.running = true;
    this.timers.push(setInterval(() => void this.renewHolds(), Math.max(10, Math.floor(this.holdMs / 4))));
    for (const tick of this.options.ticks ?? []) {
      this.timers.push(setInterval(() => void this.runTick(tick), tick.everyMs));
    }
    for (const timer of this.timers) timer.unref();
    this.wake();
  }

  /** Looks for due jobs now: a change has just recorded some. */
  wake(): void {
    if (!this.running) return;
    if (this.claiming) {
      this.wakeAgain = true;
      return;
    }
    this.claiming = this.claimWhileFree().finally(() => {
      this.claiming = null;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
      } else {
        this.schedulePoll();
      }
    });
  }

  /**
   * Resolves once each of `ids` has been run once, whatever came of it (done, failed, or waiting
   * for its next attempt), or after `timeoutMs`: what the owner's change waits for before it is
   * answered. Jobs another process runs are watched in the table.
   */
  async settled(ids: readonly number[], timeoutMs = 30_000): Promise<void> {
    let pending = new Set(ids);
    const deadline = Date.now() + timeoutMs;
    // A stopped worker (a closing server) answers at once: its database may be gone next.
    while (this.running && pending.size > 0 && Date.now() < deadline) {
      const states = await queue.statesOf(this.options.db, [...pending]);
      const unfinished = new Set(states.filter((job) => job.state === 'running' || (job.state === 'queued' && job.attempts === 0)).map((job) => job.id));
      pending = new Set([...pending].filter((id) => unfinished.has(id)));
      if (pending.size === 0) return;
      this.wake();
      await new Promise<void>((resolve) => {
        const waiter: Waiter = { ids: pending, resolve };
        this.waiters.add(waiter);
        // Another process may be the one running them: look again in a while.
        setTimeout(() => {
          this.waiters.delete(waiter);
          resolve();
        }, Math.min(100, Math.max(0, deadline - Date.now()))).unref();
      });
    }
  }

  /**
   * Runs every due job in this process, one after another, until none is due: the command line's
   * way to finish what its changes recorded, and tests' way to let time pass. Answers how many ran.
   */
  async drain(): Promise<number> {
    let ran = 0;
    // Held like the background loop's jobs: renewed while they run, if the worker is not started.
    const renewing = this.running ? null : setInterval(() => void this.renewHolds(), Math.max(10, Math.floor(this.holdMs / 4)));
    try {
      for (;;) {
        const job = await this.claimOne();
        if (!job) return ran;
        const run = this.runHeld(job);
        this.held.set(job.id, run);
        await run.finally(() => this.held.delete(job.id));
        ran += 1;
      }
    } finally {
      if (renewing) clearInterval(renewing);
    }
  }

  /**
   * Resolves once the claim under way is over and the jobs this process then holds have finished;
   * answers whether it held any. One who runs due jobs itself (a test's `runJobs`) waits on these
   * when the table says some are running, instead of looking again after a while.
   */
  async inHandSettled(): Promise<boolean> {
    await this.claiming;
    const held = [...this.held.values()];
    await Promise.allSettled(held);
    return held.length > 0;
  }

  /** Stops claiming, lets the jobs in hand finish, runs each tick a last time, and stops every timer. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    for (const timer of this.timers) clearInterval(timer);
    await this.claiming;
    await Promise.allSettled(this.held.values());
    for (const tick of this.options.ticks ?? []) await this.runTick(tick);
  }

  private schedulePoll(): void {
    if (!this.running) return;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      this.wake();
    }, this.pollMs);
    this.pollTimer.unref();
  }

  /** What a start does once: false until it has been done. */
  private prepared = false;

  private async prepare(): Promise<void> {
    const { db, log } = this.options;
    const gone = (await queue.holders(db)).filter(isGoneHere);
    const taken = await queue.releaseHeldBy(db, gone, heldAt(-1));
    if (taken > 0) log.info({ jobs: taken }, 'taking up the jobs of a process that stopped half-way');
    for (const periodic of this.options.periodic ?? []) await this.queueNext(periodic);
    this.prepared = true;
  }

  private async claimWhileFree(): Promise<void> {
    try {
      if (!this.prepared) await this.prepare();
      while (this.running && this.held.size < this.concurrency) {
        // Read before claiming: an idle poll writes nothing, so it moves no data version.
        if (!(await queue.anyDue(this.options.db, this.names, this.options.clock().toISOString(), heldAt()))) return;
        const job = await this.claimOne();
        if (!job) return;
        const run = this.runHeld(job).finally(() => {
          this.held.delete(job.id);
          this.wake();
        });
        this.held.set(job.id, run);
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'could not read the jobs table');
    }
  }

  private claimOne(): Promise<JobRow | undefined> {
    const { db, dialect, clock } = this.options;
    return queue.claim(db, dialect, {
      worker: this.name,
      names: this.names,
      exclusive: this.exclusive,
      now: clock().toISOString(),
      heldNow: heldAt(),
      lockedUntil: heldAt(this.holdMs),
    });
  }

  private async runHeld(job: JobRow): Promise<void> {
    const { db, clock, log, ctx } = this.options;
    const handler = this.handlers.get(job.name)!;
    try {
      if (job.attempts > job.maxAttempts) throw new Error(`gave up after ${job.maxAttempts} attempts`);
      await handler.run(ctx, JSON.parse(job.payload) as object, { id: job.id, attempt: job.attempts });
      await queue.markDone(db, this.name, job.id, clock().toISOString());
      const periodic = this.options.periodic?.find((entry) => entry.kind.name === job.name);
      if (periodic) await this.queueNext(periodic);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const now = clock();
      const last = job.attempts >= job.maxAttempts;
      try {
        await queue.markFailed(db, this.name, job.id, reason.slice(0, 2000), now.toISOString(), last ? null : queue.later(now, retryDelayMs(job.attempts)));
        const periodic = last ? this.options.periodic?.find((entry) => entry.kind.name === job.name) : undefined;
        if (periodic) await this.queueNext(periodic);
      } catch (markError) {
        log.error({ err: markError, job: job.id }, 'could not record a failed job; it is taken again when its hold runs out');
      }
      if (last) log.error({ err: error, job: job.id, kind: job.name, attempts: job.attempts }, 'a job failed for good');
      else log.warn({ err: error, job: job.id, kind: job.name, attempt: job.attempts }, 'a job failed; it is tried again later');
    } finally {
      for (const waiter of this.waiters) {
        if (waiter.ids.has(job.id)) {
          this.waiters.delete(waiter);
          waiter.resolve();
        }
      }
    }
  }

  private async queueNext(periodic: Periodic): Promise<void> {
    const { db, clock } = this.options;
    const now = clock();
    await queue.enqueue({ db, clock }, periodic.kind, {}, { key: `every:${periodic.kind.name}`, runAt: new Date(now.getTime() + periodic.everyMs) });
  }

  private async renewHolds(): Promise<void> {
    const { db, log } = this.options;
    try {
      await queue.renew(db, this.name, [...this.held.keys()], heldAt(this.holdMs));
    } catch (error) {
      log.error({ err: error }, 'could not renew the hold on running jobs');
    }
  }

  private async runTick(tick: Tick): Promise<void> {
    try {
      await tick.run();
    } catch (error) {
      this.options.log.error({ err: error, tick: tick.name }, 'a periodic task failed');
    }
  }
}

/**
 * The process's worker as services see it: a change that recorded jobs wakes it, and one whose
 * answer must wait for a job (copies leaving the public store) waits for it to settle. Without a
 * worker in this process (a command of the command line) nothing runs here: the server's worker
 * takes the jobs from the table, or the command drains them itself.
 */
export class Jobs {
  private worker: Pick<Worker<unknown>, 'wake' | 'settled' | 'inHandSettled'> | null = null;

  attach(worker: Pick<Worker<unknown>, 'wake' | 'settled' | 'inHandSettled'>): void {
    this.worker = worker;
  }

  detach(): void {
    this.worker = null;
  }

  wake(): void {
    this.worker?.wake();
  }

  async settled(ids: readonly number[], timeoutMs?: number): Promise<void> {
    await this.worker?.settled(ids, timeoutMs);
  }

  /** Whether this process's worker held jobs, once they have finished (see `Worker.inHandSettled`). */
  async inHandSettled(): Promise<boolean> {
    return (await this.worker?.inHandSettled()) ?? false;
  }
}
