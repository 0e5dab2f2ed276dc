import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { WebhookDeliveryRow, WebhookDeliveryTable, WebhookRow, WebhookTable } from './webhooks.table.ts';

export function insertWebhook(db: Db, hook: Insertable<WebhookTable>): Promise<WebhookRow> {
  return db.insertInto('webhooks').values(hook).returningAll().executeTakeFirstOrThrow();
}

/** The user's hooks, newest first. */
export function listWebhooks(db: Db, userId: number): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where('userId', '=', userId).orderBy('id', 'desc').execute();
}

export async function countWebhooks(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every hook of the site: an event is the site's, and the site has one owner. */
export function allWebhooks(db: Db): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().orderBy('id').execute();
}

export function findWebhook(db: Db, userId: number, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** The hook and its log go together; a delivery job that comes later finds nothing to send. */
export async function deleteWebhook(db: Db, userId: number, id: number): Promise<boolean> {
  await db.deleteFrom('webhookDeliveries').where('webhookId', 'in', db.selectFrom('webhooks').select('id').where('userId', '=', userId).where('id', '=', id)).execute();
  const result = await db.deleteFrom('webhooks').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A new delivery; undefined when one of the same `onceKey` was made for the hook before. */
export function insertDelivery(db: Db, delivery: Insertable<WebhookDeliveryTable>): Promise<{ id: number } | undefined> {
  return db
    .insertInto('webhookDeliveries')
    .values(delivery)
    .onConflict((conflict) => conflict.columns(['webhookId', 'onceKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** A delivery with its hook's URL and secret; undefined once the hook is gone. */
export function findDeliveryToSend(db: Db, id: number) {
  return db
    .selectFrom('webhookDeliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhookDeliveries.webhookId')
    .select(['webhookDeliveries.id', 'webhookDeliveries.deliveryId', 'webhookDeliveries.event', 'webhookDeliveries.body', 'webhookDeliveries.state', 'webhooks.url', 'webhooks.secret'])
    .where('webhookDeliveries.id', '=', id)
    .executeTakeFirst();
}

export function findDelivery(db: Db, id: number): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhookDeliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordAttempt(
  db: Db,
  id: number,
  attempt: Pick<WebhookDeliveryRow, 'state' | 'attempts' | 'statusCode' | 'error' | 'attemptedAt'>,
): Promise<void> {
  await db.updateTable('webhookDeliveries').set(attempt).where('id', '=', id).execute();
}

/** A hook's latest deliveries, newest first. */
export function listDeliveries(db: Db, webhookId: number, limit: number): Promise<WebhookDeliveryRow[]> {
  return db.selectFrom('webhookDeliveries').selectAll().where('webhookId', '=', webhookId).orderBy('id', 'desc').limit(limit).execute();
}

/** Finished deliveries made before `before` leave the log; answers how many. */
export async function pruneDeliveries(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('webhookDeliveries').where('state', '<>', 'pending').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
