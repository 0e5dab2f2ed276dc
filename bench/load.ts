import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface LoadResult {
  url: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  megabytesPerSecond: number;
  errors: number;
  non2xx: number;
}

interface AutocannonJson {
  requests: { average: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number };
  errors: number;
  non2xx: number;
}

/** Runs autocannon in a process of its own, so the load never shares a core's time with us. */
export async function loadTest(url: string, connections = 10, seconds = 10): Promise<LoadResult> {
  const { stdout } = await run(
    process.execPath,
    [autocannonCli, '--json', '-c', String(connections), '-d', String(seconds), url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as AutocannonJson;
  return {
    url,
    connections,
    seconds,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    megabytesPerSecond: Math.round((result.throughput.average / 1e6) * 10) / 10,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
