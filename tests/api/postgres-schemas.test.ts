import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe('sites side by side in one PostgreSQL database', () => {
  // Kysely's migrator found another schema's kysely_migration table and skipped creating its
  // own, so the second site failed to start (found by tests/api/backup.test.ts, which needs two).
  it('migrates a schema while another schema already holds a migrated site', async () => {
    apps.push(await createTestApp());
    apps.push(await createTestApp({ owner: false }));
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
      while (churning) await (await createTestApp({ owner: false })).close();
    });
    try {
      for (let started = 0; started < 6; started++) apps.push(await createTestApp({ owner: false }));
    } finally {
      churning = false;
      await Promise.all(churners);
    }
    expect(apps).toHaveLength(6);
  });
});
