import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  PING_EVENT,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOKS_MAX,
  WebhookEvent,
  type CreateWebhookRequest,
  type DeliveredEvent,
  type NewWebhook,
  type Webhook,
  type WebhookDelivery,
} from '#contract/webhooks.ts';
import type { AppContext } from '#server/app-context.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { enqueue, jobKind, later } from '#server/jobs/job-queue.ts';
import { handle, type JobContext, type Periodic } from '#server/jobs/worker.ts';
import { conflict, notFound } from '#server/lib/errors.ts';
import { resolveTarget, send, type SendResult } from './webhook-target.ts';
import * as repo from './webhooks.repository.ts';
import type { WebhookDeliveryRow, WebhookRow } from './webhooks.table.ts';

type WebhooksContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'jobs'>;

/** Every secret starts so, as Stripe's and others' do: a secret scanner tells it from a token. */
const SECRET_PREFIX = 'whsec_';

/**
 * One delivery is one job: tried again by the worker's own backoff (5 s, 10 s, 20 s… at most
 * 10 minutes), ten attempts in all, about half an hour: a receiver being restarted or deployed
 * gets its events, one that is gone for longer gets them marked failed in its log.
 */
export const deliverWebhookJob = jobKind<{ delivery: number }>('webhooks.deliver', { maxAttempts: 10 });
/** The delivery log keeps a month of finished deliveries. */
export const DELIVERIES_KEPT_MS = 30 * 24 * 60 * 60_000;
export const pruneDeliveriesJob = jobKind('webhooks.prune', { exclusive: true, maxAttempts: 3 });
export const webhooksPrune: Periodic = { kind: pruneDeliveriesJob, everyMs: 6 * 60 * 60_000 };

const eventsOf = (row: WebhookRow): WebhookEvent[] =>
  row.events.split(' ').filter((event): event is WebhookEvent => WebhookEvent.safeParse(event).success);

function toWebhook(row: WebhookRow): Webhook {
  return { id: row.id, url: row.url, events: eventsOf(row), secretEnd: row.secret.slice(-4), createdAt: row.createdAt };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.deliveryId,
    event: row.event,
    state: row.state,
    attempts: row.attempts,
    statusCode: row.statusCode,
    error: row.error,
    createdAt: row.createdAt,
    attemptedAt: row.attemptedAt,
  };
}

/**
 * Registers a URL for the events it names. Its host is resolved and checked now, so a private
 * target is refused at once (and checked again at each delivery, whatever the DNS says then).
 * Answers the secret this once; the list shows its last characters only.
 */
export async function createWebhook(ctx: WebhooksContext, userId: number, request: CreateWebhookRequest): Promise<NewWebhook> {
  if ((await repo.countWebhooks(ctx.db, userId)) >= WEBHOOKS_MAX) throw conflict('webhooks.too_many', { max: WEBHOOKS_MAX });
  const { url } = await resolveTarget(request.url, ctx.config.webhooks.allowPrivateTargets);
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await repo.insertWebhook(ctx.db, {
    userId,
    url: url.href,
    // In the order of the catalog, each once.
    events: WebhookEvent.options.filter((event) => request.events.includes(event)).join(' '),
    secret,
    createdAt: ctx.clock().toISOString(),
  });
  return { ...toWebhook(row), secret };
}

export async function listWebhooks(ctx: Pick<AppContext, 'db'>, userId: number): Promise<Webhook[]> {
  return (await repo.listWebhooks(ctx.db, userId)).map(toWebhook);
}

/** The hook goes with its log: a delivery still waiting finds nothing to send and ends. */
export async function deleteWebhook(ctx: Pick<AppContext, 'db'>, userId: number, id: number): Promise<void> {
  const deleted = await ctx.db.transaction().execute((trx) => repo.deleteWebhook(trx, userId, id));
  if (!deleted) throw notFound('webhooks.not_found');
}

export async function listDeliveries(ctx: Pick<AppContext, 'db'>, userId: number, id: number): Promise<WebhookDelivery[]> {
  const hook = await repo.findWebhook(ctx.db, userId, id);
  if (!hook) throw notFound('webhooks.not_found');
  return (await repo.listDeliveries(ctx.db, hook.id, WEBHOOK_DELIVERIES_SHOWN)).map(toDelivery);
}

/**
 * "Send test": a `ping` to one hook, delivered as any event is (signed, logged, retried), and
 * answered once its first attempt is over, with what came of it.
 */
export async function pingWebhook(ctx: WebhooksContext, userId: number, id: number): Promise<WebhookDelivery> {
  const hook = await repo.findWebhook(ctx.db, userId, id);
  if (!hook) throw notFound('webhooks.not_found');
  const [sent] = await ctx.db.transaction().execute((trx) =>
    recordDeliveries({ db: trx, clock: ctx.clock }, [hook], PING_EVENT, { webhook: { id: hook.id, url: hook.url } }, undefined),
  );
  ctx.jobs.wake();
  if (!sent) throw notFound('webhooks.not_found');
  await ctx.jobs.settled([sent.job], ctx.config.webhooks.timeoutMs + 5_000);
  const row = await repo.findDelivery(ctx.db, sent.delivery);
  if (!row) throw notFound('webhooks.not_found');
  return toDelivery(row);
}

/**
 * Records an event for every hook that asked for it: a delivery row with the body to send, and
 * its job, in `ctx.db`, which should be the transaction of the change the event tells of, so the
 * delivery exists exactly when the change does. The caller wakes the worker after its commit
 * (`ctx.jobs.wake()`); without it the worker's next poll finds the job.
 *
 * `once`: a key the event is sent at most once per hook for (a gallery opened: per link and day).
 * Answers the jobs recorded.
 */
export async function recordWebhookEvent(
  ctx: { db: Db; clock: Clock },
  event: WebhookEvent,
  data: Record<string, unknown>,
  options: { once?: string } = {},
): Promise<number[]> {
  const hooks = (await repo.allWebhooks(ctx.db)).filter((hook) => eventsOf(hook).includes(event));
  const sent = await recordDeliveries(ctx, hooks, event, data, options.once);
  return sent.map((entry) => entry.job);
}

async function recordDeliveries(
  ctx: { db: Db; clock: Clock },
  hooks: WebhookRow[],
  event: DeliveredEvent,
  data: Record<string, unknown>,
  once: string | undefined,
): Promise<Array<{ delivery: number; job: number }>> {
  const createdAt = ctx.clock().toISOString();
  const sent: Array<{ delivery: number; job: number }> = [];
  for (const hook of hooks) {
    const deliveryId = randomUUID();
    const body = JSON.stringify({ id: deliveryId, event, createdAt, data });
    const row = await repo.insertDelivery(ctx.db, {
      webhookId: hook.id,
      deliveryId,
      event,
      body,
      onceKey: once ?? null,
      state: 'pending',
      statusCode: null,
      error: null,
      createdAt,
      attemptedAt: null,
    });
    if (!row) continue;
    sent.push({ delivery: row.id, job: await enqueue(ctx, deliverWebhookJob, { delivery: row.id }) });
  }
  return sent;
}

/** `sha256=` and the hex HMAC-SHA256 of the raw body with the hook's secret. */
export const signatureOf = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * One attempt at a delivery: the target resolved and checked again (the DNS may answer otherwise
 * than at registration), the body POSTed to the checked address, the attempt written to the log.
 * A failure throws, so the worker tries again later, except the last: it is written as failed for
 * good and the job ends, since the hook's log, not the site's list of failed work, is where the
 * owner looks for a receiver's trouble.
 */
async function deliver(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, payload: { delivery: number }, job: JobContext): Promise<void> {
  const delivery = await repo.findDeliveryToSend(ctx.db, payload.delivery);
  // The hook was deleted: nothing more is sent to it.
  if (!delivery || delivery.state !== 'pending') return;
  let result: SendResult;
  try {
    const target = await resolveTarget(delivery.url, ctx.config.webhooks.allowPrivateTargets);
    result = await send(target, {
      body: delivery.body,
      timeoutMs: ctx.config.webhooks.timeoutMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Atelier-Webhooks/1',
        [WEBHOOK_EVENT_HEADER]: delivery.event,
        [WEBHOOK_DELIVERY_HEADER]: delivery.deliveryId,
        [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(ctx.clock().getTime() / 1000)),
        [WEBHOOK_SIGNATURE_HEADER]: signatureOf(delivery.secret, delivery.body),
      },
    });
  } catch (error) {
    result = { ok: false, statusCode: null, error: error instanceof Error ? error.message : String(error) };
  }
  const last = job.attempt >= deliverWebhookJob.maxAttempts;
  await repo.recordAttempt(ctx.db, delivery.id, {
    state: result.ok ? 'delivered' : last ? 'failed' : 'pending',
    attempts: job.attempt,
    statusCode: result.statusCode,
    error: result.error,
    attemptedAt: ctx.clock().toISOString(),
  });
  if (!result.ok && !last) throw new Error(`webhook delivery failed: ${result.error ?? 'no answer'}`);
}

export const webhooksJobs = [
  handle(deliverWebhookJob, deliver),
  handle(pruneDeliveriesJob, async (ctx: { db: Db; clock: Clock }) => {
    await repo.pruneDeliveries(ctx.db, later(ctx.clock(), -DELIVERIES_KEPT_MS));
  }),
];
