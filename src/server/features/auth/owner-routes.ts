import type { FastifyInstance, FastifySchema, HTTPMethods, RawServerDefault, RouteGenericInterface, RouteHandlerMethod } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenScope } from '#contract/tokens.ts';
import { ownerOf, requireOwner } from './session.ts';

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  RouteGenericInterface,
  unknown,
  S,
  ZodTypeProvider
>;

/** A handler of an owner-only route: the signed-in owner's id first, then what Fastify gives. */
type OwnerHandler<S extends FastifySchema> = (ownerId: number, ...given: Parameters<Handler<S>>) => ReturnType<Handler<S>>;

/**
 * Registers a feature's owner-only routes: each runs requireOwner first, so a visitor gets 401
 * before the body is read, and its handler is given the owner's id. `scope` is what a personal
 * access token needs for them; without it they answer a signed-in browser only.
 */
export function ownerRoutes(routes: FastifyInstance, scope?: TokenScope) {
  const route =
    (method: HTTPMethods) =>
    <S extends FastifySchema>(url: string, schema: S, handler: OwnerHandler<S>) =>
      routes.route({
        method,
        url,
        schema,
        ...(scope ? { config: { scope } } : {}),
        onRequest: requireOwner,
        handler: (request, reply) => handler(ownerOf(request).id, ...([request, reply] as unknown as Parameters<Handler<S>>)),
      });
  return { get: route('GET'), post: route('POST'), put: route('PUT'), patch: route('PATCH'), delete: route('DELETE') };
}
