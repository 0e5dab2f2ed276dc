/**
 * `npm run bench`: figures, not assertions (DESIGN §8). Each row is measured against its baseline
 * in the same run, since this machine is shared and noisy: absolute figures drift, ratios hold.
 * The built server runs as a process of its own (a temporary DATA_DIR, started as `npm start`
 * starts it); load comes from another process over loopback; nginx (Debian's package) serves the
 * same bytes from files and a bare node:http server answers the same JSON. The rows that touch
 * the database run once per engine of `--database sqlite|postgres|both` (default both): first on
 * SQLite, then on a PostgreSQL database of the bench's own (bench/database.ts), named
 * "… (PostgreSQL)"; the rows that do not run once. `npm run bench -- database-rows` runs only the
 * rows that touch the database. Prints one table and writes it, with the machine, to
 * bench/results/latest.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { hugePng } from '#tests/fixtures/images.ts';
import { clientRows, largePortfolioRows } from './client.ts';
import { createStore, ENGINE_NAME, enginesFromArgs, engineVersion, modeFromArgs, postgresServerName, type BenchStore, type Engine } from './database.ts';
import { ensureNginx, startNginx, type RunningNginx } from './nginx.ts';
import { loadTest, type LoadResult, type LoadSpec } from './load.ts';
import { cameraRows } from './camera-decode.ts';
import { videoRows } from './video-transcode.ts';
import { galleryZipRows } from './gallery-zip.ts';
import { writeFixtures } from './photo-fixtures.ts';
import { formatTable, ratioOf, round2, type BenchRow } from './report.ts';
import { buildClient, buildServer, freePort, memoryOf, startServer, type RunningServer } from './server-process.ts';
import { sharpBaseline } from './sharp-baseline.ts';
import { loadUploadClient } from './upload-client.ts';
import { fillSite } from './site-data.ts';

const FIXTURES = 3;
/** Uploads timed for the throughput row: the fixtures twice over, two requests at a time. */
const TIMED_UPLOADS = 6;
const IMAGE_CONCURRENCY = 2;
const AT_ONCE = 20;
/** Photos of the one selection sent through the admin's batching client. */
const SELECTION = 200;
const LISTED_PHOTOS = 1000;
const LISTED_CATEGORIES = 4;
const SCALE_PHOTOS = 10_000;
const SCALE_CATEGORIES = 100;
const LOAD_SECONDS = 5;
const CONNECTIONS = 10;
const SCALE_CONNECTIONS = 50;
const VISITORS = 200;
const MIXED_SECONDS = 60;
/** What a browser sends: the site's answers to browsers are compressed where it pays. */
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };
const OWNER = { username: 'bench', password: 'bench-password' };
/** As scripts/start.mjs starts the server: glibc's malloc settings, the ones deployed. */
const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576', NODE_OPTIONS: '--max-semi-space-size=16' };
const benchDir = import.meta.dirname;
const resultsDir = path.join(benchDir, 'results');

const mb = (kb: number) => Math.round(kb / 1024);
const log = (line: string) => process.stderr.write(`${line}\n`);
const rps = (result: LoadResult) => result.requestsPerSecond;

function loadNote(result: LoadResult): string | undefined {
  const failures = result.errors + result.failedAnswers;
  return failures ? `${result.errors} errors, ${result.failedAnswers} failed answers (${JSON.stringify(result.statusCounts)})` : undefined;
}

/** A throughput row: figure ÷ baseline against a minimum ratio. */
function throughputRow(name: string, figure: LoadResult, baselineName: string, baseline: LoadResult, minimum: number): BenchRow {
  // A baseline that answers errors (a 403, a 404) would make any figure look slow.
  if (baseline.errors + baseline.failedAnswers > 0 || baseline.requests === 0) {
    throw new Error(`the baseline "${baselineName}" failed: ${loadNote(baseline) ?? 'no requests'}`);
  }
  const ratio = ratioOf(rps(figure), rps(baseline));
  const failures = figure.errors + figure.failedAnswers;
  return {
    name,
    figure: rps(figure),
    unit: 'req/s',
    baseline: { name: baselineName, figure: rps(baseline) },
    ratio,
    target: `≥ ${minimum} × ${baselineName}`,
    met: ratio >= minimum && failures === 0,
    note: loadNote(figure),
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

interface UploadedPhoto {
  id: number;
  title: string;
  filename: string;
  thumbnail: string;
  version: number;
  variants: Array<{ filename: string }>;
}

/** One file through POST /api/photos/upload, as the admin page sends it. */
async function upload(baseUrl: string, cookie: string, file: string, name = path.basename(file), categoryId?: number): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append('photos', await fs.openAsBlob(file, { type: 'image/jpeg' }), name);
  const query = categoryId === undefined ? '' : `?categoryId=${categoryId}`;
  const response = await fetch(`${baseUrl}/api/photos/upload${query}`, { method: 'POST', headers: { cookie }, body: form });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${body}`);
  return (JSON.parse(body) as { photos: UploadedPhoto[] }).photos[0]!;
}

/** The highest VmRSS seen while `work` runs, sampled every 20 ms. */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakKb: number }> {
  let peakKb = memoryOf(pid).rss;
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, memoryOf(pid).rss);
  }, 20);
  try {
    return { result: await work(), peakKb };
  } finally {
    clearInterval(timer);
    peakKb = Math.max(peakKb, memoryOf(pid).rss);
  }
}

/** Runs `work` for each item, `concurrency` at a time. */
async function inTurns<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        await work(items[index]!, index);
      }
    }),
  );
}

function startBenchServer(mainJs: string, dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(mainJs, {
    DATABASE_URL: '',
    ...env,
    ...SERVER_ENV,
    IMAGE_CONCURRENCY: String(IMAGE_CONCURRENCY),
    DATA_DIR: dataDir,
    OWNER_USERNAME: OWNER.username,
    OWNER_PASSWORD: OWNER.password,
    LOG_LEVEL: 'warn',
  });
}

/** The server on `store`'s DATA_DIR and database. */
function startOn(mainJs: string, store: BenchStore, env: Record<string, string> = {}): Promise<RunningServer> {
  return startBenchServer(mainJs, store.dataDir, { ...store.env, ...env });
}

/**
 * Marks rows that touch the database with the engine they ran on. SQLite's keep the names they
 * always had; the others' names end in the engine's, e.g. "GET /api/photos (1000 photos) (PostgreSQL)".
 */
function onEngine(engine: Engine, ...rows: BenchRow[]): BenchRow[] {
  return rows.map((row) => ({ ...row, name: engine === 'sqlite' ? row.name : `${row.name} (${ENGINE_NAME[engine]})`, database: engine }));
}

/** The bare node:http server answering `file`'s bytes, in a process of its own. */
async function startBareNode(file: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'bare-node-server.ts'), file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare node server exited with ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, child };
}

/** The body exactly as sent without compression. */
async function bytesOf(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  if (response.headers.get('content-encoding')) throw new Error(`${url} came compressed`);
  return Buffer.from(await response.arrayBuffer());
}

const load = (spec: Omit<LoadSpec, 'connections' | 'seconds'> & Partial<LoadSpec>) =>
  loadTest({ connections: CONNECTIONS, seconds: LOAD_SECONDS, ...spec });

/** The bomb is refused before anything is stored: it runs with the rows that do not touch the database. */
async function uploadRows(server: RunningServer, fixtures: string[], workDir: string, engine: Engine = 'sqlite', withStatic = true): Promise<BenchRow[]> {
  const cookie = await signIn(server.baseUrl);
  const timed = Array.from({ length: TIMED_UPLOADS }, (_, index) => fixtures[index % fixtures.length]!);
  // One upload first, so neither side pays for warming up.
  await upload(server.baseUrl, cookie, fixtures[0]!);
  await sharpBaseline([fixtures[0]!], fs.mkdtempSync(path.join(workDir, 'sharp-')), 1);

  log(`Uploading ${TIMED_UPLOADS} 12-megapixel JPEGs, ${IMAGE_CONCURRENCY} at a time, and rendering them with bare sharp…`);
  const started = performance.now();
  await inTurns(timed, IMAGE_CONCURRENCY, (file) => upload(server.baseUrl, cookie, file));
  const serverPerSecond = TIMED_UPLOADS / ((performance.now() - started) / 1000);
  const sharpPerSecond = await sharpBaseline(timed, fs.mkdtempSync(path.join(workDir, 'sharp-')), IMAGE_CONCURRENCY);
  const averageMb = round2(fixtures.reduce((sum, file) => sum + fs.statSync(file).size, 0) / fixtures.length / 1e6);
  const throughputRatio = ratioOf(serverPerSecond, sharpPerSecond);

  log(`Uploading ${AT_ONCE} at once…`);
  const { peakKb: atOnceKb } = await peakRssDuring(server.pid, () =>
    Promise.all(Array.from({ length: AT_ONCE }, (_, index) => upload(server.baseUrl, cookie, fixtures[index % fixtures.length]!))),
  );
  const highWaterKb = memoryOf(server.pid).hwm;
  const stored = onEngine(
    engine,
    {
      name: `Upload: 12-MP JPEGs (${averageMb} MB), ${IMAGE_CONCURRENCY} at a time`,
      figure: round2(serverPerSecond),
      unit: 'photos/s',
      baseline: { name: 'bare sharp, same variants and files', figure: round2(sharpPerSecond) },
      ratio: throughputRatio,
      target: '≥ 0.8 × bare sharp',
      met: throughputRatio >= 0.8,
    },
    {
      name: `Upload: peak server RSS while ${AT_ONCE} upload at once`,
      figure: mb(Math.max(atOnceKb, highWaterKb)),
      unit: 'MB',
      target: '< 300 MB',
      met: mb(Math.max(atOnceKb, highWaterKb)) < 300,
      note: `sampled peak ${mb(atOnceKb)} MB, kernel high-water mark since start ${mb(highWaterKb)} MB`,
    },
  );
  if (!withStatic) return stored;
  stored.push(await watermarkUploadRow(server, fixtures));

  log('Uploading a decompression bomb…');
  const bombFile = path.join(workDir, 'bomb.png');
  fs.writeFileSync(bombFile, hugePng(20_000, 20_000));
  const rssBeforeKb = memoryOf(server.pid).rss;
  const bomb = await peakRssDuring(server.pid, async () => {
    const form = new FormData();
    form.append('photos', await fs.openAsBlob(bombFile, { type: 'image/png' }), 'bomb.png');
    const bombStarted = performance.now();
    const response = await fetch(`${server.baseUrl}/api/photos/upload`, { method: 'POST', headers: { cookie }, body: form });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - bombStarted };
  });
  const bombGrowthMb = Math.max(0, mb(bomb.peakKb - rssBeforeKb));
  const refused = bomb.result.status >= 400 && bomb.result.status < 500;

  return [
    ...stored,
    {
      name: 'Upload: decompression bomb (20000×20000 PNG) refused',
      figure: Math.round(bomb.result.ms),
      unit: 'ms',
      target: `< 100 ms, RSS growth < 50 MB`,
      met: refused && bomb.result.ms < 100 && bombGrowthMb < 50,
      note: `answered ${bomb.result.status}; RSS growth ${bombGrowthMb} MB`,
    },
  ];
}

/**
 * Issue 15: 200 twelve-megapixel photos in one selection, through the admin's batching client
 * (src/client/features/photos/lib/upload-queue.ts, the page's own code, sending with fetch from
 * Node), against bare sharp rendering the same files; with the server's peak RSS meanwhile.
 */
async function selectionRow(server: RunningServer, fixtures: string[], workDir: string): Promise<BenchRow> {
  const cookie = await signIn(server.baseUrl);
  const paths = Array.from({ length: SELECTION }, (_, index) => fixtures[index % fixtures.length]!);
  const files = await Promise.all(
    paths.map(async (file, index) => new File([await fs.openAsBlob(file)], `selection-${index + 1}.jpg`, { type: 'image/jpeg' })),
  );
  const megabytes = round2(files.reduce((sum, file) => sum + file.size, 0) / 1e6);
  let requests = 0;
  const { sendBatchWithFetch, UploadQueue } = await loadUploadClient();
  const send = sendBatchWithFetch(server.baseUrl, { cookie });
  const queue = new UploadQueue(files, {
    categoryId: null,
    send: (request) => {
      requests += 1;
      return send(request);
    },
  });

  log(`Uploading ${SELECTION} 12-megapixel JPEGs (${megabytes} MB) in one selection through the batching client…`);
  const started = performance.now();
  const { peakKb } = await peakRssDuring(server.pid, () => queue.run());
  const seconds = (performance.now() - started) / 1000;
  const done = queue.snapshot();
  const clientPerSecond = done.stored / seconds;

  log(`Rendering the same ${SELECTION} files with bare sharp, ${IMAGE_CONCURRENCY} at a time…`);
  const outDir = fs.mkdtempSync(path.join(workDir, 'sharp-selection-'));
  const sharpPerSecond = await sharpBaseline(paths, outDir, IMAGE_CONCURRENCY);
  fs.rmSync(outDir, { recursive: true, force: true });
  const ratio = ratioOf(clientPerSecond, sharpPerSecond);
  const peakMb = mb(peakKb);
  return {
    name: `Upload: ${SELECTION} 12-MP JPEGs in one selection, batching client`,
    figure: round2(clientPerSecond),
    unit: 'photos/s',
    baseline: { name: 'bare sharp, same files', figure: round2(sharpPerSecond) },
    ratio,
    target: '≥ 0.8 × bare sharp, peak server RSS < 400 MB, all stored',
    met: ratio >= 0.8 && peakMb < 400 && done.stored === SELECTION,
    note:
      `${done.stored}/${SELECTION} stored in ${requests} requests, ${round2(seconds)} s; ` +
      `peak server RSS ${peakMb} MB (sampled every 20 ms)${done.failed ? `; ${done.failed} failed: ${done.lastMessage}` : ''}`,
  };
}

/** `npm run bench -- upload-selection`: only the selection row, on a server of its own per engine of `--database`. */
async function selectionOnly(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const { engines, missed } = await reachableEngines();
    log(`Drawing ${FIXTURES} 12-megapixel JPEGs…`);
    const fixtures = await writeFixtures(path.join(workDir, 'fixtures'), FIXTURES);
    const mainJs = await buildServer(path.join(resultsDir, 'server'));
    const rows: BenchRow[] = [];
    for (const engine of engines) {
      const store = await createStore(engine, path.join(workDir, engine));
      try {
        const server = await startOn(mainJs, store);
        try {
          // One upload first, so neither side pays for warming up.
          await upload(server.baseUrl, await signIn(server.baseUrl), fixtures[0]!);
          await sharpBaseline([fixtures[0]!], fs.mkdtempSync(path.join(workDir, 'sharp-')), 1);
          rows.push(...onEngine(engine, await selectionRow(server, fixtures, workDir)));
        } finally {
          await server.stop();
        }
      } finally {
        await store.drop();
      }
    }
    process.stdout.write(`\n${formatTable([...rows, ...missed])}\n\nLoad average at the end: ${os.loadavg().map((v) => round2(v)).join(', ')}\n`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Issue 16: upload throughput into a gallery with a watermark (text, on the thumbnails too: the
 * most drawing) against one without, the same files in turns of IMAGE_CONCURRENCY. Each gallery
 * is new and empty, so saving the mark starts no re-render of other photos during the timing.
 */
async function watermarkUploadRow(server: RunningServer, fixtures: string[]): Promise<BenchRow> {
  const cookie = await signIn(server.baseUrl);
  const headers = { cookie, 'content-type': 'application/json' };
  const gallery = async (name: string) => {
    const response = await fetch(`${server.baseUrl}/api/categories`, { method: 'POST', headers, body: JSON.stringify({ name }) });
    if (response.status !== 201) throw new Error(`category failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: number }).id;
  };
  const plain = await gallery('Bench: no watermark');
  const marked = await gallery('Bench: watermark');
  const watermark = { kind: 'text', text: '© Atelier bench', anchor: 'bottom-right', size: 30, opacity: 60, thumbnails: true };
  const saved = await fetch(`${server.baseUrl}/api/categories/${marked}/watermark`, { method: 'PUT', headers, body: JSON.stringify({ mode: 'own', watermark }) });
  if (!saved.ok) throw new Error(`watermark failed: ${saved.status} ${await saved.text()}`);
  const count = TIMED_UPLOADS * 2;
  const files = Array.from({ length: count }, (_, index) => fixtures[index % fixtures.length]!);
  const timedInto = async (categoryId: number) => {
    const started = performance.now();
    await inTurns(files, IMAGE_CONCURRENCY, (file) => upload(server.baseUrl, cookie, file, path.basename(file), categoryId));
    return count / ((performance.now() - started) / 1000);
  };
  log(`Uploading ${count} 12-megapixel JPEGs into a gallery without a watermark, then into one with…`);
  // Warm both paths (the mark is drawn once per setting, then cached), then time each twice, alternating.
  await upload(server.baseUrl, cookie, fixtures[0]!, 'warm.jpg', marked);
  const withoutRuns = [await timedInto(plain)];
  const withRuns = [await timedInto(marked)];
  withoutRuns.push(await timedInto(plain));
  withRuns.push(await timedInto(marked));
  const without = withoutRuns.reduce((sum, value) => sum + value, 0) / withoutRuns.length;
  const withMark = withRuns.reduce((sum, value) => sum + value, 0) / withRuns.length;
  const ratio = ratioOf(withMark, without);
  return {
    name: `Upload with a watermark (text, thumbnails too), ${IMAGE_CONCURRENCY} at a time`,
    figure: round2(withMark),
    unit: 'photos/s',
    baseline: { name: 'same files, no watermark', figure: round2(without) },
    ratio,
    target: '≥ 0.8 × without',
    met: ratio >= 0.8,
    note: `runs with ${withRuns.map(round2).join(', ')}; without ${withoutRuns.map(round2).join(', ')} photos/s`,
  };
}

/**
 * `npm run bench -- upload`: only the upload rows (throughput, 20 at once, the bomb), on a server of
 * its own. BENCH_SERVER_ROOT names another checkout whose server is measured instead, as in `readers`.
 */
async function uploadOnly(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    log(`Drawing ${FIXTURES} 12-megapixel JPEGs…`);
    const fixtures = await writeFixtures(path.join(workDir, 'fixtures'), FIXTURES);
    const root = process.env.BENCH_SERVER_ROOT;
    if (root) log(`Measuring the server of ${root}`);
    const mainJs = await buildServer(path.join(resultsDir, root ? 'server-other' : 'server'), root);
    const server = await startBenchServer(mainJs, path.join(workDir, 'data'));
    try {
      const rows = await uploadRows(server, fixtures, workDir);
      process.stdout.write(`\n${formatTable(rows)}\n\nLoad average at the end: ${os.loadavg().map((v) => round2(v)).join(', ')}\n`);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

interface SiteFiles {
  photos: Array<{ id: number; thumbnail: string; version: number }>;
  thumbnailPath: string;
  pageBytes: number;
}

/** The baselines' files: the photo list's bytes, one thumbnail, and a file the size of GET /. */
async function writeBaselineFiles(server: RunningServer, root: string): Promise<SiteFiles> {
  fs.mkdirSync(root, { recursive: true });
  const listBytes = await bytesOf(`${server.baseUrl}/api/photos`);
  fs.writeFileSync(path.join(root, 'photos.json'), listBytes);
  const photos = JSON.parse(listBytes.toString('utf8')) as SiteFiles['photos'];
  const thumbnailPath = `/uploads/${photos[0]!.thumbnail}?v=${photos[0]!.version}`;
  fs.writeFileSync(path.join(root, 'thumb.webp'), await bytesOf(`${server.baseUrl}${thumbnailPath}`));
  const page = await bytesOf(`${server.baseUrl}/`);
  if (!page.includes('<div id="root"')) log('  (GET / did not look like the built page)');
  fs.writeFileSync(path.join(root, 'page.html'), page);
  return { photos, thumbnailPath, pageBytes: page.length };
}

/** Every row here touches the database but the thumbnail's, which runs only `withStatic`. */
async function httpRows(
  server: RunningServer,
  nginx: RunningNginx,
  bareNode: string,
  site: SiteFiles,
  engine: Engine = 'sqlite',
  withStatic = true,
): Promise<BenchRow[]> {
  const list = `${server.baseUrl}/api/photos`;
  log(`Loading each URL for ${LOAD_SECONDS} s with ${CONNECTIONS} connections…`);
  const serverList = await load({ url: list });
  const nginxList = await load({ url: `${nginx.baseUrl}/photos.json` });
  const bareList = await load({ url: bareNode });

  const serverTag = (await fetch(list)).headers.get('etag');
  const nginxTag = (await fetch(`${nginx.baseUrl}/photos.json`)).headers.get('etag');
  const server304 = serverTag ? await load({ url: list, headers: { 'if-none-match': serverTag } }) : undefined;
  const nginx304 = await load({ url: `${nginx.baseUrl}/photos.json`, headers: { 'if-none-match': nginxTag ?? '' } });
  const bareTag = (await fetch(bareNode)).headers.get('etag');
  const bare304 = await load({ url: bareNode, headers: { 'if-none-match': bareTag ?? '' } });

  const serverThumb = withStatic ? await load({ url: `${server.baseUrl}${site.thumbnailPath}` }) : undefined;
  const nginxThumb = withStatic ? await load({ url: `${nginx.baseUrl}/thumb.webp` }) : undefined;
  const serverPage = await load({ url: `${server.baseUrl}/` });
  const nginxPage = await load({ url: `${nginx.baseUrl}/page.html` });

  const rows: BenchRow[] = onEngine(
    engine,
    throughputRow(`GET /api/photos (${LISTED_PHOTOS} photos)`, serverList, 'nginx, same bytes', nginxList, 0.5),
    throughputRow(`GET /api/photos (${LISTED_PHOTOS} photos)`, serverList, 'bare node:http', bareList, 0.8),
  );
  const only304 = (result: LoadResult) => (result.statusCounts['304'] ?? 0) === result.requests;
  if (server304) {
    // Issue 17's target: half of nginx's 304 (it was 0.8× before that issue measured the Node floor).
    const row = throughputRow('GET /api/photos with If-None-Match → 304', server304, 'nginx 304', nginx304, 0.5);
    if (!only304(server304)) row.met = false;
    row.note =
      `bare node:http answers its 304 at ${rps(bare304)} req/s (the Node floor)` +
      (only304(server304) ? '' : `; not all answers were 304: ${JSON.stringify(server304.statusCounts)}`);
    rows.push(...onEngine(engine, row));
  } else {
    rows.push(
      ...onEngine(engine, { name: 'GET /api/photos with If-None-Match → 304', figure: 0, unit: 'req/s', target: '≥ 0.5 × nginx 304', met: false, note: 'no ETag' }),
    );
  }
  if (serverThumb && nginxThumb) rows.push(throughputRow('GET /uploads/<thumbnail>', serverThumb, 'nginx, same file', nginxThumb, 0.5));
  rows.push(
    ...onEngine(
      engine,
      throughputRow(
        `GET / (the page with its first data, ${Math.round(site.pageBytes / 1024)} KB)`,
        serverPage,
        'nginx, file of the same size',
        nginxPage,
        0.5,
      ),
    ),
  );
  return rows;
}

/** A browser's user agent: a request without one (autocannon's) is not counted, as a bot's is not. */
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/**
 * Issue 19: GET / with statistics counted against the same server with STATISTICS=off, on the
 * same data. Three rounds each, alternating (ABBAAB), and the best of each kept: the machine is shared.
 */
async function statisticsRow(mainJs: string, store: BenchStore): Promise<BenchRow> {
  const headers = { ...BROWSER_HEADERS, 'user-agent': VISITOR_AGENT };
  const results: Record<'on' | 'off', LoadResult[]> = { on: [], off: [] };
  log(`Loading GET / with statistics off and on, ${LOAD_SECONDS} s each, three times…`);
  for (const setting of ['off', 'on', 'on', 'off', 'off', 'on'] as const) {
    const server = await startOn(mainJs, store, { STATISTICS: setting });
    try {
      await load({ url: `${server.baseUrl}/`, headers, seconds: 1 });
      results[setting].push(await load({ url: `${server.baseUrl}/`, headers }));
    } finally {
      await server.stop();
    }
  }
  const best = (list: LoadResult[]) => list.reduce((a, b) => (rps(b) > rps(a) ? b : a));
  return onEngine(store.engine, throughputRow('GET / with statistics counted (br)', best(results.on), 'STATISTICS=off', best(results.off), 0.95))[0]!;
}

interface MixedFigures {
  row: BenchRow;
  visitors: LoadResult;
  owner: { uploads: number; reorders: number; failures: string[] };
  check: { uploaded: number; presentOnce: number; filesServed: number; filesMissing: string[] };
}

/**
 * Issue 8 item 8: 200 visitors load the page, the lists and a thumbnail while the owner uploads
 * photos and reorders them, for 60 s. Afterwards every upload must be listed exactly once, with
 * its title, and every one of its files served.
 */
async function mixedLoad(server: RunningServer, smallJpegs: string[], thumbnailPath: string): Promise<MixedFigures> {
  const cookie = await signIn(server.baseUrl);
  const headers = { cookie, 'content-type': 'application/json' };
  const category = await fetch(`${server.baseUrl}/api/categories`, { method: 'POST', headers, body: JSON.stringify({ name: 'Live uploads' }) });
  if (category.status !== 201) throw new Error(`could not create a category: ${category.status}`);
  const categoryId = ((await category.json()) as { id: number }).id;

  log(`${VISITORS} visitors and the owner at work for ${MIXED_SECONDS} s…`);
  const visitors = loadTest({
    url: server.baseUrl,
    connections: VISITORS,
    seconds: MIXED_SECONDS,
    headers: BROWSER_HEADERS,
    paths: ['/', '/api/photos', '/api/categories', thumbnailPath],
  });
  const uploaded: UploadedPhoto[] = [];
  const failures: string[] = [];
  let reorders = 0;
  const deadline = Date.now() + MIXED_SECONDS * 1000;
  await new Promise((resolve) => setTimeout(resolve, 500));
  while (Date.now() < deadline - 1000) {
    const index = uploaded.length;
    try {
      uploaded.push(await upload(server.baseUrl, cookie, smallJpegs[index % smallJpegs.length]!, `live-${index + 1}.jpg`));
      // The newest first: every photo of the category moves, as a drag in the admin would.
      const photoUpdates = [...uploaded].reverse().map((photo, order) => ({ id: photo.id, order, categoryId }));
      const reorder = await fetch(`${server.baseUrl}/api/photos/reorder`, { method: 'PUT', headers, body: JSON.stringify({ photoUpdates }) });
      await reorder.arrayBuffer();
      if (reorder.ok) reorders += 1;
      else failures.push(`reorder: ${reorder.status}`);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  const visitorResult = await visitors;

  log('Checking every upload…');
  const listed = (await (await fetch(`${server.baseUrl}/api/photos`)).json()) as Array<UploadedPhoto & { categoryId: number | null }>;
  let presentOnce = 0;
  let filesServed = 0;
  const filesMissing: string[] = [];
  for (const [index, photo] of uploaded.entries()) {
    const matches = listed.filter((candidate) => candidate.id === photo.id);
    const listedPhoto = matches[0];
    if (
      matches.length === 1 &&
      listedPhoto &&
      listedPhoto.title === `live-${index + 1}` &&
      listedPhoto.filename === photo.filename &&
      listedPhoto.categoryId === categoryId &&
      listed.filter((candidate) => candidate.title === photo.title).length === 1
    ) {
      presentOnce += 1;
    }
    for (const file of [photo.filename, photo.thumbnail, ...photo.variants.map((variant) => variant.filename)]) {
      const response = await fetch(`${server.baseUrl}/uploads/${file}?v=${photo.version}`);
      await response.arrayBuffer();
      if (response.status === 200) filesServed += 1;
      else filesMissing.push(`${file}: ${response.status}`);
    }
  }

  const visitorFailures = visitorResult.errors + visitorResult.failedAnswers;
  const allPresent = presentOnce === uploaded.length && filesMissing.length === 0;
  const errors = visitorFailures + failures.length;
  return {
    row: {
      name: `${VISITORS} visitors (br) + owner uploading and reordering for ${MIXED_SECONDS} s: errors`,
      figure: errors,
      unit: 'errors',
      target: '0 errors; every upload listed once, its files served',
      met: errors === 0 && allPresent && uploaded.length > 0,
      note:
        `visitors ${rps(visitorResult)} req/s, p99 ${visitorResult.latencyMs.p99} ms, ` +
        `${visitorResult.requests} requests (${JSON.stringify(visitorResult.statusCounts)}), ${visitorResult.errors} connection errors; ` +
        `owner ${uploaded.length} uploads, ${reorders} reorders${failures.length ? `, failures: ${failures.slice(0, 3).join('; ')}` : ''}; ` +
        `${presentOnce}/${uploaded.length} listed exactly once, ${filesServed} files served` +
        (filesMissing.length ? `, missing: ${filesMissing.slice(0, 3).join('; ')}` : ''),
    },
    visitors: visitorResult,
    owner: { uploads: uploaded.length, reorders, failures },
    check: { uploaded: uploaded.length, presentOnce, filesServed, filesMissing },
  };
}

async function scaleRow(server: RunningServer): Promise<{ row: BenchRow; result: LoadResult }> {
  const url = `${server.baseUrl}/api/photos`;
  const count = ((await (await fetch(url)).json()) as unknown[]).length;
  log(`Loading GET /api/photos with ${count} photos, ${SCALE_CONNECTIONS} connections…`);
  const result = await load({ url, connections: SCALE_CONNECTIONS, headers: BROWSER_HEADERS });
  const failures = result.errors + result.failedAnswers;
  return {
    result,
    row: {
      name: `GET /api/photos (${count} photos, ${SCALE_CATEGORIES} categories), p99 at ${SCALE_CONNECTIONS} connections, br`,
      figure: result.latencyMs.p99,
      unit: 'ms',
      target: '< 100 ms',
      met: result.requests > 0 && result.latencyMs.p99 < 100 && failures === 0 && count === SCALE_PHOTOS,
      note: `${rps(result)} req/s, p50 ${result.latencyMs.p50} ms, ${result.requests} requests${failures ? `; ${loadNote(result)}` : ''}`,
    },
  };
}

/** bench/client.ts (JS/CSS bytes, images, Lighthouse); its failure is a row, not the end. */
async function clientBenchRows(baseUrl: string, distClientDir: string): Promise<BenchRow[]> {
  log('Client rows (bench/client.ts)…');
  try {
    return await clientRows({ baseUrl, distClientDir });
  } catch (error) {
    return [
      {
        name: 'Client rows (bench/client.ts)',
        figure: 0,
        unit: '',
        target: 'runs',
        met: false,
        note: `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
      },
    ];
  }
}

/** bench/client.ts on the 10,000-photo site: what the portfolio draws and blocks on a phone. */
async function largePortfolioBenchRows(baseUrl: string): Promise<BenchRow[]> {
  log(`The portfolio of ${SCALE_PHOTOS} photos on a phone…`);
  try {
    return await largePortfolioRows(baseUrl, SCALE_PHOTOS);
  } catch (error) {
    return [
      {
        name: `${SCALE_PHOTOS} photos, phone`,
        figure: 0,
        unit: '',
        target: 'runs',
        met: false,
        note: `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
      },
    ];
  }
}

async function smallerCopies(fixtures: string[], dir: string): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  return Promise.all(
    fixtures.map(async (file, index) => {
      const out = path.join(dir, `small-${index}.jpg`);
      await sharp(file).resize({ width: 1600 }).jpeg({ quality: 85 }).toFile(out);
      return out;
    }),
  );
}

/**
 * The engines of `--database` that can run. PostgreSQL out of reach is a missed row of the table,
 * not the end of the run, unless it is the only engine asked for.
 */
async function reachableEngines(): Promise<{ engines: Engine[]; versions: Partial<Record<Engine, string>>; missed: BenchRow[] }> {
  const asked = enginesFromArgs(process.argv.slice(2));
  const engines: Engine[] = [];
  const versions: Partial<Record<Engine, string>> = {};
  const missed: BenchRow[] = [];
  for (const engine of asked) {
    try {
      versions[engine] = await engineVersion(engine);
      engines.push(engine);
    } catch (error) {
      const reason = `${ENGINE_NAME[engine]} at ${postgresServerName()} could not be reached (${error instanceof Error ? error.message : String(error)})`;
      if (asked.length === 1) throw new Error(`${reason}: start it, or set BENCH_DATABASE_URL=postgres://…`);
      log(`${reason}: its rows are left out.`);
      missed.push({
        name: `Rows that touch the database, on ${ENGINE_NAME[engine]}`,
        figure: 0,
        unit: '',
        target: 'runs',
        met: false,
        note: `${reason}; set BENCH_DATABASE_URL=postgres://… to the server to make a database on, or pass --database sqlite`,
        database: engine,
      });
    }
  }
  return { engines, versions, missed };
}

/** The first line of the printed table: which databases, and where PostgreSQL's was. */
function databasesLine(versions: Partial<Record<Engine, string>>): string {
  const postgres = versions.postgres ? `${versions.postgres} (a database of the bench's own on ${postgresServerName()}, dropped after)` : undefined;
  return [versions.sqlite, postgres].filter(Boolean).join(' and ');
}

/** What each pass needs, made once. */
interface BenchInputs {
  mainJs: string;
  clientDir: string;
  fixtures: string[];
  smallJpegs: string[];
}

interface EnginePass {
  engine: Engine;
  rows: BenchRow[];
  mixed: MixedFigures;
}

/**
 * The run's rows on one engine, in a work folder of their own, with their baselines measured in
 * the same pass. `withStatic`: also the rows that do not touch the database (the bomb, the
 * thumbnail, the visitor's rows, the phone on the large site), which run once.
 */
async function enginePass(engine: Engine, inputs: BenchInputs, workDir: string, withStatic: boolean): Promise<EnginePass> {
  const stops: Array<() => Promise<void>> = [];
  let server: RunningServer | undefined;
  try {
    log(`${ENGINE_NAME[engine]}: the rows that touch the database${withStatic ? ', and the others' : ''}…`);
    const store = await createStore(engine, path.join(workDir, 'data'));
    stops.push(() => store.drop());
    server = await startOn(inputs.mainJs, store);
    const rows = await uploadRows(server, inputs.fixtures, workDir, engine, withStatic);
    rows.push(...onEngine(engine, await selectionRow(server, inputs.fixtures, workDir)));
    await server.stop();

    log(`Filling the site up to ${LISTED_PHOTOS} photos, and a copy up to ${SCALE_PHOTOS} in ${SCALE_CATEGORIES} categories…`);
    const scale = await store.copy(path.join(workDir, 'data-scale'));
    stops.push(() => scale.drop());
    await fillSite(store, { photos: LISTED_PHOTOS, categories: LISTED_CATEGORIES });
    await fillSite(scale, { photos: SCALE_PHOTOS, categories: SCALE_CATEGORIES });

    server = await startOn(inputs.mainJs, store);
    const nginxRoot = path.join(workDir, 'nginx-root');
    const site = await writeBaselineFiles(server, nginxRoot);
    if (site.photos.length !== LISTED_PHOTOS) throw new Error(`expected ${LISTED_PHOTOS} photos, got ${site.photos.length}`);
    const nginx = await startNginx(nginxRoot, path.join(workDir, 'nginx'));
    stops.push(() => nginx.stop());
    const bare = await startBareNode(path.join(nginxRoot, 'photos.json'));
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          if (bare.child.exitCode !== null) return resolve();
          bare.child.once('exit', () => resolve());
          bare.child.kill('SIGTERM');
        }),
    );
    rows.push(...(await httpRows(server, nginx, bare.baseUrl, site, engine, withStatic)));
    if (withStatic) rows.push(...(await clientBenchRows(server.baseUrl, inputs.clientDir)));
    const mixed = await mixedLoad(server, inputs.smallJpegs, site.thumbnailPath);
    rows.push(...onEngine(engine, mixed.row));
    await server.stop();
    rows.push(await statisticsRow(inputs.mainJs, store));

    server = await startOn(inputs.mainJs, scale);
    rows.push(...onEngine(engine, (await scaleRow(server)).row));
    if (withStatic) rows.push(...(await largePortfolioBenchRows(server.baseUrl)));
    return { engine, rows, mixed };
  } finally {
    // The server first: its database is dropped after it.
    await server?.stop();
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => log(`cleaning up: ${String(error)}`));
  }
}

/** A row's name without its engine's, and its baseline's: what a row on another engine pairs with. */
function pairKey(row: BenchRow): string {
  const suffix = row.database && row.database !== 'sqlite' ? ` (${ENGINE_NAME[row.database]})` : '';
  return `${suffix && row.name.endsWith(suffix) ? row.name.slice(0, -suffix.length) : row.name}|${row.baseline?.name ?? ''}`;
}

/** One table: the first pass's rows in their order, each later pass's row under its twin. */
function sideBySide(passes: BenchRow[][]): BenchRow[] {
  const [first = [], ...others] = passes;
  const rows = [...first];
  for (const row of others.flat()) {
    const key = pairKey(row);
    const twin = rows.findLastIndex((candidate) => pairKey(candidate) === key);
    rows.splice(twin === -1 ? rows.length : twin + 1, 0, row);
  }
  return rows;
}

interface EngineComparison {
  row: string;
  unit: string;
  sqlite: number;
  postgres: number;
  /** PostgreSQL's figure ÷ SQLite's; absent when SQLite's is 0. */
  ratio?: number;
  /** Each engine's figure ÷ its baseline, measured beside it in its own pass. */
  againstBaseline?: { name: string; sqlite: number; postgres: number };
}

/**
 * Each row measured on both engines, PostgreSQL's beside SQLite's. The passes run minutes apart
 * on a shared machine, so where a row has a baseline, its ratio (measured beside it in the same
 * pass) is the fairer comparison; the figures are shown too.
 */
function engineComparison(rows: BenchRow[]): EngineComparison[] {
  return rows.flatMap((row) => {
    const twin = row.database === 'postgres' && rows.find((candidate) => candidate.database === 'sqlite' && pairKey(candidate) === pairKey(row));
    if (!twin) return [];
    const pair: EngineComparison = { row: pairKey(row).split('|')[0]!, unit: row.unit, sqlite: twin.figure, postgres: row.figure };
    if (twin.figure > 0) pair.ratio = ratioOf(row.figure, twin.figure);
    if (row.baseline && row.ratio !== undefined && twin.ratio !== undefined) {
      pair.againstBaseline = { name: row.baseline.name, sqlite: twin.ratio, postgres: row.ratio };
    }
    return [pair];
  });
}

function comparisonLine(pair: EngineComparison): string {
  const figures = `SQLite ${pair.sqlite}, PostgreSQL ${pair.postgres} ${pair.unit}${pair.ratio === undefined ? '' : ` (${pair.ratio}×)`}`;
  const ratios = pair.againstBaseline
    ? `; × ${pair.againstBaseline.name}: ${pair.againstBaseline.sqlite}× and ${pair.againstBaseline.postgres}×`
    : '';
  return `  ${pair.row}: ${figures}${ratios}`;
}

/**
 * `npm run bench`: every row, those that touch the database once per engine; written to
 * bench/results/latest.json. `npm run bench -- database-rows`: only the rows that touch the
 * database, written to bench/results/database-rows.json (not kept in git).
 */
async function main(databaseRowsOnly = false): Promise<void> {
  const benchStarted = performance.now();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const { engines, versions, missed } = await reachableEngines();
    ensureNginx(log);
    log(`Drawing ${FIXTURES} 12-megapixel JPEGs…`);
    const fixtures = await writeFixtures(path.join(workDir, 'fixtures'), FIXTURES);
    const smallJpegs = await smallerCopies(fixtures, path.join(workDir, 'small'));
    log('Building the server (and the client when dist/client is missing) into bench/results…');
    const mainJs = await buildServer(path.join(resultsDir, 'server'));
    const clientDir = await buildClient(path.join(resultsDir, 'client'), log);
    const inputs = { mainJs, clientDir, fixtures, smallJpegs };

    const passes: EnginePass[] = [];
    for (const [index, engine] of engines.entries()) {
      passes.push(await enginePass(engine, inputs, path.join(workDir, engine), index === 0 && !databaseRowsOnly));
    }
    const rows = [...sideBySide(passes.map((pass) => pass.rows)), ...missed];
    if (!databaseRowsOnly) rows.push(...(await cameraRows(path.join(workDir, 'camera'), log)));
    if (!databaseRowsOnly) rows.push(...(await videoRows(path.join(workDir, 'video'), log)));
    const comparison = engineComparison(rows);

    const results = {
      date: new Date().toISOString(),
      minutes: round2((performance.now() - benchStarted) / 60_000),
      machine: {
        cpus: os.availableParallelism(),
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: round2(os.totalmem() / 2 ** 30),
        node: process.version,
        sharp: sharp.versions.sharp,
        libvips: sharp.versions.vips,
        databases: versions,
        serverEnv: SERVER_ENV,
        loadAverageAtEnd: os.loadavg().map((value) => Math.round(value * 10) / 10),
      },
      settings: { loadSeconds: LOAD_SECONDS, connections: CONNECTIONS, imageConcurrency: IMAGE_CONCURRENCY, databaseRowsOnly },
      rows,
      comparison,
      mixedLoad: Object.fromEntries(passes.map(({ engine, mixed }) => [engine, { visitors: mixed.visitors, owner: mixed.owner, check: mixed.check }])),
    };
    const resultsFile = path.join(resultsDir, databaseRowsOnly ? 'database-rows.json' : 'latest.json');
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(
      [
        '',
        `Atelier bench: ${results.machine.cpus} CPUs (${results.machine.cpuModel}), Node ${process.version}, ` +
          `sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ${databasesLine(versions)}, ${results.minutes} min`,
        `Load: autocannon in its own process over loopback, ${LOAD_SECONDS} s per figure, ${CONNECTIONS} connections unless the row says otherwise.`,
        ...(databaseRowsOnly ? ['Only the rows that touch the database (npm run bench -- database-rows).'] : []),
        '',
        formatTable(rows),
        ...(comparison.length
          ? [
              '',
              'PostgreSQL beside SQLite (PostgreSQL ÷ SQLite; for ms and MB lower is better). The passes ran minutes apart:',
              'where a row has a baseline, compare each engine\'s ratio to it, measured beside it in the same pass.',
              ...comparison.map(comparisonLine),
            ]
          : []),
        '',
        `Load average at the end: ${results.machine.loadAverageAtEnd.join(', ')} (other work on the machine skews every figure)`,
        `Written to ${path.relative(process.cwd(), resultsFile)}`,
        '',
      ].join('\n'),
    );
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- client`: only the visitor's rows (first load, phone image bytes, repeat visit,
 * Lighthouse mobile on / and a photo page), on the demo seed's site: a few minutes instead of the
 * whole run's half hour, for checking a client change.
 */
async function clientOnly(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const mainJs = await buildServer(path.join(resultsDir, 'server'));
    const clientDir = await buildClient(path.join(resultsDir, 'client'), log);
    const dataDir = path.join(workDir, 'data');
    const env = { ...process.env, ...SERVER_ENV, DATA_DIR: dataDir, OWNER_USERNAME: OWNER.username, OWNER_PASSWORD: OWNER.password, DATABASE_URL: '' };
    log('Seeding the demo site (npm run cli -- seed)…');
    execFileSync(process.execPath, ['--import', 'tsx', path.join(benchDir, '..', 'src/server/cli.ts'), 'seed'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const server = await startBenchServer(mainJs, dataDir);
    try {
      const rows = await clientRows({ baseUrl: server.baseUrl, distClientDir: clientDir });
      process.stdout.write(`\n${formatTable(rows)}\n\nLoad average at the end: ${os.loadavg().map((v) => round2(v)).join(', ')}\n`);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- statistics`: only the statistics row, on the demo seed's site, per engine of `--database`. */
async function statisticsOnly(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const { engines, missed } = await reachableEngines();
    const mainJs = await buildServer(path.join(resultsDir, 'server'));
    await buildClient(path.join(resultsDir, 'client'), log);
    const rows: BenchRow[] = [];
    for (const engine of engines) {
      const store = await createStore(engine, path.join(workDir, engine));
      try {
        const env = { ...process.env, ...SERVER_ENV, ...store.env, OWNER_USERNAME: OWNER.username, OWNER_PASSWORD: OWNER.password };
        log(`Seeding the demo site on ${ENGINE_NAME[engine]} (npm run cli -- seed)…`);
        execFileSync(process.execPath, ['--import', 'tsx', path.join(benchDir, '..', 'src/server/cli.ts'), 'seed'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
        rows.push(await statisticsRow(mainJs, store));
      } finally {
        await store.drop();
      }
    }
    process.stdout.write(`\n${formatTable([...rows, ...missed])}\n\nLoad average at the end: ${os.loadavg().map((v) => round2(v)).join(', ')}\n`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- gallery-zip`: a 1,000-photo gallery's ZIP against zip -0 (issue 16), on a server of its own. */
async function galleryZipOnly(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const mainJs = await buildServer(path.join(resultsDir, 'server'));
    const dataDir = path.join(workDir, 'data');
    const server = await startBenchServer(mainJs, dataDir);
    try {
      const rows = await galleryZipRows(server, dataDir, workDir, OWNER, log);
      process.stdout.write(`\n${formatTable(rows)}\n\nLoad average at the end: ${os.loadavg().map((v) => round2(v)).join(', ')}\n`);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- camera`: the HEIC and RAW decode rows alone, against the bare tools. */
async function cameraOnly(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const rows = await cameraRows(workDir, log);
    process.stdout.write(`\n${formatTable(rows)}\n\nLoad average at the end: ${os.loadavg().map((v) => round2(v)).join(', ')}\n`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- video`: the video transcode rows alone, against bare ffmpeg. */
async function videoOnly(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const rows = await videoRows(workDir, log);
    process.stdout.write(`\n${formatTable(rows)}\n\nLoad average at the end: ${os.loadavg().map((v) => round2(v)).join(', ')}\n`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- readers`: the visitor's reads alone (the list, its 304, a thumbnail, GET / and
 * GET / with statistics counted) on a 1,000-photo site, per engine of `--database`: minutes, not
 * the whole run's half hour, for a change to the data version or the caches. BENCH_SERVER_ROOT
 * names another checkout whose server is measured instead (a baseline; its migrations must be
 * ones this checkout's bench can fill a database for).
 */
async function readersOnly(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const { engines, missed } = await reachableEngines();
    ensureNginx(log);
    const root = process.env.BENCH_SERVER_ROOT;
    if (root) log(`Measuring the server of ${root}`);
    const mainJs = await buildServer(path.join(resultsDir, root ? 'server-other' : 'server'), root);
    await buildClient(path.join(resultsDir, 'client'), log);
    const [fixture] = await writeFixtures(path.join(workDir, 'fixtures'), 1);
    const rows: BenchRow[] = [];
    for (const engine of engines) {
      const stops: Array<() => Promise<void>> = [];
      let server: RunningServer | undefined;
      try {
        const store = await createStore(engine, path.join(workDir, engine, 'data'));
        stops.push(() => store.drop());
        server = await startOn(mainJs, store);
        await upload(server.baseUrl, await signIn(server.baseUrl), fixture!);
        await server.stop();
        server = undefined;
        log(`Filling the site on ${ENGINE_NAME[engine]} up to ${LISTED_PHOTOS} photos…`);
        await fillSite(store, { photos: LISTED_PHOTOS, categories: LISTED_CATEGORIES });
        server = await startOn(mainJs, store);
        const nginxRoot = path.join(workDir, engine, 'nginx-root');
        const site = await writeBaselineFiles(server, nginxRoot);
        const nginx = await startNginx(nginxRoot, path.join(workDir, engine, 'nginx'));
        stops.push(() => nginx.stop());
        const bare = await startBareNode(path.join(nginxRoot, 'photos.json'));
        stops.push(
          () =>
            new Promise<void>((resolve) => {
              if (bare.child.exitCode !== null) return resolve();
              bare.child.once('exit', () => resolve());
              bare.child.kill('SIGTERM');
            }),
        );
        rows.push(...(await httpRows(server, nginx, bare.baseUrl, site, engine, true)));
        await server.stop();
        server = undefined;
        rows.push(await statisticsRow(mainJs, store));
      } finally {
        await server?.stop();
        for (const stop of stops.reverse()) await stop().catch((error: unknown) => log(`cleaning up: ${String(error)}`));
      }
    }
    process.stdout.write(`\n${formatTable([...rows, ...missed])}\n\nLoad average at the end: ${os.loadavg().map((v) => round2(v)).join(', ')}\n`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

const modes: Record<string, () => Promise<void>> = {
  camera: cameraOnly,
  video: videoOnly,
  'gallery-zip': galleryZipOnly,
  upload: uploadOnly,
  'upload-selection': selectionOnly,
  client: clientOnly,
  statistics: statisticsOnly,
  readers: readersOnly,
  'database-rows': () => main(true),
};
(modes[modeFromArgs(process.argv.slice(2)) ?? ''] ?? (() => main()))().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
