import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The server and the CLI bundled as `npm start` and `npm run cli` run them, into a folder of
 * their own inside the project (so `node_modules` resolves), for tests that run real processes.
 */
export async function bundleServer(): Promise<{ dir: string; remove: () => void }> {
  const dir = path.resolve('node_modules/.cache', `atelier-test-server-${randomBytes(6).toString('hex')}`);
  await build({
    entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Resolves with the signal once the process is gone. */
  exited: Promise<NodeJS.Signals | number | null>;
  output: () => string;
}

/** Starts `main.js` and resolves once it listens (its log says where). */
export function startServer(bundleDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(bundleDir, 'main.js')], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (more: Buffer) => (output += more.toString()));
        resolve({ child, url: match[1], exited, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((how) => reject(new Error(`server exited (${String(how)}) before listening:\n${output}`)));
  });
}

/** Runs `cli.js` to the end, as `npm run cli -- …` does after its build. */
export function runCli(bundleDir: string, args: string[], env: Record<string, string>, input?: string) {
  return spawnSync(process.execPath, [path.join(bundleDir, 'cli.js'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    input,
    encoding: 'utf8',
  });
}
