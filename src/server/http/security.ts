import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { EMBED_FRAME_ORIGINS } from '#contract/music.ts';
import type { Config } from '#server/config.ts';
import { forbidden } from '#server/lib/errors.ts';

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });

  const publicOrigin = new URL(config.publicUrl).origin;
  // A state-changing call from another site's page is refused (CSRF), whatever its cookies.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused');
      return;
    }
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== ownOrigin) throw forbidden('Cross-site request refused');
  });
}
