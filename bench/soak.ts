import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { spawn } from 'node:child_process';
import type { Photo } from '#contract/photos.ts';
import { buildClient, buildServer, freePort, memoryOf } from './server-process.ts';

/**
 * `npm run soak`: the built server under visitors and owner writes for SOAK_MINUTES (30), on
 * SQLite, or on PostgreSQL with SOAK_DATABASE_URL. Passes when no request fails (no 5xx, no
 * dropped connection, no error in the server's log) and the server's resident memory at the end
 * is within 10 % of what it was after the warm-up. Paced so that it shares a small machine:
 * run it with `nice -n 10`.
 */

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WARMUP_MS = Number(process.env.SOAK_WARMUP_SECONDS ?? 180) * 1000;
const SAMPLE_MS = 5000;
/** The median of this many samples stands for "after warm-up" and for "at the end". */
const WINDOW = 12;
const OWNER = { username: 'owner', password: 'soak test password' };
const VISITORS = 3;
/** The owner's photo bank is kept near this size, so the data does not grow with time. */
const BANK_SIZE = 24;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const counts = { requests: 0, failures: 0, byStatus: new Map<number, number>() };
const failures: string[] = [];

interface SoakServer {
  url: string;
  pid: number;
  /** The error lines (level 50 and up) the server logged. */
  errors: string[];
  stop(): Promise<void>;
}

/** The built server, logging warnings and errors only; its error lines are kept, the rest dropped. */
async function startSoakServer(mainJs: string, env: Record<string, string>): Promise<SoakServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  let pending = '';
  const keepErrors = (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (/"level":(50|60)/.test(line) || /^\s*(Error|TypeError|RangeError)\b/.test(line)) errors.push(line);
  };
  child.stdout.on('data', keepErrors);
  child.stderr.on('data', keepErrors);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${errors.join('\n')}`);
    if (await fetch(`${url}/readyz`).then((response) => response.ok, () => false)) break;
    if (attempt > 600) throw new Error('the server did not start within 60 s');
    await pause(100);
  }
  return {
    url,
    pid: child.pid!,
    errors,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function call(server: SoakServer, url: string, init?: RequestInit, allowed: number[] = []): Promise<Response | undefined> {
  counts.requests += 1;
  try {
    const response = await fetch(`${server.url}${url}`, init);
    counts.byStatus.set(response.status, (counts.byStatus.get(response.status) ?? 0) + 1);
    if (response.status >= 400 && !allowed.includes(response.status)) {
      counts.failures += 1;
      if (failures.length < 20) failures.push(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
      return undefined;
    }
    return response;
  } catch (error) {
    counts.failures += 1;
    if (failures.length < 20) failures.push(`${init?.method ?? 'GET'} ${url}: ${String(error)}`);
    return undefined;
  }
}

async function visitor(server: SoakServer, until: () => boolean): Promise<void> {
  while (!until()) {
    const photos = (await (await call(server, '/api/photos'))?.json()) as Photo[] | undefined;
    await call(server, '/api/categories');
    await call(server, '/api/portfolio-owner');
    await (await call(server, '/'))?.text();
    const photo = photos?.[Math.floor(Math.random() * photos.length)];
    if (photo) {
      // The owner may delete the photo between the list and these reads: a 404 is then right.
      await (await call(server, `/photo/${photo.id}`, undefined, [404]))?.text();
      await (await call(server, `/uploads/${photo.thumbnail}`, undefined, [404]))?.arrayBuffer();
      await (await call(server, `/uploads/${photo.filename}`, { headers: { range: 'bytes=0-1023' } }, [404]))?.arrayBuffer();
    }
    await pause(50);
  }
}

async function owner(server: SoakServer, cookie: string, image: Buffer, until: () => boolean): Promise<number> {
  const json = (method: string, body: unknown) => ({ method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let round = 0;
  while (!until()) {
    round += 1;
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `soak-${round}.jpg`);
    await (await call(server, '/api/photos/upload', { method: 'POST', headers: { cookie }, body: form }))?.arrayBuffer();
    const photos = ((await (await call(server, '/api/photos'))?.json()) as Photo[] | undefined) ?? [];
    const bank = photos.filter((photo) => photo.categoryId === null);
    const orders = bank.map((photo) => photo.order).reverse();
    await call(server, '/api/photos/reorder', json('PUT', { photoUpdates: bank.map((photo, index) => ({ id: photo.id, order: orders[index], categoryId: null })) }));
    if (bank.length > BANK_SIZE && bank[0]) await call(server, `/api/photos/${bank[0].id}`, { method: 'DELETE', headers: { cookie } });
    await call(server, '/api/portfolio-settings', json('PATCH', { portfolioTitle: `Soak round ${round}`, aboutText: 'x'.repeat(round % 500) }));
    const category = (await (await call(server, '/api/categories', json('POST', { name: `Soak ${round}` })))?.json()) as { id: number } | undefined;
    if (category) await call(server, `/api/categories/${category.id}`, { method: 'DELETE', headers: { cookie } });
    // A visitor's message now and then; past the per-address limit it is a 429, as it should be.
    if (round % 20 === 0) await call(server, '/api/contact', json('POST', { name: 'Soak', email: 'soak@example.com', message: `round ${round}` }), [429]);
    await pause(500);
  }
  return round;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-soak-'));
  // Beside the bench's own builds (ignored by git): the server finds the client at ../client.
  const buildDir = path.join(import.meta.dirname, 'results');
  const mainJs = await buildServer(path.join(buildDir, 'soak-server'));
  await buildClient(path.join(buildDir, 'client'), (line) => console.info(line));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    OWNER_USERNAME: OWNER.username,
    OWNER_PASSWORD: OWNER.password,
    DATABASE_URL: process.env.SOAK_DATABASE_URL ?? '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  const server = await startSoakServer(mainJs, env);
  const started = Date.now();
  const ends = started + MINUTES * 60_000;
  const done = () => Date.now() >= ends;
  const samples: Array<{ at: number; rssKb: number }> = [];
  const sampler = setInterval(() => samples.push({ at: Date.now() - started, rssKb: memoryOf(server.pid).rss }), SAMPLE_MS);
  let rounds = 0;
  try {
    const login = await call(server, '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER) });
    const cookie = (login?.headers.getSetCookie() ?? []).map((line) => line.split(';')[0]).join('; ');
    const image = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 120, b: 150 } } })
      .composite([{ input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="#c84"/></svg>') }])
      .jpeg({ quality: 85 })
      .toBuffer();
    const work = [owner(server, cookie, image, done), ...Array.from({ length: VISITORS }, () => visitor(server, done))];
    const progress = setInterval(() => {
      const last = samples.at(-1);
      console.info(`soak: ${Math.round((Date.now() - started) / 60_000)} min, ${counts.requests} requests, ${counts.failures} failed, RSS ${last ? Math.round(last.rssKb / 1024) : '?'} MB`);
    }, 60_000);
    [rounds] = (await Promise.all(work)) as [number, ...unknown[]];
    clearInterval(progress);
  } finally {
    clearInterval(sampler);
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const afterWarmup = samples.filter((sample) => sample.at >= WARMUP_MS).slice(0, WINDOW).map((sample) => sample.rssKb);
  const atEnd = samples.slice(-WINDOW).map((sample) => sample.rssKb);
  const warmRss = median(afterWarmup);
  const endRss = median(atEnd);
  const change = (endRss - warmRss) / warmRss;
  const logErrors = server.errors;
  const statuses = [...counts.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
  console.info(
    [
      `soak on ${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${MINUTES} min, ${counts.requests} requests (${statuses}), ${rounds} owner rounds`,
      `  failed requests: ${counts.failures}; errors in the server log: ${logErrors.length}`,
      `  RSS after warm-up (${WARMUP_MS / 1000} s): ${(warmRss / 1024).toFixed(1)} MB; at the end: ${(endRss / 1024).toFixed(1)} MB; change ${(change * 100).toFixed(1)} % (goal: within 10 %)`,
      `  RSS peak: ${(Math.max(...samples.map((sample) => sample.rssKb)) / 1024).toFixed(1)} MB over ${samples.length} samples`,
      ...failures.map((line) => `  ${line}`),
      ...logErrors.slice(0, 10).map((line) => `  log: ${line.slice(0, 300)}`),
    ].join('\n'),
  );
  if (counts.failures > 0 || logErrors.length > 0 || !(Math.abs(change) <= 0.1)) process.exitCode = 1;
}

await main();
