/** Paying with a coupon that covers the whole order (spec §7 coupon/purchase): no gateway charge. */
import { PAYMENT_RESULT_CODES, type PaymentOutcome } from '@venue/contract/payment';
import type { GatewayCharge } from '../../gateway/payment-gateway.ts';
import { conflict, unprocessable } from '../../lib/http-error.ts';
import { INVALID_COUPON_MESSAGE, verificationCode } from '../coupons/coupons.service.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import { ALREADY_PAID_MESSAGE, requireOwnOrder, type OrderRow } from '../orders/orders.service.ts';
import { insertInitiatedPayment, type PaymentDeps } from './payment-common.ts';
import { applyCharge } from './payment-settlement.service.ts';
import { findPayment } from './payments.repository.ts';

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
  const { id } = await insertInitiatedPayment(
    deps.db,
    order,
    { amount_minor: 0, access_code: null, reference: `COUPON-${order.coupon_code}`, method: 'coupon' },
    now,
  );
  const payment = await findPayment(deps.db, id, order.id);
  if (!payment) throw new Error('payment vanished');
  const charge: GatewayCharge = {
    transactionId: `coupon-${id}`,
    resultCode: PAYMENT_RESULT_CODES.success,
    successful: true,
    amountMinor: 0,
    cardToken: null,
    cardLastFour: null,
    cardBrand: null,
    refunded: false,
  };
  return applyCharge(deps, consumer, order, payment, charge, false);
}

/** Pays the order with its coupon when the coupon covers the whole total. */
export async function purchaseOrderWithCoupon(
  deps: PaymentDeps,
  consumer: SignedConsumer,
  orderId: number,
  input: { couponCode?: string | undefined; verificationCode?: string | undefined },
) {
  const order = await requireOwnOrder(deps.db, consumer, orderId);
  if (order.order_status !== 'Pending') throw conflict(ALREADY_PAID_MESSAGE);
  if (input.couponCode !== undefined && input.couponCode.trim().toUpperCase() !== order.coupon_code) {
    throw unprocessable(INVALID_COUPON_MESSAGE);
  }
  if (input.verificationCode !== undefined && input.verificationCode !== verificationCode(order)) {
    throw unprocessable(INVALID_COUPON_MESSAGE);
  }
  return purchaseWithCoupon(deps, consumer, order);
}
