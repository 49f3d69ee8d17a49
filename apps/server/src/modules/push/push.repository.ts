/** SQL of Web Push: the subscriptions of orders, and the shared server settings (VAPID keys). */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/** Stores a subscription; the same order and endpoint again replaces its keys (a re-subscribe). */
export async function upsertSubscription(
  db: Db,
  row: { orderId: number; consumerId: string; endpoint: string; p256dh: string; auth: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      order_id: row.orderId,
      consumer_id: row.consumerId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      created_at: row.createdAt,
    })
    .onConflict((oc) =>
      oc.columns(['order_id', 'endpoint']).doUpdateSet({
        consumer_id: row.consumerId,
        p256dh: row.p256dh,
        auth: row.auth,
        created_at: row.createdAt,
      }),
    )
    .execute();
}

/** Keeps only the newest `keep` subscriptions of an order (one phone rarely has more than one). */
export async function trimOrderSubscriptions(db: Db, orderId: number, keep: number): Promise<void> {
  await trimSubscriptions(db, 'order_id', orderId, keep);
}

/** Keeps only the newest `keep` subscriptions of a consumer, across their orders. */
export async function trimConsumerSubscriptions(db: Db, consumerId: string, keep: number): Promise<void> {
  await trimSubscriptions(db, 'consumer_id', consumerId, keep);
}

async function trimSubscriptions(
  db: Db,
  column: 'order_id' | 'consumer_id',
  value: number | string,
  keep: number,
): Promise<void> {
  const extra = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where(column, '=', value)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(100)
    .execute();
  if (extra.length > 0) {
    await db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        extra.map((r) => r.id),
      )
      .execute();
  }
}

export function listOrderSubscriptions(db: Db, orderId: number): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function deleteOrderSubscriptions(db: Db, orderId: number): Promise<number> {
  const result = await db.deleteFrom('push_subscriptions').where('order_id', '=', orderId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** Subscriptions made before `cutoffMs` (orders nobody finished): their order is long over. */
export async function deleteSubscriptionsBefore(db: Db, cutoffMs: number): Promise<number> {
  const result = await db.deleteFrom('push_subscriptions').where('created_at', '<', cutoffMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What a notification says about an order: its store, ticket and service mode. */
export function findOrderAlertFacts(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('vendors', 'vendors.id', 'orders.vendor_id')
    .select(['orders.id', 'orders.claim_ticket', 'orders.service_mode', 'orders.order_status', 'vendors.store_name'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** A shared setting, or undefined. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('server_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Writes a setting unless one is there already (the first writer wins; nobody overwrites). */
export async function insertSettingIfAbsent(db: Db, key: string, value: string, nowMs: number): Promise<void> {
  await db
    .insertInto('server_settings')
    .values({ key, value, created_at: nowMs })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
