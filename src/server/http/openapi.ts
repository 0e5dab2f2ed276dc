import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody } from '#contract/common.ts';
import type { ErrorCode } from '#contract/error-codes.ts';
import { api } from '#contract/routes.ts';
import { REVALIDATE } from '#server/lib/cache-control.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A multipart route's body, for the OpenAPI document (the route reads the parts itself, so no
     * body schema of Fastify's sees them): the field of its file(s), and its text fields.
     */
    multipart?: MultipartBody;
  }
}

export interface MultipartBody {
  /** The field the file comes in, and whether it may repeat. */
  file: { field: string; many: boolean };
  /** Text fields beside the files, as the contract checks them. */
  fields?: z.ZodObject;
  description?: string;
}

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
  // Each multipart route's body, by method and OpenAPI path, gathered as the routes are transformed.
  const multipartBodies = new Map<string, MultipartBody>();
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
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal access token made in the admin (Account, API tokens), sent as "Authorization: Bearer atl_…". ' +
              'An owner-only route lists the one scope a token needs; a route that lists none (the account, its ' +
              'security, the tokens) refuses every token with 403 auth.token_not_allowed. A missing scope is 403 ' +
              'auth.token_scope_missing; an unknown, expired or revoked token is 401 auth.token_invalid. CORS is off: ' +
              'call the API from a script or a program, not from another site\'s page.',
          },
        },
        schemas: { ApiError: apiErrorSchema() },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const multipartBody = document.route.config?.multipart;
      if (multipartBody) {
        for (const method of [document.route.method].flat()) multipartBodies.set(`${method.toLowerCase()} ${openApiPath(document.url)}`, multipartBody);
      }
      if (!isOwnerOnly(document.route, ownerOnly)) return transformed;
      const scope = document.route.config?.scope;
      return { ...transformed, schema: { ...transformed.schema, security: scope ? [{ session: [] }, { bearerAuth: [scope] }] : [{ session: [] }] } };
    },
    transformObject: (document) =>
      'openapiObject' in document ? withMultipartBodies(withErrorAnswers(document.openapiObject), multipartBodies) : document.swaggerObject,
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

type Operation = { responses?: object; security?: Array<Record<string, string[]>>; 'x-scopes'?: string[] };

/** An error answer whose body's code is one of `codes`, named in its description too. */
function refusal(description: string, codes: readonly ErrorCode[]) {
  return {
    description: `${description}: ${codes.join(', ')}`,
    content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/ApiError' }, { properties: { code: { enum: codes } } }] } } },
  };
}

/**
 * The refusals an owner-only route answers before it reads anything, each with its codes, and the
 * scope a token needs for it (`x-scopes`, empty where tokens are refused).
 */
function ownerOnlyAnswers(operation: Operation): void {
  const scope = operation.security?.find((requirement) => 'bearerAuth' in requirement)?.bearerAuth?.[0];
  operation['x-scopes'] = scope ? [scope] : [];
  operation.responses = {
    401: refusal('Not signed in, or the token is unknown, expired or revoked', ['auth.not_signed_in', 'auth.token_invalid']),
    403: scope ? refusal(`The token lacks the scope ${scope}`, ['auth.token_scope_missing']) : refusal('API tokens are refused here', ['auth.token_not_allowed']),
    429: refusal('Too many unknown tokens from this address', ['limits.too_many_attempts']),
    ...operation.responses,
  };
}

/**
 * Every operation may answer an error: its `default` answer is the error body, beside the ones it
 * declares; an owner-only one lists its refusals with their codes.
 */
function withErrorAnswers<Document extends { paths?: object }>(document: Document): Document {
  const error = { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
  for (const operations of Object.values(document.paths ?? {}) as Array<Record<string, Operation>>) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      operation.responses = { default: error, ...operation.responses };
      if (operation.security?.length) ownerOnlyAnswers(operation);
    }
  }
  return document;
}

/** `/api/photos/:id/file` as OpenAPI writes it: `/api/photos/{id}/file`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** A file part: its bytes, of whatever type the route then checks. */
const FILE_PART = { type: 'string', contentMediaType: 'application/octet-stream' };

/** The multipart/form-data body of a route that declares one (`config.multipart`). */
function multipartRequestBody(body: MultipartBody) {
  const fields = body.fields ? (z.toJSONSchema(body.fields, { io: 'input' }) as { properties?: Record<string, unknown> }) : {};
  return {
    required: true,
    ...(body.description ? { description: body.description } : {}),
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: [body.file.field],
          properties: {
            [body.file.field]: body.file.many ? { type: 'array', items: FILE_PART } : FILE_PART,
            ...fields.properties,
          },
        },
      },
    },
  };
}

function withMultipartBodies<Document extends { paths?: object }>(document: Document, bodies: ReadonlyMap<string, MultipartBody>): Document {
  for (const [path, operations] of Object.entries(document.paths ?? {}) as Array<[string, Record<string, { requestBody?: unknown }>]>) {
    for (const [method, operation] of Object.entries(operations)) {
      const body = bodies.get(`${method} ${path}`);
      if (body) operation.requestBody = multipartRequestBody(body);
    }
  }
  return document;
}
