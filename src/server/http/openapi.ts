import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import { REVALIDATE } from '#server/lib/cache-control.ts';

/** The onRequest hook of owner-only routes; passed in, as the session belongs to auth. */
export type OwnerOnlyHook = (request: FastifyRequest) => Promise<void>;

/** True when the route runs `ownerOnly`, the hook that answers 401 to anyone but the signed-in owner. */
function isOwnerOnly(route: Pick<RouteOptions, 'onRequest' | 'preHandler'>, ownerOnly: OwnerOnlyHook): boolean {
  const hooks: unknown[] = [route.onRequest, route.preHandler].flat();
  return hooks.includes(ownerOnly);
}

/**
 * The OpenAPI document, generated from the zod contract the routes validate with, so it cannot
 * drift from what the server accepts. Registered before any route: swagger collects them as they
 * are added. Owner-only routes carry the session cookie as their security requirement.
 */
export async function registerOpenApi(app: FastifyInstance, ownerOnly: OwnerOnlyHook): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atelier API',
        version: '1',
        description:
          'Errors are JSON {"code", "message", "params"} (components.schemas.ApiError): "code" is stable, one of the ' +
          'enum; "message" is its English text with "params" filled in; invalid input adds "issues": [{path, message}].',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'atelier_session', description: '__Host-atelier_session under https' },
        },
        schemas: { ApiError: apiErrorSchema() },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      if (!isOwnerOnly(document.route, ownerOnly)) return transformed;
      return { ...transformed, schema: { ...transformed.schema, security: [{ session: [] }] } };
    },
    transformObject: (document) => ('openapiObject' in document ? withErrorAnswers(document.openapiObject) : document.swaggerObject),
  });

  app.get(api.openApi, async (_request, reply) =>
    reply.header('cache-control', REVALIDATE).send(app.swagger()),
  );
}

/** The error body as JSON Schema: its `code` is the enum of every code of the catalog. */
function apiErrorSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(ApiErrorBody, { io: 'output' });
  return schema;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every operation may answer an error: its `default` answer is the error body, beside the ones it declares. */
function withErrorAnswers<Document extends { paths?: object }>(document: Document): Document {
  const error = { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
  for (const operations of Object.values(document.paths ?? {}) as Array<Record<string, { responses?: object }>>) {
    for (const [method, operation] of Object.entries(operations)) {
      if (METHODS.has(method)) operation.responses = { default: error, ...operation.responses };
    }
  }
  return document;
}
