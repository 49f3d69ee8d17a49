/**
 * Fulfilment: the vendor's side of an order. The operations API and the kitchen simulator both
 * move orders through `changeOrderStatus` (architecture: the simulator uses the same service code,
 * never a side door), and Scheduled orders join the queue here when their time comes.
 */
import type { ServiceMode } from '@venue/contract/common';
import type { DeliveryAddress, OrderStatus, PlacedOrder } from '@venue/contract/order';
import type { OpsOrder, VendorSetStatus } from '@venue/contract/ops-orders';
import { canVendorMove, estimateReadyAt } from '@venue/domain/kitchen-queue';
import { toMoney } from '@venue/domain/money';
import { isQueuedStatus, NOT_READY_ORDER_STATUSES } from '@venue/domain/order-status';
import { isServiceCharge } from '@venue/domain/payment-summary';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PaymentGateway } from '../../gateway/payment-gateway.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import type { EventPublisher } from '../events/event-bus.ts';
import { listSucceededPayments, updatePaymentIfStatus } from '../payments/payments.repository.ts';
import type { OrderStatusListener } from '../push/push.service.ts';
import { findVendorId } from '../vendors/vendors.repository.ts';
import { bumpMenuVersion } from '../menu/menu.repository.ts';
import { publishMenuItemsChanged } from '../menu/menu.service.ts';
import type { MenuCache } from '../menu/menu-cache.ts';
import {
  findOrder,
  findQueuePlace,
  listDueScheduledOrders,
  listItemCounts,
  listOrderLines,
  listVendorOrders,
  returnCouponUse,
  returnStock,
  setOrderRefund,
  updateOrderIfStatus,
} from '../orders/orders.repository.ts';
import { describeRefund, type RefundedPayment } from '../orders/order-refund.ts';
import { getOrder, requireOwnOrder, vendorPace, waitingPositions, type OrderRow } from '../orders/orders.service.ts';

export interface FulfilmentDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  menuCache: MenuCache;
  events: EventPublisher;
  /** told of each status change once it has committed (Web Push); it never waits or throws */
  orderStatus?: OrderStatusListener;
  /** told of each cancelled order whose payment was given back (the refund email); it never waits or throws */
  refunds?: RefundListener;
}

/** What is told of a refunded order (modules/receipts sends the customer's email). */
export interface RefundListener {
  refunded(orderId: number): void;
}

/**
 * Who changed an order, as the audit log records it: 'ops' (the admin token), a staff token
 * (`staff:<id>:<name>`, see routes/ops/ops-auth.ts actorOf), the kitchen simulator or the system.
 */
export type Actor = 'ops' | `staff:${number}:${string}` | 'kitchen-simulator' | 'system';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function parseAddress(text: string | null): DeliveryAddress | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as DeliveryAddress;
  } catch {
    return null;
  }
}

/**
 * Orders as the kitchen reads them: lines with their options and notes (service charges left out),
 * the customer's name and mobile as given with the order, and for Waiting orders their place in
 * the queue and estimate.
 */
export async function toOpsOrders(db: Kysely<Database>, rows: OrderRow[], nowMs: number): Promise<OpsOrder[]> {
  const lines = await listOrderLines(
    db,
    rows.map((r) => r.id),
  );
  const queues = new Map<number, { positions: Map<number, number>; pace: Awaited<ReturnType<typeof vendorPace>> }>();
  const waiting = rows.filter((r) => r.order_status === 'Waiting');
  for (const vendorId of new Set(waiting.map((r) => r.vendor_id))) {
    const own = waiting.filter((r) => r.vendor_id === vendorId);
    // One order (an event's): count the orders ahead of it (with the time to service, in one query)
    // rather than read the whole queue.
    const one = own.length === 1 && own[0]!.time_queued !== null ? own[0]! : null;
    const place = one ? findQueuePlace(db, vendorId, one.time_queued!, one.id) : null;
    const [positions, pace] = await Promise.all([
      place && one ? place.then(({ ahead }) => new Map([[one.id, ahead + 1]])) : waitingPositions(db, vendorId),
      vendorPace(
        db,
        vendorId,
        nowMs,
        place?.then(({ ttsMs }) => ttsMs),
      ),
    ]);
    queues.set(vendorId, { positions, pace });
  }
  return rows.map((row) => {
    const own = lines.filter((l) => l.order_id === row.id && !isServiceCharge({ itemType: l.item_type }));
    const items = own
      .filter((l) => l.parent_item_id === null)
      .map((item) => ({
        menuItemId: item.menu_item_id,
        name: item.name,
        quantity: item.quantity,
        note: item.note,
        // A modifier line follows its item; it belongs to the nearest item line before it.
        modifiers: own
          .filter((m) => m.parent_item_id !== null && owningItemId(own, m.id) === item.id)
          .map((m) => ({ name: m.name, quantity: m.quantity })),
      }));
    const queue = queues.get(row.vendor_id);
    const position = row.order_status === 'Waiting' ? (queue?.positions.get(row.id) ?? null) : null;
    let estimate = row.time_service_estimated;
    if (position !== null && queue && row.time_queued !== null) {
      estimate = estimateReadyAt({ queuedAt: row.time_queued, position, nowMs, pace: queue.pace });
    }
    const queued = isQueuedStatus(row.order_status);
    return {
      id: row.id,
      vendorId: row.vendor_id,
      claimTicket: row.claim_ticket,
      orderStatus: row.order_status as OrderStatus,
      positionInQueue: position,
      secsToServiceEstimate: queued && estimate !== null ? Math.max(0, Math.round((estimate - nowMs) / 1000)) : null,
      serviceMode: row.service_mode as ServiceMode,
      requestedServiceTime: iso(row.requested_service_time),
      timeQueued: iso(row.time_queued),
      timeServiceEstimated: iso(estimate),
      timeReady: iso(row.time_ready),
      timeServiced: iso(row.time_serviced),
      // The order's own: the same phone ordering later under another name changes neither.
      customerName: row.customer_name,
      customerMobile: row.customer_mobile,
      deliveryAddress: parseAddress(row.delivery_address),
      lines: items,
      total: toMoney(row.total_minor),
      createdAt: new Date(row.created_at).toISOString(),
      paidAt: iso(row.paid_at),
    };
  });
}

/** The id of the item line a modifier line belongs to: the last item line stored before it. */
function owningItemId(lines: ReadonlyArray<{ id: number; parent_item_id: number | null }>, modifierLineId: number) {
  let owner: number | null = null;
  for (const line of lines) {
    if (line.id >= modifierLineId) break;
    if (line.parent_item_id === null) owner = line.id;
  }
  return owner;
}

export async function listOpsOrders(
  db: Kysely<Database>,
  vendorId: number,
  statuses: readonly OrderStatus[],
  limit: number,
  nowMs: number,
): Promise<OpsOrder[]> {
  const vendor = await findVendorId(db, vendorId);
  if (!vendor) throw notFound(`Vendor ${vendorId} not found`);
  return toOpsOrders(db, await listVendorOrders(db, vendorId, statuses, limit), nowMs);
}

/**
 * An `order` event: the order as the ops list shows it when the event is written. Call after the
 * change has committed (paid, queued, or any status change). Other Waiting orders' positions move
 * too; they get no event of their own (see docs/decisions/018-ops-events.md).
 */
/** An `order` event with the order as the operations API shows it now; answers that view (null if none was sent). */
export function publishOrderChanged(
  events: EventPublisher,
  vendorId: number,
  orderId: number,
  nowMs: number,
): Promise<OpsOrder | null> {
  return events.publish({
    vendorId,
    orderId,
    type: 'order',
    data: async (db) => {
      const row = await findOrder(db, orderId);
      if (!row) return null;
      const [view] = await toOpsOrders(db, [row], nowMs);
      return view ?? null;
    },
  });
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

/**
 * A vendor moves an order (operations API or kitchen simulator). Only the transitions of
 * VENDOR_TRANSITIONS are allowed; asking for the status the order already has changes nothing
 * (a retried request). A cancelled paid order gives its stock and coupon back and its payment is
 * refunded.
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
  const row = await findOrder(db, orderId);
  if (!row || row.vendor_id !== vendorId) throw notFound(`Order ${orderId} not found for vendor ${vendorId}`);
  const from = row.order_status as OrderStatus;
  if (from !== to) {
    if (!canVendorMove(from, to)) throw conflict(`Order ${orderId} is ${from}; it cannot become ${to}.`);
    const returnedItems: number[] = [];
    await db.transaction().execute(async (trx) => {
      const moved = await updateOrderIfStatus(trx, orderId, from, {
        order_status: to,
        updated_at: nowMs,
        ...changesFor(row, to, nowMs),
      });
      if (moved !== 1) throw conflict(`Order ${orderId} changed at the same time; read it again and retry.`);
      if (to === 'Cancelled' && row.paid_at !== null) {
        for (const { menu_item_id: itemId, count } of await listItemCounts(trx, orderId)) {
          if (itemId !== null && (await returnStock(trx, vendorId, itemId, Number(count), nowMs)))
            returnedItems.push(itemId);
        }
        await bumpMenuVersion(trx, vendorId);
        if (row.coupon_code) await returnCouponUse(trx, row.coupon_code);
      }
      await recordAudit(trx, {
        at: nowMs,
        actor,
        action: 'order.status',
        entity: 'order',
        entityId: String(orderId),
        details: { from, to },
      });
    });
    if (to === 'Cancelled' && row.paid_at !== null) deps.menuCache.invalidate(vendorId);
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
    if (published) return published;
  }
  const fresh = await findOrder(db, orderId);
  const [view] = await toOpsOrders(db, [fresh ?? row], nowMs);
  return view!;
}

/**
 * Gives back every successful payment of a cancelled order; a refund the gateway refuses is logged
 * for staff. When all went back, the order records what was refunded (GET order's `refund`).
 * Answers whether it did.
 */
async function refundOrder(deps: FulfilmentDeps, order: OrderRow, actor: Actor, nowMs: number): Promise<boolean> {
  const orderId = order.id;
  const payments = await listSucceededPayments(deps.db, orderId);
  const refunded: RefundedPayment[] = [];
  let failed = 0;
  for (const payment of payments) {
    let action = 'payment.refunded';
    try {
      // A coupon paid nothing at the gateway (its use came back with the cancel).
      if (payment.transaction_id && payment.method !== 'coupon') await deps.gateway.refund(payment.transaction_id);
      if (await updatePaymentIfStatus(deps.db, payment.id, 'Succeeded', { status: 'Refunded', updated_at: nowMs }))
        refunded.push(payment);
    } catch {
      action = 'payment.refund_failed';
      failed += 1;
    }
    await recordAudit(deps.db, {
      at: nowMs,
      actor,
      action,
      entity: 'payment',
      entityId: String(payment.id),
      details: { orderId, amountMinor: payment.amount_minor },
    });
  }
  const refund = describeRefund(order, refunded, failed);
  if (refund) await setOrderRefund(deps.db, orderId, JSON.stringify(refund), nowMs);
  return refund !== null;
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
  for (const row of await listDueScheduledOrders(db, nowMs, 100)) {
    const queued = await db.transaction().execute(async (trx) => {
      const changed = await updateOrderIfStatus(trx, row.id, 'Scheduled', {
        order_status: 'Waiting',
        time_queued: nowMs,
        time_service_estimated: Math.max(row.requested_service_time ?? nowMs, nowMs),
        updated_at: nowMs,
      });
      if (changed !== 1) return false;
      await recordAudit(trx, {
        at: nowMs,
        actor: 'system',
        action: 'order.status',
        entity: 'order',
        entityId: String(row.id),
        details: { from: 'Scheduled', to: 'Waiting' },
      });
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
  const moved = await updateOrderIfStatus(db, orderId, 'PendingAlerted', {
    order_status: 'Alerted',
    time_alerted: nowMs,
    updated_at: nowMs,
  });
  if (moved === 1) await publishOrderChanged(deps.events, vendorId, orderId, nowMs);
  return getOrder(db, consumer, vendorId, orderId, nowMs);
}
