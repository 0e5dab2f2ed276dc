import cookie from '@fastify/cookie';
import { api } from '#contract/routes.ts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import path from 'node:path';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { authRoutes } from '#server/features/auth/auth.routes.ts';
import { bannerRoutes } from '#server/features/banner/banner.routes.ts';
import { bannerExists } from '#server/features/banner/banner.service.ts';
import { categoriesRoutes } from '#server/features/categories/categories.routes.ts';
import { contactRoutes } from '#server/features/contact/contact.routes.ts';
import { photosRoutes } from '#server/features/photos/photos.routes.ts';
import { portfolioRoutes } from '#server/features/portfolio/portfolio.routes.ts';
import { uploadsRoutes } from '#server/features/uploads/uploads.routes.ts';
import { createMedia } from '#server/images/media.ts';
import { registerErrorHandler } from '#server/http/error-handler.ts';
import { registerListEtags } from '#server/http/etag.ts';
import { registerHealth } from '#server/http/health.ts';
import { registerRequestId, requestForLog, requestIdFor } from '#server/http/logging.ts';
import { registerOpenApi } from '#server/http/openapi.ts';
import { RateLimiter } from '#server/features/rate-limits/rate-limits.service.ts';
import { registerSecurity } from '#server/http/security.ts';
import { registerSession, requireOwner, sessionCookieName } from '#server/features/auth/session.ts';
import { registerWeb } from '#server/web/web.ts';
import { outboxMailer, smtpMailer, type Mailer } from '#server/mail/mailer.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** The built client (index.html and assets); absent in API tests. */
  clientDir?: string;
  /** Pino options, or false for silence in tests. */
  logger?: boolean | object;
  /** Defaults to SMTP_URL, or the outbox folder without it. */
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Registers everything; listening and shutdown belong to main.ts, so tests can app.inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // Cookies carry the session id; they never reach the log.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { req: requestForLog },
    },
    trustProxy: config.trustProxy,
    // JSON lines carry `requestId`; the id comes from a sane X-Request-Id or is made here.
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    // Fastify's default (0) lets a client that sends slowly, or stops half way, hold its
    // connection and its temp file for ever; with a limit, Node answers 408 and closes the
    // socket. Given to Node's constructor too: only there does Node keep its headers timeout
    // within this one. No idle timeout on the socket: an upload of many photos is silent while
    // it is processed.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 4)),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);

  registerErrorHandler(app);
  registerRequestId(app);
  await registerSecurity(app, config);
  // Before any route: the OpenAPI document is collected as routes are added.
  await registerOpenApi(app, requireOwner);
  await app.register(cookie);

  const rateLimiter = new RateLimiter(database.db, clock);
  const authContext = { db: database.db, clock, rateLimiter };
  registerSession(app, config, authContext);
  // The public reads every page load makes; none reads the session.
  registerListEtags(app, [api.photos, api.categories, api.portfolioOwner]);

  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, app.log));
  app.addHook('onClose', async () => mailer.close());
  const mailContext = { ...authContext, mailer, log: app.log };
  const media = createMedia(config);
  registerHealth(app, { db: database.db, stores: { uploads: media.uploads, originals: media.originals } });

  authRoutes(app, config, authContext, { ...mailContext, publicUrl: config.publicUrl });
  contactRoutes(app, mailContext);
  portfolioRoutes(app, { db: database.db, bannerExists: (name) => bannerExists(media.uploads, name) });
  categoriesRoutes(app, { db: database.db });
  const photosContext = { db: database.db, media, clock };
  await app.register(photosRoutes, photosContext);
  await app.register(bannerRoutes, { media });
  await app.register(uploadsRoutes, { files: media.uploads, publicBase: config.s3?.publicUrl });

  await registerWeb(app, {
    clientDir: options.clientDir,
    photos: photosContext,
    publicUrl: config.publicUrl,
    sessionCookieName: sessionCookieName(config),
  });
  return app;
}
