/** A vendor of the API as the domain's open/paused rules read it (spec §4 Vendor open/closed). */
import type { Vendor } from '@venue/contract/venue';
import { isOpenToOrder, vendorStateLabel, type VendorStatusInput } from '@venue/domain/vendor-status';

export function statusInput(vendor: Vendor): VendorStatusInput {
  return {
    isOpen: vendor.isOpen,
    isPaused: vendor.isPaused,
    nextServiceTime: vendor.nextServiceTime ? Date.parse(vendor.nextServiceTime) : null,
    preOrderBufferDuration: vendor.vendorOrderConfiguration.preOrderBufferDuration,
  };
}

/** 'Closed', 'Back Soon', or null when the vendor takes orders now. */
export function vendorLabel(vendor: Vendor, nowMs: number): 'Closed' | 'Back Soon' | null {
  return vendorStateLabel(statusInput(vendor), nowMs);
}

/** Open to order now, or at the chosen time (ISO) when there is one. */
export function vendorOpenToOrder(vendor: Vendor, nowMs: number, pickedTime: string | null): boolean {
  return isOpenToOrder(statusInput(vendor), nowMs, pickedTime ? Date.parse(pickedTime) : null);
}

/** Spec §9: vendor refresh 30 s (discover; place-order follows open/paused the same way). */
export const VENDOR_REFRESH_MS = 30_000;
