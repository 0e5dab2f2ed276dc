/**
 * Puts load on the server from a process of its own (autocannon), so the load generator never
 * shares the measured process's time. Usage: load-worker.ts '<LoadSpec as JSON>'; prints
 * autocannon's result as JSON.
 */
import type autocannonFunction from 'autocannon';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadSpec } from './load.ts';

// Installed by bench/ensure-tools.mjs into bench/tools/node_modules, out of the project's own.
const requireTool = createRequire(path.join(import.meta.dirname, 'tools', 'package.json'));
const autocannon = requireTool('autocannon') as typeof autocannonFunction;

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  headers: spec.headers ?? {},
  ...(spec.paths ? { requests: spec.paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
});
process.stdout.write(JSON.stringify(result));
