/**
 * Fulfilment: the vendor's side of an order. The operations API and the kitchen simulator both
 * move orders through `changeOrderStatus` (architecture: the simulator uses the same service code,
 * never a side door), and Scheduled orders join the queue here when their time comes.
 */
import type { OrderStatus, PlacedOrder } from '@venue/contract/order';
import type { OpsOrder, VendorSetStatus } from '@venue/contract/ops-orders';
import { canVendorMove } from '@venue/domain/kitchen-queue';
import { NOT_READY_ORDER_STATUSES } from '@venue/domain/order-status';
import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { auditRow, orderStatusEntry, recordOrderStatusChange, type Actor } from '../audit/audit.service.ts';
import { returnCouponUse } from '../coupons/coupons.service.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import { bumpMenuVersion, publishMenuItemsChanged, returnStock } from '../menu/menu.service.ts';
import {
  listDueScheduled,
  listOrderItemCounts,
  listOrdersOfVendor,
  moveOrderIfStatus,
  moveOrderInOneStatement,
} from '../orders/order-changes.ts';
import { changeOrderPublishing, markOrderEventDue, publishOrderChanged, toOpsOrders } from '../orders/order-views.ts';
import {
  findOrderById,
  forgetVendorPace,
  getOrder,
  requireOwnOrder,
  toPlacedOrder,
  type OrderRow,
} from '../orders/orders.service.ts';
import type { PaymentDeps } from '../payments/payment-common.ts';
import { refundOrder, type RefundListener } from '../payments/refunds.service.ts';
import type { OrderStatusListener } from '../push/push.service.ts';
import { vendorExists } from '../vendors/vendors.service.ts';
import { undoCollected } from './undo-collected.ts';

/**
 * What moving an order needs: the payment services (a cancel refunds, and gives stock back to the
 * menu cache), and who is told once a change has committed.
 */
export interface FulfilmentDeps extends Omit<PaymentDeps, 'clock'> {
  /** told of each status change once it has committed (Web Push); it never waits or throws */
  orderStatus?: OrderStatusListener;
  /** told of each cancelled order whose payment was given back (the refund email); it never waits or throws */
  refunds?: RefundListener;
}

export async function listOpsOrders(
  db: Kysely<Database>,
  vendorId: number,
  statuses: readonly OrderStatus[],
  limit: number,
  nowMs: number,
): Promise<OpsOrder[]> {
  if (!(await vendorExists(db, vendorId))) throw notFound(`Vendor ${vendorId} not found`);
  return toOpsOrders(db, await listOrdersOfVendor(db, vendorId, statuses, limit), nowMs);
}

/** What a status change writes besides the status. */
function changesFor(row: OrderRow, to: VendorSetStatus, nowMs: number) {
  switch (to) {
    case 'PendingAlerted':
      return { time_ready: row.time_ready ?? nowMs };
    case 'Serviced':
      return { time_ready: row.time_ready ?? nowMs, time_serviced: nowMs };
    default:
      return {};
  }
}

/** How long a cancellation's event may wait for its refund before the sweep publishes it (ms). */
const REFUND_GRACE_MS = 30_000;

/**
 * A vendor moves an order (operations API or kitchen simulator). Only the transitions of
 * VENDOR_TRANSITIONS are allowed; asking for the status the order already has changes nothing
 * (a retried request). A cancelled paid order gives its stock and coupon back and its payment is
 * refunded. Ready asked of a collected order is the staff display's undo (undo-collected.ts).
 * Every change is written to the audit log with who made it.
 */
export async function changeOrderStatus(
  deps: FulfilmentDeps,
  vendorId: number,
  orderId: number,
  to: VendorSetStatus,
  actor: Actor,
  nowMs: number,
): Promise<OpsOrder> {
  const { db } = deps;
  const row = await findOrderById(db, orderId);
  if (!row || row.vendor_id !== vendorId) throw notFound(`Order ${orderId} not found for vendor ${vendorId}`);
  const from = row.order_status as OrderStatus;
  if (from === 'Serviced' && to === 'PendingAlerted') return undoCollected(deps, row, actor, nowMs);
  if (from === to) return readOpsOrder(db, row, nowMs);
  if (!canVendorMove(from, to)) throw conflict(`Order ${orderId} is ${from}; it cannot become ${to}.`);
  const changes = { order_status: to, updated_at: nowMs, ...changesFor(row, to, nowMs) };
  const changedMeanwhile = `Order ${orderId} changed at the same time; read it again and retry.`;
  if (to !== 'Cancelled' && isPostgres(db)) {
    // Nothing to give back: the order, its audit row and its event's subject and mark in one
    // statement (PostgreSQL), whose own read of the order is the event's view and this answer.
    const entry = orderStatusEntry({ at: nowMs, actor, orderId, from, to });
    const move = { orderId, expectedStatus: from, changes, audit: auditRow(entry) };
    const { result: moved, view } = await movePublishing(deps.events, vendorId, nowMs, move);
    if (!moved) throw conflict(changedMeanwhile);
    // Its ready time may count in the vendor's pace now.
    forgetVendorPace(db, vendorId);
    // The customer's phone, by Web Push, from this process only (one notification, not one per node).
    deps.orderStatus?.statusChanged(orderId, to);
    return view ?? readOpsOrder(db, row, nowMs);
  }
  const givesBack = to === 'Cancelled' && row.paid_at !== null;
  const returnedItems: number[] = [];
  await db.transaction().execute(async (trx) => {
    const moved = await moveOrderIfStatus(trx, orderId, from, changes);
    if (moved !== 1) throw conflict(changedMeanwhile);
    if (givesBack) {
      for (const { menu_item_id: itemId, count } of await listOrderItemCounts(trx, orderId)) {
        if (itemId !== null && (await returnStock(trx, vendorId, itemId, Number(count), nowMs)))
          returnedItems.push(itemId);
      }
      await bumpMenuVersion(trx, vendorId);
      if (row.coupon_code) await returnCouponUse(trx, row.coupon_code);
    }
    await recordOrderStatusChange(trx, { at: nowMs, actor, orderId, from, to });
    // Owed until published below: a cancellation publishes after its refund, which may take longer.
    await markOrderEventDue(deps.events, trx, vendorId, orderId, to === 'Cancelled' ? REFUND_GRACE_MS : undefined);
  });
  // Its ready time may count in the vendor's pace now.
  forgetVendorPace(db, vendorId);
  if (givesBack) deps.menuCache.invalidate(vendorId);
  // Refunded before anyone is told: the customer's order stream ends with the Cancelled order, so
  // that message must already say where the money went. The staff member cancelling waits for
  // the refund either way (this answer follows it); other boards hear of it a gateway call later.
  const refunded = to === 'Cancelled' && (await refundOrder(deps, row, actor, nowMs));
  const published = await publishOrderChanged(deps.events, vendorId, orderId, nowMs);
  // The customer's phone, by Web Push, from this process only (one notification, not one per node).
  deps.orderStatus?.statusChanged(orderId, to);
  if (refunded) deps.refunds?.refunded(orderId);
  await publishMenuItemsChanged(deps.events, vendorId, returnedItems);
  // The event's view was read after the change committed: the answer is that view, not a second read of the same.
  return published ?? readOpsOrder(db, row, nowMs);
}

/**
 * A move in one statement (moveOrderInOneStatement, PostgreSQL) with the order's event: answers
 * whether the order moved, and the event's view of it.
 */
function movePublishing(
  events: FulfilmentDeps['events'],
  vendorId: number,
  nowMs: number,
  move: Omit<Parameters<typeof moveOrderInOneStatement>[1], 'subject'>,
) {
  return changeOrderPublishing(events, vendorId, move.orderId, nowMs, async (conn, subject) => {
    const done = await moveOrderInOneStatement(conn, { ...move, subject });
    return { result: done !== null, row: done?.row ?? null, due: done?.due ?? null };
  });
}

/** The order as the operations API shows it, read now (`row`, read before, if it is gone). */
async function readOpsOrder(db: Kysely<Database>, row: OrderRow, nowMs: number): Promise<OpsOrder> {
  const fresh = await findOrderById(db, row.id);
  const [view] = await toOpsOrders(db, [fresh ?? row], nowMs);
  return view!;
}

/**
 * Scheduled orders whose time has come (requested time minus the vendor's time to service) join
 * their vendor's queue as Waiting, queued now, each told as an `order` event. Safe to run in
 * several processes at once: each order moves only from Scheduled, once. Answers how many moved.
 */
export async function queueDueScheduledOrders(
  deps: Pick<FulfilmentDeps, 'db' | 'events'>,
  nowMs: number,
): Promise<number> {
  const { db } = deps;
  let moved = 0;
  for (const row of await listDueScheduled(db, nowMs, 100)) {
    const queued = await db.transaction().execute(async (trx) => {
      const changed = await moveOrderIfStatus(trx, row.id, 'Scheduled', {
        order_status: 'Waiting',
        time_queued: nowMs,
        time_service_estimated: Math.max(row.requested_service_time ?? nowMs, nowMs),
        updated_at: nowMs,
      });
      if (changed !== 1) return false;
      await recordOrderStatusChange(trx, {
        at: nowMs,
        actor: 'system',
        orderId: row.id,
        from: 'Scheduled',
        to: 'Waiting',
      });
      await markOrderEventDue(deps.events, trx, row.vendor_id, row.id);
      return true;
    });
    if (!queued) continue;
    moved += 1;
    await publishOrderChanged(deps.events, row.vendor_id, row.id, nowMs);
  }
  return moved;
}

export const NOT_READY_MESSAGE = 'This order is not ready yet.';

/**
 * The customer saw the pick-up alert: PendingAlerted → Alerted, told as an `order` event. An order
 * past its ready alert stays as it is (a retry answers the same); one not made ready yet answers 409.
 */

export async function markAlerted(
  deps: Pick<FulfilmentDeps, 'db' | 'events'>,
  consumer: SignedConsumer,
  vendorId: number,
  orderId: number,
  nowMs: number,
): Promise<PlacedOrder> {
  const { db } = deps;
  const order = await requireOwnOrder(db, consumer, orderId, vendorId);
  if ((NOT_READY_ORDER_STATUSES as readonly string[]).includes(order.order_status)) throw conflict(NOT_READY_MESSAGE);
  const changes = { order_status: 'Alerted' as const, time_alerted: nowMs, updated_at: nowMs };
  if (isPostgres(db)) {
    // The order and its event's subject and mark in one statement (PostgreSQL), as changeOrderStatus;
    // the statement's own read of the moved order is the answer.
    const { order: moved } = await movePublishing(deps.events, vendorId, nowMs, {
      orderId,
      expectedStatus: 'PendingAlerted',
      changes,
      audit: null,
    });
    if (moved) return toPlacedOrder(db, moved, nowMs);
  } else {
    const moved = await db.transaction().execute(async (trx) => {
      const changed = await moveOrderIfStatus(trx, orderId, 'PendingAlerted', changes);
      if (changed === 1) await markOrderEventDue(deps.events, trx, vendorId, orderId);
      return changed;
    });
    if (moved === 1) await publishOrderChanged(deps.events, vendorId, orderId, nowMs);
  }
  return getOrder(db, consumer, vendorId, orderId, nowMs);
}
