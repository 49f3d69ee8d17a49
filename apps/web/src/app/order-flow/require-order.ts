/** The no-vendor redirect of spec §2 for protected routes, kept small: it is in the first download. */
import { redirect } from 'react-router';
import { settings } from '../../config/settings';
import type { AppStore, RootState } from '../store';
import { noVendorRedirect } from './guards';

/** The vendor the order is for: the basket's, else the one chosen on start or discover. */
export function currentVendorId(state: RootState): number | null {
  return state.order.vendorId ?? state.venue.selectedVendor?.id ?? null;
}

/** A loader for protected routes without a menu of their own: back to start or discover when there is no order. */
export function requireOrder(store: AppStore) {
  return () => {
    const state = store.getState();
    const to = noVendorRedirect({
      multiVendor: settings.multiVendor,
      vendorSelected: currentVendorId(state) !== null || state.placedOrder.vendorId !== null,
      hasItems: Object.keys(state.order.userOrder).length > 0,
    });
    return to ? redirect(to) : null;
  };
}
