import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe.runIf(process.env.TEST_DIALECT === 'postgres')('a PostgreSQL connection closed by the server', () => {
  // The pool had no 'error' listener: PostgreSQL ending an idle connection (a restart, a
  // failover, idle_session_timeout) threw an unhandled 'error' event and the server exited.
  it('is dropped from the pool, told to the listener, and the next request is answered', async () => {
    const t = await createTestApp();
    apps.push(t);
    const heard: Error[] = [];
    t.database.onConnectionError((error) => heard.push(error));
    expect((await t.app.inject('/api/categories')).statusCode).toBe(200);
    // The pool's idle connection, ended from another one, as an administrator or a restart would.
    const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.database.db)).rows[0]!;
    const other = await createTestApp({ owner: false });
    apps.push(other);
    await sql`select pg_terminate_backend(${pid})`.execute(other.database.db);
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect((await t.app.inject('/api/categories')).statusCode).toBe(200);
  });
});

describe('sites side by side in one PostgreSQL database', () => {
  // Kysely's migrator found another schema's kysely_migration table and skipped creating its
  // own, so the second site failed to start (found by tests/api/backup.test.ts, which needs two).
  it('migrates a schema while another schema already holds a migrated site', async () => {
    apps.push(await createTestApp({ fromScratch: true }));
    apps.push(await createTestApp({ owner: false, fromScratch: true }));
    const [first, second] = apps;
    expect((await first!.app.inject({ method: 'GET', url: '/api/portfolio-owner' })).statusCode).toBe(200);
    // The second site is its own: no owner yet.
    expect((await second!.app.inject({ method: 'GET', url: '/api/portfolio-owner' })).statusCode).toBe(404);
  });

  // Kysely reads every schema's tables before it migrates; a schema dropped during that read made
  // the start fail with "schema … does not exist" (seen when test files ran side by side).
  it('starts while other sites come and go in the same database', async () => {
    let churning = true;
    const churners = Array.from({ length: 2 }, async () => {
      while (churning) await (await createTestApp({ owner: false, fromScratch: true })).close();
    });
    try {
      for (let started = 0; started < 6; started++) apps.push(await createTestApp({ owner: false, fromScratch: true }));
    } finally {
      churning = false;
      await Promise.all(churners);
    }
    expect(apps).toHaveLength(6);
  });
});
