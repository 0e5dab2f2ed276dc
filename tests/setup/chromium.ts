import fs from 'node:fs';

/**
 * Debian's Chromium, for Playwright and Vitest's browser mode alike: no test tool downloads a
 * browser of its own. The tests drive its headless shell (`apt-get install
 * chromium-headless-shell`), the build Playwright itself runs headless: the full browser, started
 * headless, gave every new page a renderer of its own window's UI and rastered through SwiftShader
 * (flags its launcher adds), and the browser tests took 19 minutes on CI where the shell takes 13.
 * Without the shell the full browser still runs them.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const chromiumLaunchOptions = {
  executablePath: fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
