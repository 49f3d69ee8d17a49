/**
 * The order as the kitchen and the operations API see it, and the `order` event that tells every
 * board of a change: below payments (a paid order) and fulfilment (every status change), which
 * both publish it after their change commits.
 */
import type { ServiceMode } from '@venue/contract/common';
import type { DeliveryAddress, OrderStatus } from '@venue/contract/order';
import type { OpsOrder } from '@venue/contract/ops-orders';
import { estimateReadyAt } from '@venue/domain/kitchen-queue';
import { toMoney } from '@venue/domain/money';
import { isQueuedStatus } from '@venue/domain/order-status';
import { isServiceCharge } from '@venue/domain/payment-summary';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ChangeSubject, EventDraft, EventPublisher } from '../events/event-bus.ts';
import { owningItemId } from './order-lines.ts';
import {
  findOrderWithLinesAndPlace,
  findQueuePlace,
  listOrderLines,
  parseOrderEventRow,
  type OrderLineRow,
  type OrderWithLinesAndPlace,
} from './orders.repository.ts';
import { vendorPace, waitingPositions, type OrderRow } from './orders.service.ts';

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
export async function toOpsOrders(
  db: Kysely<Database>,
  rows: OrderRow[],
  nowMs: number,
  /** Read with the rows already (one order's event): its lines and, while Waiting, its place in the queue. */
  known?: { lines: OrderLineRow[]; place: { ahead: number; ttsMs: number } | null },
): Promise<OpsOrder[]> {
  const lines =
    known?.lines ??
    (await listOrderLines(
      db,
      rows.map((r) => r.id),
    ));
  const queues = new Map<number, { positions: Map<number, number>; pace: Awaited<ReturnType<typeof vendorPace>> }>();
  const waiting = rows.filter((r) => r.order_status === 'Waiting');
  for (const vendorId of new Set(waiting.map((r) => r.vendor_id))) {
    const own = waiting.filter((r) => r.vendor_id === vendorId);
    // One order (an event's): count the orders ahead of it (with the time to service, in one query)
    // rather than read the whole queue.
    const one = own.length === 1 && own[0]!.time_queued !== null ? own[0]! : null;
    const place = one
      ? known?.place
        ? Promise.resolve(known.place)
        : findQueuePlace(db, vendorId, one.time_queued!, one.id)
      : null;
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

/**
 * An `order` event: the order as the ops list shows it when the event is written; answers that
 * view (null if none was sent). Call after the change has committed (paid, queued, or any status
 * change). Other Waiting orders' positions move too; they get no event of their own (see
 * docs/decisions/018-ops-events.md).
 */
export function publishOrderChanged(
  events: EventPublisher,
  vendorId: number,
  orderId: number,
  nowMs: number,
): Promise<OpsOrder | null> {
  return events.publish(orderEventDraft(vendorId, orderId, nowMs));
}

/** The `order` event of an order as it is when the event is written (publishOrderChanged's, the sweep's). */
export function orderEventDraft(vendorId: number, orderId: number, nowMs: number): EventDraft<OpsOrder> {
  return {
    vendorId,
    orderId,
    type: 'order',
    data: async (db) => {
      const found = await findOrderWithLinesAndPlace(db, orderId);
      return found ? eventView(db, found, nowMs) : null;
    },
  };
}

/**
 * Inside the transaction that changes an order: its `order` event is owed, so that should this
 * process die before publishOrderChanged, another publishes it (an outbox, decision 018). `afterMs`:
 * how long the change's own publish may take (a cancellation refunds first).
 */
export function markOrderEventDue(
  events: EventPublisher,
  trx: Kysely<Database> | Transaction<Database>,
  vendorId: number,
  orderId: number,
  afterMs?: number,
): Promise<void> {
  return events.markDue(trx, { vendorId, orderId, type: 'order' }, afterMs);
}

/** The `order` event's view of an order read with its lines and place. */
async function eventView(db: Kysely<Database>, found: OrderWithLinesAndPlace, nowMs: number): Promise<OpsOrder | null> {
  const [view] = await toOpsOrders(db, [found.row], nowMs, found);
  return view ?? null;
}

/** What another module's statement that changes an order adds to read it as its event shows it. */
export { MOVED_ORDER_EVENT_COLUMNS } from './orders.repository.ts';

/**
 * A change of an order made by another module's statement (a payment's settlement, a status move),
 * and the order's event: the statement takes the event's subject and marks the event owed
 * (`subject`), and reads the order as the event shows it (orderEventColumns), so the event costs
 * one statement of its own, its insert. `change` answers its result, the order's row as it read it,
 * or null when it changed nothing (no event), and the version of the mark it wrote. Answers the
 * change's result, and the order's row and the event's view of it as the change left it (both null
 * when it changed nothing): whoever answers with the order needs no read of it after.
 */
export async function changeOrderPublishing<R>(
  events: EventPublisher,
  vendorId: number,
  orderId: number,
  nowMs: number,
  change: (
    db: Kysely<Database>,
    subject: ChangeSubject | null,
  ) => Promise<{ result: R; row: Record<string, unknown> | null; due: number | null }>,
): Promise<{ result: R; order: OrderRow | null; view: OpsOrder | null }> {
  let order: OrderRow | null = null;
  let view: OpsOrder | null = null;
  const result = await events.publishChange({
    vendorId,
    orderId,
    type: 'order',
    change: async (db, subject) => {
      const { result, row, due } = await change(db, subject);
      const found = row ? parseOrderEventRow(row) : null;
      order = found?.row ?? null;
      view = found ? await eventView(db, found, nowMs) : null;
      return { result, data: view, due };
    },
  });
  return { result, order, view };
}
