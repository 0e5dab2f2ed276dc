import { sql } from 'kysely';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { Dialect } from '#server/db/dialect.ts';
import type { JobRow } from './jobs.table.ts';

/**
 * The jobs table: what a change leaves to do, recorded in the change's own transaction, and the
 * statements a worker claims, finishes and retries them with. One table serves SQLite and
 * PostgreSQL (docs/decisions/0009-one-jobs-table-for-both-databases.md).
 */

/** A kind of job: its name, its payload's type, how often it is tried, and whether two may run at once. */
export interface JobKind<Payload> {
  readonly name: string;
  readonly maxAttempts: number;
  /** Higher runs first among due jobs (URGENT: a change waits for it). */
  readonly priority: number;
  /** At most one job of the kind runs at a time, across every process (a pass over all photos). */
  readonly exclusive: boolean;
  /** Only carries the payload's type. */
  readonly payload?: Payload;
}

/** The priority of a job a request waits for: it goes before every background job. */
export const URGENT = 10;

export function jobKind<Payload extends object = Record<string, never>>(
  name: string,
  options: { maxAttempts?: number; exclusive?: boolean; priority?: number } = {},
): JobKind<Payload> {
  return { name, maxAttempts: options.maxAttempts ?? 5, exclusive: options.exclusive ?? false, priority: options.priority ?? 0 };
}

export interface EnqueueOptions {
  /** Not before then; now when absent. */
  runAt?: Date;
  /** While a job of this key waits, asking again answers that job instead of adding one. */
  key?: string;
}

/**
 * Records a job; in the caller's transaction when `db` is one, so the job exists exactly when the
 * change does. Answers the job's id (the waiting one's, for a key that already waits, which then
 * cannot start before the caller's transaction ends).
 */
export async function enqueue<Payload>(
  ctx: { db: Db; clock: Clock },
  kind: JobKind<Payload>,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<number> {
  const now = ctx.clock();
  const key = options.key ?? null;
  const inserted = await ctx.db
    .insertInto('jobs')
    .values({
      name: kind.name,
      payload: JSON.stringify(payload),
      key,
      state: 'queued',
      runAt: (options.runAt ?? now).toISOString(),
      maxAttempts: kind.maxAttempts,
      priority: kind.priority,
      createdAt: now.toISOString(),
    })
    // The conflict target names the partial index's condition as written there (a literal, not a
    // parameter): SQLite matches the index by its text.
    .onConflict((conflict) => conflict.column('key').where(sql.ref('state'), '=', sql.lit('queued')).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  // The waiting job now stands for the caller's change too, so it is written to (a no-op), which
  // holds its row until the caller's transaction ends: a claim skips a held row (PostgreSQL's
  // SKIP LOCKED; SQLite has one writer), and a job taken before the change is committed would run
  // without seeing it. A claim under way makes this wait, and then find the job no longer queued.
  const waiting = await ctx.db
    .updateTable('jobs')
    .set((eb) => ({ payload: eb.ref('payload') }))
    .where('key', '=', key)
    .where('state', '=', 'queued')
    .returning('id')
    .executeTakeFirst();
  // Taken between the insert and this write: it may not see the change, so ask once more.
  return waiting ? waiting.id : enqueue(ctx, kind, payload, options);
}

/**
 * Plans the job of `key` for `runAt`, or for no time (null): a waiting job of the key moves to the
 * new time or goes; none waiting, one is recorded. In the caller's transaction, as `enqueue`. The
 * handler still checks, when it runs, that its work is due: a job already taken runs as it was.
 */
export async function replan<Payload>(
  ctx: { db: Db; clock: Clock },
  kind: JobKind<Payload>,
  payload: Payload,
  key: string,
  runAt: Date | null,
): Promise<void> {
  if (runAt === null) {
    await ctx.db.deleteFrom('jobs').where('key', '=', key).where('state', '=', 'queued').execute();
    return;
  }
  const moved = await ctx.db
    .updateTable('jobs')
    .set({ runAt: runAt.toISOString(), payload: JSON.stringify(payload) })
    .where('key', '=', key)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) await enqueue(ctx, kind, payload, { runAt, key });
}

/** The ids of the jobs of these kinds that can be taken now; see `anyDue`. */
function dueJobs(db: Db, names: readonly string[], now: string, heldNow: string) {
  return db
    .selectFrom('jobs')
    .select('id')
    .where('name', 'in', names)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('runAt', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('lockedUntil', '<', heldNow)]),
      ]),
    );
}

/**
 * Whether a job of these kinds can be taken now: a queued one whose time (`now`, the site's
 * clock) has come, or a running one whose hold ran out (`heldNow`, the machine's time: a hold
 * measures whether its worker still lives, in real seconds, whatever the site's clock says).
 */
export async function anyDue(db: Db, names: readonly string[], now: string, heldNow: string): Promise<boolean> {
  if (names.length === 0) return false;
  const row = await dueJobs(db, names, now, heldNow).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one due job for `worker` until `lockedUntil`, and counts the attempt: a queued job whose
 * time has come (`now`), or a running one whose worker stopped renewing its hold (killed half-way;
 * `heldNow`, the machine's time, see `anyDue`).
 * PostgreSQL skips rows another worker is taking; SQLite has one writer at a time.
 */
export async function claim(
  db: Db,
  dialect: Dialect,
  options: { worker: string; names: readonly string[]; exclusive: readonly string[]; now: string; heldNow: string; lockedUntil: string },
): Promise<JobRow | undefined> {
  const { names, exclusive, now, heldNow } = options;
  if (names.length === 0) return undefined;
  let due = dueJobs(db, names, now, heldNow);
  if (exclusive.length > 0) {
    // A kind that runs alone waits while a job of it is held by a live worker.
    due = due.where((eb) =>
      eb.or([
        eb('name', 'not in', exclusive),
        eb.not(
          eb.exists(
            eb
              .selectFrom('jobs as held')
              .select('held.id')
              .whereRef('held.name', '=', 'jobs.name')
              .where('held.state', '=', 'running')
              .where('held.lockedUntil', '>=', heldNow),
          ),
        ),
      ]),
    );
  }
  due = due.orderBy('priority', 'desc').orderBy('runAt').orderBy('id').limit(1);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), lockedBy: options.worker, lockedUntil: options.lockedUntil }))
    .where('id', '=', due)
    .returningAll()
    .executeTakeFirst();
}

/** Keeps the worker's hold on its jobs; those another worker took meanwhile are not touched. */
export async function renew(db: Db, worker: string, ids: readonly number[], lockedUntil: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ lockedUntil })
    .where('id', 'in', ids)
    .where('state', '=', 'running')
    .where('lockedBy', '=', worker)
    .execute();
}

export async function markDone(db: Db, worker: string, id: number, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'done', finishedAt: now, lockedBy: null, lockedUntil: null, lastError: null })
    .where('id', '=', id)
    .where('lockedBy', '=', worker)
    .execute();
}

/** A failed attempt: queued again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markFailed(db: Db, worker: string, id: number, error: string, now: string, retryAt: string | null): Promise<void> {
  await db
    .updateTable('jobs')
    .set(
      retryAt === null
        ? { state: 'failed', finishedAt: now, lockedBy: null, lockedUntil: null, lastError: error }
        : { state: 'queued', runAt: retryAt, lockedBy: null, lockedUntil: null, lastError: error },
    )
    .where('id', '=', id)
    .where('lockedBy', '=', worker)
    .execute();
}

/** Gives up the hold on a job without counting its attempt (the worker is stopping). */
export async function release(db: Db, worker: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set((eb) => ({ state: 'queued', attempts: eb('attempts', '-', 1), lockedBy: null, lockedUntil: null }))
    .where('id', 'in', ids)
    .where('state', '=', 'running')
    .where('lockedBy', '=', worker)
    .execute();
}

/** Jobs held by workers that are gone (a process of this machine that no longer runs): due at once (`expired`, a past time). */
export async function releaseHeldBy(db: Db, workers: readonly string[], expired: string): Promise<number> {
  if (workers.length === 0) return 0;
  const result = await db
    .updateTable('jobs')
    .set({ lockedUntil: expired })
    .where('state', '=', 'running')
    .where('lockedBy', 'in', workers)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The workers that hold running jobs. */
export async function holders(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select('lockedBy').distinct().where('state', '=', 'running').execute();
  return rows.flatMap((row) => (row.lockedBy === null ? [] : [row.lockedBy]));
}

/** The state and attempts of each of `ids` still in the table. */
export function statesOf(db: Db, ids: readonly number[]): Promise<Array<Pick<JobRow, 'id' | 'state' | 'attempts'>>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('jobs').select(['id', 'state', 'attempts']).where('id', 'in', ids).execute();
}

/** Removes finished jobs: done ones finished before `doneBefore`, failed ones before `failedBefore`. */
export async function prune(db: Db, doneBefore: string, failedBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('finishedAt', '<', doneBefore)]),
        eb.and([eb('state', '=', 'failed'), eb('finishedAt', '<', failedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Jobs that failed for good, newest first. */
export function listFailed(db: Db, limit: number): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('state', '=', 'failed').orderBy('finishedAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A failed job tried again from its first attempt, at once; false when it is not a failed one. */
export async function retryFailed(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'queued', attempts: 0, runAt: now, finishedAt: null })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A failed job the owner has read; false when it is not a failed one. */
export async function dismissFailed(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('id', '=', id).where('state', '=', 'failed').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many jobs of these kinds wait or run. */
export async function countUnfinished(db: Db, names: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('name', 'in', names)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** `now + ms` as the table writes times. */
export const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** For tests and the command line: every job of the table, oldest first. */
export function listJobs(db: Db): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().orderBy('id').execute();
}

/**
 * The progress of a pass that asks for one job per unit of work (a refresh that asks for a render
 * per photo): the unit jobs asked for since the earliest unfinished job of either kind was, or,
 * with none unfinished, since the last pass was.
 */
export async function batchProgress(db: Db, pass: string, unit: string): Promise<{ running: boolean; done: number; total: number }> {
  const unfinished = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('createdAt').as('since'))
    .where('name', 'in', [pass, unit])
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  const running = typeof unfinished?.since === 'string';
  const since = running
    ? unfinished?.since
    : (await db.selectFrom('jobs').select((eb) => eb.fn.max('createdAt').as('since')).where('name', '=', pass).executeTakeFirst())?.since;
  if (typeof since !== 'string') return { running: false, done: 0, total: 0 };
  const counts = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('state', 'in', ['done', 'failed']).then(1).else(0).end()).as('done'),
    ])
    .where('name', '=', unit)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return { running, done: Number(counts.done ?? 0), total: Number(counts.total) };
}

/** Makes the queued jobs of these kinds due now (the command line, for a site at rest); answers how many. */
export async function bringForward(db: Db, names: readonly string[], now: string): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ runAt: now })
    .where('name', 'in', names)
    .where('state', '=', 'queued')
    .where('runAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Jobs due at `now` or running: zero once all that was asked for so far is done. */
export async function countBusy(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => eb.or([eb('state', '=', 'running'), eb.and([eb('state', '=', 'queued'), eb('runAt', '<=', now)])]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
