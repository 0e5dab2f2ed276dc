import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '#contract/common.ts';
import {
  GalleryCommentRequest,
  GalleryLink,
  GalleryLinkPhotoParams,
  GalleryLinkThreads,
  GalleryPickParams,
  GalleryThread,
  GalleryThreads,
  GalleryTokenParams,
  GalleryVerdictRequest,
} from '#contract/galleries.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import { NO_STORE } from '#server/lib/cache-control.ts';
import * as comments from './comments.service.ts';
import { resetDownloads } from './galleries.service.ts';

/**
 * Comments and verdicts per photo under the gallery's own access checks, the owner's threads of a
 * link with their answer, and the owner's reset of a link's download count.
 */
export const commentsRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const linkReader = ownerRoutes(app, 'galleries:read');
  const owner = ownerRoutes(app, 'galleries:write');
  const secure = ctx.config.secure;

  routes.get(api.galleryComments, { schema: { params: GalleryTokenParams, response: { 200: GalleryThreads } } }, async (request, reply) => {
    reply.header('cache-control', NO_STORE).header('x-robots-tag', 'noindex');
    return comments.holderThreads(ctx, request.params.token, { cookies: request.cookies, secure });
  });

  routes.post(
    api.galleryPhotoComments,
    { schema: { params: GalleryPickParams, body: GalleryCommentRequest, response: { 201: GalleryThread } } },
    async (request, reply) => {
      const { token, photoId } = request.params;
      const thread = await comments.postComment(ctx, token, { cookies: request.cookies, secure, byOwner: Boolean(request.user), address: request.ip }, photoId, request.body.text);
      return reply.code(201).header('cache-control', NO_STORE).send(thread);
    },
  );

  routes.put(
    api.galleryPhotoVerdict,
    { schema: { params: GalleryPickParams, body: GalleryVerdictRequest, response: { 200: GalleryThread } } },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const { token, photoId } = request.params;
      return comments.putVerdict(ctx, token, { cookies: request.cookies, secure, byOwner: Boolean(request.user), address: request.ip }, photoId, request.body.verdict);
    },
  );

  linkReader.get(api.galleryLinkComments, { params: IdParams, response: { 200: GalleryLinkThreads } }, async (ownerId, request) =>
    comments.ownerThreads(ctx, ownerId, request.params.id),
  );

  owner.post(
    api.galleryLinkPhotoComments,
    { params: GalleryLinkPhotoParams, body: GalleryCommentRequest, response: { 201: GalleryThread } },
    async (ownerId, request, reply) =>
      reply.code(201).send(await comments.answerComment(ctx, ownerId, request.params.id, request.params.photoId, request.body.text)),
  );

  owner.post(api.galleryLinkDownloadsReset, { params: IdParams, response: { 200: GalleryLink } }, async (ownerId, request) =>
    resetDownloads(ctx, ownerId, request.params.id),
  );
};
