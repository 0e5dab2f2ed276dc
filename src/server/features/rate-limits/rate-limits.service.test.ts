import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';
import { hit, PRUNE_INTERVAL_MS } from './rate-limits.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const keys = async () => (await t.database.db.selectFrom('rateLimits').select('key').orderBy('key').execute()).map((row) => row.key);

describe('pruning', () => {
  it('drops the windows that ended, once an interval has passed, in a periodic job', async () => {
    const clock = createTestClock();
    t = await createTestApp({ clock });
    await hit(t.ctx, 'short', { limit: 1, windowMs: 1000 });
    await hit(t.ctx, 'long', { limit: 1, windowMs: 2 * PRUNE_INTERVAL_MS });
    clock.advance(2000);
    await t.runJobs();
    expect(await keys()).toEqual(['long', 'short']);

    clock.advance(PRUNE_INTERVAL_MS);
    await t.runJobs();
    expect(await keys()).toEqual(['long']);
  });
});
