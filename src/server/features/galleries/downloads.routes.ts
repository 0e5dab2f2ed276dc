import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GalleryPhotoDownloadParams, GalleryTokenParams } from '#contract/galleries.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { NO_STORE } from '#server/lib/cache-control.ts';
import { attachmentHeader } from '#server/http/attachment.ts';
import * as downloads from './downloads.service.ts';
import type { Download } from './downloads.service.ts';

/**
 * Downloads by a link's policy: one photo, and the whole gallery as one ZIP. Each
 * answer is its holder's alone (no-store), and a file's bytes, never a page to index.
 */
export const downloadsRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.secure;

  const send = (reply: FastifyReply, download: Download) => {
    reply
      .header('content-type', download.contentType)
      .header('content-disposition', attachmentHeader(download.fileName))
      .header('cache-control', NO_STORE)
      .header('x-robots-tag', 'noindex');
    if (download.size !== null) reply.header('content-length', download.size);
    return reply.send(download.stream);
  };

  routes.get(api.galleryPhotoDownload, { schema: { params: GalleryPhotoDownloadParams } }, async (request, reply) =>
    send(reply, await downloads.downloadPhoto(ctx, request.params.token, { cookies: request.cookies, secure, byOwner: Boolean(request.user) }, request.params.photoId)),
  );

  routes.get(api.galleryDownload, { schema: { params: GalleryTokenParams } }, async (request, reply) =>
    send(reply, await downloads.downloadGallery(ctx, request.params.token, { cookies: request.cookies, secure, byOwner: Boolean(request.user), address: request.ip })),
  );
};
