import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, MessageResponse } from '#contract/common.ts';
import { ContactMessage, ContactMessageList, ContactRequest } from '#contract/contact.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerOf, requireOwner } from '#server/features/auth/session.ts';
import * as contact from './contact.service.ts';

export const contactRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    api.contact,
    { schema: { body: ContactRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await contact.sendContactMessage(ctx, request.body, request.ip);
      return { message: 'Your message has been sent successfully' };
    },
  );

  routes.get(
    api.messages,
    { onRequest: requireOwner, schema: { response: { 200: ContactMessageList } } },
    async (request) => contact.listMessages(ctx, ownerOf(request).id),
  );

  routes.put(
    api.messageRead,
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: ContactMessage } } },
    async (request) => contact.markMessageRead(ctx, ownerOf(request).id, request.params.id),
  );

  routes.delete(
    api.message,
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await contact.deleteMessage(ctx, ownerOf(request).id, request.params.id);
      return { message: 'Message deleted' };
    },
  );
};
