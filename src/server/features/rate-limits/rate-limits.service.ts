import type { AppContext } from '#server/app-context.ts';
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

/** Throws tooManyAttempts, with the seconds to wait, when the key has used up its window. */
export async function check(ctx: RateLimitContext, key: string, rule: RateLimitRule): Promise<void> {
  const row = await repo.findWindow(ctx.db, key);
  const now = ctx.clock();
  if (row && row.hits >= rule.limit && new Date(row.resetAt) > now) {
    throw tooManyAttempts(Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - now.getTime()) / 1000)));
  }
}

/** Counts one hit atomically and returns the count in the current window. */
export async function hit(ctx: RateLimitContext, key: string, rule: RateLimitRule): Promise<number> {
  const now = ctx.clock();
  return repo.countHit(ctx.db, key, now.toISOString(), new Date(now.getTime() + rule.windowMs).toISOString());
}

/** Counts a hit, and throws tooManyAttempts once the limit is passed. */
export async function consume(ctx: RateLimitContext, key: string, rule: RateLimitRule): Promise<void> {
  await check(ctx, key, rule);
  await hit(ctx, key, rule);
}

export function reset(ctx: RateLimitContext, key: string): Promise<void> {
  return repo.deleteWindow(ctx.db, key);
}

/** Drops the windows that ended. */
export function prune(ctx: RateLimitContext): Promise<void> {
  return repo.deleteEndedWindows(ctx.db, ctx.clock().toISOString());
}

/**
 * Prunes every `intervalMs` until the returned function is called. The timer does not keep the
 * process alive, and a failed prune is logged and tried again next time.
 */
export function schedulePruning(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, intervalMs = PRUNE_INTERVAL_MS): () => void {
  const timer = setInterval(() => {
    prune(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'pruning the rate limits failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
