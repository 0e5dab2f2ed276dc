import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requireOwner } from './session.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/** True when the route answers 401 to anyone but the signed-in owner. */
export function isOwnerOnly(route: Pick<RouteOptions, 'onRequest' | 'preHandler'>): boolean {
  const hooks = [route.onRequest, route.preHandler].flat();
  return hooks.includes(requireOwner);
}

/**
 * The OpenAPI document, generated from the zod contract the routes validate with, so it cannot
 * drift from what the server accepts. Registered before any route: swagger collects them as they
 * are added. Owner-only routes carry the session cookie as their security requirement.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atelier API',
        version: '1',
        description: 'Errors are JSON {"message"}; invalid input adds "issues": [{path, message}].',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'atelier_session', description: '__Host-atelier_session under https' },
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      if (!isOwnerOnly(document.route)) return transformed;
      return { ...transformed, schema: { ...transformed.schema, security: [{ session: [] }] } };
    },
  });

  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
