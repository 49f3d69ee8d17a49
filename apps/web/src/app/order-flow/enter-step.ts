/**
 * Transition guards of spec §2 as React Router loaders: entering place-order or confirm-order
 * refetches the vendor and its menu, takes sold-out items out of the basket (the screen shows them in
 * 'We've sold out!'), and checks the store is open and not paused. A failed fetch blocks the step.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { settings } from '../../config/settings';
import { fetchMenu } from '../../features/menu/api/get-current-menu';
import { checkBasket } from '../../features/order/lib/menu-check';
import { linesChanged, vendorChosen } from '../../features/order/store/order-slice';
import type { StoreGuard } from '../../features/vendors/components/store-closed-modal';
import { fetchVendors } from '../../features/vendors/api/get-vendors';
import { toSelectedVendor, vendorSelected } from '../../features/vendors/store/venue-slice';
import { PATHS } from '../routes';
import type { AppStore, RootState } from '../store';
import { chooseStorePath, noVendorRedirect, queryVendorId, storeGuard } from './guards';
import { currentVendorId, venueIdFor } from './entry-requests';

export type StepData =
  | { kind: 'ready'; vendorId: number; soldOut: string[]; guard: StoreGuard | null }
  /** the vendorId query names another store than the basket's: ask 'Existing Order Session' */
  | { kind: 'conflict'; basketVendorId: number; requestedVendorId: number }
  /** the menu or the store could not be loaded: the step waits for a retry */
  | { kind: 'failed'; message: string };

function hasItems(state: RootState): boolean {
  return Object.keys(state.order.userOrder).length > 0;
}

/** The loader of place-order ('place-order') and confirm-order ('confirm-order'). */
export function enterOrderStep(store: AppStore, step: 'place-order' | 'confirm-order') {
  return async ({ request }: LoaderFunctionArgs): Promise<StepData | Response> => {
    const { dispatch } = store;
    let state = store.getState();
    const requested = step === 'place-order' ? queryVendorId(request.url, settings.multiVendor) : null;
    const basketVendorId = state.order.vendorId;

    if (requested !== null && basketVendorId !== null && requested !== basketVendorId && hasItems(state)) {
      return { kind: 'conflict', basketVendorId, requestedVendorId: requested };
    }
    const vendorId = requested ?? currentVendorId(state);
    if (vendorId === null) {
      return redirect(noVendorRedirect({ multiVendor: settings.multiVendor, vendorSelected: false, hasItems: false })!);
    }

    let vendors;
    try {
      [vendors] = await Promise.all([
        dispatch(fetchVendors({ venueId: venueIdFor(state, vendorId) })).unwrap(),
        dispatch(fetchMenu({ vendorId })).unwrap(),
      ]);
    } catch (error) {
      return { kind: 'failed', message: typeof error === 'string' ? error : 'Something went wrong.' };
    }
    const vendor = vendors.find((candidate) => candidate.id === vendorId);
    if (!vendor) return redirect(chooseStorePath(settings.multiVendor));

    dispatch(vendorSelected(toSelectedVendor(vendor)));
    dispatch(vendorChosen({ vendorId }));

    state = store.getState();
    const menu = state.menu.data;
    const { pickedTime } = state.order;
    const now = Date.now();
    let soldOut: string[] = [];
    if (menu) {
      const check = checkBasket(
        state.order.userOrder,
        menu,
        pickedTime ? Date.parse(pickedTime) : now,
        vendor.timeZone,
      );
      if (check.changes.length > 0) dispatch(linesChanged(check.changes));
      soldOut = check.soldOut;
    }

    if (step === 'confirm-order' && soldOut.length === 0 && !hasItems(store.getState())) {
      return redirect(PATHS.placeOrder);
    }
    return { kind: 'ready', vendorId, soldOut, guard: storeGuard(vendor, now, pickedTime) };
  };
}
