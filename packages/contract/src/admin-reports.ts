/**
 * The back office's takings (/admin/v1/reports): a day or a range of days in the venue's time
 * zone, per store, item or hour, with the totals the rows add up to; and the venue right now.
 * Money is in minor units (cents); GST is included in prices and reported as the part of them it is.
 */
import { z } from 'zod';
import { DecimalId } from './route-params.ts';
import { DAYS_IN_ORDER, VenueDay } from './admin-orders.ts';

export const TAKINGS_GROUPINGS = ['store', 'item', 'hour'] as const;
export type TakingsGrouping = (typeof TAKINGS_GROUPINGS)[number];
/** The longest range a report covers. */
export const TAKINGS_MAX_DAYS = 366;
export const TAKINGS_RANGE_MESSAGE = `A report covers at most ${TAKINGS_MAX_DAYS} days: choose a shorter range.`;

/** Days from `from` to `to`, both counted (NaN when either is not a day). */
function daysCovered(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** GET /admin/v1/reports/takings?from=&to=&by=store|item|hour&vendorId=&format=csv (without days: today) */
export const TakingsQuery = z
  .strictObject({
    from: VenueDay.optional(),
    to: VenueDay.optional(),
    by: z.enum(TAKINGS_GROUPINGS, 'by must be store, item or hour').optional(),
    vendorId: DecimalId.optional(),
    format: z.enum(['json', 'csv'], 'format must be json or csv').optional(),
  })
  .refine(DAYS_IN_ORDER.check, DAYS_IN_ORDER.message)
  .refine((query) => !query.from || !query.to || !(daysCovered(query.from, query.to) > TAKINGS_MAX_DAYS), {
    message: TAKINGS_RANGE_MESSAGE,
    path: ['to'],
  });
export type TakingsQuery = z.infer<typeof TakingsQuery>;

/** Figures over a set of paid orders and the refunds given in the same days. */
export const TakingsFigures = z.object({
  /** paid orders */
  orders: z.number().int(),
  /** items with their options, before coupon discounts */
  grossMinor: z.number().int(),
  /** coupon discounts */
  discountsMinor: z.number().int(),
  serviceChargesMinor: z.number().int(),
  /** money given back in the period */
  refundsMinor: z.number().int(),
  /** gross − discounts + service charges − refunds */
  netMinor: z.number().int(),
  /** the GST included in net (items marked GST-free left out) */
  gstMinor: z.number().int(),
  /** (gross − discounts + service charges) / orders, rounded; 0 without orders */
  averageOrderMinor: z.number().int(),
});
export type TakingsFigures = z.infer<typeof TakingsFigures>;

/** A row by store: the store's figures. */
export const TakingsStoreRow = TakingsFigures.extend({ vendorId: z.number().int(), storeName: z.string() });
/** A row by item: what sold of it (modifiers included in its price); refunds by line counted against it. */
export const TakingsItemRow = z.object({
  vendorId: z.number().int(),
  storeName: z.string(),
  menuItemId: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  grossMinor: z.number().int(),
  refundedQuantity: z.number().int(),
});
/** A row by hour of the venue's day (0–23): that hour's figures. */
export const TakingsHourRow = TakingsFigures.extend({ hour: z.number().int().min(0).max(23) });

/** Paid amount per payment method (card, savedCard, applePay, googlePay, coupon). */
export const TakingsMethodRow = z.object({
  method: z.string(),
  payments: z.number().int(),
  amountMinor: z.number().int(),
  refundsMinor: z.number().int(),
});

export const Takings = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** basis points (1000: 10 %) */
  gstRate: z.number().int(),
  by: z.enum(TAKINGS_GROUPINGS),
  totals: TakingsFigures,
  rows: z.array(z.union([TakingsStoreRow, TakingsItemRow, TakingsHourRow])),
  byMethod: z.array(TakingsMethodRow),
});
export type Takings = z.infer<typeof Takings>;
export type TakingsStoreRow = z.infer<typeof TakingsStoreRow>;
export type TakingsItemRow = z.infer<typeof TakingsItemRow>;
export type TakingsHourRow = z.infer<typeof TakingsHourRow>;
export type TakingsMethodRow = z.infer<typeof TakingsMethodRow>;

/** GET /admin/v1/reports/today: the venue right now (the event stream tells when to read it again). */
export const TodayStore = z.object({
  vendorId: z.number().int(),
  storeName: z.string(),
  /** 'open' | 'paused' | 'closed' (closed by the operator or outside opening hours) */
  state: z.enum(['open', 'paused', 'closed']),
  /** orders waiting to be made */
  queueLength: z.number().int(),
  /** the current wait a new order would be told, in seconds */
  waitSeconds: z.number().int().nullable(),
  orders: z.number().int(),
  netMinor: z.number().int(),
});
export const Today = z.object({
  day: z.string(),
  timeZone: z.string(),
  totals: TakingsFigures,
  stores: z.array(TodayStore),
});
export type Today = z.infer<typeof Today>;
export type TodayStore = z.infer<typeof TodayStore>;
