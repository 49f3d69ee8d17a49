import { z } from 'zod';
import { ErrorBody, GeoLocation, Money, ServiceMode } from './common.ts';

/** Spec §9: per-item count max 99. */
const Quantity = z.number().int().min(1).max(99);

export const OrderItemModifier = z.object({
  quantity: z.number().int().min(1).max(99).default(1),
  modifierId: z.number().int().nonnegative(),
  name: z.string().max(200).optional(),
});
export type OrderItemModifier = z.infer<typeof OrderItemModifier>;

/** One line of an order as the app sends it (spec §7 calculate-order-payment / place-order). */
export const OrderItem = z.object({
  name: z.string().max(200).optional(),
  note: z.string().max(500).optional(),
  itemType: z.string().max(100).optional(),
  menuItemId: z.number().int().nonnegative(),
  quantity: Quantity,
  modifiers: z.array(OrderItemModifier).max(50).default([]),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** POST /v1/vendor/{vendorId}/calculate-order-payment request body. */
export const CalculateOrderPaymentRequest = z.object({
  orderItems: z.array(OrderItem).min(1).max(100),
  vendorId: z.number().int().nonnegative().optional(),
  orderOrigin: z.string().max(50).optional(),
  geoLocation: GeoLocation.nullish(),
  couponCode: z.string().max(64).nullish(),
  menuId: z.number().int().nonnegative().nullish(),
  consumerId: z.string().max(64).nullish(),
  serviceMode: ServiceMode.optional(),
  requestedServiceTime: z.string().max(40).nullish(),
});
export type CalculateOrderPaymentRequest = z.infer<typeof CalculateOrderPaymentRequest>;

/** A line of the payment summary: an item, a modifier of an item (parentItemId set) or a charge (itemType ServiceCharge). */
export const PaymentSummaryItem = z.object({
  id: z.number().int().nullable(),
  parentItemId: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  perItemPrice: Money,
  price: Money,
  itemType: z.string(),
});
export type PaymentSummaryItem = z.infer<typeof PaymentSummaryItem>;

export const PaymentSubTotal = z.object({
  name: z.string(),
  price: Money,
});

export const PaymentSummary = z.object({
  items: z.array(PaymentSummaryItem),
  subTotals: z.array(PaymentSubTotal),
  total: Money,
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;

export const CalculateOrderPaymentResponse = z.object({ paymentSummary: PaymentSummary });
export type CalculateOrderPaymentResponse = z.infer<typeof CalculateOrderPaymentResponse>;

/**
 * A 4xx answer to an order the server will not price or take (calculate-order-payment,
 * place-order): the standard error body plus, when the problem names items, their menu item ids
 * (so the app can remove sold-out items) and a machine-readable reason.
 */
export const OrderProblemBody = ErrorBody.extend({
  code: z.string().optional(),
  menuItemIds: z.array(z.number().int()).optional(),
});
export type OrderProblemBody = z.infer<typeof OrderProblemBody>;
