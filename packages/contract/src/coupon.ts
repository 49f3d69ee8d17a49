import { z } from 'zod';
import { Money } from './common.ts';
import { PaymentSummary } from './order-payment.ts';

/** How a coupon discounts: a percentage (basis points), a fixed amount (minor units), or the whole order. */
export const CouponKind = z.enum(['percentage', 'fixed', 'full']);

/** Query of PUT /v1/current-consumer/order/{orderId}/coupon */
export const ApplyCouponQuery = z.object({ couponCode: z.string().trim().min(1, 'Invalid coupon code.').max(64) });

/** The order's invoice: what it costs before and after the coupon. */
export const Invoice = z.object({
  orderId: z.number().int(),
  paymentSummary: PaymentSummary,
  subtotal: Money,
  discount: Money,
  total: Money,
  couponCode: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

/** The coupon state of an order: the applied code (if any), its data for a coupon purchase, and whether it pays the whole order. */
export const OrderCoupon = z.object({
  /** the applied code, or null */
  maybeCouponCode: z.string().nullable(),
  /** the code the coupon purchase verifies against */
  verificationCode: z.string().nullable(),
  kind: CouponKind.nullable(),
  /** true when the discount covers the whole total, so the order is paid by `coupon/purchase` */
  coversTotal: z.boolean(),
  /** whether this vendor takes coupons at all */
  isCouponPaymentAllowed: z.boolean(),
  invoice: Invoice,
});
export type OrderCoupon = z.infer<typeof OrderCoupon>;

/** POST /v1/current-consumer/order/{orderId}/coupon/purchase (auth): coupon data as GET …/coupon answered. */
export const CouponPurchaseRequest = z.object({
  couponCode: z.string().trim().min(1).max(64).optional(),
  verificationCode: z.string().max(128).optional(),
});
