/**
 * What other modules change and read of an order as part of their own work: payments move a
 * Pending order to its queue, fulfilment moves it through the kitchen and gives its stock back, a
 * coupon reprices it. Each takes the caller's transaction where the change belongs to one, so a
 * change that spans modules commits or rolls back as one.
 */
import type { OrderRefund } from '@venue/contract/order';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';
import {
  findQueueFacts,
  findPaymentFacts,
  type CountedItemCount,
  type PaymentFacts,
  listDueScheduledOrders,
  listItemCounts,
  listOrdersInStatus,
  listVendorOrders,
  lockOrderRow,
  moveOrderInOneStatement,
  setOrderRefund,
  updateOrderIfStatus,
} from './orders.repository.ts';
import { vendorPace, type QueueFacts } from './orders.service.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Changes an order only while it has the expected status; answers how many rows changed (0 or 1). */
export function moveOrderIfStatus(
  db: Db,
  orderId: number,
  expectedStatus: string,
  changes: Updateable<OrdersTable>,
): Promise<number> {
  return updateOrderIfStatus(db, orderId, expectedStatus, changes);
}

/**
 * A status move in one statement that commits by itself, for changeOrderPublishing: the order, its
 * audit row, and its event's subject and mark. PostgreSQL only (db/dialect's isPostgres): SQLite has
 * no data-modifying WITH.
 */
export { moveOrderInOneStatement };

/** Menu item id → count of each item line of an order (what a cancel gives back to stock). */
export function listOrderItemCounts(db: Db, orderId: number) {
  return listItemCounts(db, orderId);
}

/** Scheduled orders whose time has come, oldest request first. */
export function listDueScheduled(db: Db, nowMs: number, limit: number) {
  return listDueScheduledOrders(db, nowMs, limit);
}

/** Orders of these vendors in any of the statuses, with the vendor's time to service, first queued first. */
export function listOrdersOfVendorsInStatus(
  db: Db,
  statuses: readonly string[],
  vendorIds: readonly number[],
  limit: number,
) {
  return listOrdersInStatus(db, statuses, vendorIds, limit);
}

/** A vendor's orders in any of the statuses, newest first. */
export function listOrdersOfVendor(db: Db, vendorId: number, statuses: readonly string[], limit: number) {
  return listVendorOrders(db, vendorId, statuses, limit);
}

/** Records what a cancelled order gave back (GET order's `refund`, the refund email). */
export function recordOrderRefund(db: Db, orderId: number, refund: OrderRefund, nowMs: number): Promise<void> {
  return setOrderRefund(db, orderId, JSON.stringify(refund), nowMs);
}

/** The vendor's time to service, waiting orders and pace: two queries, side by side (read before paying's transaction). */
export async function readQueueFacts(db: Db, vendorId: number, nowMs: number): Promise<QueueFacts> {
  return withPace(db, vendorId, nowMs, findQueueFacts(db, vendorId));
}

/** Queue facts being read, with the vendor's pace read beside them (its time to service from them). */
async function withPace(
  db: Db,
  vendorId: number,
  nowMs: number,
  reading: Promise<{ ttsMs: number; waiting: number } | undefined>,
): Promise<QueueFacts> {
  const [facts, pace] = await Promise.all([
    reading,
    vendorPace(
      db,
      vendorId,
      nowMs,
      reading.then((f) => f?.ttsMs ?? 0),
    ),
  ]);
  return { ttsMs: facts?.ttsMs ?? 0, waiting: facts?.waiting ?? 0, pace };
}

/**
 * What paying an order reads before its transaction, in one statement beside the pace: the queue
 * facts of its vendor, and the order's item lines that draw on counted stock (its lines never
 * change once placed; the stock itself is taken by conditional updates inside the transaction).
 * Facts already read with the payment (paymentFactsColumns) are taken as they are.
 */
export async function readPaymentFacts(
  db: Db,
  vendorId: number,
  orderId: number,
  nowMs: number,
  known?: PaymentFacts | null,
): Promise<{ queue: QueueFacts; counted: CountedItemCount[] }> {
  const reading = known ? Promise.resolve(known) : findPaymentFacts(db, orderId);
  const queue = await withPace(db, vendorId, nowMs, reading);
  return { queue, counted: (await reading)?.counted ?? [] };
}

/** What another module's read of an order adds to carry its payment facts (readPaymentFacts), and how to read them. */
export {
  PAYMENT_FACTS_PREFIX,
  paymentFactsColumns,
  parsePaymentFacts,
  type PaymentFacts,
} from './orders.repository.ts';

/** Holds the order for the rest of the transaction: another transaction that holds it waits (refunds). */
export function holdOrder(db: Db, orderId: number): Promise<boolean> {
  return lockOrderRow(db, orderId);
}
