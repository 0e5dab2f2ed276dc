import { sql } from 'kysely';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { tooManyAttempts } from '#server/lib/errors.ts';

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so every server process sharing it counts the
 * same hits, and a window always ends: nobody is locked out for good.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Throws 429 with Retry-After when the key has used up its window. */
  async check(key: string, rule: RateLimitRule): Promise<void> {
    const row = await this.db
      .selectFrom('rateLimits')
      .select(['hits', 'resetAt'])
      .where('key', '=', key)
      .executeTakeFirst();
    const now = this.clock();
    if (row && row.hits >= rule.limit && new Date(row.resetAt) > now) {
      throw tooManyAttempts(Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - now.getTime()) / 1000)));
    }
  }

  /** Counts one hit atomically and returns the count in the current window. */
  async hit(key: string, rule: RateLimitRule): Promise<number> {
    const now = this.clock();
    const nowIso = now.toISOString();
    const resetAt = new Date(now.getTime() + rule.windowMs).toISOString();
    const row = await this.db
      .insertInto('rateLimits')
      .values({ key, hits: 1, resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.hits + 1 end`,
          resetAt: sql<string>`case when rate_limits.reset_at <= ${nowIso} then ${resetAt} else rate_limits.reset_at end`,
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return row.hits;
  }

  /** Counts a hit and throws 429 once the limit is passed. */
  async consume(key: string, rule: RateLimitRule): Promise<void> {
    await this.check(key, rule);
    await this.hit(key, rule);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rateLimits').where('key', '=', key).execute();
  }

  /** Drops windows that ended; called now and then so the table stays small. */
  async prune(): Promise<void> {
    await this.db.deleteFrom('rateLimits').where('resetAt', '<=', this.clock().toISOString()).execute();
  }
}
