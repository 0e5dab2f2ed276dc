import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * API tests run once per database: always on SQLite, and on PostgreSQL when TEST_DATABASE_URL
 * is set (CI sets it). Unit tests run once.
 */
const apiTests = ['src/server/**/*.routes.test.ts', 'tests/api/**/*.test.ts'];
const dialects = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a 2-core CI runner), yet API tests spend
    // much of their time waiting on PostgreSQL, sharp and child processes: two keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/vitest-env.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: apiTests,
        },
      },
      ...dialects.map((dialect) => ({
        extends: true as const,
        test: {
          name: `api:${dialect}`,
          include: apiTests,
          env: { TEST_DIALECT: dialect },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      })),
    ],
  },
});
