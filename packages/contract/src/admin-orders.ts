/**
 * The back office's orders (/admin/v1/orders): search across the manager's stores, one order with
 * its payments, refunds and history, and refunds (full, by line and quantity, or by amount). Money
 * is in minor units (cents), instants are ISO strings, days are `YYYY-MM-DD` in the venue's time zone.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '@venue/domain/order-status';
import { DeliveryAddress, OrderStatus } from './order.ts';
import { ServiceMode } from './common.ts';
import { DecimalId } from './route-params.ts';

export const ORDER_SEARCH_MAX = 100;
export const ORDERS_PAGE_DEFAULT = 50;
export const ORDERS_PAGE_MAX = 200;
export const REFUND_REASON_MAX = 300;

const DAY_FORM = /^\d{4}-\d{2}-\d{2}$/;

/** A day in the venue's time zone. */
export const VenueDay = z
  .string()
  .regex(DAY_FORM, { message: 'a day is written YYYY-MM-DD', abort: true })
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return year >= 2000 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'a day is written YYYY-MM-DD (a real date)');

const statusList = z
  .string()
  .max(200)
  .transform((text) => [...new Set(text.split(',').map((part) => part.trim()))].filter(Boolean))
  .pipe(
    z
      .array(z.enum(ORDER_STATUSES, { error: `status must be one or more of ${ORDER_STATUSES.join(', ')}` }))
      .min(1, 'status must name at least one status'),
  );

/** A from/to pair of days: `to` may not come before `from` (compared only when both are written as days). */
export const DAYS_IN_ORDER = {
  check: (query: { from?: string | undefined; to?: string | undefined }) =>
    !query.from || !query.to || !DAY_FORM.test(query.from) || !DAY_FORM.test(query.to) || query.from <= query.to,
  message: { message: 'to must not be before from', path: ['to'] },
};

/** GET /admin/v1/orders?q=&from=&to=&vendorId=&status=&cursor=&limit= */
export const AdminOrdersQuery = z
  .strictObject({
    from: VenueDay.optional(),
    to: VenueDay.optional(),
    q: z.string().trim().max(ORDER_SEARCH_MAX, `q must be at most ${ORDER_SEARCH_MAX} characters`).optional(),
    vendorId: DecimalId.optional(),
    status: statusList.optional(),
    cursor: z
      .string()
      .regex(/^\d{1,15}\.\d{1,10}$/, 'cursor must be the next value of a previous page')
      .optional(),
    limit: z
      .string()
      .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${ORDERS_PAGE_MAX}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, 'limit must be at least 1')
          .max(ORDERS_PAGE_MAX, `limit must be at most ${ORDERS_PAGE_MAX}`),
      )
      .optional(),
  })
  .refine(DAYS_IN_ORDER.check, DAYS_IN_ORDER.message);
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

/** GET /admin/v1/orders.csv?from=&to=&vendorId= */
export const AdminOrdersCsvQuery = z
  .strictObject({ from: VenueDay.optional(), to: VenueDay.optional(), vendorId: DecimalId.optional() })
  .refine(DAYS_IN_ORDER.check, DAYS_IN_ORDER.message);
export type AdminOrdersCsvQuery = z.infer<typeof AdminOrdersCsvQuery>;

/** An order in the search's list. */
export const AdminOrderSummary = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  storeName: z.string(),
  /** the order number (claim ticket); set once paid */
  claimTicket: z.string().nullable(),
  orderStatus: OrderStatus,
  serviceMode: ServiceMode,
  /** as given with the order */
  customerName: z.string().nullable(),
  customerMobile: z.string().nullable(),
  customerEmail: z.string().nullable(),
  totalMinor: z.number().int(),
  /** money given back so far */
  refundedMinor: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

/** GET /admin/v1/orders: newest first; `next` is the cursor of the following page, null on the last. */
export const AdminOrderList = z.object({ orders: z.array(AdminOrderSummary), next: z.string().nullable() });
export type AdminOrderList = z.infer<typeof AdminOrderList>;

export const PAYMENT_METHODS = ['card', 'savedCard', 'applePay', 'googlePay', 'coupon'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];
export const REFUND_METHODS_ADMIN = ['card', 'applePay', 'googlePay', 'coupon'] as const;

export const AdminOrderLine = z.object({
  /** the line's id, named by a refund by line */
  lineId: z.number().int(),
  menuItemId: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** one item with its options */
  perItemMinor: z.number().int(),
  /** the line with its options, times the quantity */
  priceMinor: z.number().int(),
  note: z.string().nullable(),
  options: z.array(z.object({ name: z.string(), quantity: z.number().int(), priceMinor: z.number().int() })),
  /** how many of the line were refunded by line */
  refundedQuantity: z.number().int(),
});
export type AdminOrderLine = z.infer<typeof AdminOrderLine>;

export const AdminPayment = z.object({
  id: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  /** 'Succeeded', 'Failed', 'Refunded' … */
  status: z.string(),
  amountMinor: z.number().int(),
  cardBrand: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  couponCode: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;

export const AdminRefund = z.object({
  id: z.number().int(),
  /** money given back (0 for a coupon-paid order, whose coupon use came back) */
  amountMinor: z.number().int(),
  reason: z.string(),
  lines: z.array(z.object({ lineId: z.number().int(), quantity: z.number().int() })).nullable(),
  method: z.enum(REFUND_METHODS_ADMIN),
  cardLastFour: z.string().nullable(),
  couponCode: z.string().nullable(),
  /** who gave it, as the audit log names them ('Alex Smith', 'Kitchen display: Bar tablet', 'Operations') */
  by: z.string(),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

export const AdminOrderEvent = z.object({
  at: z.string(),
  /** who, in words */
  by: z.string(),
  /** e.g. 'order.status' */
  action: z.string(),
  /** what happened, in words ('Waiting → PendingAlerted', 'Refunded $7.00: wrong item') */
  summary: z.string(),
});

/** GET /admin/v1/orders/{orderId} */
export const AdminOrderDetail = AdminOrderSummary.extend({
  storeTimeZone: z.string(),
  deliveryAddress: DeliveryAddress.nullable(),
  requestedServiceTime: z.string().nullable(),
  timeReady: z.string().nullable(),
  timeServiced: z.string().nullable(),
  lines: z.array(AdminOrderLine),
  charges: z.array(z.object({ name: z.string(), amountMinor: z.number().int() })),
  /** the items with their options */
  subtotalMinor: z.number().int(),
  couponCode: z.string().nullable(),
  discountMinor: z.number().int(),
  payments: z.array(AdminPayment),
  refunds: z.array(AdminRefund),
  /** what may still be given back: paid at the gateway minus refunded */
  refundableMinor: z.number().int(),
  history: z.array(AdminOrderEvent),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

/** POST /admin/v1/orders/{orderId}/refunds (with an Idempotency-Key header) */
export const RefundRequest = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          lineId: z.number().int().min(1, 'lineId must be a line of the order'),
          quantity: z.number().int().min(1, 'quantity must be at least 1').max(10_000, 'quantity is too large'),
        }),
      )
      .min(1, 'lines must name at least one line')
      .max(500, 'at most 500 lines')
      .optional(),
    amountMinor: z
      .number()
      .int('amountMinor is a whole number of cents')
      .min(1, 'amountMinor must be at least 1 cent')
      .max(100_000_000, 'amountMinor is too large')
      .optional(),
    reason: z
      .string({ error: 'Please give a reason for the refund.' })
      .trim()
      .min(1, 'Please give a reason for the refund.')
      .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters.`)
      .regex(/^[^\p{Cc}]*$/u, 'The reason must not contain control characters.'),
  })
  .refine((body) => !(body.lines && body.amountMinor !== undefined), {
    message: 'Refund by lines or by amount, not both.',
    path: ['amountMinor'],
  });
export type RefundRequest = z.infer<typeof RefundRequest>;

export const AdminOrderParams = z.object({ orderId: DecimalId });
