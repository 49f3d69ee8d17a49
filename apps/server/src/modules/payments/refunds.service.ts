/**
 * Refunds: money given back on a paid order. The venue gives one from the back office (in full, by
 * line and quantity, or by amount, with a reason, also after collection), and a cancelled paid
 * order gives back what is left of its payments. Never more than was paid: each refund is decided
 * from what the refunds table holds while the order is held (one refund at a time per order), and
 * an Idempotency-Key refunds once however often it is sent. The gateway refunds first; a refund it
 * refuses is never recorded.
 */
import type { OrderRefund } from '@venue/contract/order';
import { formatMoney } from '@venue/domain/money';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, RefundsTable } from '../../db/schema.ts';
import { RefundRefusedError, type PaymentGateway } from '../../gateway/payment-gateway.ts';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/http-error.ts';
import { counted } from '../../lib/metrics.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { returnCouponUse } from '../coupons/coupons.service.ts';
import { readOrderLines } from '../orders/order-lines.ts';
import { holdOrder, recordOrderRefund } from '../orders/order-changes.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import { findPayment, listSucceededPayments, updatePaymentIfStatus } from './payments.repository.ts';
import {
  deletePendingRefund,
  findRefund,
  findRefundByKey,
  insertRefund,
  listOrderPayments,
  listPendingRefunds,
  listRefundsOfOrders,
  listRefundsOfPayment,
  setRefundSucceeded,
} from './refunds.repository.ts';

export type RefundRow = Selectable<RefundsTable>;
export { listOrderPayments, listRefundsOfOrders };

/** What is told of refunds (modules/receipts sends the customer's email). */
export interface RefundListener {
  /** a cancelled order's payments went back */
  refunded(orderId: number): void;
  /** the venue gave a refund (back office) */
  refundGiven?(refundId: number): void;
}

/** A payment given back: its amount, how it was paid ('card', 'token', 'wallet:APPLEPAYWEB', 'coupon' …) and the card's last four digits. */
export interface RefundedPayment {
  amount_minor: number;
  method: string;
  card_last_four: string | null;
}

export function refundMethod(method: string): OrderRefund['method'] {
  if (method === 'coupon') return 'coupon';
  if (method === 'wallet:APPLEPAYWEB') return 'applePay';
  if (method === 'wallet:GOOGLE') return 'googlePay';
  return 'card';
}

/**
 * The refund of a cancelled paid order whose payments were all given back (null when there were
 * none, or one could not be: the customer is then told only to see the shop, never that money came
 * back that did not). A coupon that paid the whole order "refunds" the value it paid, the coupon
 * line of the order's summary, so the figures the customer sees add up.
 */
export function describeRefund(
  order: Pick<OrderRow, 'coupon_code' | 'discount_minor'>,
  refunded: readonly RefundedPayment[],
  failed: number,
): OrderRefund | null {
  if (refunded.length === 0 || failed > 0) return null;
  const charged = refunded.filter((payment) => payment.method !== 'coupon');
  if (charged.length === 0) {
    return { amountMinor: order.discount_minor, method: 'coupon', cardLastFour: null, couponCode: order.coupon_code };
  }
  const last = charged.at(-1)!;
  return {
    amountMinor: charged.reduce((sum, payment) => sum + payment.amount_minor, 0),
    method: refundMethod(last.method),
    cardLastFour: last.card_last_four,
    couponCode: order.discount_minor > 0 ? order.coupon_code : null,
  };
}

/** Money already given back on each payment (succeeded and pending refunds). */
function refundedByPayment(refunds: readonly RefundRow[]): Map<number, number> {
  const byPayment = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.payment_id === null) continue;
    byPayment.set(refund.payment_id, (byPayment.get(refund.payment_id) ?? 0) + refund.amount_minor);
  }
  return byPayment;
}

/**
 * Gives back what is left of every successful payment of a cancelled order (a part may have been
 * refunded from the back office before); a refund the gateway refuses is logged for staff. When
 * all went back, the order records what was refunded (GET order's `refund`) and the refunds table
 * holds it. Answers whether it did.
 */
export async function refundOrder(
  deps: { db: Kysely<Database>; gateway: PaymentGateway },
  order: OrderRow,
  actor: Actor,
  nowMs: number,
): Promise<boolean> {
  const orderId = order.id;
  const [payments, earlier] = await Promise.all([
    listSucceededPayments(deps.db, orderId),
    listRefundsOfOrders(deps.db, [orderId]),
  ]);
  const given = refundedByPayment(earlier);
  const refunded: RefundedPayment[] = [];
  let failed = 0;
  for (const payment of payments) {
    const left = payment.amount_minor - (given.get(payment.id) ?? 0);
    let action = 'payment.refunded';
    try {
      // A coupon paid nothing at the gateway (its use came back with the cancel).
      if (payment.transaction_id && payment.method !== 'coupon' && left > 0)
        await deps.gateway.refund(payment.transaction_id, left);
      if (await updatePaymentIfStatus(deps.db, payment.id, 'Succeeded', { status: 'Refunded', updated_at: nowMs }))
        refunded.push({ ...payment, amount_minor: payment.method === 'coupon' ? payment.amount_minor : left });
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
      details: { orderId, amountMinor: left },
    });
  }
  const refund = describeRefund(order, refunded, failed);
  if (refund) {
    const charged = refunded.filter((payment) => payment.method !== 'coupon');
    const paymentId = payments.find((payment) => payment.method !== 'coupon')?.id ?? null;
    const amountMinor = charged.reduce((sum, payment) => sum + payment.amount_minor, 0);
    await insertRefund(deps.db, {
      order_id: orderId,
      vendor_id: order.vendor_id,
      amount_minor: amountMinor,
      reason: 'Order cancelled',
      lines: null,
      payment_id: paymentId,
      method: refund.method,
      card_last_four: refund.cardLastFour,
      coupon_code: order.coupon_code,
      actor,
      idempotency_key: null,
      status: 'Succeeded',
      created_at: nowMs,
    });
    await recordOrderRefund(deps.db, orderId, refund, nowMs);
    counted.refund('order_cancelled', amountMinor);
  }
  return refund !== null;
}

export const NOT_PAID_REFUND_MESSAGE = 'This order was never paid, so there is nothing to refund.';
export const REFUNDED_IN_FULL_MESSAGE = 'This order has been refunded in full already.';
export const REFUND_UNDER_WAY_MESSAGE = 'This refund is already under way. Reload the order in a moment.';

/** A refund asked for in the back office. */
export interface RefundAsk {
  lines?: ReadonlyArray<{ lineId: number; quantity: number }> | undefined;
  amountMinor?: number | undefined;
  reason: string;
}

/** The same Idempotency-Key with another ask: not a retry (the dialog keeps one key while open). */
export const REFUND_KEY_REUSED_MESSAGE =
  "A refund was already given under this Idempotency-Key with other details: check the order's refunds before refunding again.";

/** The lines of a refund by line as they are kept (null for one by amount or in full). */
const keptLines = (ask: RefundAsk): string | null =>
  ask.lines ? JSON.stringify(ask.lines.map(({ lineId, quantity }) => ({ lineId, quantity }))) : null;

/** Whether a refund kept under a key was given for this ask (a retry), not for another one. */
function sameAsk(refund: RefundRow, ask: RefundAsk): boolean {
  if (refund.reason !== ask.reason || refund.lines !== keptLines(ask)) return false;
  return ask.amountMinor === undefined || refund.amount_minor === ask.amountMinor;
}

export interface RefundDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  /** told of each refund given, once it is recorded (the refund email) */
  refunds?: RefundListener | undefined;
}

/** What an order's refunds leave: money paid at the gateway not yet given back, and each line's quantity not yet refunded. */
export interface RefundRoom {
  paidMinor: number;
  leftMinor: number;
  /** line id → quantity refunded by line so far */
  refundedQuantities: Map<number, number>;
  /** whether a refund already gave the order's coupon use back */
  couponReturned: boolean;
}

/** What is left to refund of an order, from its payments and refunds. */
export function refundRoom(
  payments: ReadonlyArray<{ status: string; method: string; amount_minor: number }>,
  refunds: readonly RefundRow[],
): RefundRoom {
  const paidMinor = payments
    .filter(
      (payment) => payment.method !== 'coupon' && (payment.status === 'Succeeded' || payment.status === 'Refunded'),
    )
    .reduce((sum, payment) => sum + payment.amount_minor, 0);
  const refundedQuantities = new Map<number, number>();
  let refundedMinor = 0;
  let couponReturned = false;
  for (const refund of refunds) {
    refundedMinor += refund.amount_minor;
    if (refund.coupon_code) couponReturned = true;
    for (const line of parseRefundLines(refund.lines)) {
      refundedQuantities.set(line.lineId, (refundedQuantities.get(line.lineId) ?? 0) + line.quantity);
    }
  }
  return { paidMinor, leftMinor: Math.max(0, paidMinor - refundedMinor), refundedQuantities, couponReturned };
}

export function parseRefundLines(text: string | null): Array<{ lineId: number; quantity: number }> {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as Array<{ lineId: number; quantity: number }>) : [];
  } catch {
    return [];
  }
}

/** The amount of a refund by line: each line's price per item (with its options) times the quantity. */
async function amountOfLines(
  db: Kysely<Database> | Transaction<Database>,
  order: OrderRow,
  asked: ReadonlyArray<{ lineId: number; quantity: number }>,
  room: RefundRoom,
): Promise<number> {
  const lines = (await readOrderLines(db, [order.id])).get(order.id)?.items ?? [];
  const wanted = new Map<number, number>();
  for (const { lineId, quantity } of asked) wanted.set(lineId, (wanted.get(lineId) ?? 0) + quantity);
  let amount = 0;
  for (const [lineId, quantity] of wanted) {
    const line = lines.find((candidate) => candidate.lineId === lineId);
    if (!line) throw unprocessable(`Line ${lineId} is not a line of order ${order.claim_ticket ?? order.id}.`);
    const left = line.quantity - (room.refundedQuantities.get(lineId) ?? 0);
    if (quantity > left)
      throw conflict(
        left === 0
          ? `${line.name} has been refunded already.`
          : `Only ${left} of ${line.name} ${left === 1 ? 'is' : 'are'} left to refund.`,
      );
    amount += line.perItemMinor * quantity;
  }
  return amount;
}

/**
 * Gives a refund from the back office: in full (what is left), by line and quantity, or by amount,
 * with a reason; also after collection. Never more than is left; the same Idempotency-Key answers
 * the refund it gave. The gateway refunds before anything is recorded as given: a refusal records
 * nothing and answers 422 with the gateway's words. A refund that leaves nothing to refund gives
 * the order's coupon use back. Answers the refund and whether this request gave it.
 */
export async function giveRefund(
  deps: RefundDeps,
  order: OrderRow,
  ask: RefundAsk,
  idempotencyKey: string,
  actor: Actor,
  nowMs: number,
): Promise<{ refund: RefundRow; created: boolean }> {
  const { db } = deps;
  const again = await findRefundByKey(db, order.id, idempotencyKey);
  if (again) {
    if (!sameAsk(again, ask)) throw unprocessable(REFUND_KEY_REUSED_MESSAGE);
    if (again.status !== 'Succeeded') throw conflict(REFUND_UNDER_WAY_MESSAGE);
    return { refund: again, created: false };
  }
  if (order.paid_at === null) throw conflict(NOT_PAID_REFUND_MESSAGE);

  const payments = await listOrderPayments(db, [order.id]);
  const charged = payments.filter(
    (payment) => payment.method !== 'coupon' && (payment.status === 'Succeeded' || payment.status === 'Refunded'),
  );
  // The payment that paid the order: a charge refused when it was reported (the order paid by
  // another, sold out) went back in full then and takes no refund.
  const payment = charged.filter((p) => p.status === 'Succeeded').at(-1) ?? charged.at(-1) ?? null;
  const couponPaid = payments.find((p) => p.method === 'coupon' && p.status !== 'Failed') ?? null;

  // Decided and reserved (a Pending row) while the order is held: one refund at a time per order.
  // The same key at the same moment: the unique index lets one request in, the other finds its refund.
  const reserved = await reserveRefund().catch(async (error: unknown) => {
    if (error instanceof HttpError) throw error;
    if (await findRefundByKey(db, order.id, idempotencyKey)) return null;
    throw error;
  });
  async function reserveRefund() {
    return db.transaction().execute(async (trx) => {
      if (!(await holdOrder(trx, order.id))) throw notFound(`Order ${order.id} not found`);
      const room = refundRoom(payments, await listRefundsOfOrders(trx, [order.id]));
      let amount: number;
      if (ask.lines) amount = await amountOfLines(trx, order, ask.lines, room);
      else amount = ask.amountMinor ?? room.leftMinor;
      const onlyCoupon = room.paidMinor === 0;
      if (onlyCoupon) {
        // Nothing was charged: the refund gives the coupon's use back, once.
        if (!order.coupon_code || room.couponReturned) throw conflict(REFUNDED_IN_FULL_MESSAGE);
        amount = 0;
      } else if (room.leftMinor === 0) {
        throw conflict(REFUNDED_IN_FULL_MESSAGE);
      } else if (amount > room.leftMinor) {
        throw conflict(
          `That is more than is left to refund: ${formatMoney(room.leftMinor)} of ${formatMoney(room.paidMinor)} paid.`,
        );
      }
      const givesCouponBack =
        order.coupon_code !== null && !room.couponReturned && (onlyCoupon || amount === room.leftMinor);
      const { id } = await insertRefund(trx, {
        order_id: order.id,
        vendor_id: order.vendor_id,
        amount_minor: amount,
        reason: ask.reason,
        lines: keptLines(ask),
        payment_id: onlyCoupon ? (couponPaid?.id ?? null) : (payment?.id ?? null),
        method: onlyCoupon ? 'coupon' : refundMethod(payment?.method ?? 'card'),
        card_last_four: onlyCoupon ? null : (payment?.card_last_four ?? null),
        coupon_code: givesCouponBack ? order.coupon_code : null,
        actor,
        idempotency_key: idempotencyKey,
        status: 'Pending',
        created_at: nowMs,
      });
      return { id: Number(id), amount, givesCouponBack };
    });
  }
  if (!reserved) {
    const other = await findRefundByKey(db, order.id, idempotencyKey);
    if (other && !sameAsk(other, ask)) throw unprocessable(REFUND_KEY_REUSED_MESSAGE);
    if (other?.status === 'Succeeded') return { refund: other, created: false };
    throw conflict(REFUND_UNDER_WAY_MESSAGE);
  }

  if (reserved.amount > 0 && payment?.transaction_id) {
    try {
      await deps.gateway.refund(payment.transaction_id, reserved.amount);
    } catch (error) {
      await deletePendingRefund(db, reserved.id);
      const words = error instanceof RefundRefusedError ? error.message : 'The payment gateway did not answer.';
      await recordAudit(db, {
        at: nowMs,
        actor,
        action: 'order.refund_refused',
        entity: 'order',
        entityId: String(order.id),
        details: { amountMinor: reserved.amount, reason: ask.reason, gateway: words },
      });
      throw new HttpError(422, `The refund did not go through: ${words} Nothing was refunded.`);
    }
  }
  await recordRefundGiven(
    db,
    {
      id: reserved.id,
      orderId: order.id,
      amountMinor: reserved.amount,
      reason: ask.reason,
      lines: ask.lines,
      couponCode: reserved.givesCouponBack ? order.coupon_code : null,
    },
    actor,
    nowMs,
  );
  const refund = await findRefund(db, reserved.id);
  deps.refunds?.refundGiven?.(reserved.id);
  return { refund: refund!, created: true };
}

/**
 * A reserved refund the gateway gave: marked given (only while still Pending, so once whichever
 * process gets there), the coupon's use back when it is the refund's, the audit row. Answers
 * whether this call recorded it.
 */
async function recordRefundGiven(
  db: Kysely<Database>,
  refund: {
    id: number;
    orderId: number;
    amountMinor: number;
    reason: string;
    lines: ReadonlyArray<{ lineId: number; quantity: number }> | undefined;
    couponCode: string | null;
  },
  actor: Actor,
  nowMs: number,
  note: Record<string, string> = {},
): Promise<boolean> {
  const given = await db.transaction().execute(async (trx) => {
    if (!(await setRefundSucceeded(trx, refund.id))) return false;
    if (refund.couponCode) await returnCouponUse(trx, refund.couponCode);
    await recordAudit(trx, {
      at: nowMs,
      actor,
      action: 'order.refund',
      entity: 'order',
      entityId: String(refund.orderId),
      details: {
        refundId: refund.id,
        amountMinor: refund.amountMinor,
        reason: refund.reason,
        ...(refund.lines ? { lines: refund.lines } : {}),
        ...(refund.couponCode ? { couponCode: refund.couponCode } : {}),
        ...note,
      },
    });
    return true;
  });
  if (given) counted.refund('back_office', refund.amountMinor);
  return given;
}

/**
 * How long a refund may stay Pending before it is taken as cut off (its process stopped between
 * asking the gateway and recording the answer): far longer than any gateway call.
 */
export const REFUND_SETTLE_AFTER_MS = 10 * 60_000;
const SETTLE_BATCH = 20;
export const INTERRUPTED_REFUND_NOTE = "Recorded from the gateway's own record: the request that gave it was cut off.";
export const INTERRUPTED_REFUND_DROPPED =
  'The request was cut off before the gateway refunded anything; nothing was refunded.';

/**
 * Refunds left Pending by a request that was cut off (decision 033), settled from the gateway's
 * own record of the charge: when it holds exactly this refund more than the books, the refund was
 * given and is recorded so (with its coupon, its email); when it holds no more than the books,
 * the gateway never took it and the reservation goes (the manager may refund again). Anything else
 * (another refund of the payment under way, a gateway that does not know the charge) stays for
 * the next sweep or an operator. Safe in several processes at once. Answers what became of them.
 */
export async function settleInterruptedRefunds(
  deps: RefundDeps,
  nowMs: number,
): Promise<{ given: number; dropped: number; left: number }> {
  const result = { given: 0, dropped: 0, left: 0 };
  for (const refund of await listPendingRefunds(deps.db, nowMs - REFUND_SETTLE_AFTER_MS, SETTLE_BATCH)) {
    result[await settleInterruptedRefund(deps, refund, nowMs)] += 1;
  }
  return result;
}

async function settleInterruptedRefund(
  deps: RefundDeps,
  refund: RefundRow,
  nowMs: number,
): Promise<'given' | 'dropped' | 'left'> {
  const { db } = deps;
  // A coupon's use alone (nothing charged): nothing was asked of the gateway.
  let went = refund.amount_minor === 0;
  if (!went) {
    if (refund.payment_id === null) return 'left';
    const [payment, ofPayment] = await Promise.all([
      findPayment(db, refund.payment_id, refund.order_id),
      listRefundsOfPayment(db, refund.payment_id),
    ]);
    if (!payment?.transaction_id) return 'left';
    // Another refund of the payment under way: its part of the gateway's figure is not known yet.
    if (ofPayment.some((other) => other.id !== refund.id && other.status === 'Pending')) return 'left';
    const refunded = await deps.gateway.refundedOf(payment.transaction_id);
    if (refunded === null) return 'left';
    const booked = ofPayment
      .filter((other) => other.status === 'Succeeded')
      .reduce((sum, other) => sum + other.amount_minor, 0);
    if (refunded - booked === refund.amount_minor) went = true;
    else if (refunded !== booked) return 'left';
  }
  if (went) {
    const lines = parseRefundLines(refund.lines);
    const given = await recordRefundGiven(
      db,
      {
        id: refund.id,
        orderId: refund.order_id,
        amountMinor: refund.amount_minor,
        reason: refund.reason,
        lines: refund.lines ? lines : undefined,
        couponCode: refund.coupon_code,
      },
      refund.actor as Actor,
      nowMs,
      { settled: INTERRUPTED_REFUND_NOTE },
    );
    if (!given) return 'left';
    deps.refunds?.refundGiven?.(refund.id);
    return 'given';
  }
  if (!(await deletePendingRefund(db, refund.id))) return 'left';
  await recordAudit(db, {
    at: nowMs,
    actor: 'system',
    action: 'order.refund_refused',
    entity: 'order',
    entityId: String(refund.order_id),
    details: { amountMinor: refund.amount_minor, reason: refund.reason, gateway: INTERRUPTED_REFUND_DROPPED },
  });
  return 'dropped';
}

/** One refund, for the refund email. */
export function findRefundById(db: Kysely<Database>, refundId: number) {
  return findRefund(db, refundId);
}
