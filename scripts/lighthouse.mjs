// npm run lighthouse: Lighthouse's mobile preset (simulated slow 4G, 4× CPU) on the portfolio `/`
// and on one photo page of a seeded site, served by the built server (run `npm run build` first).
// Prints the four category scores and LCP, TBT, CLS; exits 1 when a performance score is under 95
// (issue 14). A figure run, not a test: `npm test` never runs it.
//
//   npm run lighthouse                 the demo seed (24 photos)
//   npm run lighthouse -- --photos 200 a larger seed
//
// Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default): Lighthouse never downloads one.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const TARGET_PERFORMANCE = 95;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { photos: { type: 'string', default: '24' } } });

for (const file of ['dist/client/index.html', 'dist/server/main.js', 'dist/server/cli.js']) {
  if (!fs.existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run npm run build first.`);
    process.exit(2);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lighthouse-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// As `npm start` runs it (scripts/start.mjs), on a data folder of its own.
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', MALLOC_ARENA_MAX: '2' };

let server;
try {
  console.log(`Seeding ${values.photos} photos into ${dataDir}…`);
  const seed = spawnSync(process.execPath, [path.join(root, 'dist/server/cli.js'), 'seed', '--photos', values.photos], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seed.status !== 0) throw new Error(`the seed failed (exit ${seed.status})`);

  server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await fetch(`${baseUrl}/api/portfolio-owner`).then((response) => response.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const photos = await (await fetch(`${baseUrl}/api/photos`)).json();
  if (!photos[0]) throw new Error('the seeded site has no photo');

  const results = [];
  for (const page of ['/', `/photo/${photos[0].id}`]) {
    // A fresh browser for each page: nothing cached from the run before.
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(`${baseUrl}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      results.push({ page, lhr: result.lhr });
    } finally {
      await chrome.kill();
    }
  }

  let failed = false;
  console.log(`\nLighthouse ${results[0]?.lhr.lighthouseVersion}, mobile preset, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
  for (const { page, lhr } of results) {
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const performance = score('performance');
    failed ||= performance < TARGET_PERFORMANCE;
    console.log(`\n${page}`);
    console.log(`  ${CATEGORIES.map((id) => `${id} ${score(id)}`).join(', ')}`);
    console.log(
      `  LCP ${(metric('largest-contentful-paint') / 1000).toFixed(2)} s, TBT ${Math.round(metric('total-blocking-time'))} ms, ` +
        `CLS ${metric('cumulative-layout-shift').toFixed(3)}, FCP ${(metric('first-contentful-paint') / 1000).toFixed(2)} s`,
    );
    // What costs points, so a low score says where to look.
    const costly = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && (audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'binary'))
      .map((audit) => audit.id);
    if (costly.length > 0) console.log(`  below 0.9: ${costly.join(', ')}`);
  }
  if (failed) console.error(`\nA performance score is under ${TARGET_PERFORMANCE}.`);
  process.exitCode = failed ? 1 : 0;
} catch (error) {
  console.error(error);
  process.exitCode = 2;
} finally {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
