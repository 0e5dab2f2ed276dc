import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, MessageResponse } from '#contract/common.ts';
import {
  CreateGalleryLinkRequest,
  Gallery,
  GalleryLink,
  NewGalleryLink,
  RevokedGalleryLink,
  GalleryTokenParams,
  UnlockGalleryRequest,
  UpdateGalleryLinkRequest,
} from '#contract/galleries.ts';
import { api, files } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import { sendStoredFile } from '#server/http/send-file.ts';
import { NO_STORE, PRIVATE_REVALIDATE } from '#server/lib/cache-control.ts';
import { notFound } from '#server/lib/errors.ts';
import { contentTypeOf } from '#server/storage/file-names.ts';
import * as galleries from './galleries.service.ts';
import { setVisitCookie } from './activity.routes.ts';

/**
 * The cookies of a password given (`unlockGallery`): the link's access, and the device's that spares
 * this browser the link's count next time. Set by the JSON route and by the gallery page's plain
 * form (web/gallery-unlock-post.ts) alike.
 */
export function setUnlockCookies(reply: FastifyReply, { access, device }: galleries.GalleryUnlocked, secure: boolean): void {
  reply.setCookie(access.name, access.value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(access.expiresAt ? { expires: new Date(access.expiresAt) } : { maxAge: 30 * 24 * 60 * 60 }),
  });
  // Only ever sent back to this same site's unlock call (the JSON route's, or the plain form's).
  if (device) reply.setCookie(device.name, device.value, { path: '/', httpOnly: true, sameSite: 'strict', secure, expires: new Date(device.expiresAt) });
}

/** The owner's links to a category, one per recipient, and what a link's holder sees. */
export const galleriesRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const linkReader = ownerRoutes(app, 'galleries:read');
  const owner = ownerRoutes(app, 'galleries:write');
  const secure = ctx.config.secure;

  linkReader.get(api.categoryLinks, { params: IdParams, response: { 200: z.array(GalleryLink) } }, async (ownerId, request) =>
    galleries.listLinks(ctx, ownerId, request.params.id),
  );

  owner.post(api.categoryLinks, { params: IdParams, body: CreateGalleryLinkRequest, response: { 201: NewGalleryLink } }, async (ownerId, request, reply) =>
    reply.code(201).send(await galleries.createLink(ctx, ownerId, request.params.id, request.body)),
  );

  owner.patch(api.galleryLink, { params: IdParams, body: UpdateGalleryLinkRequest, response: { 200: GalleryLink } }, async (ownerId, request) =>
    galleries.updateLink(ctx, ownerId, request.params.id, request.body),
  );

  owner.delete(api.galleryLink, { params: IdParams, response: { 200: RevokedGalleryLink } }, async (ownerId, request) => {
    const { undoUntil } = await galleries.deleteLink(ctx, ownerId, request.params.id);
    return { message: 'Link revoked', undoUntil };
  });

  owner.post(api.galleryLinkRestore, { params: IdParams, response: { 200: GalleryLink } }, async (ownerId, request) =>
    galleries.restoreLink(ctx, ownerId, request.params.id),
  );

  // A holder's answers are theirs alone: no shared cache keeps one, nor one for after the link's end.
  routes.get(api.gallery, { schema: { params: GalleryTokenParams, response: { 200: Gallery } } }, async (request, reply) => {
    reply.header('cache-control', NO_STORE).header('x-robots-tag', 'noindex');
    const { gallery, visit } = await galleries.openGallery(ctx, request.params.token, { cookies: request.cookies, secure, byOwner: Boolean(request.user) });
    setVisitCookie(reply, visit, secure);
    return gallery;
  });

  /**
   * A gallery's copies, for its link's holder only: checked before any file or ETag is looked at,
   * kept by no shared cache and checked again on every use (`private, no-cache`), so revoking the
   * link, its expiry or a new password ends each URL on its next request.
   */
  app.route<{ Params: { token: string; filename: string } }>({
    method: ['GET', 'HEAD'],
    url: files.galleryFile,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const { token, filename } = request.params;
      if (!GalleryTokenParams.safeParse({ token }).success) throw notFound('files.not_found');
      const copy = await galleries.openGalleryFile(ctx, token, filename, { cookies: request.cookies, secure });
      reply.header('x-robots-tag', 'noindex');
      const sent = await sendStoredFile(request, reply, copy, { cacheControl: PRIVATE_REVALIDATE, contentType: contentTypeOf(filename) });
      if (!sent) throw notFound('files.not_found');
      return reply;
    },
  });

  routes.post(
    api.galleryUnlock,
    { schema: { params: GalleryTokenParams, body: UnlockGalleryRequest, response: { 200: MessageResponse } } },
    async (request, reply) => {
      setUnlockCookies(reply, await galleries.unlockGallery(ctx, request.params.token, request.body.password, { address: request.ip, secure, cookies: request.cookies }), secure);
      return { message: 'Gallery unlocked' };
    },
  );
};
