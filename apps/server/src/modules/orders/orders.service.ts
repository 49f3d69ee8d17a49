/**
 * Placed orders (spec §3, §4): reading shows the queue position and estimate; a paid order is
 * queued at once. Placing one is place-order.service.ts.
 */
import { OrderRefund, type DeliveryAddress, type OrderStatus, type PlacedOrder } from '@venue/contract/order';
import type { PaymentSummary } from '@venue/contract/order-payment';
import {
  estimateReadyAt,
  queuePace,
  RECENT_SAMPLE_SIZE,
  RECENT_WINDOW_MS,
  type QueuePace,
} from '@venue/domain/kitchen-queue';
import { toMoney } from '@venue/domain/money';
import { isQueuedStatus } from '@venue/domain/order-status';
import { DISCOUNT_ITEM_TYPE } from '@venue/domain/payment-summary';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import {
  countQueuedBefore,
  findConsumerOrder,
  findOrder,
  findVendorTts,
  listRecentServiceSamples,
  listWaitingOrderIds,
  setOrderEmailIfNone,
} from './orders.repository.ts';

export type OrderRow = Selectable<OrdersTable>;

/** The answer to paying, or changing the coupon of, an order that is no longer Pending. */
export const ALREADY_PAID_MESSAGE = 'This order has already been paid.';
type Db = Kysely<Database> | Transaction<Database>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The payment summary of an order with its coupon discount, as a line and a subtotal. */
export function summaryWithDiscount(row: OrderRow): PaymentSummary {
  const summary = parseJson<PaymentSummary>(row.payment_summary) ?? {
    items: [],
    subTotals: [],
    total: toMoney(row.total_minor),
  };
  if (row.discount_minor <= 0) return summary;
  const name = `Coupon ${row.coupon_code ?? ''}`.trim();
  return {
    items: [
      ...summary.items,
      {
        id: null,
        parentItemId: null,
        name,
        quantity: 1,
        perItemPrice: toMoney(-row.discount_minor),
        price: toMoney(-row.discount_minor),
        itemType: DISCOUNT_ITEM_TYPE,
      },
    ],
    subTotals: [...summary.subTotals, { name, price: toMoney(-row.discount_minor) }],
    total: toMoney(row.total_minor),
  };
}

/**
 * The vendor's pace, learnt from its recent ready orders (its stated time to service until there
 * are enough). The time to service is read here unless given (or being read alongside).
 */
export async function vendorPace(
  db: Db,
  vendorId: number,
  nowMs: number,
  ttsMs?: number | Promise<number>,
): Promise<QueuePace> {
  const [samples, tts] = await Promise.all([
    recentServiceSamples(db, vendorId, nowMs),
    ttsMs ?? findVendorTts(db, vendorId).then((vendor) => Number(vendor?.tts_ms ?? 0)),
  ]);
  return queuePace(samples, tts);
}

type ServiceSample = { queuedAt: number; readyAt: number };
interface SamplesRead {
  /** the clock's time the samples were read for, and the process's own (performance.now()) */
  nowMs: number;
  readAt: number;
  samples: Promise<ServiceSample[]>;
}

/**
 * A vendor's pace changes only when one of its orders becomes ready, and every checkout and order
 * view asks for it: the samples read are used again for up to this long (of the clock and of real
 * time), unless this process marks one of the vendor's orders ready meanwhile (forgetVendorPace).
 * Another node's ready orders count within this long.
 */
export const PACE_REUSE_MS = 1_000;

/** Per database (its adapter, which its transactions share) and vendor: the last samples read. */
const samplesRead = new WeakMap<object, Map<number, SamplesRead>>();
const readsOf = (db: Db) => {
  const key = db.getExecutor().adapter;
  let reads = samplesRead.get(key);
  if (!reads) samplesRead.set(key, (reads = new Map()));
  return reads;
};

function recentServiceSamples(db: Db, vendorId: number, nowMs: number): Promise<ServiceSample[]> {
  const reads = readsOf(db);
  const last = reads.get(vendorId);
  const since = nowMs - RECENT_WINDOW_MS;
  if (
    last &&
    nowMs >= last.nowMs &&
    nowMs - last.nowMs <= PACE_REUSE_MS &&
    performance.now() - last.readAt <= PACE_REUSE_MS
  ) {
    return last.samples.then((samples) => samples.filter((sample) => sample.readyAt >= since));
  }
  const read: SamplesRead = {
    nowMs,
    readAt: performance.now(),
    samples: listRecentServiceSamples(db, vendorId, since, RECENT_SAMPLE_SIZE).then((rows) =>
      rows.map((row) => ({ queuedAt: Number(row.time_queued), readyAt: Number(row.time_ready) })),
    ),
  };
  reads.set(vendorId, read);
  read.samples.catch(() => {
    if (reads.get(vendorId) === read) reads.delete(vendorId);
  });
  return read.samples;
}

/** After one of the vendor's orders became ready (or stopped being): its pace is read afresh. */
export function forgetVendorPace(db: Db, vendorId: number): void {
  readsOf(db).delete(vendorId);
}

/** Order id → place in the vendor's queue (1 = next) of every Waiting order. */
export async function waitingPositions(db: Db, vendorId: number): Promise<Map<number, number>> {
  const rows = await listWaitingOrderIds(db, vendorId);
  return new Map(rows.map((r, index) => [r.id, index + 1]));
}

/**
 * An order row as the API shows it. A Waiting order's place and estimate are worked out from the
 * vendor's queue and pace now; a Scheduled one is due at its requested time.
 */
export async function toPlacedOrder(db: Db, row: OrderRow, nowMs: number): Promise<PlacedOrder> {
  let place: QueuePlace | null = null;
  if (row.order_status === 'Waiting' && row.time_queued !== null) {
    const [ahead, pace] = await Promise.all([
      countQueuedBefore(db, row.vendor_id, row.time_queued, row.id),
      vendorPace(db, row.vendor_id, nowMs),
    ]);
    place = { position: ahead + 1, pace };
  }
  return placedOrderView(row, nowMs, place);
}

/** A Waiting order's place in its vendor's queue (1 = next) and the vendor's pace. */
export interface QueuePlace {
  position: number;
  pace: QueuePace;
}

/**
 * An order row as the API shows it, given its place in the queue when it is Waiting (read by
 * toPlacedOrder for one order, or for all of a vendor's at once by the customers' order streams).
 */
export function placedOrderView(row: OrderRow, nowMs: number, place: QueuePlace | null): PlacedOrder {
  return { ...placedOrderFixed(row), ...placedOrderTiming(row, nowMs, place) };
}

/** The parts of a placed order that move with the queue and the clock. */
export type PlacedOrderTiming = Pick<PlacedOrder, 'positionInQueue' | 'secsToServiceEstimate' | 'timing'>;

/** The place, the estimate and the timing of an order: all that changes while it waits. */
export function placedOrderTiming(row: OrderRow, nowMs: number, place: QueuePlace | null): PlacedOrderTiming {
  const status = row.order_status as OrderStatus;
  let position: number | null = null;
  let estimate = row.time_service_estimated;
  if (status === 'Waiting' && row.time_queued !== null && place) {
    position = place.position;
    estimate = estimateReadyAt({ queuedAt: row.time_queued, position, nowMs, pace: place.pace });
  }
  const queued = isQueuedStatus(status);
  return {
    positionInQueue: position,
    secsToServiceEstimate: queued && estimate !== null ? Math.max(0, Math.round((estimate - nowMs) / 1000)) : null,
    timing: { timeQueued: iso(row.time_queued), timeServiceEstimated: iso(estimate) },
  };
}

/** The parts of a placed order that only change with the row (its status, what was ordered). */
export function placedOrderFixed(row: OrderRow): Omit<PlacedOrder, keyof PlacedOrderTiming> {
  return {
    id: row.id,
    vendorId: row.vendor_id,
    consumerId: row.consumer_id,
    orderStatus: row.order_status as OrderStatus,
    claimTicket: row.claim_ticket,
    requestedServiceTime: iso(row.requested_service_time),
    serviceMode: row.service_mode as PlacedOrder['serviceMode'],
    deliveryAddress: parseJson<DeliveryAddress>(row.delivery_address),
    paymentSummary: summaryWithDiscount(row),
    couponCode: row.coupon_code,
    createdAt: new Date(row.created_at).toISOString(),
    refund: refundOf(row),
  };
}

/** What a cancelled order gave back, as stored when its refund went through; null otherwise. */
export function refundOf(row: Pick<OrderRow, 'refund'>): OrderRefund | null {
  const parsed = OrderRefund.safeParse(parseJson<unknown>(row.refund));
  return parsed.success ? parsed.data : null;
}

/** An order by its id, whoever placed it (for mail the venue's actions send). */
export function findOrderById(db: Db, orderId: number): Promise<OrderRow | undefined> {
  return findOrder(db, orderId);
}

/** Gives an order placed without an email the one the customer gave later for its mail; one it has stays. */
export function giveOrderEmail(db: Db, orderId: number, email: string): Promise<void> {
  return setOrderEmailIfNone(db, orderId, email);
}

/** The consumer's own order (at the vendor, when given), or undefined for a missing order or another's. */
export function findOwnOrder(
  db: Db,
  consumer: SignedConsumer,
  orderId: number,
  vendorId?: number,
): Promise<OrderRow | undefined> {
  return findConsumerOrder(db, consumer.id, orderId, vendorId);
}

/** The consumer's own order at a vendor; others' orders answer 404 exactly like missing ones. */
export async function requireOwnOrder(
  db: Db,
  consumer: SignedConsumer,
  orderId: number,
  vendorId?: number,
): Promise<OrderRow> {
  const row = await findConsumerOrder(db, consumer.id, orderId, vendorId);
  if (!row) throw notFound(`Order ${orderId} not found`);
  return row;
}

export async function getOrder(
  db: Kysely<Database>,
  consumer: SignedConsumer,
  vendorId: number,
  orderId: number,
  nowMs: number,
) {
  return toPlacedOrder(db, await requireOwnOrder(db, consumer, orderId, vendorId), nowMs);
}

/** What queueing a paid order needs of its vendor (read before the payment's transaction). */
export interface QueueFacts {
  ttsMs: number;
  /** orders Waiting at the vendor now */
  waiting: number;
  pace: QueuePace;
}

/**
 * How a paid order is queued at once: Scheduled when the requested time is later than now plus
 * the vendor's time to service, else Waiting behind the orders already waiting. The payment's
 * transaction writes these changes with the Pending → paid move itself (one UPDATE that only a
 * Pending order passes, so a retried payment update can never queue it twice).
 */
export function queuedChanges(order: OrderRow, facts: QueueFacts, nowMs: number) {
  const scheduled = order.requested_service_time !== null && order.requested_service_time > nowMs + facts.ttsMs;
  return {
    order_status: scheduled ? ('Scheduled' as const) : ('Waiting' as const),
    claim_ticket: claimTicket(order.id),
    time_queued: nowMs,
    time_service_estimated: scheduled
      ? order.requested_service_time
      : estimateReadyAt({ queuedAt: nowMs, position: facts.waiting + 1, nowMs, pace: facts.pace }),
  };
}

/** The order number shown to staff: short, and unique because it is the order id. */
export function claimTicket(orderId: number): string {
  return String(orderId).padStart(3, '0');
}
