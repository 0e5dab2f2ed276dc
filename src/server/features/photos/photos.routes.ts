import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody, IdParams, MessageResponse } from '#contract/common.ts';
import { PhotoCameras, PhotoSearchFilters, PhotoSearchIds, PhotoSearchPage, PhotoSearchQuery } from '#contract/photo-search.ts';
import {
  EditPhotosRequest,
  EditPhotosResponse,
  MovePhotosRequest,
  OrderPhotosRequest,
  Photo,
  PhotoIdsRequest,
  PhotoWithCategory,
  PlacePhotoRequest,
  RejectedFile,
  REPLACE_FILE_FIELD,
  ReorderPhotosRequest,
  TrashedResponse,
  UpdatePhotoRequest,
  UPLOAD_FILES_FIELD,
  UPLOAD_POSITION_FIELD,
  UPLOAD_TEXT_FIELDS,
  UploadPhotoFields,
  UploadPhotosQuery,
  UploadFormats,
  UploadPhotosResponse,
  UploadReceipt,
} from '#contract/photos.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerOf, requireOwner, viewerOf } from '#server/features/auth/session.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { STATUS_OF } from '#server/http/http-error.ts';
import { invalidInput } from '#server/http/http-error.ts';
import { withReceivedFiles } from '#server/http/receive-files.ts';
import * as photos from './photos.service.ts';
import { photoCameras, searchPhotoIds, searchPhotos } from './photo-search.service.ts';
import { replacePhotoFile } from './replace.service.ts';
import { addPhotos, uploadFormats } from './upload.service.ts';

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
  // Every owner route of a photo changes it: a token needs photos:write.
  const owner = ownerRoutes(app, 'photos:write');
  // What the upload takes changes nothing: photos:read is enough.
  const reader = ownerRoutes(app, 'photos:read');

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
      config: {
        scope: 'photos:write',
        multipart: {
          file: { field: UPLOAD_FILES_FIELD, many: true },
          fields: UploadPhotoFields,
          description: `Files in "${UPLOAD_FILES_FIELD}"; a selection sent in batches puts a "${UPLOAD_POSITION_FIELD}" field before each file. The text fields apply to every photo stored.`,
        },
      },
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
          field: UPLOAD_FILES_FIELD,
          keyField: UPLOAD_POSITION_FIELD,
          textFields: UPLOAD_TEXT_FIELDS,
          maxFileBytes: upload.maxFileBytes,
          maxFiles: upload.maxFiles,
          tmpDir: upload.tmpDir,
        },
        (files, fields) => {
          // Checked before any file is looked at: bad text stores nothing.
          const text = UploadPhotoFields.safeParse(fields);
          if (!text.success) throw invalidInput(text.error);
          return addPhotos(
            ctx,
            owner.id,
            files.map((file) => ({ ...file, position: file.key === undefined ? undefined : positionOf(file.key) })),
            target,
            text.data,
          );
        },
      );
      // Nothing stored is a refusal, answered with the status of its kind, but with every file's reason.
      return reply.code(refusedAs ? (STATUS_OF[refusedAs] as 413 | 415) : 201).send(outcome);
    },
  );

  // A route of its own; the router prefers this static segment over /:id.
  reader.get(api.photosUpload, { response: { 200: UploadFormats } }, async () => uploadFormats(ctx.media));

  owner.put(api.photosReorder, { body: ReorderPhotosRequest, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await photos.reorderPhotos(ctx, ownerId, request.body);
    return { message: 'Photos reordered successfully' };
  });

  // Bulk actions: each one request and one transaction, all or nothing.
  owner.post(api.photosMove, { body: MovePhotosRequest, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await photos.movePhotos(ctx, ownerId, request.body);
    return { message: 'Photos moved' };
  });

  owner.put(api.photoPlace, { params: IdParams, body: PlacePhotoRequest, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await photos.placePhoto(ctx, ownerId, request.params.id, request.body);
    return { message: 'Photos reordered successfully' };
  });

  owner.post(api.photosOrder, { body: OrderPhotosRequest, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await photos.orderPhotos(ctx, ownerId, request.body);
    return { message: 'Photos reordered successfully' };
  });

  owner.post(api.photosDelete, { body: PhotoIdsRequest, response: { 200: TrashedResponse } }, async (ownerId, request) =>
    photos.deletePhotos(ctx, ownerId, request.body.ids),
  );

  owner.post(api.photosRestore, { body: PhotoIdsRequest, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await photos.restorePhotos(ctx, ownerId, request.body.ids);
    return { message: 'Photos restored' };
  });

  // The owner's search, a page at a time (reads: photos:read); static paths, preferred over /:id.
  reader.get(api.photoSearch, { querystring: PhotoSearchQuery, response: { 200: PhotoSearchPage } }, async (ownerId, request) =>
    searchPhotos(ctx, ownerId, request.query),
  );

  reader.get(api.photoSearchIds, { querystring: PhotoSearchFilters, response: { 200: PhotoSearchIds } }, async (ownerId, request) =>
    searchPhotoIds(ctx, ownerId, request.query),
  );

  reader.get(api.photoCameras, { response: { 200: PhotoCameras } }, async (ownerId) => photoCameras(ctx, ownerId));

  owner.post(api.photosEdit, { body: EditPhotosRequest, response: { 200: EditPhotosResponse } }, async (ownerId, request) =>
    photos.editPhotos(ctx, ownerId, request.body),
  );

  // The photo drawn from a new file (multipart, one file in `photo`): same id, place and text, new copies.
  routes.put(
    api.photoFile,
    {
      onRequest: requireOwner,
      config: { scope: 'photos:write', multipart: { file: { field: REPLACE_FILE_FIELD, many: false } } },
      schema: { params: IdParams, response: { 200: Photo } },
    },
    async (request) => {
      const { upload } = ctx.media;
      return withReceivedFiles(
        request,
        { field: REPLACE_FILE_FIELD, maxFileBytes: upload.maxFileBytes, maxFiles: 1, tmpDir: upload.tmpDir },
        (files) => replacePhotoFile(ctx, ownerOf(request).id, request.params.id, files[0]),
      );
    },
  );

  owner.put(api.photo, { params: IdParams, body: UpdatePhotoRequest, response: { 200: Photo } }, async (ownerId, request) =>
    photos.updatePhoto(ctx, ownerId, request.params.id, request.body),
  );

  owner.delete(api.photo, { params: IdParams, response: { 200: TrashedResponse } }, async (ownerId, request) =>
    photos.deletePhoto(ctx, ownerId, request.params.id),
  );
};
