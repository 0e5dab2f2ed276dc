import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { api } from '#contract/routes.ts';
import { createAppContext, type AppContext } from './app-context.ts';
import { createWorker } from './background-work.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { authRoutes } from '#server/features/auth/auth.routes.ts';
import { securityRoutes } from '#server/features/auth/security.routes.ts';
import { registerSession, requireOwner, sessionCookieName } from '#server/features/auth/session.ts';
import { tokensRoutes } from '#server/features/auth/tokens.routes.ts';
import { webhooksRoutes } from '#server/features/webhooks/webhooks.routes.ts';
import { bannerRoutes } from '#server/features/banner/banner.routes.ts';
import { categoriesRoutes } from '#server/features/categories/categories.routes.ts';
import { contactRoutes } from '#server/features/contact/contact.routes.ts';
import { commentsRoutes } from '#server/features/galleries/comments.routes.ts';
import { activityRoutes } from '#server/features/galleries/activity.routes.ts';
import { invitationsRoutes } from '#server/features/galleries/invitations.routes.ts';
import { downloadsRoutes } from '#server/features/galleries/downloads.routes.ts';
import { galleriesRoutes } from '#server/features/galleries/galleries.routes.ts';
import { proofingRoutes } from '#server/features/galleries/proofing.routes.ts';
import { jobsRoutes } from '#server/features/jobs/jobs.routes.ts';
import { photosRoutes } from '#server/features/photos/photos.routes.ts';
import { releaseAudioRoutes } from '#server/features/photos/release-audio.routes.ts';
import { portfolioRoutes } from '#server/features/portfolio/portfolio.routes.ts';
import { recordCopiesCheck } from '#server/features/renditions/renditions.service.ts';
import { recordEmbeddedTextRead } from '#server/features/photos/embedded-text.service.ts';
import { uploadFormats } from '#server/features/photos/upload.service.ts';
import { statisticsRoutes } from '#server/features/statistics/statistics.routes.ts';
import { createRecorder } from '#server/features/statistics/statistics.service.ts';
import { uploadsRoutes } from '#server/features/uploads/uploads.routes.ts';
import { watermarksRoutes } from '#server/features/watermarks/watermarks.routes.ts';
import { registerErrorHandler } from '#server/http/error-handler.ts';
import { registerListEtags } from '#server/http/etag.ts';
import { registerHealth } from '#server/http/health.ts';
import { removeStaleUploads } from '#server/http/receive-files.ts';
import { loggerOptions, registerAccessLog, registerRequestId, requestIdFor } from '#server/http/logging.ts';
import { registerOpenApi } from '#server/http/openapi.ts';
import { answerFrameworkErrors, registerSecurity, securityHeaders } from '#server/http/security.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { checkOriginalsPrivate, RESTRICTED_PREFIX } from '#server/storage/index.ts';
import { matchPageRoute } from '#server/web/page-routes.ts';
import { registerWeb } from '#server/web/web.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** The built client (index.html and assets); absent in API tests. */
  clientDir?: string;
  /** The built server render of a visitor's first screen (dist/ssr/entry-server.js); without it the browser draws every page. */
  screenRendererFile?: string;
  /** Pino options, or false for silence in tests. */
  logger?: boolean | object;
  /** Defaults to SMTP_URL, or the outbox folder without it. */
  mailer?: Mailer;
  /** A context made beforehand with `createAppContext` (tests reach the services through it). */
  context?: AppContext;
}

/**
 * Fastify's own reading of a hop count (its types take only the function): the `hops` nearest
 * addresses of the chain are proxies, the one before them is the client.
 */
function trustedProxies(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Registers everything; listening and shutdown belong to main.ts, so tests can app.inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // The security headers, worked out once: every answer's (the routes', undecodable URLs'), and
  // the pages' own.
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: trustedProxies(config.trustProxy),
    // JSON lines carry `requestId`; the id comes from a sane X-Request-Id or is made here.
    genReqId: requestIdFor,
    // registerAccessLog writes one line per request instead of Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // An undecodable URL gets the API's own error shape and the security headers.
    frameworkErrors: answerFrameworkErrors(headers.every),
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

  const ctx = options.context ?? createAppContext({ config, database, clock: options.clock, mailer: options.mailer, log: app.log });

  registerErrorHandler(app);
  registerRequestId(app);
  registerAccessLog(app);
  await registerSecurity(app, config, headers.every);
  // Before any route: the OpenAPI document is collected as routes are added.
  await registerOpenApi(app, requireOwner);
  await app.register(cookie);

  app.addHook('onClose', async () => ctx.mailer.close());
  logWhatUploadsTake(app, ctx);
  // What an earlier run left mid-upload (a crash, a kill): its temp and scratch files.
  const stale = await removeStaleUploads(config.upload.tmpDir, ctx.clock());
  if (stale > 0) app.log.info({ files: stale }, 'removed files left by uploads that never finished');

  const publicBase = config.s3?.publicUrl;
  if (publicBase) {
    // A bucket made public whole would hand out every original with its GPS data, and every
    // private gallery's copies past their links. The server refuses to start rather than log it:
    // a log line is easy to miss, a site that does not start is not, and the fix is one bucket
    // policy (docs/deploy.md).
    app.addHook('onReady', async () => {
      const originals = await checkOriginalsPrivate(ctx.media.originals, publicBase);
      const restricted = await checkOriginalsPrivate(ctx.media.restricted, publicBase, undefined, RESTRICTED_PREFIX);
      if (originals === 'unreachable' || restricted === 'unreachable') {
        app.log.warn({ publicBase }, 'S3_PUBLIC_URL did not answer: could not check that the originals and private galleries are private');
      }
    });
  }

  registerSession(app, ctx);
  // The public reads every page load makes; none reads the session.
  registerListEtags(app, ctx.dataCache, [api.photos, api.categories, api.portfolioOwner, api.photoSections], [api.photoPage, api.photoIds]);
  registerHealth(app, { db: ctx.db, stores: { uploads: ctx.media.uploads, originals: ctx.media.originals, restricted: ctx.media.restricted } });

  // Every feature the same way: a plugin given the one context.
  for (const feature of [authRoutes, securityRoutes, tokensRoutes, contactRoutes, portfolioRoutes, categoriesRoutes, photosRoutes, releaseAudioRoutes, galleriesRoutes, proofingRoutes, commentsRoutes, activityRoutes, downloadsRoutes, invitationsRoutes, bannerRoutes, watermarksRoutes, uploadsRoutes, jobsRoutes, webhooksRoutes]) {
    await app.register(named(feature), ctx);
  }
  // Counts are kept in memory and written in batches by the worker, and as it stops.
  const recorder = config.statistics ? createRecorder(ctx) : null;
  await app.register(named(statisticsRoutes), { ...ctx, recorder, matchRoute: matchPageRoute });

  // What follows a change, and what runs as time passes, runs here (docs/architecture.md, "What
  // runs after a change"). At start, what a crash left half done is checked: copies in the wrong
  // store, copies out of date. A database that does not answer yet is /readyz's to say.
  const worker = createWorker(ctx, { recorder });
  app.addHook('onReady', async () => {
    ctx.jobs.attach(worker);
    await recordCopiesCheck(ctx).catch((error: unknown) => app.log.error({ err: error }, 'could not ask for a check of the photos\' copies'));
    // Photos stored before uploads read their files' titles and captions read them once.
    await recordEmbeddedTextRead(ctx).catch((error: unknown) => app.log.error({ err: error }, 'could not ask for a read of the photos\' embedded text'));
    await worker.start();
  });
  // Before the database closes: jobs in hand finish, counts in memory are written.
  app.addHook('onClose', async () => {
    await worker.stop();
    ctx.jobs.detach();
  });

  await registerWeb(app, {
    clientDir: options.clientDir,
    photos: ctx,
    publicUrl: config.publicUrl,
    sessionCookieName: sessionCookieName(config),
    pageHeaders: headers.page,
    statistics: recorder ? { recorder, auth: ctx } : null,
    dataCache: ctx.dataCache,
    screenRendererFile: options.screenRendererFile,
    contact: ctx,
    secure: config.secure,
  });
  return app;
}

/**
 * A feature's plugin under its own name, still encapsulated. Fastify names a plugin that has no
 * name by comparing it with the exports of every module in require.cache, which in a process that
 * has loaded the whole test suite took longer than building the rest of the app; the name also
 * shows in Fastify's errors and `printPlugins()`.
 */
function named<Plugin extends (...args: never[]) => Promise<void>>(plugin: Plugin): Plugin {
  // fastify-plugin marks the function itself with the name and the encapsulation, and hands it back.
  fastifyPlugin(plugin as unknown as FastifyPluginAsync, { name: plugin.name, encapsulate: true });
  return plugin;
}

/** Says once at start what the media tools found let the site take, and which package adds the rest. */
function logWhatUploadsTake(app: FastifyInstance, ctx: AppContext): void {
  const { takes } = uploadFormats(ctx.media);
  const lacking = ctx.media.images.tools.report().filter((kind) => !kind.available);
  const without = lacking.map((kind) => `${kind.label} (install the Debian package ${kind.package})`).join(', ');
  app.log.info({ takes, lacking: lacking.map(({ label, package: name }) => ({ label, package: name })) }, `Uploads take ${takes.join(', ')}${without ? `; not ${without}` : ''}`);
}
