import type { FastifyPluginAsync } from 'fastify';
import { IdParams, MessageResponse } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import { ApiTokenList, CreateTokenRequest, NewApiToken } from '#contract/tokens.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from './owner-routes.ts';
import { freshSessionOf } from './session.ts';
import * as tokens from './tokens.service.ts';

/**
 * The owner's personal access tokens. No scope: a token never lists, makes or revokes tokens, so a
 * leaked one cannot mint a wider one or hide itself.
 */
export const tokensRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const owner = ownerRoutes(app);

  owner.get(api.tokens, { response: { 200: ApiTokenList } }, async (ownerId) => tokens.listTokens(ctx, ownerId));

  owner.post(api.tokens, { body: CreateTokenRequest, response: { 201: NewApiToken } }, async (ownerId, request, reply) =>
    reply.code(201).send(await tokens.createToken(ctx, ownerId, freshSessionOf(request), request.body)),
  );

  owner.delete(api.token, { params: IdParams, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await tokens.revokeToken(ctx, ownerId, request.params.id);
    return { message: 'Token revoked' };
  });
};
