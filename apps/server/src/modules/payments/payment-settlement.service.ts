/**
 * Settling a payment, whatever paid it (spec §4, §7). Whatever the app reports, a payment counts
 * only when the gateway says it succeeded for exactly the order's total. Settling is idempotent:
 * the payment moves Initiated → Succeeded once, the order Pending → Paid once, and stock is taken
 * with conditional updates in the same transaction, so a retried update or a crowd of payers for
 * the last units can never charge, queue or sell twice. A payment that cannot be honoured (sold out
 * meanwhile) is refunded at the gateway. Charges nobody reported are settled here too.
 */
import { PAYMENT_RESULT_CODES, type PaymentOutcome } from '@venue/contract/payment';
import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { GatewayCharge } from '../../gateway/payment-gateway.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { StatementKey } from '../../lib/idempotency.ts';
import { counted } from '../../lib/metrics.ts';
import { auditRow, recordAudit } from '../audit/audit.service.ts';
import { findConsumerById, saveCardIfNew, type SignedConsumer } from '../consumers/consumers.service.ts';
import { useCoupon } from '../coupons/coupons.service.ts';
import { bumpMenuVersion, publishMenuItemsChanged, takeStock } from '../menu/menu.service.ts';
import { moveOrderIfStatus, readPaymentFacts, type PaymentFacts } from '../orders/order-changes.ts';
import {
  changeOrderPublishing,
  markOrderEventDue,
  MOVED_ORDER_EVENT_COLUMNS,
  publishOrderChanged,
} from '../orders/order-views.ts';
import {
  ALREADY_PAID_MESSAGE,
  findOrderById,
  queuedChanges,
  requireOwnOrder,
  type OrderRow,
} from '../orders/orders.service.ts';
import { outcome, REFUNDED_MESSAGE, RESULT_MESSAGES, type PaymentDeps, type PaymentRow } from './payment-common.ts';
import {
  findConsumerOrderFlaggingUnsettled,
  findPayment,
  type OfferedCard,
  listUnsettledCardPayments,
  settleInOneStatement,
  updatePaymentIfStatus,
} from './payments.repository.ts';

async function reload(db: Kysely<Database>, payment: PaymentRow) {
  const [p, o] = await Promise.all([
    findPayment(db, payment.id, payment.order_id),
    findOrderById(db, payment.order_id),
  ]);
  if (!p || !o) throw new Error(`payment ${payment.id} vanished`);
  return { payment: p, order: o };
}

/** Moves a payment on from Initiated; a result this request recorded is counted (docs/operations.md). */
async function settled(
  db: Kysely<Database>,
  paymentId: number,
  resultCode: number,
  changes: Parameters<typeof updatePaymentIfStatus>[3],
): Promise<void> {
  if (await updatePaymentIfStatus(db, paymentId, 'Initiated', changes)) counted.paymentResult(resultCode);
}

/** Stock ran out between placing and paying: names the items. */
class SoldOut extends Error {
  constructor(readonly items: Array<{ id: number; name: string }>) {
    super(`We've sold out of ${items.map((i) => i.name).join(', ')}. You have not been charged.`);
  }
}
class CouponUsedUp extends Error {}
class OrderNotPending extends Error {}

/**
 * Applies a gateway charge to a payment. Only a successful charge of exactly the order total
 * pays; then, in one transaction, the payment and order move on once, stock is taken and the
 * order queued. When that cannot happen the charge is refunded and the payment marked so.
 */
export async function applyCharge(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  order: OrderRow,
  payment: PaymentRow,
  charge: GatewayCharge | null,
  savePaymentMethod: boolean,
  read: {
    /** the call's Idempotency-Key, claimed: a settling statement keeps the answer with it */
    key?: StatementKey | null;
    /** what settling reads of the order, when read with the payment already */
    facts?: PaymentFacts | null;
  } = {},
): Promise<PaymentOutcome> {
  const key = read.key ?? null;
  const { db } = deps;
  const now = deps.clock();
  if (payment.status === 'Succeeded')
    return outcome(payment, order, PAYMENT_RESULT_CODES.success, [RESULT_MESSAGES[PAYMENT_RESULT_CODES.success]!]);
  if (payment.status === 'Refunded') throw conflict(payment.message ?? ALREADY_PAID_MESSAGE);
  if (!charge) {
    return outcome({ ...payment, status: 'Failed' }, order, PAYMENT_RESULT_CODES.gatewayError, [
      'The gateway has no payment for this order yet.',
    ]);
  }
  if (charge.refunded && charge.resultCode === PAYMENT_RESULT_CODES.success) {
    // Refunded at the gateway by an earlier try (sold out, total changed …) that was cut off before
    // it could mark the payment: finish that, and say so, instead of calling it a failed charge.
    await settled(db, payment.id, charge.resultCode, {
      status: 'Refunded',
      message: REFUNDED_MESSAGE,
      transaction_id: charge.transactionId,
      response_code: String(charge.resultCode),
      updated_at: now,
    });
    throw conflict(REFUNDED_MESSAGE);
  }
  if (!charge.successful) {
    await updatePaymentIfStatus(db, payment.id, 'Initiated', {
      response_code: String(charge.resultCode),
      transaction_id: charge.transactionId,
      updated_at: now,
    });
    // Each result once per payment, however often the app asks again.
    if (payment.response_code !== String(charge.resultCode)) counted.paymentResult(charge.resultCode);
    const message = RESULT_MESSAGES[charge.resultCode] ?? 'Unknown problem.';
    return outcome({ ...payment, status: 'Failed' }, order, charge.resultCode, [message]);
  }
  if (charge.amountMinor !== order.total_minor || charge.amountMinor !== payment.amount_minor) {
    await deps.gateway.refund(charge.transactionId);
    await settled(db, payment.id, charge.resultCode, {
      status: 'Refunded',
      message: 'The order total changed. You have not been charged; please pay again.',
      transaction_id: charge.transactionId,
      updated_at: now,
    });
    throw conflict('The order total changed. You have not been charged; please pay again.');
  }

  let stockTaken: number[] = [];
  /** the status this request queued the order with; null when another request settled the payment first */
  let queuedAs: string | null = null;
  /** whether the order's event went out with the settling statement */
  let published = false;
  // Read before the transaction, so it holds its connection (and the order's row) for fewer round
  // trips: the queue as it stands is all an estimate needs (inside the transaction it was read
  // with the same READ COMMITTED view of other payers' orders).
  // The order's counted items too: its lines never change once placed.
  const { queue, counted: countedItems } = await readPaymentFacts(db, order.vendor_id, order.id, now, read.facts);
  const paymentChanges = {
    status: 'Succeeded',
    response_code: String(charge.resultCode),
    transaction_id: charge.transactionId,
    // Kept to tell the customer where a refund went, should the venue cancel the order.
    card_last_four: charge.cardLastFour,
    card_brand: charge.cardBrand,
    save_payment_method: savePaymentMethod ? 1 : 0,
    updated_at: now,
  };
  // Pending → queued (Waiting or Scheduled) in one UPDATE that only a Pending order passes.
  const changes = queuedChanges(order, queue, now);
  const orderChanges = {
    ...changes,
    paid_at: now,
    // How it was paid, on the order itself: the takings split by method without reading payments.
    paid_method: payment.method,
    updated_at: now,
  };
  // What this request answers when it settles the payment (known before, kept by the same statement).
  const paidOutcome = outcome(
    { ...payment, status: 'Succeeded' },
    { ...order, order_status: changes.order_status },
    PAYMENT_RESULT_CODES.success,
    [RESULT_MESSAGES[PAYMENT_RESULT_CODES.success]!],
  );
  const paidEntry = {
    at: now,
    actor: 'system' as const,
    action: 'order.paid',
    entity: 'order',
    entityId: String(order.id),
    details: { paymentId: payment.id, method: payment.method, amountMinor: charge.amountMinor },
  };
  try {
    if (countedItems.length === 0 && !order.coupon_code && isPostgres(db)) {
      // Nothing to take from stock or a coupon: the payment, the order and the audit row in one
      // statement, which writes nothing unless the payment and the order both move. The same
      // statement takes the order's event subject and reads the order as its event shows it.
      const { result } = await changeOrderPublishing(
        deps.events,
        order.vendor_id,
        order.id,
        now,
        async (conn, subject) => {
          const settledHere = await settleInOneStatement(conn, {
            paymentId: payment.id,
            payment: paymentChanges,
            orderId: order.id,
            order: orderChanges,
            audit: auditRow(paidEntry),
            answering: key ? { key, result: paidOutcome } : null,
            event: { subject, columns: MOVED_ORDER_EVENT_COLUMNS },
          });
          return { result: settledHere.result, row: settledHere.order, due: settledHere.due };
        },
      );
      if (result === 'order-not-pending') throw new OrderNotPending();
      if (result === 'settled') {
        queuedAs = changes.order_status;
        published = true;
      }
    } else {
      await db.transaction().execute(async (trx) => {
        const moved = await updatePaymentIfStatus(trx, payment.id, 'Initiated', paymentChanges);
        if (!moved) return; // another request settled it first
        const paid = await moveOrderIfStatus(trx, order.id, 'Pending', orderChanges);
        if (paid !== 1) throw new OrderNotPending();
        const short: Array<{ id: number; name: string }> = [];
        for (const item of countedItems) {
          if (!(await takeStock(trx, order.vendor_id, item.id, Number(item.count), now))) {
            short.push({ id: item.id, name: item.name });
          }
        }
        if (short.length > 0) throw new SoldOut(short);
        if (countedItems.length > 0) {
          await bumpMenuVersion(trx, order.vendor_id);
          stockTaken = countedItems.map((item) => item.id);
        }
        if (order.coupon_code) {
          if (!(await useCoupon(trx, order.coupon_code))) throw new CouponUsedUp();
        }
        await recordAudit(trx, paidEntry);
        await markOrderEventDue(deps.events, trx, order.vendor_id, order.id);
        queuedAs = changes.order_status;
      });
    }
  } catch (error) {
    if (!(error instanceof SoldOut || error instanceof CouponUsedUp || error instanceof OrderNotPending)) throw error;
    const message =
      error instanceof SoldOut
        ? error.message
        : error instanceof CouponUsedUp
          ? 'Invalid coupon code. You have not been charged.'
          : `${ALREADY_PAID_MESSAGE} You have not been charged again.`;
    await deps.gateway.refund(charge.transactionId);
    await settled(db, payment.id, charge.resultCode, {
      status: 'Refunded',
      message,
      transaction_id: charge.transactionId,
      response_code: String(charge.resultCode),
      updated_at: now,
    });
    if (error instanceof SoldOut) {
      throw new HttpError(409, message, { code: 'sold_out', menuItemIds: error.items.map((i) => i.id) });
    }
    throw conflict(message);
  }
  if (stockTaken.length > 0) deps.menuCache.invalidate(order.vendor_id);
  if (queuedAs !== null) {
    counted.paymentResult(charge.resultCode);
    counted.orderPaid();
    if (!published) await publishOrderChanged(deps.events, order.vendor_id, order.id, now);
    await publishMenuItemsChanged(deps.events, order.vendor_id, stockTaken);
  }

  if (savePaymentMethod && charge.cardToken) {
    const token = charge.cardToken;
    await saveCardIfNew(db, consumer, token, now, () => deps.gateway.describeCard(token));
  }
  // Settled here: the outcome is known without reading the rows back.
  if (queuedAs !== null) return paidOutcome;
  const after = await reload(db, payment);
  if (after.payment.status === 'Succeeded')
    return outcome(after.payment, after.order, PAYMENT_RESULT_CODES.success, [
      RESULT_MESSAGES[PAYMENT_RESULT_CODES.success]!,
    ]);
  if (after.payment.status === 'Refunded') throw conflict(after.payment.message ?? ALREADY_PAID_MESSAGE);
  return outcome(after.payment, after.order, charge.resultCode, []);
}

/**
 * The gateway charged a card for a Pending order but the app never reported it (the page was
 * reloaded or the connection lost between the gateway's answer and the payment update): the
 * charge is settled now, exactly as the update would have, so the order is paid by it and the
 * customer is not asked to pay again. Answers whether the order is now paid.
 */
export async function settleUnreportedCharge(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  order: OrderRow,
): Promise<boolean> {
  if (order.order_status !== 'Pending') return false;
  for (const payment of await listUnsettledCardPayments(deps.db, order.id)) {
    const charge = payment.access_code ? await deps.gateway.findCharge(payment.access_code) : null;
    if (!charge?.successful) continue;
    try {
      return (await applyCharge(deps, consumer, order, payment, charge, false)).successful;
    } catch (error) {
      // Refunded (sold out or a changed total meanwhile): the customer may pay again.
      if (error instanceof HttpError) return false;
      throw error;
    }
  }
  return false;
}

/**
 * The signer's order (of the store, when given), first settling a charge the app never reported:
 * answers the order and whether that paid it. The order is read with whether it has card payments
 * waiting at all, so an order without one (most) costs one read.
 */
export async function requireOwnOrderSettled(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  orderId: number,
  vendorId?: number,
  /** the read also carries an Idempotency-Key's claim, or reads the consumer's saved card */
  options: Parameters<typeof findConsumerOrderFlaggingUnsettled>[4] = {},
): Promise<{ order: OrderRow; paidNow: boolean; savedCard: OfferedCard | null }> {
  const found = await findConsumerOrderFlaggingUnsettled(deps.db, consumer.id, orderId, vendorId, options);
  if (!found) throw notFound(`Order ${orderId} not found`);
  const paidNow = found.unsettled && (await settleUnreportedCharge(deps, consumer, found.order));
  return { order: found.order, paidNow, savedCard: found.savedCard };
}

/** GET order: the signer's order, first settling a charge the app never reported. */
export async function getSettledOrder(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  vendorId: number,
  orderId: number,
): Promise<OrderRow> {
  const { order, paidNow } = await requireOwnOrderSettled(deps, consumer, orderId, vendorId);
  return paidNow ? requireOwnOrder(deps.db, consumer, orderId, vendorId) : order;
}

/**
 * Settles a card payment the gateway charged but nobody reported — the app gone, or the server
 * killed between the charge and the update — exactly as the app's update would have: the order is
 * paid and queued, or, when its stock has sold out meanwhile, the charge is refunded.
 */
export async function settleUnreportedPayment(
  deps: PaymentDeps,
  payment: PaymentRow,
): Promise<'settled' | 'refunded' | 'not charged'> {
  if (payment.status !== 'Initiated' || !payment.access_code) return 'not charged';
  const charge = await deps.gateway.findCharge(payment.access_code);
  if (!charge?.successful) return 'not charged';
  const order = await findOrderById(deps.db, payment.order_id);
  const consumer = order?.consumer_id ? await findConsumerById(deps.db, order.consumer_id) : undefined;
  if (!order || !consumer) return 'not charged';
  try {
    return (await applyCharge(deps, consumer, order, payment, charge, false)).successful ? 'settled' : 'not charged';
  } catch (error) {
    // The refusals of a charge that cannot be honoured, after it was refunded.
    if (error instanceof HttpError && error.statusCode < 500) return 'refunded';
    throw error;
  }
}
