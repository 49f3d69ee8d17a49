import { z } from 'zod';
import { ORDER_STATUSES, VENDOR_SET_STATUSES } from '@venue/domain/order-status';
import { DeliveryAddress, OrderStatus } from './order.ts';
import { Money, ServiceMode } from './common.ts';

/** The statuses a vendor may set on an order (@venue/domain/order-status). */
export const VendorSetStatus = z.enum(VENDOR_SET_STATUSES);
export type VendorSetStatus = z.infer<typeof VendorSetStatus>;

/** POST /ops/v1/vendor/{vendorId}/order/{orderId}/status */
export const OrderStatusChange = z.strictObject({ status: VendorSetStatus });
export type OrderStatusChange = z.infer<typeof OrderStatusChange>;

/** GET /ops/v1/vendor/{vendorId}/orders?status=Waiting,PendingAlerted&limit=100 */
export const OpsOrdersQuery = z.strictObject({
  status: z
    .string()
    .max(200)
    .transform((text) => [...new Set(text.split(',').map((part) => part.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.enum(ORDER_STATUSES, { error: `status must be one or more of ${ORDER_STATUSES.join(', ')}` }))
        .min(1, 'status must name at least one status'),
    )
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number from 1 to 500')
    .transform(Number)
    .pipe(z.number().int().min(1, 'limit must be at least 1').max(500, 'limit must be at most 500'))
    .optional(),
});
export type OpsOrdersQuery = z.infer<typeof OpsOrdersQuery>;

/** One line of an order as the kitchen reads it: an item with its chosen options and note. */
export const OpsOrderLine = z.object({
  menuItemId: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  note: z.string().nullable(),
  modifiers: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
});

/** An order as the venue's systems see it. Instants are ISO strings. */
export const OpsOrder = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  claimTicket: z.string().nullable(),
  orderStatus: OrderStatus,
  positionInQueue: z.number().int().nullable(),
  secsToServiceEstimate: z.number().int().nonnegative().nullable(),
  serviceMode: ServiceMode,
  requestedServiceTime: z.string().nullable(),
  timeQueued: z.string().nullable(),
  timeServiceEstimated: z.string().nullable(),
  timeReady: z.string().nullable(),
  timeServiced: z.string().nullable(),
  /** the customer's name and mobile as given with the order */
  customerName: z.string().nullable(),
  customerMobile: z.string().nullable(),
  deliveryAddress: DeliveryAddress.nullable(),
  lines: z.array(OpsOrderLine),
  total: Money,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OpsOrder = z.infer<typeof OpsOrder>;
export const OpsOrderList = z.array(OpsOrder);
