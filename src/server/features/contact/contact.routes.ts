import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponse } from '#contract/common.ts';
import { ContactMessage, ContactMessageList, ContactRequest } from '#contract/contact.ts';
import { IdParams } from '#contract/common.ts';
import { ownerOf, requireOwner } from '#server/features/auth/session.ts';
import * as contact from './contact.service.ts';

export function contactRoutes(app: FastifyInstance, ctx: contact.ContactContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/contact',
    { schema: { body: ContactRequest, response: { 200: MessageResponse } } },
    async (request) => {
      await contact.sendContactMessage(ctx, request.body, request.ip);
      return { message: 'Your message has been sent successfully' };
    },
  );

  api.get(
    '/api/messages',
    { onRequest: requireOwner, schema: { response: { 200: ContactMessageList } } },
    async (request) => contact.listMessages(ctx.db, ownerOf(request).id),
  );

  api.put(
    '/api/messages/:id/read',
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: ContactMessage } } },
    async (request) => contact.markMessageRead(ctx, ownerOf(request).id, request.params.id),
  );

  api.delete(
    '/api/messages/:id',
    { onRequest: requireOwner, schema: { params: IdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await contact.deleteMessage(ctx.db, ownerOf(request).id, request.params.id);
      return { message: 'Message deleted' };
    },
  );
}
