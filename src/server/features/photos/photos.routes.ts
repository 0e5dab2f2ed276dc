import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody, IdParams, MessageResponse } from '#contract/common.ts';
import {
  Photo,
  PhotoWithCategory,
  RejectedFile,
  ReorderPhotosRequest,
  UpdatePhotoRequest,
  UploadPhotosResponse,
} from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerOf, requireOwner } from '#server/features/auth/session.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { STATUS_OF } from '#server/http/http-error.ts';
import { withReceivedFiles } from '#server/http/receive-files.ts';
import * as photos from './photos.service.ts';
import { addPhotos } from './upload.service.ts';

/** When nothing of an upload was stored: the reason, and each file with its own. */
const UploadRefused = ApiErrorBody.extend({ rejected: z.array(RejectedFile).optional() });

/** Registered with `app.register`, so multipart parsing stays inside these routes. */
export const photosRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  await app.register(multipart);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.photos, { schema: { response: { 200: z.array(Photo) } } }, async () => {
    const owner = await getPortfolioOwner(ctx);
    return photos.listPhotos(ctx, owner.id);
  });

  routes.get(
    api.photo,
    { schema: { params: IdParams, response: { 200: PhotoWithCategory } } },
    async (request) => {
      const owner = await getPortfolioOwner(ctx);
      return photos.getPhoto(ctx, owner.id, request.params.id);
    },
  );

  routes.post(
    api.photosUpload,
    { onRequest: requireOwner, schema: { response: { 201: UploadPhotosResponse, 413: UploadRefused, 415: UploadRefused } } },
    async (request, reply) => {
      const owner = ownerOf(request);
      const { upload } = ctx.media;
      const { refusedAs, ...outcome } = await withReceivedFiles(
        request,
        { field: 'photos', maxFileBytes: upload.maxFileBytes, maxFiles: upload.maxFiles, tmpDir: upload.tmpDir },
        (files) => addPhotos(ctx, owner.id, files),
      );
      // Nothing stored is a refusal, answered with the status of its kind, but with every file's reason.
      return reply.code(refusedAs ? (STATUS_OF[refusedAs] as 413 | 415) : 201).send(outcome);
    },
  );

  // A route of its own; the router prefers this static segment over /:id.
  routes.put(
    api.photosReorder,
    { onRequest: requireOwner, schema: { body: ReorderPhotosRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await photos.reorderPhotos(ctx, ownerOf(request).id, request.body);
      return { message: 'Photos reordered successfully' };
    },
  );

  routes.put(
    api.photo,
    { onRequest: requireOwner, schema: { params: IdParams, body: UpdatePhotoRequest, response: { 200: Photo } } },
    async (request) => photos.updatePhoto(ctx, ownerOf(request).id, request.params.id, request.body),
  );

  routes.delete(
    api.photo,
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await photos.deletePhoto(ctx, ownerOf(request).id, request.params.id);
      return { message: 'Photo deleted' };
    },
  );
};
