import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '#tests/api/support/wait.ts';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';
import { hit, schedulePruning } from './rate-limits.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const keys = async () => (await t.database.db.selectFrom('rateLimits').select('key').orderBy('key').execute()).map((row) => row.key);

describe('schedulePruning', () => {
  it('drops the windows that ended, on its interval, and stops when told', async () => {
    t = await createTestApp();
    const clock = createTestClock();
    const ctx = { db: t.database.db, clock, log: { info() {}, warn() {}, error() {} } };
    await hit(ctx, 'short', { limit: 1, windowMs: 1000 });
    await hit(ctx, 'long', { limit: 1, windowMs: 60 * 60 * 1000 });
    clock.advance(2000);

    const stop = schedulePruning(ctx, 10);
    try {
      await waitFor(async () => (await keys()).length === 1, 'the ended window is pruned');
      expect(await keys()).toEqual(['long']);
    } finally {
      stop();
    }
    clock.advance(2 * 60 * 60 * 1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await keys()).toEqual(['long']);
  });
});
