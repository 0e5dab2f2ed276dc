import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { BANNER_MAX_BYTES, BannerUploadResponse } from '#contract/portfolio.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import { withReceivedFiles } from '#server/http/receive-files.ts';
import { uploadBanner } from './banner.service.ts';

/** Registered with `app.register`, so multipart parsing stays inside this route. */
export const bannerRoutes: FastifyPluginAsync<AppContext> = async (app, { media }) => {
  await app.register(multipart);
  const owner = ownerRoutes(app);

  owner.post(api.uploadBanner, { response: { 201: BannerUploadResponse } }, async (_ownerId, request, reply) => {
    const receive = { field: 'banner', maxFileBytes: BANNER_MAX_BYTES, maxFiles: 1, tmpDir: media.upload.tmpDir };
    const banner = await withReceivedFiles(request, receive, (files) => uploadBanner({ media }, files[0]));
    return reply.code(201).send(banner);
  });
};
