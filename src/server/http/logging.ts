import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A gallery's address is its key: its token is written as `{token}`. */
const GALLERY_TOKEN = /^(\/+(?:g|api\/+galleries)\/+)[^/]+/;

/**
 * What the log keeps of a request: Fastify's usual fields, but the path without its query string,
 * since a reset link carries its token there, and without a gallery link's token (logs never hold
 * a token), nor the client's address and port: no visitor's address is written anywhere
 * (docs/privacy.md). Headers, and so cookies, are never serialized.
 */
export function requestForLog(request: FastifyRequest) {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: (query === -1 ? request.url : request.url.slice(0, query)).replace(GALLERY_TOKEN, '$1{token}'),
    host: request.host,
  };
}

/** The server's logger: JSON lines at `level`, to standard output unless a stream is given. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    // Cookies carry the session id; they never reach the log.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { req: requestForLog },
    ...(stream ? { stream } : {}),
  };
}

/** An incoming id is kept only if it is a plain token: nothing that could forge a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's genReqId: the proxy's X-Request-Id when it is a sane token (so one id follows a
 * request through nginx and every instance), else a fresh UUID.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer names its request, so a visitor's report or a proxy log leads to the server's lines. */
export function registerRequestId(app: FastifyInstance): void {
  // Callback style, not async: an async hook costs every request a promise and a microtask.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/**
 * The access log: one line per request, written when its answer has gone, with the request, the
 * status and the time taken (Fastify's own writes a second line as each request comes in).
 * Nothing at all when the log level is above `info`.
 */
export function registerAccessLog(app: FastifyInstance): void {
  if (!['info', 'debug', 'trace'].includes(app.log.level)) return;
  app.addHook('onResponse', function logAccess(request, reply, done) {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
