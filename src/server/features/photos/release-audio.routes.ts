import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIO_TITLE_FIELD,
  AUDIO_UPLOAD_FIELD,
  AudioFileParams,
  AudioTrack,
  AudioTrackList,
  AudioTrackParams,
  AudioUploadInfo,
  OrderAudioTracksRequest,
  UpdateAudioTrackRequest,
  UploadAudioQuery,
} from '#contract/audio.ts';
import { ApiErrorBody, IdParams, MessageResponse } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import * as audio from '#server/features/audio/audio.service.ts';
import { ownerOf, requireOwner, viewerOf } from '#server/features/auth/session.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { withReceivedFiles } from '#server/http/receive-files.ts';
import { sendStoredFile } from '#server/http/send-file.ts';
import { notFound } from '#server/lib/errors.ts';
import { PRIVATE_REVALIDATE, REVALIDATE } from '#server/lib/cache-control.ts';
import { getPhoto } from './photos.service.ts';

/**
 * A release's audio tracks over HTTP. Here, in the photos feature, because a track is heard by
 * exactly whoever may see its release: a visitor's list and a preview's bytes pass the photo
 * page's own check (`getPhoto` with the visitor's view: drafts, hidden places, non-public
 * galleries and the trash are not found), so the two can never disagree.
 */
export const releaseAudioRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  await app.register(multipart);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A track is part of its release, a photo: changing one needs photos:write, as a photo's edit does.
  const owner = ownerRoutes(app, 'photos:write');
  const reader = ownerRoutes(app, 'photos:read');

  /** Throws not found unless the viewer may see the release. */
  const assertVisible = async (request: Parameters<typeof viewerOf>[0], photoId: number) => {
    const portfolioOwner = await getPortfolioOwner(ctx);
    const view = { cameraDetails: false };
    await getPhoto(ctx, portfolioOwner.id, photoId, viewerOf(request) === 'visitor' ? { ...view, visitor: portfolioOwner } : view);
  };

  routes.get(api.releaseAudio, { schema: { params: IdParams, response: { 200: AudioTrackList } } }, async (request, reply) => {
    await assertVisible(request, request.params.id);
    const viewer = viewerOf(request);
    void reply.header('cache-control', viewer === 'owner' ? PRIVATE_REVALIDATE : REVALIDATE);
    return { tracks: await audio.listReleaseTracks(ctx, request.params.id, viewer) };
  });

  routes.post(
    api.releaseAudio,
    {
      onRequest: requireOwner,
      config: { scope: 'photos:write' },
      schema: { params: IdParams, querystring: UploadAudioQuery, response: { 201: AudioTrack, 413: ApiErrorBody, 415: ApiErrorBody } },
    },
    async (request, reply) => {
      const ownerId = ownerOf(request).id;
      // Refused before the body is read: a server without ffmpeg takes no track at all.
      audio.assertAudioTools(ctx);
      await audio.assertOwnersRelease(ctx, ownerId, request.params.id);
      const track = await withReceivedFiles(
        request,
        {
          field: AUDIO_UPLOAD_FIELD,
          keyField: AUDIO_TITLE_FIELD,
          maxFileBytes: ctx.config.audio.maxFileBytes,
          maxFiles: 1,
          tmpDir: ctx.media.upload.tmpDir,
        },
        ([file]) => audio.addTrack(ctx, ownerId, request.params.id, file, { title: file?.key, previewSeconds: request.query.previewSeconds }),
      );
      return reply.code(201).send(track);
    },
  );

  owner.put(api.releaseAudioOrder, { params: IdParams, body: OrderAudioTracksRequest, response: { 200: AudioTrackList } }, async (ownerId, request) => ({
    tracks: await audio.orderTracks(ctx, ownerId, request.params.id, request.body),
  }));

  owner.put(api.releaseAudioTrack, { params: AudioTrackParams, body: UpdateAudioTrackRequest, response: { 200: AudioTrack } }, async (ownerId, request) =>
    audio.updateTrack(ctx, ownerId, request.params.id, request.params.trackId, request.body),
  );

  owner.delete(api.releaseAudioTrack, { params: AudioTrackParams, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await audio.deleteTrack(ctx, ownerId, request.params.id, request.params.trackId);
    return { message: 'Track deleted' };
  });

  reader.get(api.audioUpload, { response: { 200: AudioUploadInfo } }, async () => audio.audioUploadInfo(ctx));

  // The preview's bytes, with ranges (seeking), for whoever may see the release.
  routes.route({
    method: ['GET', 'HEAD'],
    url: api.audioPreview,
    exposeHeadRoute: false,
    schema: { params: AudioFileParams },
    handler: async (request, reply) => {
      const found = await audio.findPreview(ctx, request.params.name);
      if (!found) throw notFound('files.not_found');
      await assertVisible(request, found.photoId);
      const cacheControl = viewerOf(request) === 'owner' ? PRIVATE_REVALIDATE : REVALIDATE;
      const sent = await sendStoredFile(request, reply, found.file, { cacheControl, contentType: 'audio/mp4' });
      if (!sent) throw notFound('files.not_found');
      return reply;
    },
  });
};
