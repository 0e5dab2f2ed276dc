import { createHash, randomBytes } from 'node:crypto';
import { isMusicRelease } from '#contract/music.ts';
import type { StatisticsEvent, StatisticsReport } from '#contract/statistics.ts';
import type { AppContext } from '#server/app-context.ts';
import { listCategories } from '#server/features/categories/categories.service.ts';
import { listPhotos } from '#server/features/photos/photos.service.ts';
import { jobKind } from '#server/jobs/job-queue.ts';
import { handle, type Periodic, type Tick } from '#server/jobs/worker.ts';
import { addressBlock } from '#server/lib/address-block.ts';
import * as repo from './statistics.repository.ts';
import type { StatisticsKind } from './statistics.table.ts';

/**
 * Cookieless, first-party statistics, by Plausible's published method: a visitor is
 * hash(daily salt, address, user agent); the salt is replaced each day and the old one deleted,
 * so yesterday's hashes can no longer be made again, and they are themselves rolled up into a
 * count and deleted. Counting on a page's path costs a few map updates in memory: the counts are
 * written in batches, on a timer, when the batch is large, and when the server stops.
 */

type StatisticsContext = Pick<AppContext, 'db' | 'clock' | 'log'>;

/** Who asked, as far as counting goes: address and user agent live only until the next flush. */
export interface Visit {
  address: string;
  userAgent: string;
}

export interface CountedEvent {
  kind: StatisticsKind;
  subject: string;
}

/**
 * How often the counts are written. Any write moves the database's data version, and with it the
 * page cache and the lists' ETags (http/etag.ts): writing seldom keeps a busy page served from
 * the cache, and an address and user agent in memory no longer than this.
 */
export const FLUSH_INTERVAL_MS = 30_000;
/** Distinct counts and visitors kept before a write, whatever the time: memory stays small under any load. */
const FLUSH_AT = 5000;
/** Yesterday's visitors are counted and their hashes deleted this often. */
export const ROLL_UP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * What one address (an IPv6 one by its /64) may add in a day, in each process: counted events,
 * and the visitors it stands for (the devices of a household or an office behind one address).
 * Past the events, its hits are still answered and not counted; a further device of a full
 * address counts its events as no new visitor. Fake hits from one address can neither add rows
 * by the thousand nor make up visitors.
 */
export const EVENTS_PER_ADDRESS_PER_DAY = 1000;
export const VISITORS_PER_ADDRESS_PER_DAY = 20;
/** Addresses a process keeps a day's budget for (a few hundred bytes each); later ones go unbounded, the day's rows still bounded. */
const ADDRESSES_KEPT = 50_000;

/** Joins day, kind and subject into one key in memory; a subject never holds it. */
const KEY_SEPARATOR = '\u0001';

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 24 * 60 * 60 * 1000;

function hashVisitor(salt: string, visit: string): string {
  return createHash('sha256').update(salt).update('\n').update(visit).digest('base64url').slice(0, 22);
}

export interface Recorder {
  /** Counts the events of one visit (in memory only). */
  record(visit: Visit, events: CountedEvent[]): void;
  /** Writes what is in memory. */
  flush(): Promise<void>;
  /** Counts the finished days' visitors and forgets their hashes and salts. */
  rollUp(): Promise<void>;
}

/**
 * Counts in memory; the worker writes them every FLUSH_INTERVAL_MS and as it stops, and rolls up
 * finished days every ROLL_UP_INTERVAL_MS (`statisticsWork`).
 */
export function createRecorder(ctx: StatisticsContext): Recorder {
  let counts = new Map<string, number>();
  let visitors = new Map<string, Set<string>>();
  let pending = 0;
  let flushing: Promise<void> = Promise.resolve();

  const writeBatch = async (batchCounts: Map<string, number>, batchVisitors: Map<string, Set<string>>) => {
    const rows = [...batchCounts].map(([key, count]) => {
      const [day, kind, subject] = key.split(KEY_SEPARATOR) as [string, StatisticsKind, string];
      return { day, kind, subject, count };
    });
    await repo.addCounts(ctx.db, await repo.withinDailyRows(ctx.db, rows));
    for (const [day, visits] of batchVisitors) {
      const salt = await repo.saltOf(ctx.db, day, randomBytes(32).toString('base64url'));
      await repo.addVisitors(ctx.db, [...visits].map((visit) => ({ day, visitor: hashVisitor(salt, visit) })));
    }
  };

  const flush = () => {
    const batchCounts = counts;
    const batchVisitors = visitors;
    counts = new Map();
    visitors = new Map();
    hashed = new Map();
    pending = 0;
    // One batch after another, so a report that flushes sees every earlier batch written.
    flushing = flushing.then(async () => {
      if (batchCounts.size === 0 && batchVisitors.size === 0) return;
      try {
        await writeBatch(batchCounts, batchVisitors);
      } catch (error) {
        ctx.log.error({ err: error }, 'statistics could not be written');
      }
    });
    return flushing;
  };

  let rollingUp: Promise<void> = Promise.resolve();
  const rollUpOnce = async () => {
    await flush();
    const today = dayOf(ctx.clock());
    for (const day of await repo.visitorDaysBefore(ctx.db, today)) await repo.rollUpVisitorDay(ctx.db, day);
    await repo.deleteSaltsBefore(ctx.db, today);
  };
  // One roll-up after another in this process; the repository keeps processes apart.
  const rollUp = () => (rollingUp = rollingUp.catch(() => {}).then(rollUpOnce));

  // The day's name, worked out again only when the clock has left the day it was made for.
  let dayStartsAt = 0;
  let dayEndsAt = 0;
  let dayName = '';
  const dayNow = () => {
    const now = ctx.clock().getTime();
    if (now < dayStartsAt || now >= dayEndsAt) {
      dayStartsAt = now - (now % DAY_MS);
      dayEndsAt = dayStartsAt + DAY_MS;
      dayName = dayOf(new Date(now));
    }
    return dayName;
  };

  // Each address's budget for the day: the events it had counted, the user agents it was counted
  // with. Both kept under a hash salted for this process and day, so memory holds no address
  // past the next write of the counts either.
  let budgetDay = '';
  let budgetSalt = '';
  let budgets = new Map<string, { events: number; agents: string[] }>();
  const budgetHash = (text: string) => createHash('sha256').update(budgetSalt).update('\n').update(text).digest('base64url').slice(0, 16);
  // A visitor's two hashes, for the visitors seen since the last write: most requests come from
  // one seen a moment ago, and the hashing cost more than the rest of the count. Cleared at each
  // write, as `visitors` (which holds the same text) is, so no address stays longer.
  let hashed = new Map<string, { key: string; agent: string }>();
  /** Whether the visit's events count, and whether as a visitor; the budget is spent as it says. */
  const spend = (day: string, block: string, userAgent: string, visitor: string, events: number): { counts: boolean; visitor: boolean } => {
    if (day !== budgetDay) {
      budgetDay = day;
      budgetSalt = randomBytes(16).toString('base64url');
      budgets = new Map();
      hashed = new Map();
    }
    let hashes = hashed.get(visitor);
    if (!hashes) {
      if (hashed.size >= FLUSH_AT) hashed = new Map();
      hashes = { key: budgetHash(block), agent: budgetHash(userAgent).slice(0, 12) };
      hashed.set(visitor, hashes);
    }
    const { key, agent } = hashes;
    let budget = budgets.get(key);
    if (!budget) {
      if (budgets.size >= ADDRESSES_KEPT) return { counts: true, visitor: true };
      budgets.set(key, (budget = { events: 0, agents: [] }));
    }
    if (budget.events + events > EVENTS_PER_ADDRESS_PER_DAY) return { counts: false, visitor: false };
    budget.events += events;
    if (budget.agents.includes(agent)) return { counts: true, visitor: true };
    if (budget.agents.length >= VISITORS_PER_ADDRESS_PER_DAY) return { counts: true, visitor: false };
    budget.agents.push(agent);
    return { counts: true, visitor: true };
  };

  return {
    record(visit, events) {
      const day = dayNow();
      const block = addressBlock(visit.address);
      // A visitor is its address's block (an IPv6 address's /64) with its user agent.
      const visitor = `${block}\n${visit.userAgent}`;
      const spent = spend(day, block, visit.userAgent, visitor, events.length);
      if (!spent.counts) return;
      for (const event of events) {
        const key = `${day}${KEY_SEPARATOR}${event.kind}${KEY_SEPARATOR}${event.subject}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      if (!spent.visitor) return;
      let today = visitors.get(day);
      if (!today) visitors.set(day, (today = new Set()));
      const before = today.size;
      today.add(visitor);
      // Only what grows memory counts towards a write: a new visitor or a new key.
      pending += today.size - before;
      if (counts.size + pending >= FLUSH_AT) void flush();
    },
    flush,
    rollUp,
  };
}

export const rollUpJob = jobKind('statistics.roll-up', { exclusive: true, maxAttempts: 3 });

/** The worker's part of the statistics: writing this process's counts, and rolling up finished days. */
export function statisticsWork(recorder: Recorder) {
  return {
    handlers: [handle(rollUpJob, () => recorder.rollUp())],
    periodic: [{ kind: rollUpJob, everyMs: ROLL_UP_INTERVAL_MS }] satisfies Periodic[],
    ticks: [{ name: 'statistics.flush', everyMs: FLUSH_INTERVAL_MS, run: () => recorder.flush() }] satisfies Tick[],
  };
}

type CountedRoute = { kind: 'portfolio' } | { kind: 'photo'; id: number | null } | { kind: 'screen' } | { kind: 'gallery' };

/**
 * What a page counts: the page, as its screen's canonical path (the portfolio is `/` whether
 * reached at `/` or `/{username}`; a photo page is `/photo/{id}`), and the photo a photo page shows.
 * Nothing of the path a visitor typed is stored as it came.
 */
export function pageEvents(route: CountedRoute): CountedEvent[] {
  if (route.kind === 'photo') {
    return route.id === null ? [] : [{ kind: 'page', subject: `/photo/${route.id}` }, { kind: 'photo', subject: String(route.id) }];
  }
  if (route.kind === 'portfolio') return [{ kind: 'page', subject: '/' }];
  return [];
}

/** What a beacon from the client counts; `route` is the screen of a view's path. */
export function clientEvents(event: StatisticsEvent, route: CountedRoute | null): CountedEvent[] {
  switch (event.kind) {
    case 'view':
      return route ? pageEvents(route) : [];
    case 'viewer':
      return [{ kind: 'viewer', subject: String(event.photoId) }];
    case 'release':
      return [{ kind: 'release', subject: String(event.photoId) }];
    case 'stream':
      return [{ kind: 'stream', subject: `${event.photoId}\t${event.service}` }];
  }
}

const TOP = 10;

function ranked(totals: Map<string, number>, limit = TOP): Array<{ name: string; count: number }> {
  return [...totals]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit);
}

const add = (map: Map<string, number>, key: string, count: number) => map.set(key, (map.get(key) ?? 0) + count);

/**
 * The owner's report over the last `days` UTC days, today included. What is in memory is written
 * first and finished days are rolled up, so the report is exact at the moment it is asked for.
 */
export async function statisticsReport(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  recorder: Recorder | null,
  userId: number,
  days: number,
): Promise<StatisticsReport> {
  await recorder?.rollUp();
  const now = ctx.clock();
  const today = dayOf(now);
  const dates: string[] = [];
  for (let back = days - 1; back >= 0; back--) dates.push(dayOf(new Date(now.getTime() - back * 86_400_000)));
  const rows = await repo.countsFrom(ctx.db, dates[0]!);
  const todayVisitors = await repo.visitorsOn(ctx.db, today);
  const photos = new Map((await listPhotos(ctx, userId)).map((photo) => [String(photo.id), photo]));
  const categories = new Map((await listCategories(ctx, userId)).map((category) => [category.id, category.name]));

  const perDay = new Map(dates.map((date) => [date, { date, visitors: 0, views: 0 }]));
  perDay.get(today)!.visitors += todayVisitors;
  const pages = new Map<string, number>();
  const photoViews = new Map<string, number>();
  const releases = new Map<string, number>();
  const referrers = new Map<string, number>();
  const services = new Map<string, number>();
  const streams = new Map<string, number>();
  let viewerOpens = 0;
  let streamClicks = 0;
  for (const row of rows) {
    const day = perDay.get(row.day);
    if (!day) continue;
    const count = Number(row.count);
    switch (row.kind) {
      case 'visitors':
        day.visitors += count;
        break;
      case 'page':
        day.views += count;
        add(pages, row.subject, count);
        break;
      case 'photo':
        add(photoViews, row.subject, count);
        break;
      case 'viewer':
        viewerOpens += count;
        add(photoViews, row.subject, count);
        break;
      case 'release':
        add(releases, row.subject, count);
        break;
      case 'referrer':
        add(referrers, row.subject, count);
        break;
      case 'stream': {
        streamClicks += count;
        add(streams, row.subject, count);
        add(services, row.subject.split('\t')[1] ?? '', count);
        break;
      }
    }
  }
  const categoryViews = new Map<string, number>();
  for (const [id, count] of photoViews) {
    const photo = photos.get(id);
    if (!photo) continue;
    const name = photo.categoryId === null ? 'Other' : categories.get(photo.categoryId);
    if (name !== undefined) add(categoryViews, name, count);
  }
  const rankedPhotos = (totals: Map<string, number>, keep: (photo: { title: string; hyperlink: string | null }) => boolean) =>
    ranked(
      new Map([...totals].filter(([id]) => {
        const photo = photos.get(id);
        return photo !== undefined && keep(photo);
      })),
    ).map(({ name, count }) => ({ id: Number(name), title: photos.get(name)!.title, count }));

  const series = [...perDay.values()];
  return {
    days,
    series,
    totals: {
      visitors: series.reduce((sum, day) => sum + day.visitors, 0),
      views: series.reduce((sum, day) => sum + day.views, 0),
      viewerOpens,
      streamClicks,
    },
    topPages: ranked(pages),
    topPhotos: rankedPhotos(photoViews, (photo) => !isMusicRelease(photo)),
    topCategories: ranked(categoryViews),
    topReleases: rankedPhotos(releases, () => true),
    topReferrers: ranked(referrers),
    topServices: ranked(services),
    streamClicks: ranked(streams, 20).flatMap(({ name, count }) => {
      const [id = '', service = ''] = name.split('\t');
      const photo = photos.get(id);
      return photo ? [{ id: Number(id), title: photo.title, service, count }] : [];
    }),
  };
}
