import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, MessageResponse } from '#contract/common.ts';
import { ContactMessage, ContactMessageList, ContactRequest } from '#contract/contact.ts';
import { api } from '#contract/routes.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import * as contact from './contact.service.ts';

export const contactRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const owner = ownerRoutes(app);

  routes.post(
    api.contact,
    { schema: { body: ContactRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await contact.sendContactMessage(ctx, request.body, request.ip);
      return { message: 'Your message has been sent successfully' };
    },
  );

  owner.get(api.messages, { response: { 200: ContactMessageList } }, async (ownerId) => contact.listMessages(ctx, ownerId));

  owner.put(api.messageRead, { params: IdParams, response: { 200: ContactMessage } }, async (ownerId, request) =>
    contact.markMessageRead(ctx, ownerId, request.params.id),
  );

  owner.delete(api.message, { params: IdParams, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await contact.deleteMessage(ctx, ownerId, request.params.id);
    return { message: 'Message deleted' };
  });
};
