/**
 * The visitor's side of `npm run bench` (issue 7): what the first load of the portfolio downloads
 * (JavaScript and CSS, gzipped, from the built files), the image bytes of a phone's first screen
 * and of a repeat visit (Debian's Chromium driven by Playwright), and Lighthouse's mobile preset on
 * the portfolio and on a photo page. Figures only: nothing here asserts a time.
 *
 * Standalone against a running server: `tsx bench/client.ts http://127.0.0.1:PORT [dist/client]`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { formatTable, round2, type BenchRow } from './report.ts';

const run = promisify(execFile);

/** Debian's Chromium: neither Playwright nor Lighthouse downloads a browser here. */
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
/** A phone's first screen (iPhone X size, 3 device pixels per CSS pixel). */
const PHONE = { width: 375, height: 812, deviceScaleFactor: 3 };

/** The visitor's targets: half the first load the client had on React DOM (90 KB), and Lighthouse's mobile preset at its best. */
const TARGETS = {
  jsKb: 45,
  cssKb: 20,
  aboveTheFoldKb: 350,
  score: 100,
  lcpSeconds: 1.5,
  cls: 0.02,
  /** Lighthouse's total blocking time on `/` and a photo page. */
  tbtMs: 50,
  /** Blocking while the 10,000-photo page loads on a phone at 4× CPU. */
  loadBlockingMs: 100,
};

const kb = (bytes: number) => round2(bytes / 1024);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Gzip (level 9) sizes of what the first page loads: every entry chunk, the chunks it imports
 * statically, and their CSS. Lazy chunks (dialogs, sign-in, the admin area) are not counted.
 * Same walk as scripts/bundle-size.mjs.
 */
export function firstLoadSizes(distClientDir: string): { jsGzip: number; cssGzip: number; files: string[] } {
  const manifestPath = path.join(distClientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  let jsGzip = 0;
  let cssGzip = 0;
  for (const file of files) {
    const gzip = zlib.gzipSync(fs.readFileSync(path.join(distClientDir, file)), { level: 9 }).length;
    if (file.endsWith('.css')) cssGzip += gzip;
    else jsGzip += gzip;
  }
  return { jsGzip, cssGzip, files: [...files].sort() };
}

/**
 * Bytes of image bodies that came over the network, counted from the DevTools protocol: a response
 * from the memory or disk cache counts nothing, a 304 only its headers.
 */
function countImageBytes(session: CDPSession): { bytes: () => number; requests: () => number } {
  const images = new Set<string>();
  let bytes = 0;
  let requests = 0;
  session.on('Network.responseReceived', (event) => {
    if (event.type === 'Image' && !event.response.fromDiskCache && !event.response.fromServiceWorker) {
      images.add(event.requestId);
    }
  });
  session.on('Network.loadingFinished', (event) => {
    if (!images.has(event.requestId)) return;
    images.delete(event.requestId);
    bytes += event.encodedDataLength;
    requests += 1;
  });
  return { bytes: () => bytes, requests: () => requests };
}

/** Waits until no request has been in flight for `quietMs` (Playwright's networkidle is 500 ms). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Images the page decides on after its first paint (srcset, a layout pass) start by then.
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
}

/** Above-the-fold image bytes on a phone, before any scroll; then the same page visited again. */
export async function phoneImageBytes(browser: Browser, url: string): Promise<{ first: number; firstRequests: number; repeat: number; repeatRequests: number }> {
  const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    const first = countImageBytes(session);
    await page.goto(url, { waitUntil: 'load' });
    await settle(page);
    const firstBytes = first.bytes();
    const firstRequests = first.requests();

    // A later visit in the same browser: a new navigation, the HTTP cache kept.
    const repeatPage = await context.newPage();
    const repeatSession = await context.newCDPSession(repeatPage);
    await repeatSession.send('Network.enable');
    const repeat = countImageBytes(repeatSession);
    await repeatPage.goto(url, { waitUntil: 'load' });
    await settle(repeatPage);
    return { first: firstBytes, firstRequests, repeat: repeat.bytes(), repeatRequests: repeat.requests() };
  } finally {
    await context.close();
  }
}

export interface LighthouseFigures {
  score: number;
  lcpSeconds: number;
  cls: number;
  tbtMs: number;
  lcpElement?: string;
}

/** Lighthouse's default (mobile, simulated throttling) performance run, through its CLI. */
export async function lighthouse(url: string): Promise<LighthouseFigures> {
  // bench/tools' own install (bench/ensure-tools.mjs), not the project's.
  const bin = path.join(import.meta.dirname, 'tools', 'node_modules', '.bin', 'lighthouse');
  const { stdout } = await run(
    bin,
    [url, '--only-categories=performance', '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }>;
  };
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpSeconds: round2(audit('largest-contentful-paint') / 1000),
    cls: round2(audit('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(audit('total-blocking-time')),
    lcpElement: report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
  };
}

function lighthouseRows(page: string, figures: LighthouseFigures): BenchRow[] {
  return [
    { name: `Lighthouse mobile ${page}: performance`, figure: figures.score, unit: 'score', target: `≥ ${TARGETS.score}`, met: figures.score >= TARGETS.score },
    {
      name: `Lighthouse mobile ${page}: LCP`,
      figure: figures.lcpSeconds,
      unit: 's',
      target: `≤ ${TARGETS.lcpSeconds} s`,
      met: figures.lcpSeconds <= TARGETS.lcpSeconds,
      ...(figures.lcpElement ? { note: `LCP element ${figures.lcpElement}` } : {}),
    },
    { name: `Lighthouse mobile ${page}: CLS`, figure: figures.cls, unit: '', target: `≤ ${TARGETS.cls}`, met: figures.cls <= TARGETS.cls },
    { name: `Lighthouse mobile ${page}: TBT`, figure: figures.tbtMs, unit: 'ms', target: `≤ ${TARGETS.tbtMs} ms`, met: figures.tbtMs <= TARGETS.tbtMs },
  ];
}

/** The first photo of the portfolio, for the photo page's rows. */
async function firstPhotoId(baseUrl: string): Promise<number | undefined> {
  const response = await fetch(new URL('/api/photos', baseUrl));
  if (!response.ok) return undefined;
  const photos = (await response.json()) as { id: number }[];
  return photos[0]?.id;
}

export async function clientRows(options: { baseUrl: string; distClientDir: string }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const sizes = firstLoadSizes(options.distClientDir);
  rows.push(
    {
      name: "Visitor's first load: JavaScript",
      figure: kb(sizes.jsGzip),
      unit: 'KB gzip',
      target: `≤ ${TARGETS.jsKb} KB`,
      met: sizes.jsGzip <= TARGETS.jsKb * 1024,
      note: `${sizes.files.filter((file) => file.endsWith('.js')).length} files, gzip level 9, lazy chunks not counted`,
    },
    { name: "Visitor's first load: CSS", figure: kb(sizes.cssGzip), unit: 'KB gzip', target: `≤ ${TARGETS.cssKb} KB`, met: sizes.cssGzip <= TARGETS.cssKb * 1024 },
  );

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const images = await phoneImageBytes(browser, options.baseUrl);
    rows.push(
      {
        name: `Above-the-fold image bytes, phone ${PHONE.width}×${PHONE.height} @${PHONE.deviceScaleFactor}x`,
        figure: kb(images.first),
        unit: 'KB',
        target: `≤ ${TARGETS.aboveTheFoldKb} KB`,
        met: images.first <= TARGETS.aboveTheFoldKb * 1024,
        note: `${images.firstRequests} images before any scroll`,
      },
      {
        name: 'Repeat visit image bytes',
        figure: kb(images.repeat),
        unit: 'KB',
        target: '0 (served from cache)',
        met: images.repeat === 0,
        ...(images.repeatRequests ? { note: `${images.repeatRequests} images went to the network` } : {}),
      },
    );
  } finally {
    await browser.close();
  }

  rows.push(...lighthouseRows('/', await lighthouse(options.baseUrl)));
  const photoId = await firstPhotoId(options.baseUrl);
  if (photoId === undefined) {
    rows.push({ name: 'Lighthouse mobile /photo/<id>', figure: 0, unit: 'score', target: `≥ ${TARGETS.score}`, met: false, note: 'the site has no photo' });
  } else {
    rows.push(...lighthouseRows(`/photo/${photoId}`, await lighthouse(new URL(`/photo/${photoId}`, options.baseUrl).href)));
  }
  return rows;
}

/**
 * A site of thousands of photos on a phone, its CPU slowed 4× as Lighthouse's mobile preset does:
 * how many tiles the page draws and images it fetches before any scroll, and how long the main
 * thread is blocked while it loads and while it is scrolled through (drawing batches as it goes).
 */
export async function largePortfolioRows(baseUrl: string, photoCount: number): Promise<BenchRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const images = countImageBytes(session);
    const takeLongTasks = () =>
      page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
    const blocking = (tasks: number[]) => Math.round(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0));

    await page.goto(baseUrl, { waitUntil: 'load' });
    await settle(page);
    const loadTasks = await takeLongTasks();
    const tilesDrawn = await page.locator('section li').count();
    const onFirstScreen = await page.evaluate(
      () => [...document.querySelectorAll('section li img')].filter((img) => img.getBoundingClientRect().top < window.innerHeight).length,
    );
    const imageRequests = images.requests();
    const imageBytes = images.bytes();

    const screens = 30;
    for (let screen = 0; screen < screens; screen += 1) {
      await page.mouse.wheel(0, PHONE.height);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(500);
    const scrollTasks = await takeLongTasks();
    const tilesAfterScroll = await page.locator('section li').count();
    await context.close();

    const longestScrollTask = Math.round(Math.max(0, ...scrollTasks));
    return [
      {
        name: `${photoCount.toLocaleString('en')} photos, phone: tiles drawn at load`,
        figure: tilesDrawn,
        unit: 'tiles',
        target: 'a few screens, not the whole site',
        met: tilesDrawn <= 200 && tilesDrawn < photoCount,
        note: `${tilesAfterScroll} after ${screens} screens of scrolling`,
      },
      {
        name: `${photoCount.toLocaleString('en')} photos, phone: images fetched before any scroll`,
        figure: imageRequests,
        unit: 'images',
        baseline: { name: 'tiles on the first screen', figure: onFirstScreen },
        target: `only the first screens' (lazy margin), ≤ ${TARGETS.aboveTheFoldKb} KB`,
        met: imageRequests <= tilesDrawn && imageBytes <= TARGETS.aboveTheFoldKb * 1024,
        note: `${kb(imageBytes)} KB; the browser also fetches lazy images within its lazy-load margin below the screen`,
      },
      {
        name: `${photoCount.toLocaleString('en')} photos, phone 4× CPU: blocking time while loading`,
        figure: blocking(loadTasks),
        unit: 'ms',
        target: `≤ ${TARGETS.loadBlockingMs} ms`,
        met: blocking(loadTasks) <= TARGETS.loadBlockingMs,
        note: `${loadTasks.length} long tasks, the longest ${Math.round(Math.max(0, ...loadTasks))} ms`,
      },
      {
        name: `${photoCount.toLocaleString('en')} photos, phone 4× CPU: longest task while scrolling ${screens} screens`,
        figure: longestScrollTask,
        unit: 'ms',
        target: '≤ 50 ms (issue 17)',
        met: longestScrollTask <= 50,
        note: `${scrollTasks.length} long tasks, ${blocking(scrollTasks)} ms blocking in all`,
      },
    ];
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2];
  if (!baseUrl) {
    console.error('usage: tsx bench/client.ts http://127.0.0.1:PORT [dist/client]');
    process.exit(2);
  }
  const distClientDir = path.resolve(process.argv[3] ?? path.join(import.meta.dirname, '..', 'dist', 'client'));
  const rows = await clientRows({ baseUrl, distClientDir });
  console.log(formatTable(rows));
  console.log(`(${os.cpus().length} cores, ${new Date().toISOString()})`);
}
