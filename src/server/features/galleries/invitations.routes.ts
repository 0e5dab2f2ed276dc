import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/common.ts';
import {
  GalleryInvitation,
  GalleryInvitationParams,
  InvitationTemplate,
  InviteRequest,
  ResendInvitationRequest,
  UpdateInvitationTemplateRequest,
} from '#contract/galleries.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import * as invitations from './invitations.service.ts';

/** A link sent by mail: its recipients and their state, a send, a resend; the owner's invitation text. */
export const invitationsRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const reader = ownerRoutes(app, 'galleries:read');
  const owner = ownerRoutes(app, 'galleries:write');

  reader.get(api.galleryLinkInvitations, { params: IdParams, response: { 200: z.array(GalleryInvitation) } }, async (ownerId, request) =>
    invitations.listInvitations(ctx, ownerId, request.params.id),
  );

  owner.post(
    api.galleryLinkInvitations,
    { params: IdParams, body: InviteRequest, response: { 201: z.array(GalleryInvitation) } },
    async (ownerId, request, reply) => reply.code(201).send(await invitations.invite(ctx, ownerId, request.params.id, request.body)),
  );

  owner.post(
    api.galleryLinkInvitationResend,
    { params: GalleryInvitationParams, body: ResendInvitationRequest, response: { 200: GalleryInvitation } },
    async (ownerId, request) => invitations.resendInvitation(ctx, ownerId, request.params.id, request.params.invitationId, request.body),
  );

  reader.get(api.galleryInvitationTemplate, { response: { 200: InvitationTemplate } }, async (ownerId) => invitations.getInvitationTemplate(ctx, ownerId));

  owner.put(api.galleryInvitationTemplate, { body: UpdateInvitationTemplateRequest, response: { 200: InvitationTemplate } }, async (ownerId, request) =>
    invitations.setInvitationTemplate(ctx, ownerId, request.body),
  );
};
