/**
 * Payments (spec §4, §7; architecture: payments are verified server-to-server). Whatever the app
 * reports, a payment counts only when the gateway says it succeeded for exactly the order's
 * total. Settling is idempotent: the payment moves Initiated → Succeeded once, the order Pending →
 * Paid once, and stock is taken with conditional updates in the same transaction, so a retried
 * update or a crowd of payers for the last units can never charge, queue or sell twice. A payment
 * that cannot be honoured (sold out meanwhile) is refunded at the gateway.
 */
import { randomBytes } from '../../lib/random-bytes.ts';
import type { InitiatedPayment, PaymentOutcome } from '@venue/contract/payment';
import { AUD } from '@venue/domain/money';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema.ts';
import type { GatewayCharge, PaymentGateway } from '../../gateway/payment-gateway.ts';
import { conflict, HttpError, unprocessable } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { useCoupon } from '../coupons/coupons.repository.ts';
import {
  findConsumer,
  findSavedCardByToken,
  insertSavedCard,
  latestSavedCard,
} from '../consumers/consumers.repository.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import type { EventPublisher } from '../events/event-bus.ts';
import type { MenuCache } from '../menu/menu-cache.ts';
import { bumpMenuVersion } from '../menu/menu.repository.ts';
import { publishMenuItemsChanged } from '../menu/menu.service.ts';
import { findVendorRow } from '../vendors/vendors.repository.ts';
import {
  findOrder,
  findQueueFacts,
  listCountedItemCounts,
  takeStock,
  updateOrderIfStatus,
} from '../orders/orders.repository.ts';
import { publishOrderChanged } from '../orders/fulfilment.service.ts';
import {
  queuedChanges,
  requireOwnOrder,
  vendorPace,
  type OrderRow,
  type QueueFacts,
} from '../orders/orders.service.ts';
import { findPayment, insertPayment, listUnsettledCardPayments, updatePaymentIfStatus } from './payments.repository.ts';

export interface PaymentDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  menuCache: MenuCache;
  clock: () => number;
  /** where a paid order and the stock it took are told (after commit) */
  events: EventPublisher;
}

type PaymentRow = Selectable<PaymentsTable>;

/** Spec §8 card messages by result code, for the `messages` of an outcome. */
const RESULT_MESSAGES: Record<number, string> = {
  1: 'Payment successful.',
  2: 'Your card has been declined by the bank, please check the details below.',
  96: 'The payment should be attempted again. If it still cannot be processed, try again later.',
  97: 'Please check credit card details.',
  98: 'Sorry, please switch to new card.',
  99: "Temporary problem, you haven't been charged for this order. Please check your card details below.",
  999: "Temporary problem, you haven't been charged for this order. Please check your card details below.",
};
const GATEWAY_ERROR = 999;
export const ALREADY_PAID_MESSAGE = 'This order has already been paid.';
export const SOLD_OUT_REFUNDED = "We've sold out!";
export const REFUNDED_MESSAGE = 'This payment could not be completed and has been refunded. You have not been charged.';

function outcome(payment: PaymentRow, order: OrderRow, responseCode: number, messages: string[]): PaymentOutcome {
  return {
    paymentId: payment.id,
    orderId: order.id,
    status: payment.status as PaymentOutcome['status'],
    responseCode,
    successful: payment.status === 'Succeeded',
    messages,
    orderStatus: order.order_status,
  };
}

async function reload(db: Kysely<Database>, payment: PaymentRow) {
  const [p, o] = await Promise.all([findPayment(db, payment.id, payment.order_id), findOrder(db, payment.order_id)]);
  if (!p || !o) throw new Error(`payment ${payment.id} vanished`);
  return { payment: p, order: o };
}

/** The signer's payment of the signer's order; 404 for anything else. */
async function requirePayment(
  db: Kysely<Database>,
  consumer: SignedConsumer,
  orderId: number,
  paymentId: number,
  vendorId?: number,
) {
  const order = await requireOwnOrder(db, consumer, orderId, vendorId);
  const payment = await findPayment(db, paymentId, order.id);
  if (!payment) throw new HttpError(404, `Payment ${paymentId} not found`);
  return { order, payment };
}

/** Starts a card payment of the order's total: an access code from the gateway and its JSONP form URL. */
export async function initiatePayment(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  vendorId: number,
  orderId: number,
  formActionUrl: string,
): Promise<InitiatedPayment> {
  const order = await requireOwnOrder(deps.db, consumer, orderId, vendorId);
  if (order.order_status !== 'Pending') throw conflict(ALREADY_PAID_MESSAGE);
  // A card the gateway already charged for this order pays it: never ask for a second charge.
  if (await settleUnreportedCharge(deps, consumer, order)) throw conflict(ALREADY_PAID_MESSAGE);
  if (order.total_minor <= 0) throw unprocessable('Nothing is left to pay by card: the coupon pays this order.');
  const reference = `ORD${order.id}-${randomBytes(4).toString('hex').toUpperCase()}`;
  const accessCode = await deps.gateway.createAccessCode({
    reference,
    amountMinor: order.total_minor,
    currency: AUD.code,
  });
  const now = deps.clock();
  const { id } = await insertPayment(deps.db, {
    order_id: order.id,
    status: 'Initiated',
    amount_minor: order.total_minor,
    access_code: accessCode,
    reference,
    transaction_id: null,
    response_code: null,
    created_at: now,
    updated_at: now,
    method: 'card',
    save_payment_method: 0,
    message: null,
  });
  const card = await latestSavedCard(deps.db, consumer.id);
  return {
    id,
    orderId: order.id,
    accessCode,
    reference,
    formActionUrl,
    totalPrice: { currencyCode: AUD.code, minorAmount: order.total_minor },
    savedPaymentMethod: card
      ? {
          cardName: card.card_name,
          maskedCreditCardNumber: card.masked_number,
          expiryMonth: card.expiry_month,
          expiryYear: card.expiry_year,
        }
      : null,
  };
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
async function applyCharge(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  order: OrderRow,
  payment: PaymentRow,
  charge: GatewayCharge | null,
  savePaymentMethod: boolean,
): Promise<PaymentOutcome> {
  const { db } = deps;
  const now = deps.clock();
  if (payment.status === 'Succeeded') return outcome(payment, order, 1, [RESULT_MESSAGES[1]!]);
  if (payment.status === 'Refunded') throw conflict(payment.message ?? ALREADY_PAID_MESSAGE);
  if (!charge) {
    return outcome({ ...payment, status: 'Failed' }, order, GATEWAY_ERROR, [
      'The gateway has no payment for this order yet.',
    ]);
  }
  if (charge.refunded && charge.resultCode === 1) {
    // Refunded at the gateway by an earlier try (sold out, total changed …) that was cut off before
    // it could mark the payment: finish that, and say so, instead of calling it a failed charge.
    await updatePaymentIfStatus(db, payment.id, 'Initiated', {
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
    const message = RESULT_MESSAGES[charge.resultCode] ?? 'Unknown problem.';
    return outcome({ ...payment, status: 'Failed' }, order, charge.resultCode, [message]);
  }
  if (charge.amountMinor !== order.total_minor || charge.amountMinor !== payment.amount_minor) {
    await deps.gateway.refund(charge.transactionId);
    await updatePaymentIfStatus(db, payment.id, 'Initiated', {
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
  // Read before the transaction, so it holds its connection (and the order's row) for fewer round
  // trips: the queue as it stands is all an estimate needs (inside the transaction it was read
  // with the same READ COMMITTED view of other payers' orders).
  const queue = await readQueueFacts(db, order.vendor_id, now);
  try {
    await db.transaction().execute(async (trx) => {
      const moved = await updatePaymentIfStatus(trx, payment.id, 'Initiated', {
        status: 'Succeeded',
        response_code: String(charge.resultCode),
        transaction_id: charge.transactionId,
        save_payment_method: savePaymentMethod ? 1 : 0,
        updated_at: now,
      });
      if (!moved) return; // another request settled it first
      // Pending → queued (Waiting or Scheduled) in one UPDATE that only a Pending order passes.
      const changes = queuedChanges(order, queue, now);
      const paid = await updateOrderIfStatus(trx, order.id, 'Pending', { ...changes, paid_at: now, updated_at: now });
      if (paid !== 1) throw new OrderNotPending();
      const counted = await listCountedItemCounts(trx, order.id, order.vendor_id);
      const short: Array<{ id: number; name: string }> = [];
      for (const item of counted) {
        if (!(await takeStock(trx, order.vendor_id, item.id, Number(item.count)))) {
          short.push({ id: item.id, name: item.name });
        }
      }
      if (short.length > 0) throw new SoldOut(short);
      if (counted.length > 0) {
        await bumpMenuVersion(trx, order.vendor_id);
        stockTaken = counted.map((item) => item.id);
      }
      if (order.coupon_code) {
        if (!(await useCoupon(trx, order.coupon_code))) throw new CouponUsedUp();
      }
      await recordAudit(trx, {
        at: now,
        actor: 'system',
        action: 'order.paid',
        entity: 'order',
        entityId: String(order.id),
        details: { paymentId: payment.id, method: payment.method, amountMinor: charge.amountMinor },
      });
      queuedAs = changes.order_status;
    });
  } catch (error) {
    if (!(error instanceof SoldOut || error instanceof CouponUsedUp || error instanceof OrderNotPending)) throw error;
    const message =
      error instanceof SoldOut
        ? error.message
        : error instanceof CouponUsedUp
          ? 'Invalid coupon code. You have not been charged.'
          : `${ALREADY_PAID_MESSAGE} You have not been charged again.`;
    await deps.gateway.refund(charge.transactionId);
    await updatePaymentIfStatus(db, payment.id, 'Initiated', {
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
    await publishOrderChanged(deps.events, order.vendor_id, order.id, now);
    await publishMenuItemsChanged(deps.events, order.vendor_id, stockTaken);
  }

  if (savePaymentMethod && charge.cardToken && !(await findSavedCardByToken(db, consumer.id, charge.cardToken))) {
    const card = await deps.gateway.describeCard(charge.cardToken);
    if (card) {
      await insertSavedCard(db, {
        consumer_id: consumer.id,
        gateway_token: charge.cardToken,
        card_name: card.cardHolder,
        masked_number: card.maskedNumber,
        expiry_month: card.expiryMonth,
        expiry_year: card.expiryYear,
        created_at: now,
      });
    }
  }
  // Settled here: the outcome is known without reading the rows back.
  if (queuedAs !== null) {
    return outcome({ ...payment, status: 'Succeeded' }, { ...order, order_status: queuedAs }, 1, [RESULT_MESSAGES[1]!]);
  }
  const after = await reload(db, payment);
  if (after.payment.status === 'Succeeded') return outcome(after.payment, after.order, 1, [RESULT_MESSAGES[1]!]);
  if (after.payment.status === 'Refunded') throw conflict(after.payment.message ?? ALREADY_PAID_MESSAGE);
  return outcome(after.payment, after.order, charge.resultCode, []);
}

/** The vendor's time to service, waiting orders and pace: two queries, side by side. */
async function readQueueFacts(db: Kysely<Database>, vendorId: number, nowMs: number): Promise<QueueFacts> {
  const reading = findQueueFacts(db, vendorId);
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

/** GET order: the signer's order, first settling a charge the app never reported. */
export async function getSettledOrder(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  vendorId: number,
  orderId: number,
): Promise<OrderRow> {
  const order = await requireOwnOrder(deps.db, consumer, orderId, vendorId);
  if (order.order_status !== 'Pending' || !(await settleUnreportedCharge(deps, consumer, order))) return order;
  return requireOwnOrder(deps.db, consumer, orderId, vendorId);
}

/**
 * payment/{paymentId}/update and verify: what the app reports is only a hint; the gateway's own
 * record of the access code decides.
 */
export async function settleCardPayment(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  orderId: number,
  paymentId: number,
  options: { savePaymentMethod?: boolean | undefined; vendorId?: number | undefined },
): Promise<PaymentOutcome> {
  const { order, payment } = await requirePayment(deps.db, consumer, orderId, paymentId, options.vendorId);
  if (payment.status === 'Succeeded' || payment.status === 'Refunded' || !payment.access_code) {
    return applyCharge(deps, consumer, order, payment, null, false);
  }
  const charge = await deps.gateway.findCharge(payment.access_code);
  return applyCharge(deps, consumer, order, payment, charge, options.savePaymentMethod === true);
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
  const order = await findOrder(deps.db, payment.order_id);
  const consumer = order?.consumer_id ? await findConsumer(deps.db, order.consumer_id) : undefined;
  if (!order || !consumer) return 'not charged';
  try {
    return (await applyCharge(deps, consumer, order, payment, charge, false)).successful ? 'settled' : 'not charged';
  } catch (error) {
    // The refusals of a charge that cannot be honoured, after it was refunded.
    if (error instanceof HttpError && error.statusCode < 500) return 'refunded';
    throw error;
  }
}

/** purchase/token: pays an initiated payment with the consumer's saved card and a fresh CVV. */
export async function purchaseWithSavedCard(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  orderId: number,
  paymentId: number,
  cvv: string,
): Promise<PaymentOutcome> {
  const { order, payment } = await requirePayment(deps.db, consumer, orderId, paymentId);
  if (payment.status !== 'Initiated' || !payment.access_code)
    return applyCharge(deps, consumer, order, payment, null, false);
  const card = await latestSavedCard(deps.db, consumer.id);
  if (!card) return outcome({ ...payment, status: 'Failed' }, order, 98, [RESULT_MESSAGES[98]!]);
  const charge = await deps.gateway.chargeToken({
    accessCode: payment.access_code,
    cardToken: card.gateway_token,
    cvv,
  });
  return applyCharge(deps, consumer, order, payment, charge, false);
}

/** purchase/wallet: Apple Pay or Google Pay for the whole order total. */
export async function purchaseWithWallet(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  orderId: number,
  input: { amount: number; walletType: 'APPLEPAYWEB' | 'GOOGLE'; walletToken: string },
) {
  const order = await requireOwnOrder(deps.db, consumer, orderId);
  if (order.order_status !== 'Pending') throw conflict(ALREADY_PAID_MESSAGE);
  const vendor = await findVendorRow(deps.db, order.vendor_id);
  const allowed = input.walletType === 'APPLEPAYWEB' ? vendor?.allow_apple_pay === 1 : vendor?.allow_google_pay === 1;
  if (!allowed)
    throw unprocessable(
      `${input.walletType === 'APPLEPAYWEB' ? 'Apple Pay' : 'Google Pay'} is not available at this store.`,
    );
  if (input.amount !== order.total_minor) throw unprocessable('The amount does not match the order total.');
  const now = deps.clock();
  const reference = `ORD${order.id}-${randomBytes(4).toString('hex').toUpperCase()}`;
  const { id } = await insertPayment(deps.db, {
    order_id: order.id,
    status: 'Initiated',
    amount_minor: order.total_minor,
    access_code: null,
    reference,
    transaction_id: null,
    response_code: null,
    created_at: now,
    updated_at: now,
    method: `wallet:${input.walletType}`,
    save_payment_method: 0,
    message: null,
  });
  const payment = await findPayment(deps.db, id, order.id);
  if (!payment) throw new Error('payment vanished');
  const charge = await deps.gateway.chargeWallet({
    reference,
    amountMinor: order.total_minor,
    walletType: input.walletType,
    walletToken: input.walletToken,
  });
  if (!charge.successful) {
    await updatePaymentIfStatus(deps.db, id, 'Initiated', {
      status: 'Failed',
      response_code: String(charge.resultCode),
      transaction_id: charge.transactionId,
      message: 'Declined',
      updated_at: now,
    });
  }
  const result = await applyCharge(deps, consumer, order, payment, charge, false);
  return {
    result: {
      status: result.successful ? ('Successful' as const) : ('Failed' as const),
      paymentId: result.paymentId,
      orderId: result.orderId,
      messages: result.successful
        ? result.messages
        : ['Error Processing payment. Please try again later or use an alternative form of payment.'],
    },
  };
}

/** Pays an order whose coupon covers the whole total (coupon/purchase). */
export async function purchaseWithCoupon(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  order: OrderRow,
): Promise<PaymentOutcome> {
  if (order.order_status !== 'Pending') throw conflict(ALREADY_PAID_MESSAGE);
  if (!order.coupon_code) throw unprocessable('Invalid coupon code.');
  if (order.total_minor !== 0)
    throw unprocessable('This coupon does not cover the whole order. Please pay the rest by card.');
  const now = deps.clock();
  const { id } = await insertPayment(deps.db, {
    order_id: order.id,
    status: 'Initiated',
    amount_minor: 0,
    access_code: null,
    reference: `COUPON-${order.coupon_code}`,
    transaction_id: null,
    response_code: null,
    created_at: now,
    updated_at: now,
    method: 'coupon',
    save_payment_method: 0,
    message: null,
  });
  const payment = await findPayment(deps.db, id, order.id);
  if (!payment) throw new Error('payment vanished');
  const charge: GatewayCharge = {
    transactionId: `coupon-${id}`,
    resultCode: 1,
    successful: true,
    amountMinor: 0,
    cardToken: null,
    refunded: false,
  };
  return applyCharge(deps, consumer, order, payment, charge, false);
}

/** An Apple Pay merchant session for the consumer's own pending order at a store that takes Apple Pay. */
export async function applePaySession(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  orderId: number,
  validationUrl: string,
  domainName: string,
) {
  const order = await requireOwnOrder(deps.db, consumer, orderId);
  const vendor = await findVendorRow(deps.db, order.vendor_id);
  if (vendor?.allow_apple_pay !== 1) throw unprocessable('Apple Pay is not available at this store.');
  return deps.gateway.applePayMerchantSession({ validationUrl, displayName: vendor.store_name, domainName });
}
