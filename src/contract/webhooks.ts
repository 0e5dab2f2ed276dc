/** Webhooks: URLs the site calls, signed, when something the owner's tools care about happens. */
import { z } from 'zod';

/** What a webhook can ask for. */
export const WEBHOOK_EVENTS = ['photo.created', 'photo.replaced', 'photo.deleted', 'gallery.opened', 'picks.submitted', 'comment.created'] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** The event of "Send test": never subscribed to, sent to one hook on the owner's request. */
export const PING_EVENT = 'ping';
export type DeliveredEvent = WebhookEvent | typeof PING_EVENT;

/** What each event means, in the owner's words: the admin's checkboxes and the API guide. */
export const WEBHOOK_EVENT_TEXTS: Record<WebhookEvent, string> = {
  'photo.created': 'A photo was uploaded (or brought back from the trash)',
  'photo.replaced': "A photo's file was replaced",
  'photo.deleted': 'A photo was moved to the trash',
  'gallery.opened': 'A client opened a gallery link (at most once a day per link)',
  'picks.submitted': 'A client sent their picks',
  'comment.created': 'A visitor left a comment',
};

/** The headers of every delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Atelier-Signature';
export const WEBHOOK_DELIVERY_HEADER = 'X-Atelier-Delivery';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Atelier-Timestamp';
export const WEBHOOK_EVENT_HEADER = 'X-Atelier-Event';

export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** A site needs a few (a publishing tool, a CRM, a chat); many more would be a mistake or an abuse. */
export const WEBHOOKS_MAX = 20;
/** The deliveries the admin shows per hook. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;

export const CreateWebhookRequest = z.object({
  url: z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX_LENGTH, `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
    .pipe(z.url({ protocol: /^https?$/, message: 'URL must be an http:// or https:// address' }))
    .refine((url) => !/^[a-z]+:\/\/[^/?#]*@/i.test(url), 'URL must not hold a user name or password'),
  events: z.array(WebhookEvent).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

/** A hook as the owner's list shows it: never its secret, only the secret's last characters. */
export const Webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(WebhookEvent),
  /** The secret's last 4 characters, to tell which one a receiver holds. */
  secretEnd: z.string(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

/** The answer that registers a hook: the one time its secret is shown. */
export const NewWebhook = Webhook.extend({ secret: z.string() });
export type NewWebhook = z.infer<typeof NewWebhook>;

export const WebhookList = z.array(Webhook);
export type WebhookList = z.infer<typeof WebhookList>;

/** `pending`: not sent yet, or failed and tried again later; `delivered`: a 2xx; `failed`: given up. */
export const WebhookDeliveryState = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryState = z.infer<typeof WebhookDeliveryState>;

/** One event sent to one hook, with its last attempt. */
export const WebhookDelivery = z.object({
  /** The delivery's id, as the body's `id` and the X-Atelier-Delivery header carry it. */
  id: z.string(),
  event: z.string(),
  state: WebhookDeliveryState,
  /** Attempts made so far. */
  attempts: z.number().int(),
  /** The last attempt's HTTP status; null when none answered (refused, timed out, unreachable). */
  statusCode: z.number().int().nullable(),
  /** Why the last attempt failed; null after a success. */
  error: z.string().nullable(),
  createdAt: z.string(),
  /** When the last attempt ended; null before the first. */
  attemptedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z.array(WebhookDelivery);
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
