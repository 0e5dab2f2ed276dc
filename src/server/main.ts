import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';
import { ensureOwner } from '#server/features/auth/auth.service.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, changeNotices: config.databaseChangeNotices });
  await migrateToLatest(database);

  const created = await ensureOwner({ db: database.db, clock: systemClock }, config.owner);
  if (created?.generatedPassword) {
    // Printed once, to the terminal only (never through the logger), so the owner can sign in.
    process.stdout.write(
      `\n  Atelier created the owner account.\n  username: ${created.username}\n  password: ${created.generatedPassword}\n` +
        `  Keep it safe; change it under Admin, or with: npm run cli -- set-password ${created.username}\n\n`,
    );
  }

  // The bundle lives in dist/server; the built client beside it in dist/client, and the server's
  // render of its first screens in dist/ssr.
  const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
  const screenRendererFile = fileURLToPath(new URL('../ssr/entry-server.js', import.meta.url));
  const app = await buildApp({ config, database, clientDir, screenRendererFile });
  database.onConnectionError((error) => app.log.warn({ err: error }, 'PostgreSQL closed a connection: an idle one is opened again by the next query, the listening one by itself'));

  let closing = false;
  // close() stops accepting connections, closes the idle ones and waits for requests in flight.
  // A keep-alive connection whose answer was still going out turns idle only afterwards, and
  // would hold the exit for its whole keep-alive timeout: each is closed as its answer ends.
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => database.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
