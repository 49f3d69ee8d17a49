import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FetchStatus } from '../../../lib/fetch-status';

/** Spec §4 network status: a network error fails it and opens the connection modal; any success resets both. */
export interface NetworkState {
  status: FetchStatus;
  /** the 'Connection troubles!' modal; its Ok closes it while the status stays failed */
  connectionModalOpen: boolean;
}

const initialState: NetworkState = { status: 'success', connectionModalOpen: false };

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    /**
     * A call got no answer. It opens the modal, except that a background re-check while the status is
     * already failed leaves a modal the customer dismissed closed.
     */
    networkFailed(state, action: PayloadAction<{ background?: boolean } | undefined>) {
      if (!action.payload?.background || state.status !== 'failed') state.connectionModalOpen = true;
      state.status = 'failed';
    },
    networkSucceeded(state) {
      state.status = 'success';
      state.connectionModalOpen = false;
    },
    connectionModalClosed(state) {
      state.connectionModalOpen = false;
    },
  },
});

export const { networkFailed, networkSucceeded, connectionModalClosed } = networkSlice.actions;
