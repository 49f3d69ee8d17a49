import { z } from 'zod';
import { ORDER_STATUSES } from '@venue/domain/order-status';
import { GeoLocation, ServiceMode } from './common.ts';
import { OrderItem, PaymentSummary } from './order-payment.ts';

/** Spec §4 order statuses (declared, with their groups, in @venue/domain/order-status). */
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Spec §3 delivery address (HomeDelivery only). */
export const DeliveryAddress = z.object({
  streetAddress: z.string().trim().min(1).max(200),
  addressLocality: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20),
  addressRegion: z.string().trim().min(1).max(100),
  addressCountry: z.string().trim().min(1).max(100),
  addressDescription: z.string().max(300).nullish(),
  location: GeoLocation.nullish(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

/** Small free-form order attributes (table number, seat …). */
export const OrderAttributes = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 20, 'attributes: at most 20 keys');

/** POST /v1/vendor/{vendorId}/place-order (auth). Header `Idempotency-Key` makes a retry answer the same order. */
export const PlaceOrderRequest = z.object({
  orderItems: z.array(OrderItem).min(1).max(100),
  serviceMode: ServiceMode,
  vendorId: z.number().int().nonnegative().optional(),
  orderOrigin: z.string().max(50).optional(),
  menuId: z.number().int().nonnegative().nullish(),
  geoLocation: GeoLocation.nullish(),
  consumerId: z.string().max(64).nullish(),
  attributes: OrderAttributes.nullish(),
  /** ISO instant of a chosen pickup/delivery time; absent or null for as soon as possible */
  requestedServiceTime: z.string().max(40).nullish(),
  /** HomeDelivery only */
  deliveryAddress: DeliveryAddress.nullish(),
  couponCode: z.string().max(64).nullish(),
});
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequest>;

/** Query of place-order: the patron campaign the customer arrived from. */
export const PlaceOrderQuery = z.object({ campaignId: z.string().max(64).optional() });

/** How a refunded order had been paid. */
export const REFUND_METHODS = ['card', 'applePay', 'googlePay', 'coupon'] as const;

/**
 * What a cancelled order gave back (issue 23): the amount paid, and how, so the customer can be
 * told where it went. Only an order whose refund went through has one.
 */
export const OrderRefund = z.object({
  /** what was paid and given back, in minor units (for a coupon, the value the coupon paid) */
  amountMinor: z.number().int().nonnegative(),
  method: z.enum(REFUND_METHODS),
  /** the last four digits of the card refunded, when known */
  cardLastFour: z.string().nullable(),
  /** the coupon the order used, given back to be used again */
  couponCode: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

/** Spec §3 placed order. Instants are ISO strings. */
export const PlacedOrder = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  consumerId: z.string().nullable(),
  orderStatus: OrderStatus,
  /** the order number shown to staff; set once paid */
  claimTicket: z.string().nullable(),
  /** 1 = next in line; null unless Waiting */
  positionInQueue: z.number().int().nullable(),
  /** seconds until the estimated service, at least 0; null unless queued */
  secsToServiceEstimate: z.number().int().nonnegative().nullable(),
  requestedServiceTime: z.string().nullable(),
  timing: z.object({
    timeQueued: z.string().nullable(),
    timeServiceEstimated: z.string().nullable(),
  }),
  serviceMode: ServiceMode,
  deliveryAddress: DeliveryAddress.nullable(),
  paymentSummary: PaymentSummary,
  /** the coupon applied to this order, if any */
  couponCode: z.string().nullable(),
  createdAt: z.string(),
  /** set once a cancelled order's payment has been given back */
  refund: OrderRefund.nullable(),
});
export type PlacedOrder = z.infer<typeof PlacedOrder>;

/** POST /v1/vendor/{vendorId}/order/{orderId}/alerted (auth) */
export const AlertedRequest = z.object({
  orderId: z.number().int().nonnegative().optional(),
  vendorId: z.number().int().nonnegative().optional(),
  timeAlerted: z.string().max(40).optional(),
});

/**
 * GET /v1/order/{orderId}/events: the signature in the query, for an EventSource (which cannot
 * set headers); without these the request is signed with headers as usual.
 */
export const OrderEventsQuery = z.strictObject({
  consumerId: z.string().min(1).max(100).optional(),
  timestamp: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});
export type OrderEventsQuery = z.infer<typeof OrderEventsQuery>;
