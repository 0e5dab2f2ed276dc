import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '#contract/common.ts';
import { GalleryExportQuery, GalleryLinkPicks, GalleryPickParams, GalleryPicks, GalleryTokenParams } from '#contract/galleries.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import { NO_STORE } from '#server/lib/cache-control.ts';
import { attachmentHeader } from '#server/http/attachment.ts';
import * as proofing from './proofing.service.ts';

/**
 * Proofing: a link's holder's picks, under the gallery's own access checks, and the
 * owner's view of each link's picks with their export.
 */
export const proofingRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const linkReader = ownerRoutes(app, 'galleries:read');
  const owner = ownerRoutes(app, 'galleries:write');
  const secure = ctx.config.secure;
  const access = (request: { cookies: Record<string, string | undefined>; user?: unknown }) => ({ cookies: request.cookies, secure, byOwner: Boolean(request.user) });

  routes.get(api.galleryPicks, { schema: { params: GalleryTokenParams, response: { 200: GalleryPicks } } }, async (request, reply) => {
    reply.header('cache-control', NO_STORE).header('x-robots-tag', 'noindex');
    return proofing.listPicks(ctx, request.params.token, access(request));
  });

  routes.put(api.galleryPick, { schema: { params: GalleryPickParams, response: { 200: GalleryPicks } } }, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    return proofing.addPick(ctx, request.params.token, access(request), request.params.photoId);
  });

  routes.delete(api.galleryPick, { schema: { params: GalleryPickParams, response: { 200: GalleryPicks } } }, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    return proofing.removePick(ctx, request.params.token, access(request), request.params.photoId);
  });

  routes.post(api.galleryPicksSubmit, { schema: { params: GalleryTokenParams, response: { 200: GalleryPicks } } }, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    // The mail goes out on its own time; a failure to send it is logged, the picks are sent all the same.
    return proofing.submitPicks(ctx, request.params.token, access(request));
  });

  linkReader.get(api.galleryLinkPicks, { params: IdParams, querystring: GalleryExportQuery, response: { 200: GalleryLinkPicks } }, async (ownerId, request) =>
    proofing.ownerPicks(ctx, ownerId, request.params.id, request.query.only),
  );

  owner.post(api.galleryLinkPicksReopen, { params: IdParams, response: { 200: GalleryLinkPicks } }, async (ownerId, request) =>
    proofing.reopenPicks(ctx, ownerId, request.params.id),
  );

  linkReader.get(api.galleryLinkPicksCsv, { params: IdParams, querystring: GalleryExportQuery }, async (ownerId, request, reply) => {
    const csv = await proofing.picksCsv(ctx, ownerId, request.params.id, request.query.only);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentHeader(csv.fileName))
      .header('cache-control', NO_STORE)
      .send(csv.body);
  });
};
