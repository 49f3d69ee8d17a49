/**
 * What entering a screen fetches first, worked out from the saved state alone. The entry guards
 * use these choices, and so does the page's early script (src/early/early-requests.ts), which
 * starts the same requests while the app's code is still on its way
 * (docs/decisions/013-early-requests.md).
 */
import { settings } from '../../config/settings';
import { DETAIL_TRANSFORM, displayAssetUrl } from '../../lib/display-asset';
import { vendorVenueId } from '../../lib/venue';
import { PATHS } from '../routes';
import type { RootState } from '../store';
import { queryVendorId } from './guards';

/** The vendor the basket belongs to, else the one chosen on the start or discover screen. */
export function currentVendorId(state: RootState): number | null {
  return state.order.vendorId ?? state.venue.selectedVendor?.id ?? null;
}

/** The venue whose vendor list holds the vendor. */
export function venueIdFor(state: RootState, vendorId: number): number {
  const selected = state.venue.selectedVendor;
  const known =
    selected?.id === vendorId ? selected : state.venue.vendors.data.find((vendor) => vendor.id === vendorId);
  return vendorVenueId(known);
}

export interface EntryFetches {
  /** API paths (under /v1) the screen GETs as it opens */
  get: string[];
  /** images the screen shows in its first view */
  images: string[];
}

const NOTHING: EntryFetches = { get: [], images: [] };

/**
 * place-order refetches the vendor list and the menu before it shows (spec §2 transition guards);
 * wait-order shows where to collect the order, the store's picture, from the saved state.
 */
export function entryFetches(url: URL, state: RootState): EntryFetches {
  if (url.pathname === PATHS.placeOrder) {
    const vendorId = queryVendorId(url, settings.multiVendor) ?? currentVendorId(state);
    if (vendorId === null) return NOTHING;
    return { get: [`/venue/${venueIdFor(state, vendorId)}/vendors`, `/vendor/${vendorId}/current-menu`], images: [] };
  }
  if (url.pathname === PATHS.waitOrder) {
    // As routes/wait-order.tsx: the store's place is shown unless the order goes to a home address,
    // and with a maps key the screen shows a map instead (features/tracking/components/vendor-details.tsx).
    const delivery =
      (state.placedOrder.serviceMode ?? state.order.orderConfiguration.selectedServiceMode) === 'HomeDelivery';
    if (delivery || settings.mapsKey) return NOTHING;
    const vendorId = state.placedOrder.vendorId;
    const selected = state.venue.selectedVendor;
    const vendor =
      state.venue.vendors.data.find((listed) => listed.id === vendorId) ??
      (selected?.id === vendorId ? selected : null);
    const assetId = vendor?.displayAssets.locationImageAssetId ?? null;
    return assetId === null ? NOTHING : { get: [], images: [displayAssetUrl(assetId, DETAIL_TRANSFORM)] };
  }
  return NOTHING;
}
