import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Money, ServiceMode } from '@venue/contract/common';
import type { PaymentSummary } from '@venue/contract/order-payment';
import type { FetchStatus } from '../../../lib/fetch-status';

/** A chosen modifier of a basket entry. */
export interface BasketModifier {
  id: number;
  name: string;
  price: Money;
  groupId: number;
  count: number;
}

/** One basket entry (spec §3 userOrder entries). */
export interface BasketEntry {
  id: number;
  count: number;
  price: Money;
  name: string;
  itemType: string;
  burden: number;
  isRestricted: boolean;
  modifiers: BasketModifier[];
}

/** userOrder: entries by item name, then by option key (the chosen modifiers). */
export type UserOrder = Record<string, Record<string, BasketEntry>>;

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

export interface OrderAmount {
  paymentSummary: PaymentSummary | { items: []; subTotals: []; total: null };
  fetchStatus: FetchStatus | null;
  error: string | null;
}

/** Spec §3 Order state. */
export interface OrderState {
  userOrder: UserOrder;
  lastOrder: UserOrder | null;
  orderBurden: number;
  vendorId: number | null;
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
  appliedCoupon: string | null;
  applyingCoupon: boolean;
  applyingCode: string | null;
  couponError: string | null;
  reInitiatePayment: boolean;
}

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
  orderAmount: { paymentSummary: { items: [], subTotals: [], total: null }, fetchStatus: null, error: null },
  appliedCoupon: null,
  applyingCoupon: false,
  applyingCode: null,
  couponError: null,
  reInitiatePayment: false,
};

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
    orderReset() {
      return initialOrderState;
    },
  },
});

export const { pickedTimeSet, serviceModeSelected, orderReset } = orderSlice.actions;
