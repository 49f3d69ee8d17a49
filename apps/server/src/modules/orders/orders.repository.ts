/** SQL for placed orders, their lines, and the vendor queue. */
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, OrderItemsTable, OrdersTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function insertOrder(db: Db, row: Insertable<OrdersTable>) {
  return db.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow();
}

export function insertOrderItems(db: Db, rows: Insertable<OrderItemsTable>[]) {
  if (rows.length === 0) return Promise.resolve();
  return db.insertInto('order_items').values(rows).execute();
}

export function findOrder(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The order when it belongs to the consumer (and the vendor, when given); undefined otherwise. */
export function findConsumerOrder(db: Db, consumerId: string, orderId: number, vendorId?: number) {
  let query = db.selectFrom('orders').selectAll().where('id', '=', orderId).where('consumer_id', '=', consumerId);
  if (vendorId !== undefined) query = query.where('vendor_id', '=', vendorId);
  return query.executeTakeFirst();
}

export function findOrderByIdempotencyKey(db: Db, consumerId: string, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('consumer_id', '=', consumerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Changes an order only while it has the expected status; answers how many rows changed (0 or 1). */
export async function updateOrderIfStatus(
  db: Db,
  orderId: number,
  expectedStatus: string,
  changes: Updateable<OrdersTable>,
): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', orderId)
    .where('order_status', '=', expectedStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Menu item id → count of each item line of an order (what paying takes from stock). */
export function listItemCounts(db: Db, orderId: number) {
  return db
    .selectFrom('order_items')
    .select(['menu_item_id', sql<number>`sum(quantity)`.as('count')])
    .where('order_id', '=', orderId)
    .where('menu_item_id', 'is not', null)
    .where('parent_item_id', 'is', null)
    .groupBy('menu_item_id')
    .execute();
}

/**
 * Takes `count` of an item from stock when there is that much (or it is not counted). The
 * condition sits in the UPDATE itself, so concurrent payers cannot both take the last unit.
 */
export async function takeStock(db: Db, vendorId: number, itemId: number, count: number): Promise<boolean> {
  const result = await db
    .updateTable('menu_items')
    .set({
      current_inventory: sql`case when current_inventory is null then null else current_inventory - ${count} end`,
    })
    .where('id', '=', itemId)
    .where('vendor_id', '=', vendorId)
    .where((eb) => eb.or([eb('current_inventory', 'is', null), eb('current_inventory', '>=', count)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether any item line of the order draws on counted stock. */
export function countedItems(db: Db, vendorId: number, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('menu_items')
    .select(['id', 'name'])
    .where('vendor_id', '=', vendorId)
    .where('id', 'in', itemIds)
    .where('current_inventory', 'is not', null)
    .execute();
}

/** Orders waiting at a vendor that were queued before the given one (its position is this plus one). */
export async function countQueuedBefore(
  db: Db,
  vendorId: number,
  timeQueued: number,
  orderId: number,
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('ahead'))
    .where('vendor_id', '=', vendorId)
    .where('order_status', '=', 'Waiting')
    .where((eb) =>
      eb.or([eb('time_queued', '<', timeQueued), eb.and([eb('time_queued', '=', timeQueued), eb('id', '<', orderId)])]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.ahead);
}

export function countWaiting(db: Db, vendorId: number) {
  return db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('waiting'))
    .where('vendor_id', '=', vendorId)
    .where('order_status', '=', 'Waiting')
    .executeTakeFirstOrThrow();
}
