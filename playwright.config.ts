import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '#tests/setup/chromium.ts';

// Debian's Chromium; Playwright never downloads a browser of its own here.
const chromium = {
  browserName: 'chromium' as const,
  headless: true,
  launchOptions: chromiumLaunchOptions,
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Each worker starts its own server (tests/e2e/fixtures.ts); two fit a 2-core machine. A test
  // builds the data it needs through the API on its worker's server, after clearing what an
  // earlier test left (the `owner` fixture, clearContent), and puts back any setting it changed;
  // so tests, not files, are spread over the workers, and `--shard=i/n` splits them over machines.
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retry, on CI either: a test that fails under load is a bug to fix, not a flake to hide.
  retries: 0,
  reporter: 'list',
  // The 10,000-photo portfolio and the 1,000-photo upload take minutes: `npm run test:long` runs
  // them (E2E_LARGE=1), `npm test` does not.
  ...(process.env.E2E_LARGE ? {} : { grepInvert: /@large/ }),
  // Hang guards, not speed checks: on a 2-core machine shared with other runs, a journey that
  // takes 10 s alone took over 30 (the gallery's, at load 30), and a screen 10 s to redraw.
  // Speed is measured by CI's phase times and the benchmarks, never by a test's limit.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    ...chromium,
    // No trace unless asked for (E2E_TRACE=1): kept only on a failure, it is still recorded for
    // every test (DOM snapshots, network, console), and recording took a fifth of the browser tests'
    // time (5 tests: 29.5 s with it, 23.0 without). A failure shows its call log and a screenshot;
    // run the failing spec again with E2E_TRACE=1 for the whole trace. Never the screencast: its
    // frames cost as much CPU as the tests themselves.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      // What a phone changes: layouts, touch, the viewer's gestures and axe at 375 px; a test (or a
      // describe) says it is one of those with the @phone tag. The admin's dialogs, drags and forms
      // behave the same at any width (the touch drags run in the desktop project under their own
      // 375 px touch viewport), so running them twice only doubles the wait.
      grep: /@phone/,
      // The long client journeys (a gallery delivered, proofed, commented; the owner's full
      // session) run at 375 px in `npm run test:long` only: `npm test` runs them on the desktop,
      // and keeps the phone for what a phone changes. Tagged `@phone-journey`.
      ...(process.env.E2E_LARGE ? {} : { grepInvert: /@phone-journey/ }),
      use: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
});
