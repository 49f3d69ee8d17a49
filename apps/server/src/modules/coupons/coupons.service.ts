/**
 * Coupons (spec §4 Coupon, §7): a percentage, a fixed amount or the whole order, valid within a
 * window and up to a usage limit (counted when an order using it is paid). Applying one reprices
 * the pending order; a coupon that covers everything pays the order by itself.
 */
import { createHash } from 'node:crypto';
import type { Invoice, OrderCoupon } from '@venue/contract/coupon';
import { toMoney, percentageOf } from '@venue/domain/money';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CouponsTable, Database } from '../../db/schema.ts';
import { conflict, notFound, unprocessable } from '../../lib/http-error.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import { moveOrderIfStatus } from '../orders/order-changes.ts';
import {
  ALREADY_PAID_MESSAGE,
  findOrderById,
  requireOwnOrder,
  summaryWithDiscount,
  type OrderRow,
} from '../orders/orders.service.ts';
import { findVendorRecord } from '../vendors/vendors.service.ts';
import {
  findCouponByCode,
  returnCouponUse as returnCouponUseRow,
  useCoupon as useCouponRow,
} from './coupons.repository.ts';

/** Spec §5 and §8. */
export const INVALID_COUPON_MESSAGE = 'Invalid coupon code.';

type CouponRow = Selectable<CouponsTable>;

/** Whether a coupon may be used on an order of a vendor now: one of its venue's, and still in its catalogue. */
export function isCouponUsable(coupon: CouponRow, vendor: { id: number; venue_id: number }, nowMs: number): boolean {
  if (coupon.active !== 1 || coupon.archived === 1) return false;
  if (coupon.venue_id !== null && coupon.venue_id !== vendor.venue_id) return false;
  if (coupon.vendor_id !== null && coupon.vendor_id !== vendor.id) return false;
  if (coupon.valid_from !== null && nowMs < coupon.valid_from) return false;
  if (coupon.valid_until !== null && nowMs > coupon.valid_until) return false;
  if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) return false;
  return true;
}

/** The discount of a coupon on a total, never more than the total. */
export function discountOf(coupon: Pick<CouponRow, 'kind' | 'value'>, totalMinor: number): number {
  const raw =
    coupon.kind === 'full'
      ? totalMinor
      : coupon.kind === 'percentage'
        ? percentageOf(totalMinor, coupon.value)
        : coupon.value;
  return Math.max(0, Math.min(totalMinor, raw));
}

/** The code a coupon purchase must send back: it proves the order's coupon was read with the order. */
export const verificationCode = (order: OrderRow) =>
  order.coupon_code === null
    ? null
    : createHash('sha256').update(`${order.id}:${order.coupon_code}`).digest('base64url').slice(0, 16);

export function toInvoice(order: OrderRow): Invoice {
  return {
    orderId: order.id,
    paymentSummary: summaryWithDiscount(order),
    subtotal: toMoney(order.total_minor + order.discount_minor),
    discount: toMoney(order.discount_minor),
    total: toMoney(order.total_minor),
    couponCode: order.coupon_code,
  };
}

async function toOrderCoupon(db: Kysely<Database>, order: OrderRow): Promise<OrderCoupon> {
  const vendor = await findVendorRecord(db, order.vendor_id);
  const coupon = order.coupon_code ? await findCouponByCode(db, order.coupon_code) : undefined;
  return {
    maybeCouponCode: order.coupon_code,
    verificationCode: verificationCode(order),
    kind: (coupon?.kind as OrderCoupon['kind']) ?? null,
    coversTotal: order.coupon_code !== null && order.total_minor === 0,
    isCouponPaymentAllowed: vendor?.is_coupon_payment_allowed === 1,
    invoice: toInvoice(order),
  };
}

export async function getOrderCoupon(db: Kysely<Database>, consumer: SignedConsumer, orderId: number) {
  return toOrderCoupon(db, await requireOwnOrder(db, consumer, orderId));
}

export async function getInvoice(db: Kysely<Database>, consumer: SignedConsumer, orderId: number) {
  return toInvoice(await requireOwnOrder(db, consumer, orderId));
}

/** Applies (or replaces) the coupon of a pending order and reprices it; 422 'Invalid coupon code.' for any unusable code. */
export async function applyCoupon(
  db: Kysely<Database>,
  consumer: SignedConsumer,
  orderId: number,
  code: string,
  nowMs: number,
) {
  const order = await requireOwnOrder(db, consumer, orderId);
  if (order.order_status !== 'Pending') throw conflict(ALREADY_PAID_MESSAGE);
  const vendor = await findVendorRecord(db, order.vendor_id);
  const coupon = await findCouponByCode(db, code.trim().toUpperCase());
  if (!coupon || !vendor || vendor.is_coupon_payment_allowed !== 1 || !isCouponUsable(coupon, vendor, nowMs)) {
    throw unprocessable(INVALID_COUPON_MESSAGE);
  }
  const baseTotal = order.total_minor + order.discount_minor;
  const discount = discountOf(coupon, baseTotal);
  const changed = await moveOrderIfStatus(db, order.id, 'Pending', {
    coupon_code: coupon.code,
    discount_minor: discount,
    total_minor: baseTotal - discount,
    updated_at: nowMs,
  });
  if (changed !== 1) throw conflict(ALREADY_PAID_MESSAGE);
  const updated = await findOrderById(db, order.id);
  if (!updated) throw unprocessable(INVALID_COUPON_MESSAGE);
  return toOrderCoupon(db, updated);
}

/**
 * Takes the coupon off a pending order and prices it as it was without one. An order with no
 * coupon answers as it is, so a repeated call changes nothing.
 */
export async function removeCoupon(db: Kysely<Database>, consumer: SignedConsumer, orderId: number, nowMs: number) {
  const order = await requireOwnOrder(db, consumer, orderId);
  if (order.coupon_code === null && order.discount_minor === 0) return toOrderCoupon(db, order);
  if (order.order_status !== 'Pending') throw conflict(ALREADY_PAID_MESSAGE);
  const changed = await moveOrderIfStatus(db, order.id, 'Pending', {
    coupon_code: null,
    discount_minor: 0,
    total_minor: order.total_minor + order.discount_minor,
    updated_at: nowMs,
  });
  if (changed !== 1) throw conflict(ALREADY_PAID_MESSAGE);
  const updated = await findOrderById(db, order.id);
  if (!updated) throw notFound(`Order ${orderId} not found`);
  return toOrderCoupon(db, updated);
}

type Db = Kysely<Database> | Transaction<Database>;

/** Counts one use of the coupon while it has uses left, inside the paying transaction; answers whether it did. */
export function useCoupon(db: Db, code: string): Promise<boolean> {
  return useCouponRow(db, code);
}

/** Gives back the use a cancelled paid order took, inside the cancelling transaction. */
export function returnCouponUse(db: Db, code: string): Promise<void> {
  return returnCouponUseRow(db, code);
}
