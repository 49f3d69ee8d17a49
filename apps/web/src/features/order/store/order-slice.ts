import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ServiceMode } from '@venue/contract/common';
import type { PaymentSummary } from '@venue/contract/order-payment';
import type { FetchStatus } from '../../../lib/fetch-status';
import { fetchOrderAmount } from '../api/calculate-order-payment';
import { burdenOf, type BasketItemInfo, type BasketModifier, type LineChange, type UserOrder } from '../lib/basket';

/** The order a customer paid for last, kept for 'Reorder' (spec §4 Basket). */
export interface LastOrder {
  vendorId: number;
  userOrder: UserOrder;
}

/** Spec §3 delivery address. */
export interface DeliveryAddress {
  streetAddress: string;
  addressLocality: string;
  postalCode: string;
  addressRegion: string;
  addressCountry: string;
  addressDescription: string;
  location: { longitude: number; latitude: number };
}

export type EmptyPaymentSummary = { items: []; subTotals: []; total: null };

export interface OrderAmount {
  paymentSummary: PaymentSummary | EmptyPaymentSummary;
  fetchStatus: FetchStatus | null;
  error: string | null;
}

/** Spec §3 Order state. */
export interface OrderState {
  userOrder: UserOrder;
  lastOrder: LastOrder | null;
  /** sum of burden × count over userOrder */
  orderBurden: number;
  /** the vendor the basket belongs to */
  vendorId: number | null;
  /** the customer confirmed the store in the 'Ordering from' modal */
  vendorConfirmed: boolean;
  /** ISO instant of a preferred pickup/delivery time; null means as soon as possible */
  pickedTime: string | null;
  deliveryAddress: DeliveryAddress | null;
  orderConfiguration: {
    defaultOrderServiceMode: ServiceMode;
    selectedServiceMode: ServiceMode;
  };
  /** epoch ms at which the order session started */
  orderSessionStartTime: number | null;
  orderAmount: OrderAmount;
  /** the special order note (VITE_SPECIAL_ORDER_NOTE), sent as the order's note */
  orderNote: string;
}

export const emptyOrderAmount: OrderAmount = {
  paymentSummary: { items: [], subTotals: [], total: null },
  fetchStatus: null,
  error: null,
};

export const initialOrderState: OrderState = {
  userOrder: {},
  lastOrder: null,
  orderBurden: 0,
  vendorId: null,
  vendorConfirmed: false,
  pickedTime: null,
  deliveryAddress: null,
  orderConfiguration: { defaultOrderServiceMode: 'NotSpecified', selectedServiceMode: 'NotSpecified' },
  orderSessionStartTime: null,
  orderAmount: emptyOrderAmount,
  orderNote: '',
};

const withTime = <P>(payload: P) => ({ payload: { ...payload, at: Date.now() } });

function hasItems(state: OrderState): boolean {
  return Object.keys(state.userOrder).length > 0;
}

function setLineCount(state: OrderState, name: string, key: string, count: number) {
  const lines = state.userOrder[name];
  const entry = lines?.[key];
  if (!lines || !entry) return;
  if (count > 0) {
    entry.count = count;
    return;
  }
  delete lines[key];
  if (Object.keys(lines).length === 0) delete state.userOrder[name];
}

/**
 * A new order session: the basket and everything computed from it go; the customer's choices made
 * before picking a store (service mode, preferred time, delivery address) and the last order stay.
 */
function freshSession(state: OrderState): OrderState {
  return {
    ...initialOrderState,
    lastOrder: state.lastOrder,
    pickedTime: state.pickedTime,
    deliveryAddress: state.deliveryAddress,
    orderConfiguration: state.orderConfiguration,
  };
}

export const orderSlice = createSlice({
  name: 'order',
  initialState: initialOrderState,
  reducers: {
    /** A preferred time from the start screen or delivery: null for ASAP, else an ISO instant. */
    pickedTimeSet(state, action: PayloadAction<string | null>) {
      state.pickedTime = action.payload;
    },
    serviceModeSelected(state, action: PayloadAction<ServiceMode>) {
      state.orderConfiguration.selectedServiceMode = action.payload;
    },
    /** The address chosen on the delivery screen (null clears it). */
    deliveryAddressSet(state, action: PayloadAction<DeliveryAddress | null>) {
      state.deliveryAddress = action.payload;
    },

    /**
     * One more of an item with the given options. The limits are checked before (see addToBasket);
     * the order session starts with the first item when it has not started yet.
     */
    itemAdded: {
      reducer(
        state,
        action: PayloadAction<{ item: BasketItemInfo; modifiers: BasketModifier[]; key: string; at: number }>,
      ) {
        const { item, modifiers, key, at } = action.payload;
        const lines = (state.userOrder[item.name] ??= {});
        const entry = lines[key];
        if (entry) entry.count += 1;
        else lines[key] = { ...item, count: 1, modifiers };
        state.orderBurden = burdenOf(state.userOrder);
        state.orderSessionStartTime ??= at;
      },
      prepare: (payload: { item: BasketItemInfo; modifiers: BasketModifier[]; key: string }) => withTime(payload),
    },
    /** One fewer of a line; the line goes at zero. */
    itemRemoved(state, action: PayloadAction<{ name: string; key: string }>) {
      const { name, key } = action.payload;
      const entry = state.userOrder[name]?.[key];
      if (!entry) return;
      setLineCount(state, name, key, entry.count - 1);
      state.orderBurden = burdenOf(state.userOrder);
    },
    /** Lines cut down or removed (sold out, hidden, reduced to stock). */
    linesChanged(state, action: PayloadAction<LineChange[]>) {
      for (const change of action.payload) setLineCount(state, change.name, change.key, Math.max(0, change.count));
      state.orderBurden = burdenOf(state.userOrder);
    },

    /**
     * The customer picked a store. The same store keeps the order; another store with an empty
     * basket starts a new session silently (spec §4). With items in the basket the app asks first
     * ('Existing Order Session') and this changes nothing.
     */
    vendorChosen: {
      reducer(state, action: PayloadAction<{ vendorId: number; at: number }>) {
        const { vendorId, at } = action.payload;
        if (state.vendorId !== vendorId) {
          if (hasItems(state)) return;
          const fresh = freshSession(state);
          fresh.vendorId = vendorId;
          fresh.orderSessionStartTime = at;
          return fresh;
        }
        state.orderSessionStartTime ??= at;
      },
      prepare: (payload: { vendorId: number }) => withTime(payload),
    },
    /** 'Confirm Store' in the 'Ordering from' modal. */
    storeConfirmed(state) {
      state.vendorConfirmed = true;
    },
    /** 'Start New Order Session': the basket goes and the order moves to another store. */
    orderSessionRestarted: {
      reducer(state, action: PayloadAction<{ vendorId: number; at: number }>) {
        const fresh = freshSession(state);
        fresh.vendorId = action.payload.vendorId;
        fresh.orderSessionStartTime = action.payload.at;
        return fresh;
      },
      prepare: (payload: { vendorId: number }) => withTime(payload),
    },
    /** Back to an empty order ('Start Again', a new order); the last order is kept for 'Reorder'. */
    orderReset(state) {
      return { ...initialOrderState, lastOrder: state.lastOrder };
    },
    /** Everything goes, the last order too (spec §8: a reorder failure resets the order including lastOrder). */
    orderCleared() {
      return initialOrderState;
    },
    /** The last order's basket, already checked against the current menu, becomes the order. */
    reordered: {
      reducer(state, action: PayloadAction<{ vendorId: number; userOrder: UserOrder; at: number }>) {
        const fresh = freshSession(state);
        fresh.vendorId = action.payload.vendorId;
        fresh.vendorConfirmed = true;
        fresh.userOrder = action.payload.userOrder;
        fresh.orderBurden = burdenOf(action.payload.userOrder);
        fresh.orderSessionStartTime = action.payload.at;
        return fresh;
      },
      prepare: (payload: { vendorId: number; userOrder: UserOrder }) => withTime(payload),
    },
    /** Payment succeeded: the order is kept as lastOrder (spec §4 Basket). */
    lastOrderSaved(state) {
      if (state.vendorId === null || !hasItems(state)) return;
      state.lastOrder = { vendorId: state.vendorId, userOrder: state.userOrder };
    },
    orderNoteChanged(state, action: PayloadAction<string>) {
      state.orderNote = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchOrderAmount.pending, (state) => {
        state.orderAmount.fetchStatus = 'fetching';
        state.orderAmount.error = null;
      })
      .addCase(fetchOrderAmount.fulfilled, (state, action) => {
        state.orderAmount = { paymentSummary: action.payload, fetchStatus: 'success', error: null };
      })
      .addCase(fetchOrderAmount.rejected, (state, action) => {
        if (action.meta.aborted) {
          state.orderAmount.fetchStatus = null;
          return;
        }
        state.orderAmount = {
          paymentSummary: emptyOrderAmount.paymentSummary,
          fetchStatus: 'failed',
          error: action.payload ?? action.error.message ?? 'We could not price your order.',
        };
      });
  },
});

export const {
  pickedTimeSet,
  serviceModeSelected,
  deliveryAddressSet,
  itemAdded,
  itemRemoved,
  linesChanged,
  vendorChosen,
  storeConfirmed,
  orderSessionRestarted,
  orderReset,
  orderCleared,
  reordered,
  lastOrderSaved,
  orderNoteChanged,
} = orderSlice.actions;
