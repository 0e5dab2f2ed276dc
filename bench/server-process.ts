import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles the server as `npm run build:server` does, into the ignored results folder; from the
 * checkout at `root` (another one's, for a baseline measured beside this one), this one by default.
 */
export async function buildServer(outdir: string, root = '.'): Promise<string> {
  await build({
    entryPoints: { main: path.join(root, 'src/server/main.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return path.join(outdir, 'main.js');
}

/**
 * The built client beside the bench's server bundle, where it looks for it (`../client/`): a copy
 * of dist/client when a build is there, else a build of its own. dist/ itself is never written.
 */
export async function buildClient(outDir: string, log: (line: string) => void): Promise<string> {
  const built = path.join('dist', 'client');
  fs.rmSync(outDir, { recursive: true, force: true });
  if (fs.existsSync(path.join(built, 'index.html'))) {
    fs.cpSync(built, outDir, { recursive: true });
  } else {
    log('  dist/client is missing: building the client into the bench folder…');
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return outDir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface MemoryKb {
  /** Resident now. */
  rss: number;
  /** The highest resident size since the process started (the kernel's high-water mark). */
  hwm: number;
}

/** Reads VmRSS and VmHWM from /proc: the kernel's own account, not the process's. */
export function memoryOf(pid: number): MemoryKb {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

export interface RunningServer {
  process: ChildProcess;
  pid: number;
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startServer(mainJs: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/portfolio-owner`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 300) throw new Error('the server did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    process: child,
    pid: child.pid!,
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
