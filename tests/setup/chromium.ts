/**
 * Debian's Chromium (`apt-get install chromium`), for Playwright and Vitest's browser mode alike:
 * no test tool downloads a browser of its own.
 */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
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
