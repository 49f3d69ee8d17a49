/** Whether a vendor takes orders now (spec §4 Vendor open/closed). */

export interface VendorStatusInput {
  isOpen: boolean;
  isPaused: boolean;
  /** epoch ms of the next service, null when none is ahead */
  nextServiceTime: number | null;
  preOrderBufferDuration: number;
}

/**
 * The server gives a store that trades now its own "now" as next service time, which lies ahead of
 * a screen's clock when the screen read its clock first (or runs a little slow). Without this
 * allowance a store with no pre-order buffer would read as closed while it serves.
 */
export const CLOCK_ALLOWANCE_MS = 60_000;

/** Open to order: the vendor is open and either serves within its pre-order buffer or a pickup time was chosen. */
export function isOpenToOrder(vendor: VendorStatusInput, nowMs: number, pickedTime: number | null): boolean {
  if (!vendor.isOpen) return false;
  if (pickedTime !== null) return true;
  return (
    vendor.nextServiceTime !== null &&
    vendor.nextServiceTime - nowMs <= Math.max(vendor.preOrderBufferDuration, CLOCK_ALLOWANCE_MS)
  );
}

/** Accepts the current order: open to order, not paused, and the order has something in it. */
export function acceptsOrder(
  vendor: VendorStatusInput,
  nowMs: number,
  pickedTime: number | null,
  hasItems: boolean,
): boolean {
  return isOpenToOrder(vendor, nowMs, pickedTime) && !vendor.isPaused && hasItems;
}

/** The label a closed or paused vendor shows in lists: 'Closed', 'Back Soon', or null when ordering. */
export function vendorStateLabel(vendor: VendorStatusInput, nowMs: number): 'Closed' | 'Back Soon' | null {
  if (!isOpenToOrder(vendor, nowMs, null)) return 'Closed';
  if (vendor.isPaused) return 'Back Soon';
  return null;
}
