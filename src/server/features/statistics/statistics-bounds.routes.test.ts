import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '#tests/setup/test-app.ts';
import { OTHER_SUBJECT, ROWS_PER_DAY } from './statistics.repository.ts';
import { createRecorder, EVENTS_PER_ADDRESS_PER_DAY, VISITORS_PER_ADDRESS_PER_DAY, type Recorder } from './statistics.service.ts';

/** What fake hits can add: per address and day, and per day whoever sends them. */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const DAY = '2026-06-01';
const clock = () => createTestClock(new Date(`${DAY}T08:00:00Z`));
const agentOf = (index: number) => `Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0 fake-${index}`;

async function rowsOf(day = DAY) {
  return t.database.db.selectFrom('statisticsDaily').select(['kind', 'subject', 'count']).where('day', '=', day).execute();
}
async function visitorsOf(day = DAY) {
  const rows = await t.database.db.selectFrom('statisticsVisitors').select('visitor').where('day', '=', day).execute();
  return rows.length;
}
const total = (rows: Array<{ count: number | string }>) => rows.reduce((sum, row) => sum + Number(row.count), 0);

describe('what fake statistics hits can add', () => {
  it('one address: 10,000 hits, each with a new user agent and a new photo, add at most its day’s events and visitors', async () => {
    const time = clock();
    t = await createTestApp({ clock: time });
    const recorder: Recorder = createRecorder(t.ctx);
    for (let index = 0; index < 10_000; index++) {
      recorder.record({ address: '198.51.100.66', userAgent: agentOf(index) }, [{ kind: 'viewer', subject: String(100_000 + index) }]);
    }
    // The same from one IPv6 /64, a new address each time: one budget.
    for (let index = 0; index < 10_000; index++) {
      recorder.record({ address: `2001:db8:66:1:${(index + 1).toString(16)}::1`, userAgent: agentOf(index) }, [{ kind: 'viewer', subject: String(200_000 + index) }]);
    }
    // A real visitor from elsewhere still counts.
    recorder.record({ address: '203.0.113.9', userAgent: agentOf(1) }, [{ kind: 'page', subject: '/' }]);
    await recorder.flush();

    const rows = await rowsOf();
    expect(rows.length).toBe(2 * EVENTS_PER_ADDRESS_PER_DAY + 1);
    expect(await visitorsOf()).toBe(2 * VISITORS_PER_ADDRESS_PER_DAY + 1);
    expect(rows).toContainEqual(expect.objectContaining({ kind: 'page', subject: '/' }));

    // A new day, a new budget.
    time.advance(24 * 60 * 60 * 1000);
    recorder.record({ address: '198.51.100.66', userAgent: agentOf(0) }, [{ kind: 'page', subject: '/' }]);
    await recorder.flush();
    expect(await rowsOf('2026-06-02')).toHaveLength(1);
  });

  it(`a day holds at most ${ROWS_PER_DAY} counts: the new subjects past it are counted under "${OTHER_SUBJECT}"`, async () => {
    t = await createTestApp({ clock: clock() });
    const recorder = createRecorder(t.ctx);
    const sent = ROWS_PER_DAY + 2000;
    for (let index = 0; index < sent; index++) {
      const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
      recorder.record({ address, userAgent: agentOf(0) }, [{ kind: 'referrer', subject: `site-${index}.example` }]);
      // The first subjects keep counting once the day is full.
      if (index === sent - 1) recorder.record({ address, userAgent: agentOf(0) }, [{ kind: 'referrer', subject: 'site-0.example' }]);
    }
    await recorder.flush();

    const rows = await rowsOf();
    expect(rows.length).toBe(ROWS_PER_DAY + 1);
    const other = rows.find((row) => row.subject === OTHER_SUBJECT);
    expect(Number(other?.count)).toBe(2000);
    expect(Number(rows.find((row) => row.subject === 'site-0.example')?.count)).toBe(2);
    // Every hit is still counted, in its own row or under the other.
    expect(total(rows)).toBe(sent + 1);
  });
});
