/**
 * Refunds: a cancelled paid order's payments go back (at the gateway for what it charged), and
 * the order records what the customer is told (GET order's `refund`, the refund email): the
 * amount paid, and where it went back to.
 */
import type { OrderRefund } from '@venue/contract/order';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PaymentGateway } from '../../gateway/payment-gateway.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { recordOrderRefund } from '../orders/order-changes.ts';
import type { OrderRow } from '../orders/orders.service.ts';
import { listSucceededPayments, updatePaymentIfStatus } from './payments.repository.ts';

/** What is told of a refunded order (modules/receipts sends the customer's email). */
export interface RefundListener {
  refunded(orderId: number): void;
}

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

/**
 * Gives back every successful payment of a cancelled order; a refund the gateway refuses is logged
 * for staff. When all went back, the order records what was refunded (GET order's `refund`).
 * Answers whether it did.
 */
export async function refundOrder(
  deps: { db: Kysely<Database>; gateway: PaymentGateway },
  order: OrderRow,
  actor: Actor,
  nowMs: number,
): Promise<boolean> {
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
  if (refund) await recordOrderRefund(deps.db, orderId, refund, nowMs);
  return refund !== null;
}
