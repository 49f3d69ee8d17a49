/** The no-vendor redirect of spec §2 for protected routes, kept small: it is in the first download. */
import { redirect } from 'react-router';
import { settings } from '../../config/settings';
import type { AppStore } from '../store';
import { currentVendorId } from './entry-requests';
import { noVendorRedirect } from './guards';

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
