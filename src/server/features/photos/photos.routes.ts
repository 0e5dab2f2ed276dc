import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody, IdParams, MessageResponse } from '#contract/common.ts';
import {
  MovePhotosRequest,
  OrderPhotosRequest,
  Photo,
  PhotoIdsRequest,
  PhotoWithCategory,
  PlacePhotoRequest,
  RejectedFile,
  ReorderPhotosRequest,
  TrashedResponse,
  UpdatePhotoRequest,
  UPLOAD_POSITION_FIELD,
  UploadPhotosQuery,
  UploadPhotosResponse,
  UploadReceipt,
} from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerOf, requireOwner, viewerOf } from '#server/features/auth/session.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { STATUS_OF } from '#server/http/http-error.ts';
import { withReceivedFiles } from '#server/http/receive-files.ts';
import * as photos from './photos.service.ts';
import { addPhotos } from './upload.service.ts';

/** When nothing of an upload was stored: the reason, and each file with its own. */
const UploadRefused = ApiErrorBody.extend({
  rejected: z.array(RejectedFile).optional(),
  receipts: z.array(UploadReceipt).optional(),
});

/** A position field's text as a number; NaN (refused by the service) when it is not one. */
const positionOf = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);

/** Registered with `app.register`, so multipart parsing stays inside these routes. */
export const photosRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  await app.register(multipart);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    api.photo,
    { schema: { params: IdParams, response: { 200: PhotoWithCategory } } },
    async (request) => {
      const owner = await getPortfolioOwner(ctx);
      const view = { cameraDetails: owner.showCameraDetails };
      return photos.getPhoto(ctx, owner.id, request.params.id, viewerOf(request) === 'visitor' ? { ...view, hideFileNameTitles: owner.hideFileNameTitles, visitor: owner } : view);
    },
  );

  routes.post(
    api.photosUpload,
    {
      onRequest: requireOwner,
      schema: { querystring: UploadPhotosQuery, response: { 201: UploadPhotosResponse, 413: UploadRefused, 415: UploadRefused } },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const { upload } = ctx.media;
      const { categoryId, selection, count } = request.query;
      const target = {
        categoryId: categoryId ?? null,
        selection: selection !== undefined && count !== undefined ? { id: selection, count } : null,
      };
      const { refusedAs, ...outcome } = await withReceivedFiles(
        request,
        {
          field: 'photos',
          keyField: UPLOAD_POSITION_FIELD,
          maxFileBytes: upload.maxFileBytes,
          maxFiles: upload.maxFiles,
          tmpDir: upload.tmpDir,
        },
        (files) =>
          addPhotos(
            ctx,
            owner.id,
            files.map((file) => ({ ...file, position: file.key === undefined ? undefined : positionOf(file.key) })),
            target,
          ),
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

  // Bulk actions: each one request and one transaction, all or nothing.
  routes.post(
    api.photosMove,
    { onRequest: requireOwner, schema: { body: MovePhotosRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await photos.movePhotos(ctx, ownerOf(request).id, request.body);
      return { message: 'Photos moved' };
    },
  );

  routes.put(
    api.photoPlace,
    { onRequest: requireOwner, schema: { params: IdParams, body: PlacePhotoRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await photos.placePhoto(ctx, ownerOf(request).id, request.params.id, request.body);
      return { message: 'Photos reordered successfully' };
    },
  );

  routes.post(
    api.photosOrder,
    { onRequest: requireOwner, schema: { body: OrderPhotosRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await photos.orderPhotos(ctx, ownerOf(request).id, request.body);
      return { message: 'Photos reordered successfully' };
    },
  );

  routes.post(
    api.photosDelete,
    { onRequest: requireOwner, schema: { body: PhotoIdsRequest, response: { 200: TrashedResponse } } },
    async (request) => photos.deletePhotos(ctx, ownerOf(request).id, request.body.ids),
  );

  routes.post(
    api.photosRestore,
    { onRequest: requireOwner, schema: { body: PhotoIdsRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await photos.restorePhotos(ctx, ownerOf(request).id, request.body.ids);
      return { message: 'Photos restored' };
    },
  );

  routes.put(
    api.photo,
    { onRequest: requireOwner, schema: { params: IdParams, body: UpdatePhotoRequest, response: { 200: Photo } } },
    async (request) => photos.updatePhoto(ctx, ownerOf(request).id, request.params.id, request.body),
  );

  routes.delete(
    api.photo,
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: TrashedResponse } } },
    async (request) => photos.deletePhoto(ctx, ownerOf(request).id, request.params.id),
  );
};
