import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const worker = path.join(import.meta.dirname, 'load-worker.ts');

export interface LoadSpec {
  /** The origin, or the one URL loaded when `paths` is absent. */
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Several paths: each connection requests them in turn, over and over. */
  paths?: string[];
}

export interface LoadResult {
  url: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  megabytesPerSecond: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers by status, e.g. { "200": 5000, "304": 1200 }. */
  statusCounts: Record<string, number>;
  /** Answers other than 2xx and 304 (a 304 is the right answer to a revalidation). */
  failedAnswers: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

/** Runs autocannon in a process of its own, so the load never shares a core's time with us. */
export async function loadTest(spec: LoadSpec): Promise<LoadResult> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', worker, JSON.stringify(spec)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as AutocannonJson;
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
  );
  const failedAnswers = Object.entries(statusCounts)
    .filter(([status]) => !(status.startsWith('2') || status === '304'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    url: spec.paths ? `${spec.url} ${spec.paths.join(' ')}` : spec.url,
    connections: spec.connections,
    seconds: spec.seconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    megabytesPerSecond: Math.round((result.throughput.average / 1e6) * 10) / 10,
    errors: result.errors + result.timeouts,
    statusCounts,
    failedAnswers,
  };
}
