import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { consumerSlice } from '../features/consumer/store/consumer-slice';
import { menuSlice } from '../features/menu/store/menu-slice';
import { networkFailed, networkSlice, networkSucceeded } from '../features/network/store/network-slice';
import { orderSlice } from '../features/order/store/order-slice';
import { placedOrderSlice } from '../entities/placed-order/store/placed-order-slice';
import { venueSlice } from '../features/vendors/store/venue-slice';
import { setNetworkListener } from '../lib/api-client';
import { loadState, persistState } from '../lib/persistence';

const slices = {
  network: networkSlice,
  venue: venueSlice,
  menu: menuSlice,
  order: orderSlice,
  consumer: consumerSlice,
  placedOrder: placedOrderSlice,
};

const rootReducer = combineReducers({
  network: networkSlice.reducer,
  venue: venueSlice.reducer,
  menu: menuSlice.reducer,
  order: orderSlice.reducer,
  consumer: consumerSlice.reducer,
  placedOrder: placedOrderSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The connection belongs to this visit, not the last one: the app checks it afresh with GET /v1/time
 * on start, so a modal left open when the page was closed does not flash up again.
 */
const NOT_RESTORED = new Set(['network']);

/**
 * Saved state laid over each slice's initial state: keys the saved copy lacks (an older version of
 * the app saved it) take their defaults, and slices that are not objects are ignored.
 */
export function mergeSavedState(saved: Record<string, unknown> | undefined): RootState | undefined {
  if (!saved) return undefined;
  const merged: Record<string, unknown> = {};
  for (const [key, slice] of Object.entries(slices)) {
    const value = NOT_RESTORED.has(key) ? undefined : saved[key];
    const initial = slice.getInitialState() as object;
    merged[key] = value && typeof value === 'object' && !Array.isArray(value) ? { ...initial, ...value } : initial;
  }
  return merged as RootState;
}

/**
 * Whether every slice is as a new visitor's store starts it: the state the build prerenders the
 * first screens with (src/app/prerender.tsx), so those screens render here as they were prerendered.
 */
export function isFreshState(state: RootState): boolean {
  return Object.entries(slices).every(
    ([key, slice]) => JSON.stringify(state[key as keyof RootState]) === JSON.stringify(slice.getInitialState()),
  );
}

export function createStore(preloadedState?: RootState) {
  return configureStore({
    reducer: rootReducer,
    ...(preloadedState ? { preloadedState } : {}),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

/** The app's store: restored from localStorage, saved back at most once per second, told about the network. */
export function createAppStore(): AppStore {
  const store = createStore(mergeSavedState(loadState()));
  persistState(store);
  setNetworkListener({
    networkFailed: (background) => store.dispatch(networkFailed({ background })),
    networkSucceeded: () => store.dispatch(networkSucceeded()),
  });
  return store;
}
