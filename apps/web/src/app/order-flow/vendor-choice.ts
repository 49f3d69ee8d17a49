/** Choosing a store and reordering: they touch the venue, menu and order states together. */
import type { Vendor } from '@venue/contract/venue';
import { fetchMenu } from '../../features/menu/api/get-current-menu';
import { reorderBasket } from '../../features/order/lib/menu-check';
import { orderCleared, orderSessionRestarted, reordered, vendorChosen } from '../../features/order/store/order-slice';
import { toSelectedVendor, vendorSelected } from '../../features/vendors/store/venue-slice';
import type { AppDispatch, RootState } from '../store';
import { vendorConflict } from './guards';

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState) => R;

/**
 * The customer picked a store. With items from another store in the basket nothing changes and
 * 'conflict' asks the caller to show 'Existing Order Session'; otherwise the store is selected (an
 * empty basket from another store is reset silently).
 */
export function chooseVendor(vendor: Vendor): Thunk<'chosen' | 'conflict'> {
  return (dispatch, getState) => {
    const { order } = getState();
    if (
      vendorConflict({
        basketVendorId: order.vendorId,
        chosenVendorId: vendor.id,
        hasItems: Object.keys(order.userOrder).length > 0,
      })
    ) {
      return 'conflict';
    }
    dispatch(vendorSelected(toSelectedVendor(vendor)));
    dispatch(vendorChosen({ vendorId: vendor.id }));
    return 'chosen';
  };
}

/** 'Start New Order Session': the basket goes and the order moves to this store. */
export function startNewSession(vendorId: number, vendor?: Vendor): Thunk<void> {
  return (dispatch) => {
    if (vendor) dispatch(vendorSelected(toSelectedVendor(vendor)));
    dispatch(orderSessionRestarted({ vendorId }));
  };
}

/**
 * Reorder the last order at its store (spec §4): the current menu decides what is kept. Nothing left,
 * or a failure, resets the order including lastOrder (spec §8). Resolves true when the basket is ready.
 */
export function reorder(vendor: Vendor): Thunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const { lastOrder, pickedTime } = getState().order;
    if (!lastOrder || lastOrder.vendorId !== vendor.id) return false;
    try {
      const menu = await dispatch(fetchMenu({ vendorId: vendor.id })).unwrap();
      const instant = pickedTime ? Date.parse(pickedTime) : Date.now();
      const userOrder = reorderBasket(lastOrder.userOrder, menu, instant, vendor.timeZone);
      if (Object.keys(userOrder).length === 0) throw new Error('Nothing of the last order is available.');
      dispatch(vendorSelected(toSelectedVendor(vendor)));
      dispatch(reordered({ vendorId: vendor.id, userOrder }));
      return true;
    } catch {
      dispatch(orderCleared());
      return false;
    }
  };
}
