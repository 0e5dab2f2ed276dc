import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { IdParams } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import { CategoryWatermark, SiteWatermark, WATERMARK_LOGO_MAX_BYTES, WatermarkLogoResponse, WatermarkProgress } from '#contract/watermarks.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
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
  // The site's watermark answers a browser only; a category's own is part of the category.
  const owner = ownerRoutes(app);
  const categoryWriter = ownerRoutes(app, 'categories:write');

  owner.get(api.watermark, { response: { 200: SiteWatermark } }, async (ownerId) => watermarks.getSiteWatermark(ctx, ownerId));

  owner.put(api.watermark, { body: SiteWatermark, response: { 200: SiteWatermark } }, async (ownerId, request) =>
    watermarks.saveSiteWatermark(ctx, ownerId, request.body),
  );

  categoryWriter.get(api.categoryWatermark, { params: IdParams, response: { 200: CategoryWatermark } }, async (ownerId, request) =>
    watermarks.getCategoryWatermark(ctx, ownerId, request.params.id),
  );

  categoryWriter.put(api.categoryWatermark, { params: IdParams, body: CategoryWatermark, response: { 200: CategoryWatermark } }, async (ownerId, request) =>
    watermarks.saveCategoryWatermark(ctx, ownerId, request.params.id, request.body),
  );

  owner.post(api.watermarkLogo, { response: { 201: WatermarkLogoResponse } }, async (_ownerId, request, reply) => {
    const receive = { field: 'logo', maxFileBytes: WATERMARK_LOGO_MAX_BYTES, maxFiles: 1, tmpDir: ctx.media.upload.tmpDir };
    const logo = await withReceivedFiles(request, receive, (files) => watermarks.uploadWatermarkLogo(ctx, files[0]));
    return reply.code(201).send(logo);
  });

  // Polled by the admin while a pass runs; never kept by a cache.
  owner.get(api.watermarkProgress, { response: { 200: WatermarkProgress } }, async (_ownerId, _request, reply) => {
    void reply.header('cache-control', NO_STORE);
    return copiesRenderProgress(ctx);
  });
};
