import { RESTRICTED_FILES_BASE } from '#contract/image-urls.ts';
import type { Viewer } from '#contract/portfolio-sections.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import { NO_STORE } from '#server/lib/cache-control.ts';
import type { TokenScope } from '#contract/tokens.ts';
import { bearerTokenOf } from '#server/lib/bearer.ts';
import { forbidden, notSignedIn } from '#server/lib/errors.ts';
import { resolveToken } from './tokens.service.ts';
import { resolveSession, SESSION_ABSOLUTE_MS, TRUSTED_DEVICE_MS, type AuthContext, type ClientInfo, type SignedIn } from './auth.service.ts';
import type { UserRow } from '#server/features/owner/users.table.ts';
import type { FreshSession } from './security.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in owner, or null for a visitor. */
    user: UserRow | null;
    /** Hash of the session cookie, the sessions table's key. */
    sessionId: string | null;
    /** A half signed-in session (right password, second step to come): no owner session. */
    pendingSignIn: { sessionId: string; user: UserRow } | null;
    /** When the owner last proved who they are in this session. */
    sessionConfirmedAt: string | null;
    /** When this owner session began. */
    sessionStartedAt: string | null;
    /** The personal access token a request came with (`Authorization: Bearer`), or null. */
    apiToken: { id: number; scopes: readonly TokenScope[] } | null;
    /**
     * Reads as the owner (drafts, non-public categories): a signed-in browser, or a token with
     * photos:read. Every public list and page a visitor and the owner both read follows it.
     */
    ownerReads: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The one scope a token needs for this owner-only route. A route without one refuses every
     * token (the account, its security, the tokens themselves): see `requireOwner`.
     */
    scope?: TokenScope;
  }
}

/** What the fresh check reads of the signed-in session (`requireFreshCheck`). */
export function freshSessionOf(request: FastifyRequest): FreshSession {
  return { sessionId: request.sessionId ?? '', confirmedAt: request.sessionConfirmedAt, startedAt: request.sessionStartedAt ?? new Date(0).toISOString() };
}

/** Under https the cookie takes the __Host- prefix: Secure, no Domain, path /. */
export function sessionCookieName(config: Config): string {
  return config.secure ? '__Host-atelier_session' : 'atelier_session';
}

/**
 * The onRequest hook that finds who is signed in, for the whole app (not encapsulated in a
 * plugin: every feature's routes read `request.user`).
 */
export function registerSession(app: FastifyInstance, ctx: AuthContext & { config: Config }): void {
  const cookieName = sessionCookieName(ctx.config);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('pendingSignIn', null);
  app.decorateRequest('sessionConfirmedAt', null);
  app.decorateRequest('sessionStartedAt', null);
  app.decorateRequest('apiToken', null);
  app.decorateRequest('ownerReads', false);

  const findSession = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const session = await resolveSession(ctx, token);
    if (session?.pending) {
      // Every owner route answers 401 to it: request.user stays null.
      request.pendingSignIn = { sessionId: session.sessionId, user: session.user };
      reply.header('cache-control', NO_STORE);
    } else if (session) {
      request.user = session.user;
      request.sessionConfirmedAt = session.confirmedAt;
      request.sessionStartedAt = session.startedAt;
      request.sessionId = session.sessionId;
      request.ownerReads = true;
      // What the API tells the owner (messages, the recovery email…) is kept by no cache; the
      // public lists set their own revalidating policy over this one.
      reply.header('cache-control', NO_STORE);
    }
  };
  const findToken = async (request: FastifyRequest, reply: FastifyReply, bearer: string) => {
    const resolved = await resolveToken(ctx, bearer, request.ip);
    request.user = resolved.user;
    request.apiToken = { id: resolved.tokenId, scopes: resolved.scopes };
    request.ownerReads = resolved.scopes.includes('photos:read');
    reply.header('cache-control', NO_STORE);
  };
  // Callback style: a request without a session cookie (every visitor's) costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    // Static files and the page shell do not need the session; skip the database for them. A
    // non-public gallery's files do: the owner gets them under /restricted.
    if (!request.url.startsWith('/api/') && !request.url.startsWith(`${RESTRICTED_FILES_BASE}/`)) return done();
    // A request with a bearer token is the token's alone: its cookies, if any, are not read, so
    // a call that skipped the cross-site check for its token (http/security.ts) never acts
    // with the browser's session.
    const bearer = bearerTokenOf(request.headers.authorization);
    if (bearer !== null) {
      findToken(request, reply, bearer).then(() => done(), (error: Error) => done(error));
      return;
    }
    const token = request.cookies[cookieName];
    if (!token) return done();
    findSession(request, reply, token).then(() => done(), (error: Error) => done(error));
  });
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

/** The cookie of a browser that signed in before; it spares that browser the per-account limit. */
export function deviceCookieName(config: Config): string {
  return config.secure ? '__Host-atelier_device' : 'atelier_device';
}

/** The cookies of a sign-in: the session, and the device cookie that outlives it. */
export function setSignedInCookies(reply: FastifyReply, config: Config, signedIn: SignedIn): void {
  setSessionCookie(reply, config, signedIn.token);
  // A half signed-in browser is not trusted yet.
  if (!signedIn.deviceToken) return;
  reply.setCookie(deviceCookieName(config), signedIn.deviceToken, {
    path: '/',
    httpOnly: true,
    // Only ever sent to our own sign-in call.
    sameSite: 'strict',
    secure: config.secure,
    maxAge: TRUSTED_DEVICE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
  });
}

/**
 * onRequest hook of owner-only routes: 401 without a valid session, before the body is
 * read or validated, so a visitor learns nothing from a 400 and costs no parsing.
 */
export async function requireOwner(request: FastifyRequest): Promise<void> {
  if (!request.user) throw notSignedIn('auth.not_signed_in');
  if (request.apiToken) checkTokenScope(request.apiToken.scopes, request.routeOptions.config.scope);
}

/**
 * The one place a token's scopes are checked: the route's declared scope must be among them,
 * and a route that declares none takes no token at all.
 */
export function checkTokenScope(scopes: readonly TokenScope[], needed: TokenScope | undefined): void {
  if (needed === undefined) throw forbidden('auth.token_not_allowed');
  if (!scopes.includes(needed)) throw forbidden('auth.token_scope_missing', { scope: needed });
}

/** For a route open to visitors that answers a browser only (who is signed in): no token. */
export function refuseToken(request: FastifyRequest): void {
  if (request.apiToken) throw forbidden('auth.token_not_allowed');
}

/** The browser asking, as a sign-in records it. */
export function clientOf(request: FastifyRequest, config: Config): ClientInfo {
  return { address: request.ip, userAgent: request.headers['user-agent'], deviceToken: request.cookies[deviceCookieName(config)] };
}

/** The signed-in user of a route guarded by requireOwner. */
export function ownerOf(request: FastifyRequest): UserRow {
  if (!request.user) throw notSignedIn('auth.not_signed_in');
  return request.user;
}

export function viewerOf(request: FastifyRequest): Viewer {
  return request.ownerReads ? 'owner' : 'visitor';
}
