import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { DatabaseHandle } from '#server/db/database.ts';
import { etagMatches } from '#server/http/conditional-get.ts';
import { PRIVATE_REVALIDATE, REVALIDATE } from '#server/lib/cache-control.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The data version read before a list was; its body is kept under that version. */
    listVersion: string | null;
    /** Set when this request builds a list body others wait for. */
    listBuilt: (() => void) | null;
  }
}

export interface DataCache {
  /** Read it before the database; hand it to `set` with what was read. */
  version(): Promise<string>;
  /** What `set` kept, if the data has not changed since. */
  get<T>(key: string, version: string): T | undefined;
  set(key: string, version: string, value: unknown): void;
  /**
   * Announces that `key` is being built at `version`; call the returned function when done,
   * kept or not. Until then `building` gives the others something to wait for: after a change,
   * a crowd of requests builds the answer once, not once each.
   */
  startBuilding(key: string, version: string): () => void;
  building(key: string, version: string): Promise<void> | undefined;
  /** The value kept for `version`, else one build of it shared by every caller meanwhile. */
  remember<T>(key: string, version: string, build: () => Promise<T>): Promise<T>;
}

/** Answers built from the database, each kept with the data version it was read at; at most `maxEntries`. */
export function createDataCache(database: Pick<DatabaseHandle, 'dataVersion'>, maxEntries = 64): DataCache {
  const entries = new Map<string, { version: string; value: unknown }>();
  const builds = new Map<string, { version: string; done: Promise<void> }>();
  const cache: DataCache = {
    version: () => database.dataVersion(),
    get<T>(key: string, version: string) {
      const entry = entries.get(key);
      return entry && entry.version === version ? (entry.value as T) : undefined;
    },
    set(key, version, value) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { version, value });
    },
    startBuilding(key, version) {
      let finish = () => {};
      const build = { version, done: new Promise<void>((resolve) => (finish = resolve)) };
      builds.set(key, build);
      return () => {
        if (builds.get(key) === build) builds.delete(key);
        finish();
      };
    },
    building(key, version) {
      const build = builds.get(key);
      return build && build.version === version ? build.done : undefined;
    },
    async remember<T>(key: string, version: string, build: () => Promise<T>): Promise<T> {
      const kept = cache.get<T>(key, version);
      if (kept !== undefined) return kept;
      const pending = cache.building(key, version);
      if (pending) {
        await pending;
        const built = cache.get<T>(key, version);
        if (built !== undefined) return built;
      }
      const done = cache.startBuilding(key, version);
      try {
        const value = await build();
        cache.set(key, version, value);
        return value;
      } finally {
        done();
      }
    },
  };
  return cache;
}

/** Strong validator: the body's own bytes decide it, so equal bodies get equal tags anywhere. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

interface CachedList {
  body: Buffer;
  etag: string;
  /** Compressed once per version, when a client first asks for it. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** What the client accepts, for a body worth compressing (a list of 1,000 photos shrinks ~9×). */
function encodingFor(request: FastifyRequest, body: Buffer): Encoding | null {
  if (body.length < 1024) return null;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Each encoding is a representation of its own, so a strong tag of its own (RFC 9110 §8.8.3). */
const etagOf = (cached: CachedList, encoding: Encoding | null) =>
  encoding ? `${cached.etag.slice(0, -1)}-${encoding}"` : cached.etag;

function encode(cached: CachedList, encoding: Encoding): Promise<Buffer> {
  return (cached.encoded[encoding] ??=
    encoding === 'br'
      ? brotli(cached.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipAsync(cached.body, { level: 6 }));
}

function listRouteOf(request: FastifyRequest, listRoutes: ReadonlySet<string>): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const route = request.routeOptions.url;
  return route !== undefined && listRoutes.has(route) ? route : null;
}

/**
 * The signed-in owner's lists hold drafts a visitor's never do: one body per data version and
 * per reader, so an owner's answer is never served to a visitor, nor a visitor's to the owner.
 * The session hook has run (onRequest) before these hooks read `request.ownerReads` (a token
 * without photos:read reads as a visitor).
 */
const cacheKeyOf = (request: FastifyRequest, route: string) => {
  const query = request.url.indexOf('?');
  return `list:${route}:${request.ownerReads ? 'owner' : 'visitor'}${query < 0 ? '' : request.url.slice(query)}`;
};

/** The owner's answer stays out of shared caches; both differ by the cookie. */
function setListHeaders(request: FastifyRequest, reply: FastifyReply, etag: string): void {
  reply
    .header('etag', etag)
    .header('cache-control', request.user ? PRIVATE_REVALIDATE : REVALIDATE)
    .header('vary', 'Accept-Encoding, Cookie, Authorization');
}

/**
 * Sets the validators of the representation the client gets; 'not-modified' when the one it
 * holds is this version's, whichever encoding that was (it may keep it).
 */
function representationFor(request: FastifyRequest, reply: FastifyReply, cached: CachedList): Encoding | null | 'not-modified' {
  const encoding = encodingFor(request, cached.body);
  setListHeaders(request, reply, etagOf(cached, encoding));
  const held = request.headers['if-none-match'];
  const candidates = [null, 'br', 'gzip'] as const;
  return candidates.some((candidate) => etagMatches(held, etagOf(cached, candidate))) ? 'not-modified' : encoding;
}

/**
 * Conditional requests for the list endpoints (`listRoutes`: public reads, whose body is one for
 * every visitor and another, drafts included, for the signed-in owner): a strong ETag, 304 on a matching If-None-Match,
 * and `Cache-Control: no-cache` so browsers always ask (the owner's edits show at once). The
 * serialized body is kept in `dataCache`, so while the data stays as it is a read costs one
 * tiny query and no JSON; a client that accepts brotli or gzip gets a copy compressed once.
 * Registered before the routes, so its hooks run for all of them. `taggedRoutes` get the ETag and the 304 but are not kept: the pages of a
 * section are many and each cheap to cut, and would push the lists and pages out of the cache.
 */
export function registerListEtags(
  app: FastifyInstance,
  dataCache: DataCache,
  listRoutes: readonly string[],
  taggedRoutes: readonly string[] = [],
): void {
  const routes = new Set(listRoutes);
  const tagged = new Set([...listRoutes, ...taggedRoutes]);
  app.decorateRequest('listVersion', null);
  app.decorateRequest('listBuilt', null);

  const keep: preHandlerAsyncHookHandler = async (request, reply) => {
    const route = listRouteOf(request, routes);
    if (!route) return;
    const key = cacheKeyOf(request, route);
    const version = await dataCache.version();
    request.listVersion = version;
    let cached = dataCache.get<CachedList>(key, version);
    const pending = cached ? undefined : dataCache.building(key, version);
    if (pending) {
      await pending;
      cached = dataCache.get<CachedList>(key, version);
    } else if (!cached && request.method === 'GET') {
      request.listBuilt = dataCache.startBuilding(key, version);
    }
    if (!cached) return;
    const encoding = representationFor(request, reply, cached);
    if (encoding === 'not-modified') return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    if (!encoding) return reply.send(cached.body);
    return reply.header('content-encoding', encoding).send(await encode(cached, encoding));
  };

  // Once onSend has kept the body, or failed to, or the client has gone: whoever waits goes on.
  const releaseWaiters = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    request.listBuilt?.();
    done();
  };
  const releaseAborted = (request: FastifyRequest, done: () => void) => {
    request.listBuilt?.();
    done();
  };

  const tag = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    const route = listRouteOf(request, tagged);
    // Answers from the cache above carry their ETag already, and a 304 has no body to tag.
    if (!route || reply.statusCode !== 200 || reply.hasHeader('etag')) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const body = Buffer.from(payload);
    const cached: CachedList = { body, etag: strongEtag(body), encoded: {} };
    if (request.method === 'GET' && request.listVersion !== null && routes.has(route)) {
      dataCache.set(cacheKeyOf(request, route), request.listVersion, cached);
    }
    request.listBuilt?.();
    // Compressed here too, not only when read from the cache: on PostgreSQL the version moves
    // with every transaction on the server, so on a busy one many answers are built ones.
    const encoding = representationFor(request, reply, cached);
    if (encoding === 'not-modified') {
      reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return done(null, null);
    }
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    encode(cached, encoding).then((encoded) => done(null, encoded), (error: Error) => done(error));
  };

  // The hooks go on the tagged routes alone, as each is declared (callback style where nothing
  // is awaited): every other request, a thumbnail's say, runs none of them. Each goes before the
  // route's own hooks, as an app-wide one would: the HEAD route Fastify adds empties the body in
  // an onSend of its own, after which there is nothing left to tag.
  app.addHook('onRoute', (route) => {
    if (!tagged.has(route.url) || ![route.method].flat().some((method) => method === 'GET' || method === 'HEAD')) return;
    const add = <T>(hook: T, existing: unknown): T[] => [hook, ...([existing ?? []].flat() as T[])];
    if (routes.has(route.url)) {
      route.preHandler = add(keep, route.preHandler);
      route.onResponse = add(releaseWaiters, route.onResponse);
      route.onRequestAbort = add(releaseAborted, route.onRequestAbort);
    }
    route.onSend = add(tag, route.onSend);
  });
}
