import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type FileChooser, type Page } from '@playwright/test';
import { api } from '#contract/routes.ts';

/**
 * A desktop Chrome's user agent. The tests' own Chromium says HeadlessChrome, which the server
 * takes for a bot, as isbot does: never counted in the statistics, and never given a gallery's
 * page drawn with its photos (a bot's request is a chat's link preview, which must not record a visit).
 */
export const PERSONS_BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

export const OWNER_USERNAME = 'owner';
export const OWNER_PASSWORD = 'correct horse battery staple';

const serverEntry = path.resolve(import.meta.dirname, '../../dist/server/main.js');

export interface TestServer {
  baseURL: string;
  dataDir: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

/** Polls until the API answers (401: nobody signed in), or the process dies, or time runs out. */
async function waitUntilReady(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  // A hang guard: a loaded 2-core machine can take tens of seconds to start a server.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/auth/user`);
      if (response.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer on ${baseURL} within 90 s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export const test = base.extend<object, { server: TestServer; serverHost: string }>({
  /**
   * The host name of the server's address and PUBLIC_URL. Passkey tests use `localhost`: a
   * WebAuthn relying party is a domain, never an IP address.
   */
  serverHost: ['127.0.0.1', { scope: 'worker', option: true }],
  // One real built server per worker, on its own port with a fresh data directory.
  server: [
    async ({ serverHost }, use) => {
      if (!fs.existsSync(serverEntry)) {
        throw new Error(`${serverEntry} is missing: run \`npm run build\` first.`);
      }
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
      const port = await freePort();
      const baseURL = `http://${serverHost}:${port}`;
      const child = spawn(process.execPath, [serverEntry], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          OWNER_USERNAME,
          OWNER_PASSWORD,
          PUBLIC_URL: baseURL,
          LOG_LEVEL: 'warn',
          // The webhook tests' receiver listens on loopback, which a site refuses by default.
          WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const collect = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-10_000);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);

      try {
        await waitUntilReady(baseURL, child, () => output);
        await use({ baseURL, dataDir });
      } finally {
        await stop(child);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect };

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signInAsOwner(page: Page): Promise<void> {
  const response = await page.request.post(api.login, {
    data: { username: OWNER_USERNAME, password: OWNER_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The toasts on screen: list items of Radix's "Notifications (F8)" region. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
}

/**
 * The file chooser `action` opens. Playwright asks the browser to intercept choosers when the
 * first listener is added, without waiting for its answer: a key pressed at once could open a
 * chooser the browser did not hand over (the file input was clicked, no event came). A round trip
 * through the page after adding the listener makes sure interception is on before the action.
 */
export async function fileChooserOpenedBy(page: Page, action: () => Promise<void>): Promise<FileChooser> {
  const chooser = page.waitForEvent('filechooser');
  await page.evaluate(() => undefined);
  await action();
  return chooser;
}
