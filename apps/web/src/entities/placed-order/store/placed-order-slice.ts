import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ServiceMode } from '@venue/contract/common';
import type { OrderRefund } from '@venue/contract/order';
import type { PaymentSummary } from '@venue/contract/order-payment';
import type { InitiatedPayment } from '@venue/contract/payment';
import type { OrderStatus } from '@venue/domain/order-status';
import type { FetchStatus } from '../../../lib/fetch-status';

/** The placed-order facts the server answers (place-order, GET order). */
export interface PlacedOrderData {
  id: number;
  vendorId: number;
  orderStatus: OrderStatus;
  claimTicket: string | null;
  positionInQueue: number | null;
  /** clamped at 0 or more */
  secsToServiceEstimate: number | null;
  requestedServiceTime: string | null;
  timing: { timeQueued: string | null; timeServiceEstimated: string | null };
}

/** Spec §3 initiated payment. */
export type { InitiatedPayment };

/** What a coupon purchase needs: the applied code and its verification code (GET/PUT …/coupon). */
export interface CouponData {
  couponCode: string | null;
  verificationCode: string | null;
  /** the discount covers the whole total: the order is paid by coupon purchase */
  coversTotal: boolean;
}

/** Spec §3 coupon plus the applying state of spec §4 (kept with the order it is applied to). */
export interface CouponState {
  /** the order may be paid or discounted by coupon (GET …/coupon answered) */
  eligible: boolean;
  fetchStatus: FetchStatus | null;
  /** the coupon as the server answered it (its verification code and what it covers) */
  data: CouponData | null;
  appliedCoupon: string | null;
  applyingCoupon: boolean;
  applyingCode: string | null;
  error: string | null;
  /** a coupon changed the price: the payment is initiated again for the new amount */
  reInitiatePayment: boolean;
}

/** Spec §3 placed order, plus the payment started for it. */
export interface PlacedOrderState {
  id: number | null;
  vendorId: number | null;
  orderStatus: OrderStatus | null;
  claimTicket: string | null;
  positionInQueue: number | null;
  /** clamped at 0 or more */
  secsToServiceEstimate: number | null;
  requestedServiceTime: string | null;
  timing: { timeQueued: string | null; timeServiceEstimated: string | null };
  fetchStatus: FetchStatus | null;
  error: string | null;
  /** sent as Idempotency-Key with place-order until it succeeds, so a retry never places it twice */
  idempotencyKey: string | null;
  /** what the order was placed from (basket, service mode, consumer…): unchanged, a Pending order is reused */
  placedFrom: string | null;
  /** the grand total the server charges for this order, in minor units (it changes with a coupon) */
  totalMinor: number | null;
  payment: { data: InitiatedPayment | null; fetchStatus: FetchStatus | null; error: string | null };
  coupon: CouponState;
  /** what was ordered, as the server priced it (the alert screen's read-only summary) */
  paymentSummary: PaymentSummary | null;
  /** the order's service mode as the server holds it */
  serviceMode: ServiceMode | null;
  /** what a cancelled order gave back, once its refund went through (the tracking screens say so) */
  refund: OrderRefund | null;
}

export const initialCouponState: CouponState = {
  eligible: false,
  fetchStatus: null,
  data: null,
  appliedCoupon: null,
  applyingCoupon: false,
  applyingCode: null,
  error: null,
  reInitiatePayment: false,
};

export const initialPlacedOrderState: PlacedOrderState = {
  id: null,
  vendorId: null,
  orderStatus: null,
  claimTicket: null,
  positionInQueue: null,
  secsToServiceEstimate: null,
  requestedServiceTime: null,
  timing: { timeQueued: null, timeServiceEstimated: null },
  fetchStatus: null,
  error: null,
  idempotencyKey: null,
  placedFrom: null,
  totalMinor: null,
  payment: { data: null, fetchStatus: null, error: null },
  coupon: initialCouponState,
  paymentSummary: null,
  serviceMode: null,
  refund: null,
};

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

function assignOrder(state: PlacedOrderState, order: PlacedOrderData) {
  state.id = order.id;
  state.vendorId = order.vendorId;
  state.orderStatus = order.orderStatus;
  state.claimTicket = order.claimTicket;
  state.positionInQueue = order.positionInQueue;
  state.secsToServiceEstimate = order.secsToServiceEstimate === null ? null : Math.max(0, order.secsToServiceEstimate);
  state.requestedServiceTime = order.requestedServiceTime;
  state.timing = order.timing;
}

export const placedOrderSlice = createSlice({
  name: 'placedOrder',
  initialState: initialPlacedOrderState,
  reducers: {
    /** Placing starts: the idempotency key is made once and kept until the order is placed. */
    placingStarted: {
      reducer(state, action: PayloadAction<{ key: string }>) {
        state.idempotencyKey ??= action.payload.key;
        state.fetchStatus = 'fetching';
        state.error = null;
      },
      prepare: () => ({ payload: { key: newKey() } }),
    },
    /** A new order: everything about the previous one goes, coupon state too (spec §4 Coupon). */
    orderPlaced(
      state,
      action: PayloadAction<{ order: PlacedOrderData; totalMinor: number | null; placedFrom?: string | null }>,
    ) {
      const next: PlacedOrderState = { ...initialPlacedOrderState, fetchStatus: 'success' };
      assignOrder(next, action.payload.order);
      next.totalMinor = action.payload.totalMinor;
      next.placedFrom = action.payload.placedFrom ?? null;
      return next;
    },
    placingFailed(state, action: PayloadAction<string>) {
      state.fetchStatus = 'failed';
      state.error = action.payload;
    },
    orderFetchStarted(state) {
      state.fetchStatus = 'fetching';
      state.error = null;
    },
    /** A fresh copy of the placed order (payment entry, polling, tracking). */
    orderReceived(state, action: PayloadAction<PlacedOrderData>) {
      if (state.id !== null && state.id !== action.payload.id) return;
      assignOrder(state, action.payload);
      state.fetchStatus = 'success';
      state.error = null;
    },
    orderFetchFailed(state, action: PayloadAction<string>) {
      state.fetchStatus = 'failed';
      state.error = action.payload;
    },
    totalChanged(state, action: PayloadAction<number>) {
      state.totalMinor = action.payload;
    },

    paymentInitiating(state) {
      state.payment.fetchStatus = 'fetching';
      state.payment.error = null;
    },
    paymentInitiated(state, action: PayloadAction<InitiatedPayment>) {
      state.payment = { data: action.payload, fetchStatus: 'success', error: null };
      state.totalMinor = action.payload.totalPrice.minorAmount;
      state.coupon.reInitiatePayment = false;
    },
    paymentInitiationFailed(state, action: PayloadAction<string>) {
      state.payment.fetchStatus = 'failed';
      state.payment.error = action.payload;
    },

    couponChecked(state, action: PayloadAction<{ eligible: boolean; data: CouponData | null }>) {
      state.coupon.eligible = action.payload.eligible;
      state.coupon.data = action.payload.data;
      state.coupon.fetchStatus = 'success';
    },
    couponCheckFailed(state) {
      state.coupon.eligible = false;
      state.coupon.fetchStatus = 'failed';
    },
    couponApplying(state, action: PayloadAction<string>) {
      state.coupon.applyingCoupon = true;
      state.coupon.applyingCode = action.payload;
      state.coupon.error = null;
    },
    /** Spec §4: success sets appliedCoupon, keeps the new invoice and flags the payment to be initiated again. */
    couponApplied(
      state,
      action: PayloadAction<{
        code: string;
        totalMinor: number;
        data: CouponData | null;
        reInitiate?: boolean;
        /** the order priced with the coupon (its discount as a line) */
        paymentSummary?: PaymentSummary;
      }>,
    ) {
      state.coupon.applyingCoupon = false;
      state.coupon.applyingCode = null;
      state.coupon.appliedCoupon = action.payload.code;
      state.coupon.data = action.payload.data ?? state.coupon.data;
      // a coupon covering the whole order pays it by coupon purchase: no card payment to start again
      state.coupon.reInitiatePayment = action.payload.reInitiate ?? true;
      state.totalMinor = action.payload.totalMinor;
      if (action.payload.paymentSummary) state.paymentSummary = action.payload.paymentSummary;
    },
    /** The customer took the coupon off: the order costs what it did without it, and the payment starts again for that. */
    couponRemoved(state, action: PayloadAction<{ totalMinor: number; paymentSummary: PaymentSummary }>) {
      state.coupon.appliedCoupon = null;
      state.coupon.applyingCoupon = false;
      state.coupon.applyingCode = null;
      state.coupon.error = null;
      state.coupon.data = null;
      state.coupon.reInitiatePayment = true;
      state.totalMinor = action.payload.totalMinor;
      state.paymentSummary = action.payload.paymentSummary;
    },
    couponFailed(state, action: PayloadAction<string>) {
      state.coupon.applyingCoupon = false;
      state.coupon.applyingCode = null;
      state.coupon.error = action.payload;
    },
    couponErrorCleared(state) {
      state.coupon.error = null;
    },

    /** The tracking screens' read of the order: what was ordered and how it is served (same order only). */
    orderDetailsReceived(
      state,
      action: PayloadAction<{
        id: number;
        paymentSummary: PaymentSummary;
        serviceMode: ServiceMode;
        refund?: OrderRefund | null;
      }>,
    ) {
      if (state.id !== action.payload.id) return;
      state.paymentSummary = action.payload.paymentSummary;
      state.serviceMode = action.payload.serviceMode;
      if (action.payload.refund !== undefined) state.refund = action.payload.refund;
    },

    /** The order is over (a new order starts): nothing of it is kept. */
    placedOrderCleared() {
      return initialPlacedOrderState;
    },
  },
});

export const {
  placingStarted,
  orderPlaced,
  placingFailed,
  orderFetchStarted,
  orderReceived,
  orderFetchFailed,
  totalChanged,
  paymentInitiating,
  paymentInitiated,
  paymentInitiationFailed,
  couponChecked,
  couponCheckFailed,
  couponApplying,
  couponApplied,
  couponRemoved,
  couponFailed,
  couponErrorCleared,
  orderDetailsReceived,
  placedOrderCleared,
} = placedOrderSlice.actions;
