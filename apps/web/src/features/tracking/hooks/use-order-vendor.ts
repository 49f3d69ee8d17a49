import { useEffect, useRef } from 'react';
import type { Vendor } from '@venue/contract/venue';
import { fromSelectedVendor, toTrackingVendor, type TrackingVendor } from '../lib/tracking-vendor';

/** How long to wait before asking for the vendor list again when the order's vendor is not in it. */
export const VENDOR_RETRY_MS = 5000;

/**
 * The vendor of the placed order, from the loaded vendor list or the selected vendor. When the list
 * lacks it (a reload, another tab), `loadVendors` is called, and again every 5 s until it arrives;
 * until then the selected vendor (without map point or time zone) stands in, or null (the loader).
 */
export function useOrderVendor(
  vendorId: number | null,
  vendors: readonly Vendor[],
  selected: Parameters<typeof fromSelectedVendor>[0] | null,
  loadVendors: () => void,
): TrackingVendor | null {
  const listed = vendorId === null ? undefined : vendors.find((vendor) => vendor.id === vendorId);
  const load = useRef(loadVendors);
  useEffect(() => {
    load.current = loadVendors;
  });

  const missing = vendorId !== null && !listed;
  useEffect(() => {
    if (!missing) return;
    load.current();
    const timer = setInterval(() => load.current(), VENDOR_RETRY_MS);
    return () => clearInterval(timer);
  }, [missing]);

  if (listed) return toTrackingVendor(listed);
  if (selected && selected.id === vendorId) return fromSelectedVendor(selected);
  return null;
}
