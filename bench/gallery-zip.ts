import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { openDatabase } from '#server/db/database.ts';
import { newFileKey } from '#server/storage/file-names.ts';
import { writeFixtures } from './photo-fixtures.ts';
import { ratioOf, round2, type BenchRow } from './report.ts';
import { memoryOf, type RunningServer } from './server-process.ts';

/**
 * Issue 16: a 1,000-photo gallery's ZIP through the real built server against `zip -0` on the
 * same files, and the server's RSS growth while it streams. The gallery is unlisted (its copies
 * in the restricted store, as a client's gallery's are) with display-copy downloads; its files
 * are the display copies of four uploaded 12-megapixel JPEGs, each copied under 250 keys of
 * their own, so every entry is a file of its own on disk. Both sides read a warm page cache
 * (the files are read once first, and each side runs three times, alternating: the best run counts).
 */

export const ZIP_PHOTOS = 1000;
const DISTINCT = 4;

interface Owner {
  username: string;
  password: string;
}

async function signIn(baseUrl: string, owner: Owner): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(owner) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

async function call(baseUrl: string, cookie: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** `zip -0` of the files, in order, to stdout, read and dropped: its wall time in ms. */
function zipStored(files: string[], cwd: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('zip', ['-0', '-q', '-', ...files.map((file) => path.basename(file))], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve({ ms: performance.now() - started, bytes }) : reject(new Error(`zip exited with ${code}`))));
  });
}

/**
 * The server's ZIP, read and dropped through node:http's data events (as zip's stdout is read),
 * with the first byte's time and the peak RSS meanwhile.
 */
function serverZip(url: string, pid: number): Promise<{ ms: number; firstByteMs: number; bytes: number; rssBeforeKb: number; peakKb: number }> {
  const rssBeforeKb = memoryOf(pid).rss;
  let peakKb = rssBeforeKb;
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, memoryOf(pid).rss)), 20);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`the ZIP answered ${response.statusCode}`));
        let firstByteMs = 0;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        response.on('end', () => {
          clearInterval(sampler);
          resolve({ ms: performance.now() - started, firstByteMs, bytes, rssBeforeKb, peakKb: Math.max(peakKb, memoryOf(pid).rss) });
        });
        response.on('error', reject);
      })
      .on('error', (error) => {
        clearInterval(sampler);
        reject(error);
      });
  });
}

export async function galleryZipRows(server: RunningServer, dataDir: string, workDir: string, owner: Owner, log: (line: string) => void): Promise<BenchRow[]> {
  const cookie = await signIn(server.baseUrl, owner);
  const category = (await call(server.baseUrl, cookie, 'POST', '/api/categories', { name: 'Bench: client gallery' })) as { id: number };
  log(`Drawing and uploading ${DISTINCT} 12-megapixel JPEGs…`);
  const fixtures = await writeFixtures(path.join(workDir, 'zip-fixtures'), DISTINCT);
  const displays: Buffer[] = [];
  for (const file of fixtures) {
    const form = new FormData();
    form.append('photos', await fs.openAsBlob(file, { type: 'image/jpeg' }), path.basename(file));
    const response = await fetch(`${server.baseUrl}/api/photos/upload?categoryId=${category.id}`, { method: 'POST', headers: { cookie }, body: form });
    if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
    const [photo] = ((await response.json()) as { photos: Array<{ filename: string }> }).photos;
    displays.push(fs.readFileSync(path.join(dataDir, 'uploads', photo!.filename)));
  }
  await call(server.baseUrl, cookie, 'PUT', `/api/categories/${category.id}`, { visibility: 'unlisted' });

  log(`Filling the gallery to ${ZIP_PHOTOS} photos, each with a display file of its own…`);
  const restrictedDir = path.join(dataDir, 'restricted');
  const database = openDatabase({ sqlitePath: path.join(dataDir, 'atelier.sqlite') });
  const files: string[] = [];
  try {
    const model = await database.db.selectFrom('photos').selectAll().where('categoryId', '=', category.id).orderBy('id').executeTakeFirstOrThrow();
    const { id: _id, ...copy } = model;
    const rows = Array.from({ length: ZIP_PHOTOS - DISTINCT }, (_, index) => {
      const key = newFileKey();
      const filename = `${key}.jpg`;
      fs.writeFileSync(path.join(restrictedDir, filename), displays[index % DISTINCT]!);
      return { ...copy, fileKey: key, filename, thumbnail: `${key}-thumb.webp`, variants: '[]', title: `Photo ${DISTINCT + index + 1}`, sortOrder: DISTINCT + index, filesPrivate: 1 };
    });
    for (let start = 0; start < rows.length; start += 200) await database.db.insertInto('photos').values(rows.slice(start, start + 200)).execute();
    const ordered = await database.db.selectFrom('photos').select('filename').where('categoryId', '=', category.id).orderBy('sortOrder').orderBy('id').execute();
    files.push(...ordered.map((row) => path.join(restrictedDir, row.filename)));
  } finally {
    await database.destroy();
  }
  const totalBytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  const link = (await call(server.baseUrl, cookie, 'POST', `/api/categories/${category.id}/links`, { label: 'Bench client', downloads: 'display' })) as { path: string };
  const zipUrl = `${server.baseUrl}/api/galleries/${link.path.split('/').at(-1)}/download`;

  // A warm page cache for both: every file read once.
  for (const file of files) fs.readFileSync(file);
  log(`Timing zip -0 and the server's ZIP on ${files.length} files (${Math.round(totalBytes / 1024 / 1024)} MB), three times each, alternating…`);
  const zipRuns: number[] = [];
  const serverRuns: Array<Awaited<ReturnType<typeof serverZip>>> = [];
  for (let run = 0; run < 3; run += 1) {
    zipRuns.push((await zipStored(files, restrictedDir)).ms);
    serverRuns.push(await serverZip(zipUrl, server.pid));
  }
  const mbPerSecond = (ms: number) => round2(totalBytes / 1024 / 1024 / (ms / 1000));
  const zipBest = Math.min(...zipRuns);
  const serverBest = serverRuns.reduce((best, run) => (run.ms < best.ms ? run : best));
  const ratio = ratioOf(mbPerSecond(serverBest.ms), mbPerSecond(zipBest));
  const growthMb = round2(Math.max(...serverRuns.map((run) => run.peakKb - run.rssBeforeKb)) / 1024);
  const firstByte = round2(Math.max(...serverRuns.map((run) => run.firstByteMs)));
  return [
    {
      name: `Gallery ZIP: ${ZIP_PHOTOS} display copies (${Math.round(totalBytes / 1024 / 1024)} MB), stored`,
      figure: mbPerSecond(serverBest.ms),
      unit: 'MB/s',
      baseline: { name: 'zip -0, same files', figure: mbPerSecond(zipBest) },
      ratio,
      target: '≥ 0.8 × zip -0',
      met: ratio >= 0.8,
      note: `server runs ${serverRuns.map((run) => mbPerSecond(run.ms)).join(', ')} MB/s; zip -0 runs ${zipRuns.map(mbPerSecond).join(', ')} MB/s; ZIP ${serverBest.bytes} bytes`,
    },
    {
      name: 'Gallery ZIP: server RSS growth while streaming',
      figure: growthMb,
      unit: 'MB',
      target: '< 50 MB',
      met: growthMb < 50,
      note: `RSS before ${serverRuns.map((run) => Math.round(run.rssBeforeKb / 1024)).join(', ')} MB, peak ${serverRuns.map((run) => Math.round(run.peakKb / 1024)).join(', ')} MB`,
    },
    {
      name: 'Gallery ZIP: first byte',
      figure: firstByte,
      unit: 'ms',
      target: '≤ 1000 ms',
      met: firstByte <= 1000,
    },
  ];
}
