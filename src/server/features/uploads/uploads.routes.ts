import type { FastifyPluginAsync } from 'fastify';
import { files as servedFiles } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { requireOwner } from '#server/features/auth/session.ts';
import { findPhotoCopy } from '#server/features/renditions/renditions.service.ts';
import { CACHE_AN_HOUR, IMMUTABLE, PRIVATE_REVALIDATE } from '#server/lib/cache-control.ts';
import { sendStoredFile } from '#server/http/send-file.ts';
import { notFound } from '#server/lib/errors.ts';
import { contentTypeOf, isServedFileName } from '#server/storage/file-names.ts';

/**
 * GET /uploads/{filename}: generated names only, from the public store; originals live elsewhere,
 * and so do non-public galleries' copies (`/restricted`, below, and a gallery's own path).
 */
export const uploadsRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const files = ctx.media.uploads;
  /**
   * S3_PUBLIC_URL: where the bucket's `uploads/` keys are served (a CDN, the bucket's website).
   * Set, requests are redirected there and never touch the store; its headers are then the
   * bucket's or the CDN's to set.
   */
  const publicBase = ctx.config.s3?.publicUrl;
  app.route<{ Params: { filename: string } }>({
    method: ['GET', 'HEAD'],
    url: servedFiles.upload,
    // HEAD is answered here, without opening the file (Fastify's own would read it to nowhere).
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      // The strict shape is the guard against traversal: `..`, slashes and backslashes, in any
      // encoding, never match it once the router has decoded the segment.
      const { filename } = request.params;
      if (!isServedFileName(filename)) throw notFound('files.not_found');
      if (publicBase) {
        return reply.code(302).header('cache-control', CACHE_AN_HOUR).redirect(`${publicBase}/uploads/${filename}`);
      }
      // Small files come whole from memory; larger ones are streamed from the store below.
      const info = await files.readSmall(filename);
      if (!info) throw notFound('files.not_found');
      const sent = await sendStoredFile(
        request,
        reply,
        { info, open: (range) => files.open(filename, range) },
        { cacheControl: IMMUTABLE, contentType: contentTypeOf(filename) },
      );
      if (!sent) throw notFound('files.not_found');
      return reply;
    },
  });

  /**
   * GET /restricted/{filename}: a non-public gallery's copies, for the signed-in owner only
   * (visitors get 401 before any file is looked at). Kept by no shared cache, and checked again
   * each time (`private, no-cache`), so a 304 is only ever the owner's.
   */
  app.route<{ Params: { filename: string } }>({
    method: ['GET', 'HEAD'],
    url: servedFiles.restrictedFile,
    exposeHeadRoute: false,
    onRequest: requireOwner,
    config: { scope: 'photos:read' },
    handler: async (request, reply) => {
      const { filename } = request.params;
      if (!isServedFileName(filename)) throw notFound('files.not_found');
      const copy = await findPhotoCopy(ctx, filename);
      const sent = copy && (await sendStoredFile(request, reply, copy, { cacheControl: PRIVATE_REVALIDATE, contentType: contentTypeOf(filename) }));
      if (!sent) throw notFound('files.not_found');
      return reply;
    },
  });
};
