import { createSlice } from '@reduxjs/toolkit';
import type { FetchStatus } from '../../../lib/fetch-status';

/** Spec §4 order statuses. */
export type OrderStatus =
  | 'Pending'
  | 'Paid'
  | 'Waiting'
  | 'PendingAlerted'
  | 'Alerted'
  | 'Serviced'
  | 'Cancelled'
  | 'VendorSupportRequired'
  | 'Scheduled';

/** Spec §3 placed order. */
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
}

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
};

export const placedOrderSlice = createSlice({
  name: 'placedOrder',
  initialState: initialPlacedOrderState,
  reducers: {},
});
