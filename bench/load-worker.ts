/**
 * Puts load on the server from a process of its own (autocannon), so the load generator never
 * shares the measured process's time. Usage: load-worker.ts '<LoadSpec as JSON>'; prints
 * autocannon's result as JSON.
 */
import autocannon from 'autocannon';
import type { LoadSpec } from './load.ts';

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  headers: spec.headers ?? {},
  ...(spec.paths ? { requests: spec.paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
});
process.stdout.write(JSON.stringify(result));
