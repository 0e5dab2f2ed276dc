import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTENER_NAME, notifyingTables, QUIET_TABLES } from '#server/db/change-notices.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { waitFor } from '#tests/api/support/wait.ts';
import { databaseUrlOf } from '#tests/setup/postgres-admin.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * With change notices on (docs/decisions/0015), on PostgreSQL the kept lists and pages follow the
 * database's own change notices. A write by this instance shows on its next answer; one by
 * another process (here a second handle on the same database, a pool and a listener of its own,
 * as another instance has) once its notice is heard; and while nothing listens, every request
 * reads the snapshot again, so nothing stale is served meanwhile.
 */
const onPostgres = process.env.TEST_DIALECT === 'postgres';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp({ changeNotices: true, ...options });
  cleanups.push(() => t.close());
  return t;
}

/** Another process on the same database: its writes pass through nothing of the app's. */
async function anotherInstance(t: TestApp): Promise<DatabaseHandle> {
  const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)).rows[0]!;
  const other = openDatabase({ databaseUrl: databaseUrlOf(process.env.TEST_DATABASE_URL!, name), sqlitePath: '', poolSize: 1, changeNotices: true });
  cleanups.push(() => other.destroy());
  return other;
}

const notices = (t: TestApp) => t.database.changeNotices!;

/** Asks for a data version, which starts listening, and waits until the app listens. */
async function listening(t: TestApp): Promise<void> {
  await t.database.dataVersion();
  await waitFor(() => notices(t).listening, 'the app listening for change notices');
}

async function categoryNames(t: TestApp, etag?: string): Promise<{ status: number; etag: string; names: string[] }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/categories', headers: etag ? { 'if-none-match': etag } : {} });
  const names = response.statusCode === 200 ? response.json<Array<{ name: string }>>().map((category) => category.name) : [];
  return { status: response.statusCode, etag: String(response.headers.etag), names };
}

async function addCategory(t: TestApp, cookie: string, name: string): Promise<number> {
  const response = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { cookie }, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

describe.runIf(onPostgres)('the caches on PostgreSQL follow its change notices', () => {
  it('notifies from every table but the quiet ones', async () => {
    const t = await app({ owner: false });
    const { rows } = await sql<{ table: string }>`select tablename as "table" from pg_tables where schemaname = current_schema() order by 1`.execute(t.database.db);
    const expected = rows.map((row) => row.table).filter((table) => !QUIET_TABLES.includes(table));
    // A table made later notifies from its migration (notifyChangesOf), or joins QUIET_TABLES.
    expect(await notifyingTables(t.database.db)).toEqual(expected);
    expect(expected).toEqual(expect.arrayContaining(['photos', 'categories', 'users', 'gallery_links']));
  });

  it('answers from the cache while nothing changes, with no snapshot read per request', async () => {
    const t = await app();
    await listening(t);
    const first = await categoryNames(t);
    const version = await t.database.dataVersion();
    expect(version).toMatch(/^notice:\d+\.\d+$/);
    // A visitor's statistics, a sign-in's session, the jobs queue: quiet tables move nothing.
    const other = await anotherInstance(t);
    await other.db.insertInto('rateLimits').values({ key: 'change-notices:test', hits: 1, resetAt: new Date().toISOString() }).execute();
    await other.db.insertInto('statisticsSalts').values({ day: '2026-01-01', salt: 'salt' }).execute();
    await notices(t).settle();
    expect(await t.database.dataVersion()).toBe(version);
    expect((await categoryNames(t, first.etag)).status).toBe(304);
  });

  it("shows this instance's write on its very next answer, without waiting for the notice", async () => {
    const t = await app();
    const cookie = await t.signIn();
    await listening(t);
    // Each write answered, then read at once: the notice is still on its way through the server
    // when the read asks for the version; the version waits for it.
    for (let round = 1; round <= 15; round += 1) {
      const before = await categoryNames(t);
      await addCategory(t, cookie, `Round ${round}`);
      const after = await categoryNames(t, before.etag);
      expect(after.status, `round ${round}`).toBe(200);
      expect(after.names).toContain(`Round ${round}`);
    }
    // Written straight through the app's own pool (the command line in this process, a job): the same.
    const before = await categoryNames(t);
    await t.database.db.updateTable('categories').set({ name: 'Renamed in place' }).where('name', '=', 'Round 1').execute();
    expect((await categoryNames(t, before.etag)).names).toContain('Renamed in place');
  });

  // A notice is delivered only once every notice queued before it is committed: one database's
  // commit under way holds up the notices of every database on the server. This process's own
  // writes must not wait for theirs. Here the listening backend is stopped outright (SIGSTOP, as
  // the owner of the processes may), so no notice and no answer comes from it at all.
  it.runIf(process.getuid?.() === 0)("shows this instance's write at once while its notice is held up in the server", async () => {
    const t = await app();
    const cookie = await t.signIn();
    await listening(t);
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_NAME}`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    const listener = rows[0]!.pid;
    process.kill(listener, 'SIGSTOP');
    try {
      const before = await categoryNames(t);
      await addCategory(t, cookie, 'Held up');
      const after = await categoryNames(t, before.etag);
      expect(after.status).toBe(200);
      expect(after.names).toContain('Held up');
      // Answered from the count of its own writes, not from a round trip the stopped backend
      // would never answer: the listening connection is not given up for it.
      expect(notices(t).listening).toBe(true);
    } finally {
      process.kill(listener, 'SIGCONT');
    }
  });

  it("shows another instance's write on the next request once its notice is heard", async () => {
    const t = await app();
    const cookie = await t.signIn();
    await addCategory(t, cookie, 'Landscapes');
    await listening(t);
    const kept = await categoryNames(t);
    expect(kept.names).toEqual(['Landscapes']);
    const heard = notices(t).version();

    const other = await anotherInstance(t);
    await other.db.updateTable('categories').set({ name: 'Seascapes' }).where('name', '=', 'Landscapes').execute();
    await waitFor(() => notices(t).version() !== heard, 'the notice of the other instance heard');
    const next = await categoryNames(t, kept.etag);
    expect(next.status).toBe(200);
    expect(next.names).toEqual(['Seascapes']);
    // Undone by a statement that changes no row: no notice, the cache stays.
    const version = await t.database.dataVersion();
    await other.db.updateTable('categories').set({ name: 'Nothing' }).where('id', '<', 0).execute();
    await notices(t).settle();
    expect(await t.database.dataVersion()).toBe(version);
  });

  it('reads the snapshot per request while the listening connection is lost, and starts over when it listens again', async () => {
    // A retry an hour away: the loss lasts as long as the test needs it to.
    const t = await app({ listenRetryMs: 3_600_000 });
    const cookie = await t.signIn();
    await addCategory(t, cookie, 'Portraits');
    await listening(t);
    const kept = await categoryNames(t);
    const heard = await t.database.dataVersion();

    // Its connection ended by the server, as a restart, a failover or an administrator would.
    const other = await anotherInstance(t);
    const ended = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_NAME}`.execute(other.db);
    expect(ended.rows.map((row) => row.ended)).toEqual([true]);
    await waitFor(() => !notices(t).listening, 'the loss of the listening connection noticed');

    // No notice can arrive now: the next answer is right because the version is read per request.
    await other.db.updateTable('categories').set({ name: 'Faces' }).where('name', '=', 'Portraits').execute();
    const meanwhile = await categoryNames(t, kept.etag);
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.names).toEqual(['Faces']);
    expect(await t.database.dataVersion()).not.toMatch(/^notice:/);

    // Written while nobody listened, cached before the loss: listening again moves the version
    // once, so what was kept under the old one is not served.
    await other.db.updateTable('categories').set({ name: 'Figures' }).where('name', '=', 'Faces').execute();
    await notices(t).reconnect();
    expect(notices(t).listening).toBe(true);
    const now = await t.database.dataVersion();
    expect(now).toMatch(/^notice:\d+\.\d+$/);
    expect(now).not.toBe(heard);
    expect((await categoryNames(t, kept.etag)).names).toEqual(['Figures']);

    // And notices are heard again.
    const version = notices(t).version();
    await other.db.updateTable('categories').set({ name: 'Heads' }).where('name', '=', 'Figures').execute();
    await waitFor(() => notices(t).version() !== version, 'the next notice heard');
    expect((await categoryNames(t)).names).toEqual(['Heads']);
  });

  it('listens again by itself after a loss', async () => {
    const t = await app({ listenRetryMs: 20 });
    await listening(t);
    const heard = notices(t).version();
    const other = await anotherInstance(t);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_NAME}`.execute(other.db);
    await waitFor(() => notices(t).listening && notices(t).version() !== heard, 'listening again, with a new version');
  });
});

describe.runIf(!onPostgres)('the data version on SQLite', () => {
  it('is read on the connection, as before: no listener', async () => {
    const t = await app();
    expect(t.database.changeNotices).toBeNull();
    const version = await t.database.dataVersion();
    await t.database.db.updateTable('categories').set({ name: 'x' }).where('id', '<', 0).execute();
    expect(await t.database.dataVersion()).toBe(version);
  });
});
