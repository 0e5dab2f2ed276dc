import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from '#server/db/database.ts';
import type { Dialect } from '#server/db/dialect.ts';
import { createDataCache, type DataCache } from '#server/http/etag.ts';
import { createMedia, type Media } from '#server/images/media.ts';
import { Jobs } from '#server/jobs/worker.ts';
import { outboxMailer, smtpMailer, type Mailer } from '#server/mail/mailer.ts';

/** What services log through: the server's request-aware logger, or the command line's. */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Everything a feature needs from the outside world, made once per process and handed to every
 * feature plugin and, first, to every service. A service declares the part it uses
 * (`Pick<AppContext, 'db' | 'clock'>`), so a test passes only that.
 */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** The file stores (public uploads, originals) and the one image processor. */
  media: Media;
  mailer: Mailer;
  /** Now: services read the time here, never from `new Date()`, so tests can move it. */
  clock: Clock;
  log: Logger;
  /** The process's worker, as a change that recorded jobs wakes it and waits for them. */
  jobs: Jobs;
  /** Answers built from the database, kept per data version (the lists, the sections, the pages). */
  dataCache: DataCache;
}

export interface AppContextOptions {
  config: Config;
  database: DatabaseHandle;
  log: Logger;
  clock?: Clock | undefined;
  /** Defaults to SMTP_URL, or the outbox folder without it. */
  mailer?: Mailer | undefined;
}

/** The one factory of the context, for the server (app.ts) and the command line alike. */
export function createAppContext(options: AppContextOptions): AppContext {
  const { config, database, log } = options;
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    media: createMedia(config),
    mailer:
      options.mailer ??
      (config.smtpUrl
        ? smtpMailer(config.smtpUrl, config.mailFrom)
        : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log)),
    clock: options.clock ?? systemClock,
    log,
    jobs: new Jobs(),
    dataCache: createDataCache(database),
  };
}
