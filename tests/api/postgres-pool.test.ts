import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { api } from '#contract/routes.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** The database an app is on, and what a new site's first category is given. */
async function databaseOf(t: TestApp): Promise<string> {
  return (await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)).rows[0]!.name;
}

async function addCategory(t: TestApp, cookie: string, name: string): Promise<{ id: number }> {
  const response = await t.app.inject({ method: 'POST', url: api.categories, headers: { cookie }, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

// The test harness's own pool of PostgreSQL databases (tests/setup/postgres-pool.ts): every other
// API test trusts that the database it is given is the template's, whoever had it before.
describe.runIf(process.env.TEST_DIALECT === 'postgres')('a PostgreSQL test database given back to the pool', () => {
  it('is the next test’s, with the template’s rows and sequences, none of the last test’s', async () => {
    const first = await createTestApp();
    const name = await databaseOf(first);
    const cookie = await first.signIn();
    const made = await addCategory(first, cookie, 'Harbour');
    await addCategory(first, cookie, 'Orchard');
    const sessions = Number((await sql<{ n: string }>`select count(*) as n from sessions`.execute(first.database.db)).rows[0]!.n);
    expect(sessions).toBeGreaterThan(0);
    await first.close();

    const next = await createTestApp();
    try {
      expect(await databaseOf(next)).toBe(name);
      expect(Number((await sql<{ n: string }>`select count(*) as n from sessions`.execute(next.database.db)).rows[0]!.n)).toBe(0);
      const listed = (await next.app.inject({ method: 'GET', url: api.categories })).json<{ name: string }[]>();
      expect(listed.map((category) => category.name)).not.toContain('Harbour');
      // The owner of the template is there, and ids start where a fresh copy's would.
      const again = await addCategory(next, await next.signIn(), 'Harbour');
      expect(again.id).toBe(made.id);
    } finally {
      await next.close();
    }
  });

  it('is dropped instead when the test changed its schema', async () => {
    const first = await createTestApp();
    const name = await databaseOf(first);
    await sql`alter table categories add column test_only text`.execute(first.database.db);
    await first.close();

    const next = await createTestApp();
    try {
      expect(await databaseOf(next)).not.toBe(name);
      const left = await sql<{ name: string }>`select datname as name from pg_database where datname = ${name}`.execute(next.database.db);
      expect(left.rows).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
