/**
 * What a cancelled order gave back, as the customer is told it (GET order's `refund`, the refund
 * email): the amount paid, and where it went back to.
 */
import type { OrderRefund } from '@venue/contract/order';
import type { OrderRow } from './orders.service.ts';

/** A payment given back: its amount, how it was paid ('card', 'token', 'wallet:APPLEPAYWEB', 'coupon' …) and the card's last four digits. */
export interface RefundedPayment {
  amount_minor: number;
  method: string;
  card_last_four: string | null;
}

function refundMethod(method: string): OrderRefund['method'] {
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
