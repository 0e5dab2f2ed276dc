import type { Generated, Selectable } from 'kysely';
import type { WebhookDeliveryState } from '#contract/webhooks.ts';

/** A URL of the owner's that the site calls when an event it asked for happens. */
export interface WebhookTable {
  id: Generated<number>;
  userId: number;
  url: string;
  /** Its events, separated by spaces. */
  events: string;
  /** The key each body is signed with (HMAC-SHA256). */
  secret: string;
  createdAt: string;
}
export type WebhookRow = Selectable<WebhookTable>;

/** One event sent to one hook: the body as sent, and its last attempt. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  webhookId: number;
  /** The body's `id` and the X-Atelier-Delivery header: a receiver drops a delivery it has seen. */
  deliveryId: string;
  event: string;
  body: string;
  onceKey: string | null;
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  statusCode: number | null;
  error: string | null;
  createdAt: string;
  attemptedAt: string | null;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
