import { files } from '#contract/routes.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { NO_STORE } from '#server/lib/cache-control.ts';

/** A check that hangs (a dropped packet to the database) must not hang the probe too. */
const CHECK_TIMEOUT_MS = 3000;

export interface HealthOptions {
  db: Db;
  stores: Record<string, FileStore>;
}

type CheckResult = 'ok' | 'unreachable';

function withTimeout(work: Promise<unknown>, what: string): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Probes for a load balancer or an orchestrator. `/healthz`: the process answers (restart it
 * when not). `/readyz`: it can serve, since the database and every file store answer now (send
 * it no traffic when not). Both are GETs, so the Origin check never applies, and they are routes
 * of their own, so the page fallback never answers them. Answers carry no error detail; the log
 * has it.
 */
export function registerHealth(app: FastifyInstance, options: HealthOptions): void {
  // Probes come every few seconds: their requests are not worth an info line each.
  const quiet = { logLevel: 'warn' as const };

  app.get(files.health, quiet, async (_request, reply) => reply.header('cache-control', NO_STORE).send({ status: 'ok' }));

  app.get(files.ready, quiet, async (request, reply) => {
    const checks: Record<string, () => Promise<unknown>> = {
      database: () => sql`select 1`.execute(options.db),
    };
    for (const [name, store] of Object.entries(options.stores)) checks[`storage.${name}`] = () => store.checkReachable();

    const results: Record<string, CheckResult> = {};
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), name);
          results[name] = 'ok';
        } catch (error) {
          request.log.warn({ err: error, check: name }, 'readiness check failed');
          results[name] = 'unreachable';
        }
      }),
    );
    const ready = Object.values(results).every((result) => result === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', NO_STORE)
      .send({ status: ready ? 'ready' : 'unavailable', checks: results });
  });
}
