import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BANNER_MAX_BYTES, BannerUploadResponse } from '#contract/portfolio.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { requireOwner } from '#server/features/auth/session.ts';
import { withReceivedFiles } from '#server/http/receive-files.ts';
import { uploadBanner } from './banner.service.ts';

/** Registered with `app.register`, so multipart parsing stays inside this route. */
export const bannerRoutes: FastifyPluginAsync<AppContext> = async (app, { media }) => {
  await app.register(multipart);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    api.uploadBanner,
    { onRequest: requireOwner, schema: { response: { 201: BannerUploadResponse } } },
    async (request, reply) => {
      const receive = { field: 'banner', maxFileBytes: BANNER_MAX_BYTES, maxFiles: 1, tmpDir: media.upload.tmpDir };
      const banner = await withReceivedFiles(request, receive, (files) => uploadBanner({ media }, files[0]));
      return reply.code(201).send(banner);
    },
  );
};
