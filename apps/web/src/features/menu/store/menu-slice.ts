import { createSlice } from '@reduxjs/toolkit';
import type { Menu } from '@venue/contract/menu';
import type { FetchStatus } from '../../../lib/fetch-status';
import { fetchMenu } from '../api/get-current-menu';

/** Spec §3 menu per vendor: the menu of the vendor being ordered from. */
export interface MenuState {
  vendorId: number | null;
  data: Menu | null;
  fetchStatus: FetchStatus | null;
  error: string | null;
}

export const initialMenuState: MenuState = { vendorId: null, data: null, fetchStatus: null, error: null };

export const menuSlice = createSlice({
  name: 'menu',
  initialState: initialMenuState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchMenu.pending, (state, action) => {
        // Another vendor's menu is not shown while this one loads.
        if (state.vendorId !== action.meta.arg.vendorId) state.data = null;
        state.vendorId = action.meta.arg.vendorId;
        state.fetchStatus = 'fetching';
        state.error = null;
      })
      .addCase(fetchMenu.fulfilled, (state, action) => {
        if (state.vendorId !== action.meta.arg.vendorId) return;
        state.data = action.payload;
        state.fetchStatus = 'success';
      })
      .addCase(fetchMenu.rejected, (state, action) => {
        if (state.vendorId !== action.meta.arg.vendorId) return;
        if (action.meta.aborted) {
          state.fetchStatus = state.data ? 'success' : null;
          return;
        }
        state.fetchStatus = 'failed';
        state.error = action.payload ?? action.error.message ?? 'Could not load the menu.';
      });
  },
});
