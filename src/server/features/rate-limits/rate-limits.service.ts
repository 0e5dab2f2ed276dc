import { createHash } from 'node:crypto';
import type { AppContext } from '#server/app-context.ts';
import { jobKind } from '#server/jobs/job-queue.ts';
import { addressBlock } from '#server/lib/address-block.ts';
import { handle, type Periodic } from '#server/jobs/worker.ts';
import { tooManyAttempts } from '#server/lib/errors.ts';
import * as repo from './rate-limits.repository.ts';

/**
 * Fixed-window counters kept in the database, so every server process sharing it counts the
 * same hits, and a window always ends: nobody is locked out for good.
 */

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

type RateLimitContext = Pick<AppContext, 'db' | 'clock'>;

/** Ended windows are dropped this often, so the table stays small. */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Counts one hit atomically and returns the count in the current window. */
export async function hit(ctx: RateLimitContext, key: string, rule: RateLimitRule): Promise<number> {
  return (await countHit(ctx, key, rule)).hits;
}

function countHit(ctx: RateLimitContext, key: string, rule: RateLimitRule) {
  const now = ctx.clock();
  return repo.countHit(ctx.db, key, now.toISOString(), new Date(now.getTime() + rule.windowMs).toISOString());
}

/**
 * Counts the attempt first, in one statement that increments and returns the count, and only
 * then decides: of any number of attempts sent at once, at most `limit` get through a window.
 * Throws tooManyAttempts, with the seconds to wait, for the attempts past the limit.
 */
export async function consume(ctx: RateLimitContext, key: string, rule: RateLimitRule): Promise<void> {
  const window = await countHit(ctx, key, rule);
  if (window.hits > rule.limit) {
    const waitMs = new Date(window.resetAt).getTime() - ctx.clock().getTime();
    throw tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
  }
}

/**
 * A key whose variable part (an address, a username, an email: visitor text) is hashed, so a
 * key has the same short length whatever a visitor sends, and the table holds no personal data.
 * A per-address scope (one ending in `:ip`) counts the address's block: an IPv6 address by its
 * /64, which one host may hold whole, an IPv4-mapped one as the IPv4 address.
 */
export function limitKey(scope: string, value: string): string {
  const counted = scope.endsWith(':ip') ? addressBlock(value) : value;
  return `${scope}:${createHash('sha256').update(counted).digest('base64url').slice(0, 22)}`;
}

export function reset(ctx: RateLimitContext, key: string): Promise<void> {
  return repo.deleteWindow(ctx.db, key);
}

/** Drops the windows that ended. */
export function prune(ctx: RateLimitContext): Promise<void> {
  return repo.deleteEndedWindows(ctx.db, ctx.clock().toISOString());
}

/** Ended windows are dropped every PRUNE_INTERVAL_MS by one of the processes. */
export const pruneRateLimitsJob = jobKind('rate-limits.prune', { exclusive: true, maxAttempts: 3 });
export const rateLimitsPrune: Periodic = { kind: pruneRateLimitsJob, everyMs: PRUNE_INTERVAL_MS };
export const rateLimitsJobs = [handle(pruneRateLimitsJob, (ctx: AppContext) => prune(ctx))];
