/** Route guard rules of spec §2 and the order session rule of §4, as pure functions. */
import type { Vendor } from '@venue/contract/venue';
import type { StoreGuard } from '../../features/vendors/components/store-closed-modal';
import { vendorOpenToOrder } from '../../lib/vendor-status';
import { PATHS, VENDOR_ID_QUERY } from '../routes';

/**
 * Protected routes (place-order onward) with no vendor selected and nothing in the basket go back
 * to where a store is chosen: start in a single-vendor build, discover-vendor in a multi-vendor one.
 */
export function noVendorRedirect(input: {
  multiVendor: boolean;
  vendorSelected: boolean;
  hasItems: boolean;
}): string | null {
  if (input.vendorSelected || input.hasItems) return null;
  return input.multiVendor ? PATHS.discoverVendor : PATHS.start;
}

/** Where 'Choose another store' and a vanished store lead: discover in multi-vendor builds, else start. */
export function chooseStorePath(multiVendor: boolean): string {
  return multiVendor ? PATHS.discoverVendor : PATHS.start;
}

/** The vendor a `vendorId` query parameter selects: multi-vendor builds only, a whole number, else null. */
export function queryVendorId(url: URL | string, multiVendor: boolean): number | null {
  if (!multiVendor) return null;
  const value = new URL(url, 'http://localhost').searchParams.get(VENDOR_ID_QUERY);
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Entering place-order or confirm-order needs the store open to order and not paused (spec §2 transition guards). */
export function storeGuard(vendor: Vendor, nowMs: number, pickedTime: string | null): StoreGuard | null {
  if (!vendorOpenToOrder(vendor, nowMs, pickedTime)) return 'closed';
  if (vendor.isPaused) return 'paused';
  return null;
}

/**
 * Spec §4: the session has expired once the configured time has passed since it started, while the
 * placed order has no status yet or is still Pending (checked every second).
 */
export function sessionExpired(input: {
  startTime: number | null;
  nowMs: number;
  expiryMs: number;
  orderStatus: string | null;
}): boolean {
  if (input.startTime === null) return false;
  if (input.orderStatus !== null && input.orderStatus !== 'Pending') return false;
  return input.nowMs - input.startTime >= input.expiryMs;
}

/** Spec §4: choosing a vendor other than the basket's, with items in it, asks about the existing session. */
export function vendorConflict(input: {
  basketVendorId: number | null;
  chosenVendorId: number;
  hasItems: boolean;
}): boolean {
  return input.hasItems && input.basketVendorId !== null && input.basketVendorId !== input.chosenVendorId;
}
