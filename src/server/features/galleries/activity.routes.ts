import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '#contract/common.ts';
import { GalleryPickParams } from '#contract/galleries.ts';
import { GalleryLinkActivity, MarkNoticesReadRequest, Notices, NoticeSettings, UpdateNoticeSettingsRequest } from '#contract/gallery-activity.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import { NO_STORE } from '#server/lib/cache-control.ts';
import * as activity from './activity.service.ts';
import type { VisitCookie } from './activity.service.ts';
import { recordPhotoViewed } from './galleries.service.ts';

/** Sets (or renews) a link's visit cookie: a random id for 30 minutes from the last request, nothing else. */
export function setVisitCookie(reply: FastifyReply, visit: VisitCookie | null, secure: boolean): void {
  if (visit) reply.setCookie(visit.name, visit.value, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: new Date(visit.expiresAt) });
}

/**
 * A link's activity: the viewer's signal that a photo was looked at, on the link's own API; the
 * owner's timeline of a link; the owner's notices and how they come.
 */
export const activityRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const reader = ownerRoutes(app, 'galleries:read');
  // The owner's notices are theirs, as the inbox is: no token reads or changes them.
  const noticesOwner = ownerRoutes(app);
  const secure = ctx.config.secure;

  routes.post(api.galleryPhotoViewed, { schema: { params: GalleryPickParams } }, async (request, reply) => {
    const { token, photoId } = request.params;
    const visit = await recordPhotoViewed(ctx, token, { cookies: request.cookies, secure, byOwner: Boolean(request.user), address: request.ip }, photoId);
    setVisitCookie(reply, visit, secure);
    return reply.header('cache-control', NO_STORE).code(204).send();
  });

  reader.get(api.galleryLinkActivity, { params: IdParams, response: { 200: GalleryLinkActivity } }, async (ownerId, request, reply) => {
    reply.header('cache-control', NO_STORE);
    return activity.linkActivity(ctx, ownerId, request.params.id);
  });

  noticesOwner.get(api.notices, { response: { 200: Notices } }, async (ownerId, _request, reply) => {
    reply.header('cache-control', NO_STORE);
    return activity.listNotices(ctx, ownerId);
  });

  noticesOwner.post(api.noticesRead, { body: MarkNoticesReadRequest, response: { 200: Notices } }, async (ownerId, request) =>
    activity.markNoticesRead(ctx, ownerId, request.body.ids),
  );

  noticesOwner.get(api.noticeSettings, { response: { 200: NoticeSettings } }, async (ownerId) => activity.noticeSettings(ctx, ownerId));

  noticesOwner.put(api.noticeSettings, { body: UpdateNoticeSettingsRequest, response: { 200: NoticeSettings } }, async (ownerId, request) =>
    activity.updateNoticeSettings(ctx, ownerId, request.body),
  );
};
