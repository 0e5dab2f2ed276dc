import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EMBED_FRAME_ORIGINS } from '#contract/music.ts';
import type { Config } from '#server/config.ts';
import { bearerTokenOf } from '#server/lib/bearer.ts';
import { forbidden } from '#server/lib/errors.ts';
import { errorBody } from './http-error.ts';

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The security headers of every answer, as helmet takes them. */
function helmetOptions(config: Config) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and React position popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The only origins a page may frame: the music embed players.
        frameSrc: [...EMBED_FRAME_ORIGINS],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Browsers without CSP frame-ancestors read this one: no framing at all, as the CSP says.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  } satisfies Parameters<typeof helmet>[0];
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded is answered before any route or hook
 * runs, so this answer carries the security headers itself, in the API's error shape,
 * without echoing the path (Fastify's own answer does both wrong).
 */
export function answerFrameworkErrors(headers: Record<string, string>): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (_error, _request, reply) => {
    void reply.headers(headers).code(400).send(errorBody('request.invalid_address'));
  };
}

/**
 * A policy for what is not a page (JSON, files, scripts, 304s, errors): nothing may load, and
 * nothing may frame it, should it ever be opened as a document. GitHub's API sends the same.
 */
export const ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Of helmet's headers, those that mean something on an answer that is not a page. */
const EVERY_ANSWER = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy'];

export interface SecurityHeaders {
  /**
   * Every answer's: HSTS (under https), nosniff, no framing, no cross-origin reads (CORP), and
   * `ANSWER_CSP`. About 200 bytes instead of helmet's 1.1 KB: a 304 is mostly headers.
   */
  every: Record<string, string>;
  /**
   * An HTML page's, set over `every` by the page itself (its CSP replaces ANSWER_CSP): helmet's
   * whole set, with the opener, referrer, permissions and other policies that only a document reads.
   */
  page: Record<string, string>;
}

/**
 * Helmet's headers for the config, worked out once. They depend on nothing in the request, and
 * @fastify/helmet built helmet's whole middleware again for every request (7 % of a 304's time).
 * A page that forgot `page` would get `ANSWER_CSP`, which loads nothing: broken, never open.
 */
export function securityHeaders(config: Config): SecurityHeaders {
  const page: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string) {
      page[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(helmetOptions(config))({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  page['permissions-policy'] = PERMISSIONS_POLICY;
  const every = Object.fromEntries(EVERY_ANSWER.filter((name) => name in page).map((name) => [name, page[name]!]));
  every['content-security-policy'] = ANSWER_CSP;
  return { every, page };
}

/** `headers`: securityHeaders(config).every, worked out once for this hook and answerFrameworkErrors. */
export async function registerSecurity(app: FastifyInstance, config: Config, headers: Record<string, string>): Promise<void> {
  const publicOrigin = new URL(config.publicUrl).origin;
  // One hook, callback style rather than async (a promise and a microtask less on every request):
  // the headers of every answer, then the cross-site check.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    done(SAFE_METHODS.has(request.method) || isBearer(request) ? undefined : crossSiteRefusal(request, publicOrigin));
  });
}

/**
 * A call that carries a personal access token proves itself with it, not with a cookie another
 * site's page could make the browser send: the cross-site check is for cookies. Safe because
 * such a call is the token's alone (the session hook reads none of its cookies), and a browser
 * never sends an Authorization header across sites without a CORS preflight, which this server
 * does not answer (CORS off: docs/security.md).
 */
function isBearer(request: FastifyRequest): boolean {
  return bearerTokenOf(request.headers.authorization) !== null;
}

/**
 * A state-changing call from another site's page is refused (CSRF), whatever its cookies. The
 * site's origin is PUBLIC_URL's alone: the request's own Host (or X-Forwarded-Host) is the
 * caller's to choose, so an origin matching it proves nothing.
 */
function crossSiteRefusal(request: FastifyRequest, publicOrigin: string): Error | undefined {
  const origin = request.headers.origin;
  if (origin === undefined) {
    return request.headers['sec-fetch-site'] === 'cross-site' ? forbidden('request.cross_site') : undefined;
  }
  return origin === publicOrigin ? undefined : forbidden('request.cross_site');
}
