/**
 * `npm run bench`: figures, not assertions (DESIGN §8). Starts the built server as a process of
 * its own with a temporary DATA_DIR (SQLite), uploads 12-megapixel JPEGs through the API, then
 * puts HTTP load on the photo list and on one thumbnail from another process over loopback.
 * Prints the figures and writes them to bench/results/latest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../src/server/db/database.ts';
import { insertPhotos } from '../src/server/features/photos/photos.repository.ts';
import { newFileKey } from '../src/server/storage/file-names.ts';
import { loadTest, type LoadResult } from './load.ts';
import { writeFixtures } from './photo-fixtures.ts';
import { buildServer, memoryOf, startServer, type RunningServer } from './server-process.ts';

const FIXTURES = 3;
const ONE_AT_A_TIME = 3;
const AT_ONCE = 20;
const LISTED_PHOTOS = 1000;
const LOAD_SECONDS = 10;
const OWNER = { username: 'bench', password: 'bench-password' };
const resultsDir = path.join(import.meta.dirname, 'results');

/**
 * glibc's malloc keeps freed image buffers in per-thread arenas and, after the first large free,
 * stops handing blocks of that size back to the system, so RSS ratchets up with every photo.
 * The uploads are measured as the server starts by default and with the two variables that
 * undo that: fewer arenas (free), and large blocks always mapped (costs page faults).
 */
const ALLOCATORS: Array<{ name: string; env: Record<string, string>; httpLoad?: boolean }> = [
  { name: 'glibc defaults', env: {} },
  // The HTTP figures come from this one: it costs no speed, so it is the one to deploy with.
  { name: 'MALLOC_ARENA_MAX=2', env: { MALLOC_ARENA_MAX: '2' }, httpLoad: true },
  {
    name: 'MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072',
    env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
  },
];

const mb = (kb: number) => Math.round(kb / 1024);
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** One photo through POST /api/photos/upload; returns the milliseconds until the answer. */
async function upload(baseUrl: string, cookie: string, file: string): Promise<number> {
  const form = new FormData();
  form.append('photos', await fs.openAsBlob(file, { type: 'image/jpeg' }), path.basename(file));
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/photos/upload`, { method: 'POST', headers: { cookie }, body: form });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${body}`);
  return performance.now() - started;
}

/** The highest VmRSS seen while `work` runs, sampled every 50 ms (VmHWM is the kernel's own). */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; sampledPeakKb: number }> {
  let sampledPeakKb = 0;
  const timer = setInterval(() => {
    sampledPeakKb = Math.max(sampledPeakKb, memoryOf(pid).rss);
  }, 50);
  try {
    return { result: await work(), sampledPeakKb };
  } finally {
    clearInterval(timer);
  }
}

/** 1,000 rows that share one uploaded photo's files: the list's cost is rows and JSON, not files. */
async function fillPhotoList(dataDir: string): Promise<void> {
  const handle = openDatabase({ sqlitePath: path.join(dataDir, 'atelier.sqlite') });
  try {
    const model = await handle.db.selectFrom('photos').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const existing = await handle.db.selectFrom('photos').select('id').execute();
    const now = new Date().toISOString();
    const missing = LISTED_PHOTOS - existing.length;
    for (let start = 0; start < missing; start += 200) {
      const rows = Array.from({ length: Math.min(200, missing - start) }, (_, offset) => {
        const { id: _id, ...copy } = model;
        return {
          ...copy,
          fileKey: newFileKey(),
          title: `Bench photo ${start + offset + 1}`,
          sortOrder: start + offset + existing.length,
          createdAt: now,
          updatedAt: now,
        };
      });
      await insertPhotos(handle.db, rows);
    }
  } finally {
    await handle.destroy();
  }
}

interface UploadFigures {
  allocator: string;
  averageFileMb: number;
  oneAtATime: { photos: number; secondsPerPhoto: number; photosPerSecond: number };
  atOnce: { photos: number; totalSeconds: number; photosPerSecond: number; slowestSeconds: number };
  serverRssMb: { idle: number; peakSampled: number; peakHighWaterMark: number };
}

async function measureUploads(server: RunningServer, fixtures: string[], allocator: string): Promise<UploadFigures> {
  const cookie = await signIn(server.baseUrl);
  const idle = memoryOf(server.pid);

  log(`Uploading ${ONE_AT_A_TIME} photos one at a time…`);
  const single: number[] = [];
  for (let index = 0; index < ONE_AT_A_TIME; index += 1) {
    single.push(await upload(server.baseUrl, cookie, fixtures[index % fixtures.length]!));
  }
  const secondsPerPhoto = single.reduce((sum, ms) => sum + ms, 0) / single.length / 1000;

  log(`Uploading ${AT_ONCE} photos at once…`);
  const started = performance.now();
  const { result: latencies, sampledPeakKb } = await peakRssDuring(server.pid, () =>
    Promise.all(Array.from({ length: AT_ONCE }, (_, index) => upload(server.baseUrl, cookie, fixtures[index % fixtures.length]!))),
  );
  const totalMs = performance.now() - started;
  const after = memoryOf(server.pid);

  const sizes = fixtures.map((file) => fs.statSync(file).size);
  return {
    allocator,
    averageFileMb: Math.round((sizes.reduce((sum, size) => sum + size, 0) / sizes.length / 1e6) * 10) / 10,
    oneAtATime: {
      photos: ONE_AT_A_TIME,
      secondsPerPhoto: Math.round(secondsPerPhoto * 100) / 100,
      photosPerSecond: Math.round((1 / secondsPerPhoto) * 100) / 100,
    },
    atOnce: {
      photos: AT_ONCE,
      totalSeconds: seconds(totalMs),
      photosPerSecond: Math.round((AT_ONCE / (totalMs / 1000)) * 100) / 100,
      slowestSeconds: seconds(Math.max(...latencies)),
    },
    serverRssMb: { idle: mb(idle.rss), peakSampled: mb(sampledPeakKb), peakHighWaterMark: mb(after.hwm) },
  };
}

function describeLoad(label: string, result: LoadResult): string {
  return (
    `${label.padEnd(34)} ${String(result.requestsPerSecond).padStart(6)} req/s   ` +
    `p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms   ${result.megabytesPerSecond} MB/s` +
    (result.errors || result.non2xx ? `   (${result.errors} errors, ${result.non2xx} non-2xx)` : '')
  );
}

function startBenchServer(mainJs: string, dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  return startServer(mainJs, {
    ...env,
    DATA_DIR: dataDir,
    OWNER_USERNAME: OWNER.username,
    OWNER_PASSWORD: OWNER.password,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
}

async function main(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  const servers: RunningServer[] = [];
  try {
    log(`Drawing ${FIXTURES} 12-megapixel JPEGs…`);
    const fixtures = await writeFixtures(path.join(workDir, 'fixtures'), FIXTURES);
    log('Building the server…');
    const mainJs = await buildServer(path.join(resultsDir, 'server'));

    const uploads: UploadFigures[] = [];
    let server: RunningServer | undefined;
    let dataDir = '';
    for (const [index, allocator] of ALLOCATORS.entries()) {
      log(`Server with ${allocator.name}:`);
      const ownDataDir = path.join(workDir, `data-${index}`);
      const started = await startBenchServer(mainJs, ownDataDir, allocator.env);
      servers.push(started);
      uploads.push(await measureUploads(started, fixtures, allocator.name));
      if (allocator.httpLoad) {
        server = started;
        dataDir = ownDataDir;
      } else {
        await started.stop();
      }
    }
    if (!server) throw new Error('no server is marked for the HTTP load');

    log(`Filling the photo list up to ${LISTED_PHOTOS}…`);
    await fillPhotoList(dataDir);
    const photos = (await (await fetch(`${server.baseUrl}/api/photos`)).json()) as Array<{ thumbnail: string; version: number }>;
    if (photos.length !== LISTED_PHOTOS) throw new Error(`expected ${LISTED_PHOTOS} photos, got ${photos.length}`);
    log(`Loading GET /api/photos and a thumbnail for ${LOAD_SECONDS} s each…`);
    const list = await loadTest(`${server.baseUrl}/api/photos`, 10, LOAD_SECONDS);
    const thumbnail = await loadTest(`${server.baseUrl}/uploads/${photos[0]!.thumbnail}?v=${photos[0]!.version}`, 10, LOAD_SECONDS);

    const results = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.availableParallelism(),
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        node: process.version,
        sharp: sharp.versions.sharp,
        libvips: sharp.versions.vips,
        database: 'sqlite',
        loadAverageAtEnd: os.loadavg().map((value) => Math.round(value * 10) / 10),
      },
      uploads,
      http: { photoList: { photos: LISTED_PHOTOS, ...list }, thumbnail },
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);

    const uploadLines = uploads.flatMap(({ allocator, oneAtATime, atOnce, serverRssMb }) => [
      `  with ${allocator}:`,
      `    one at a time    ${oneAtATime.secondsPerPhoto} s per photo (${oneAtATime.photosPerSecond} photos/s)`,
      `    ${AT_ONCE} at once       ${atOnce.totalSeconds} s in all: ${atOnce.photosPerSecond} photos/s, ` +
        `the slowest answered after ${atOnce.slowestSeconds} s`,
      `    server RSS       idle ${serverRssMb.idle} MB, peak ${serverRssMb.peakSampled} MB sampled, ` +
        `${serverRssMb.peakHighWaterMark} MB VmHWM`,
    ]);
    process.stdout.write(
      [
        '',
        `Atelier bench: ${results.machine.cpus} CPUs, Node ${process.version}, ` +
          `sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), SQLite`,
        `Uploads of 12-megapixel JPEGs (4000×3000, ${uploads[0]?.averageFileMb} MB each), end to end over loopback:`,
        ...uploadLines,
        `HTTP, 10 connections from another process (server with ${ALLOCATORS.find((a) => a.httpLoad)?.name}):`,
        `  ${describeLoad(`GET /api/photos (${LISTED_PHOTOS} photos)`, list)}`,
        `  ${describeLoad('GET /uploads/<thumbnail>', thumbnail)}`,
        `Load average at the end: ${results.machine.loadAverageAtEnd.join(', ')} ` +
          '(other work on the machine skews every figure)',
        `Written to ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))}`,
        '',
      ].join('\n'),
    );
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
