/**
 * Server pricing of an order (architecture: the server is the authority). The app's totals are
 * never trusted: every price, option, limit, availability window and the vendor's open/paused
 * state is checked again here from the server's own menu, and a broken rule answers 4xx with the
 * message the app shows.
 */
import type { OrderItem, PaymentSummary } from '@venue/contract/order-payment';
import type { Vendor } from '@venue/contract/venue';
import { toMoney } from '@venue/domain/money';
import { isWithinOpeningHours } from '@venue/domain/opening-hours';
import { priceOrder, type OrderProblem, type PricedOrder } from '@venue/domain/order-pricing';
import { acceptsOrder, isOpenToOrder } from '@venue/domain/vendor-status';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest, conflict, unprocessable } from '../../lib/http-error.ts';
import type { MenuCache } from '../menu/menu-cache.ts';
import { TradingSchedule } from '../vendors/trading-schedule.ts';
import { loadVendor, toVendor } from '../vendors/vendors.service.ts';

/** Spec §2 guard modal titles, also the messages of a refused order. */
export const CLOSED_MESSAGE = 'We have closed';
export const PAUSED_MESSAGE = 'Back Soon!';
export const STALE_PICKUP_TIME_MESSAGE = 'That pickup time is no longer available. Please choose another time.';

export interface PricingDeps {
  db: Kysely<Database>;
  menuCache: MenuCache;
}

export interface OrderToPrice {
  orderItems: readonly OrderItem[];
  requestedServiceTime?: string | null | undefined;
}

export interface PricedVendorOrder {
  order: PricedOrder;
  vendor: Vendor;
  /** the chosen pickup time (epoch ms), null for as soon as possible */
  pickedTime: number | null;
  /** true when a requested time was given but is not a pickup time the vendor offers now */
  requestedTimeRejected: boolean;
}

const schedule = new TradingSchedule();

/**
 * A requested service time counts as a chosen pickup time when it lies ahead, within the vendor's
 * pre-order buffer, inside its opening hours. Returns null for ASAP, 'invalid' for a time that
 * does not qualify.
 */
function pickedTimeOf(
  requested: string | null | undefined,
  vendor: Vendor,
  hours: Parameters<typeof isWithinOpeningHours>[0],
  nowMs: number,
): number | null | 'invalid' {
  if (requested === undefined || requested === null || requested === '') return null;
  const ms = Date.parse(requested);
  if (!Number.isFinite(ms)) throw badRequest('requestedServiceTime: must be an ISO date and time');
  if (ms <= nowMs || ms > nowMs + vendor.vendorOrderConfiguration.preOrderBufferDuration) return 'invalid';
  if (!isWithinOpeningHours(hours, ms, vendor.timeZone)) return 'invalid';
  return ms;
}

/** The HTTP answer of a pricing problem: sold out is a conflict with the menu, the rest unprocessable. */
export function problemError(problem: OrderProblem): HttpError {
  const details: Record<string, unknown> = { code: problem.code };
  if (problem.menuItemIds.length > 0) details.menuItemIds = problem.menuItemIds;
  return new HttpError(problem.code === 'sold_out' ? 409 : 422, problem.message, details);
}

/** Prices an order for a vendor now; throws 404/409/422 HttpErrors for an unknown vendor, a closed or paused one, or a broken rule. */
export async function priceVendorOrder(
  deps: PricingDeps,
  vendorId: number,
  input: OrderToPrice,
  nowMs: number,
): Promise<PricedVendorOrder> {
  const { row, hours } = await loadVendor(deps.db, vendorId);
  const vendor = toVendor(row, hours, nowMs, schedule);
  const picked = pickedTimeOf(input.requestedServiceTime, vendor, hours, nowMs);
  const pickedTime = picked === 'invalid' ? null : picked;
  const status = {
    isOpen: vendor.isOpen,
    isPaused: vendor.isPaused,
    nextServiceTime: vendor.nextServiceTime === null ? null : Date.parse(vendor.nextServiceTime),
    preOrderBufferDuration: vendor.vendorOrderConfiguration.preOrderBufferDuration,
  };
  if (!isOpenToOrder(status, nowMs, pickedTime)) throw conflict(CLOSED_MESSAGE);
  if (!acceptsOrder(status, nowMs, pickedTime, input.orderItems.length > 0)) {
    if (vendor.isPaused) throw conflict(PAUSED_MESSAGE);
    throw unprocessable('Your order is empty.');
  }
  // The menu as of the vendor row just read: stock another process sold a moment ago counts.
  const menu = await deps.menuCache.get(vendorId, row.menu_version);
  const result = priceOrder(
    input.orderItems.map((line) => ({
      menuItemId: line.menuItemId,
      quantity: line.quantity,
      modifiers: line.modifiers.map((m) => ({ modifierId: m.modifierId, quantity: m.quantity })),
    })),
    menu.pricing,
    {
      storeName: vendor.storeName,
      maxBurdenPerOrder: vendor.vendorOrderConfiguration.maxBurdenPerOrder,
      serviceCharges: vendor.vendorOrderConfiguration.serviceCharges,
    },
    pickedTime ?? nowMs,
    vendor.timeZone,
  );
  if (!result.ok) throw problemError(result.problem);
  return { order: result.order, vendor, pickedTime, requestedTimeRejected: picked === 'invalid' };
}

/** The payment summary of a priced order: items, then each item's modifiers, then service charges. */
export function toPaymentSummary(order: PricedOrder): PaymentSummary {
  return {
    items: order.lines.map((line) => ({
      id: line.id,
      parentItemId: line.parentItemId,
      name: line.name,
      quantity: line.quantity,
      perItemPrice: toMoney(line.perItemMinor),
      price: toMoney(line.priceMinor),
      itemType: line.itemType,
    })),
    subTotals: [
      { name: 'Subtotal', price: toMoney(order.subtotalMinor) },
      ...order.charges.map((charge) => ({ name: charge.name, price: toMoney(charge.minor) })),
    ],
    total: toMoney(order.totalMinor),
  };
}
