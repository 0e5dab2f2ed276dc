import os from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import type { Alias } from 'vite';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from '#tests/setup/chromium.ts';
import { clientOnPreact, preactDependencies, reactOnPreact } from './scripts/react-on-preact.ts';

/**
 * API tests run once per database: always on SQLite, and on PostgreSQL when TEST_DATABASE_URL
 * is set (CI sets it). Unit tests run once. Component tests (*.browser.test.tsx) render the real
 * client in Debian's Chromium through Vitest's browser mode, against answers built from the
 * contract (tests/browser/contract-fetch.ts) instead of a server.
 */
const apiTests = ['src/server/**/*.routes.test.ts', 'tests/api/**/*.test.ts', 'tests/integrations/**/*.test.ts'];
const dialects = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * Tests whose work is a file's: images through sharp, libheif and LibRaw, video and audio through
 * ffmpeg, a plug-in or the command line in a child process. The database only keeps their rows,
 * as every other API test does on both, so `npm test` runs them on SQLite and `npm run test:long`
 * on PostgreSQL too (TEST_LONG=1): on PostgreSQL they were a tenth of the project's time.
 */
const MEDIA = { name: 'media', description: 'work done on files (images, video, audio, a plug-in, the command line); on PostgreSQL in test:long only' };

const PREACT_SHIM_TEST = 'tests/browser/react-on-preact.browser.test.tsx';

/** Component tests in Debian's Chromium, on the renderer the aliases name. */
function browserProject(name: string, options: { include?: string[]; exclude?: string[]; alias: Alias[] }) {
  const onPreact = options.alias.length > 0;
  return {
    plugins: [lingui({ macroTransform: true }), react(), tailwindcss()],
    // Bundled before the first test: found mid-run, Vite would reload the page under a test.
    optimizeDeps: { include: ['axe-core', '@lingui/core', '@lingui/react', ...(onPreact ? preactDependencies : ['react', 'react-dom/client'])] },
    resolve: { alias: options.alias },
    test: {
      name,
      include: options.include ?? ['tests/browser/**/*.browser.test.tsx'],
      exclude: options.exclude ?? [],
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: chromiumLaunchOptions }),
        instances: [{ browser: 'chromium' as const }],
        viewport: { width: 1280, height: 800 },
        // One page renders a whole app: a screenshot on failure says more than the DOM dump.
        screenshotFailures: true,
        screenshotDirectory: 'test-results/vitest-browser',
      },
    },
  };
}

export default defineConfig({
  // Lingui's macros in the client's code, for the unit tests that import it (the browser projects list their own).
  plugins: [lingui({ macroTransform: true })],
  test: {
    // Vitest's default leaves a core free (one worker on a 2-core CI runner), yet API tests spend
    // much of their time waiting on PostgreSQL, sharp and child processes: two keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Files of a worker share its module cache: each API file imported the whole server again
    // (about a second a file, 150 s a run). No test mocks a module, and what a module keeps
    // (the password cost for tests) is put back by the test that changed it.
    isolate: false,
    // A hang guard, not a speed check: on a 2-core machine shared with other runs a sound test
    // took 5-30 s where it takes 1 s alone. Speed is measured by the phases' times (CI) and the
    // benchmarks, never by a test's limit.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/setup/global-setup.ts'],
    tags: [MEDIA],
    reporters: ['default', './tests/setup/project-times-reporter.ts'],
    setupFiles: ['tests/setup/vitest-env.ts'],
    attachmentsDir: 'test-results/vitest-attachments',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: apiTests,
        },
      },
      browserProject('browser', { exclude: [PREACT_SHIM_TEST], alias: clientOnPreact ? reactOnPreact : [] }),
      // The shim that lets Preact run the client (docs/decisions/0014) is tested on Preact whichever
      // renderer the build uses.
      browserProject('browser:preact', { include: [PREACT_SHIM_TEST], alias: reactOnPreact }),
      ...dialects.map((dialect) => ({
        extends: true as const,
        test: {
          name: `api:${dialect}`,
          include: apiTests,
          tags: [{ ...MEDIA, skip: dialect === 'postgres' && !process.env.TEST_LONG }],
          env: { TEST_DIALECT: dialect },
        },
      })),
    ],
  },
});
