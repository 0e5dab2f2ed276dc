// npm start: build what is missing or out of date, then serve the production build.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const outputs = ['dist/client/index.html', 'dist/ssr/entry-server.js', 'dist/server/main.js'];
const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// glibc keeps a memory arena per thread and rarely returns freed image buffers; two arenas keep
// 20 concurrent uploads near 350 MB instead of 575 MB, at no cost in speed (see bench/). A fixed
// mmap threshold keeps every buffer of 1 MiB or more (image pixels, encoders' buffers) out of the
// arenas, so it goes back to the kernel when freed; glibc would otherwise raise the threshold to
// the largest buffer freed so far (up to 32 MiB) and keep the rest in fragmented arenas:
// about 30 MB less at the peak of 20 uploads (docs/performance.md). V8's young generation as
// Node 20 sized it (16 MB semi-spaces): Node 24's larger default took 20 uploads from 277 to
// 323 MB, for no upload speed (docs/performance.md).
const env = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576', NODE_OPTIONS: '--max-semi-space-size=16', ...process.env };
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit', env });
// Pass stop signals on, so the server shuts down gracefully.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
