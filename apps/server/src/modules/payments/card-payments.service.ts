/**
 * Card payments (spec §7): initiate-payment starts one at the gateway, the app's payment update
 * and verify report it; the gateway's own record of the charge decides.
 */
import type { InitiatedPayment, PaymentOutcome } from '@venue/contract/payment';
import { AUD } from '@venue/domain/money';
import { conflict, unprocessable } from '../../lib/http-error.ts';
import type { StatementKey } from '../../lib/idempotency.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import { ALREADY_PAID_MESSAGE } from '../orders/orders.service.ts';
import { insertInitiatedPayment, newPaymentReference, requirePayment, type PaymentDeps } from './payment-common.ts';
import { applyCharge, requireOwnOrderSettled } from './payment-settlement.service.ts';

/**
 * Starts a card payment of the order's total: an access code from the gateway and its JSONP form
 * URL. Given the call's Idempotency-Key (StatementKey), the order's read claims it and the
 * payment's insert keeps the answer.
 */
export async function initiatePayment(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  vendorId: number,
  orderId: number,
  formActionUrl: string,
  key: StatementKey | null = null,
): Promise<InitiatedPayment> {
  // A card the gateway already charged for this order pays it: never ask for a second charge.
  // The card the consumer saved last is read with the order: the payment offers it.
  const {
    order,
    paidNow,
    savedCard: card,
  } = await requireOwnOrderSettled(deps, consumer, orderId, vendorId, {
    claim: key?.claim() ?? null,
    savedCard: true,
  });
  if (paidNow || order.order_status !== 'Pending') throw conflict(ALREADY_PAID_MESSAGE);
  if (order.total_minor <= 0) throw unprocessable('Nothing is left to pay by card: the coupon pays this order.');
  const reference = newPaymentReference(order);
  const accessCode = await deps.gateway.createAccessCode({
    reference,
    amountMinor: order.total_minor,
    currency: AUD.code,
  });
  const now = deps.clock();
  const initiated: InitiatedPayment = {
    // the payment's id, once inserted
    id: 0,
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
  const { id } = await insertInitiatedPayment(
    deps.db,
    order,
    { amount_minor: order.total_minor, access_code: accessCode, reference, method: 'card' },
    now,
    key ? { key, result: initiated } : null,
  );
  initiated.id = id;
  return initiated;
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
  key: StatementKey | null = null,
): Promise<PaymentOutcome> {
  // Read with the payment: what settling it reads of its order (its queue and counted stock).
  const { order, payment, facts } = await requirePayment(deps.db, consumer, orderId, paymentId, options.vendorId, {
    key,
    facts: true,
  });
  if (payment.status === 'Succeeded' || payment.status === 'Refunded' || !payment.access_code) {
    return applyCharge(deps, consumer, order, payment, null, false);
  }
  const charge = await deps.gateway.findCharge(payment.access_code);
  return applyCharge(deps, consumer, order, payment, charge, options.savePaymentMethod === true, { key, facts });
}
