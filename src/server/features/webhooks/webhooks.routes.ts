import type { FastifyPluginAsync } from 'fastify';
import { IdParams, MessageResponse } from '#contract/common.ts';
import { api } from '#contract/routes.ts';
import { CreateWebhookRequest, NewWebhook, WebhookDelivery, WebhookDeliveryList, WebhookList } from '#contract/webhooks.ts';
import type { AppContext } from '#server/app-context.ts';
import { ownerRoutes } from '#server/features/auth/owner-routes.ts';
import * as webhooks from './webhooks.service.ts';

/** The owner's webhooks and their delivery logs: the signed-in owner, or a token with `webhooks:write`. */
export const webhooksRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const owner = ownerRoutes(app, 'webhooks:write');

  owner.get(api.webhooks, { response: { 200: WebhookList } }, async (ownerId) => webhooks.listWebhooks(ctx, ownerId));

  owner.post(
    api.webhooks,
    {
      description:
        'Registers a URL for events; answers its signing secret, this once. Each delivery is a POST of {id, event, createdAt, data} ' +
        'with X-Atelier-Signature: sha256=<hex HMAC-SHA256 of the raw body with the secret>, X-Atelier-Delivery and X-Atelier-Timestamp. ' +
        'A URL whose host is or resolves to a loopback, private, link-local or other non-public address is 400 webhooks.private_target.',
      body: CreateWebhookRequest,
      response: { 201: NewWebhook },
    }, async (ownerId, request, reply) =>
    reply.code(201).send(await webhooks.createWebhook(ctx, ownerId, request.body)),
  );

  owner.delete(api.webhook, { params: IdParams, response: { 200: MessageResponse } }, async (ownerId, request) => {
    await webhooks.deleteWebhook(ctx, ownerId, request.params.id);
    return { message: 'Webhook deleted' };
  });

  owner.get(api.webhookDeliveries, { params: IdParams, response: { 200: WebhookDeliveryList } }, async (ownerId, request) =>
    webhooks.listDeliveries(ctx, ownerId, request.params.id),
  );

  owner.post(api.webhookPing, { description: 'Sends a ping event to the hook; answers the delivery once its first attempt is over.', params: IdParams, response: { 200: WebhookDelivery } }, async (ownerId, request) =>
    webhooks.pingWebhook(ctx, ownerId, request.params.id),
  );
};
