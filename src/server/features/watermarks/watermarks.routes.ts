import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import { CategoryWatermark, SiteWatermark, WATERMARK_LOGO_MAX_BYTES, WatermarkLogoResponse, WatermarkProgress } from '#contract/watermarks.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerOf, requireOwner } from '#server/features/auth/session.ts';
import { copiesRenderProgress } from '#server/features/renditions/renditions.service.ts';
import { withReceivedFiles } from '#server/http/receive-files.ts';
import { NO_STORE } from '#server/lib/cache-control.ts';
import * as watermarks from './watermarks.service.ts';

/**
 * The owner's watermarks: the site's and a category's own, a logo to use in one, and how far the
 * background pass that applies a change has come. Every route is the owner's.
 */
export const watermarksRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  await app.register(multipart);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.watermark, { onRequest: requireOwner, schema: { response: { 200: SiteWatermark } } }, async (request) =>
    watermarks.getSiteWatermark(ctx, ownerOf(request).id),
  );

  routes.put(
    api.watermark,
    { onRequest: requireOwner, schema: { body: SiteWatermark, response: { 200: SiteWatermark } } },
    async (request) => watermarks.saveSiteWatermark(ctx, ownerOf(request).id, request.body),
  );

  routes.get(
    api.categoryWatermark,
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: CategoryWatermark } } },
    async (request) => watermarks.getCategoryWatermark(ctx, ownerOf(request).id, request.params.id),
  );

  routes.put(
    api.categoryWatermark,
    { onRequest: requireOwner, schema: { params: IdParams, body: CategoryWatermark, response: { 200: CategoryWatermark } } },
    async (request) => watermarks.saveCategoryWatermark(ctx, ownerOf(request).id, request.params.id, request.body),
  );

  routes.post(
    api.watermarkLogo,
    { onRequest: requireOwner, schema: { response: { 201: WatermarkLogoResponse } } },
    async (request, reply) => {
      const receive = { field: 'logo', maxFileBytes: WATERMARK_LOGO_MAX_BYTES, maxFiles: 1, tmpDir: ctx.media.upload.tmpDir };
      const logo = await withReceivedFiles(request, receive, (files) => watermarks.uploadWatermarkLogo(ctx, files[0]));
      return reply.code(201).send(logo);
    },
  );

  // Polled by the admin while a pass runs; never kept by a cache.
  routes.get(
    api.watermarkProgress,
    { onRequest: requireOwner, schema: { response: { 200: WatermarkProgress } } },
    async (_request, reply) => {
      void reply.header('cache-control', NO_STORE);
      return copiesRenderProgress(ctx);
    },
  );
};
