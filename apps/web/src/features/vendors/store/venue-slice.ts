import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Vendor, Venue } from '@venue/contract/venue';
import type { Fetched } from '../../../lib/fetch-status';
import { fetchVendors } from '../api/get-vendors';
import { fetchVenues } from '../api/get-venues';

/** Spec §3 selected vendor. */
export interface SelectedVendor {
  id: number;
  venueId: number;
  storeName: string;
  phoneNumber: string;
  location: string;
  displayAssets: Vendor['displayAssets'];
}

export interface VenueState {
  venues: Fetched<Venue[]>;
  vendors: Fetched<Vendor[]>;
  selectedVendor: SelectedVendor | null;
}

const initialState: VenueState = {
  venues: { data: [], fetchStatus: null, error: null },
  vendors: { data: [], fetchStatus: null, error: null },
  selectedVendor: null,
};

/** The selected-vendor record kept for a vendor of the list. */
export function toSelectedVendor(vendor: Vendor): SelectedVendor {
  return {
    id: vendor.id,
    venueId: vendor.venueId,
    storeName: vendor.storeName,
    phoneNumber: vendor.phoneNumber,
    location: vendor.location,
    displayAssets: vendor.displayAssets,
  };
}

export const venueSlice = createSlice({
  name: 'venue',
  initialState,
  reducers: {
    vendorSelected(state, action: PayloadAction<SelectedVendor | null>) {
      state.selectedVendor = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchVendors.pending, (state) => {
        state.vendors.fetchStatus = 'fetching';
        state.vendors.error = null;
      })
      .addCase(fetchVendors.fulfilled, (state, action) => {
        state.vendors = { data: action.payload, fetchStatus: 'success', error: null };
      })
      .addCase(fetchVendors.rejected, (state, action) => {
        // A refresh cancelled by leaving the screen is not a failure.
        if (action.meta.aborted) {
          state.vendors.fetchStatus = state.vendors.data.length > 0 ? 'success' : null;
          return;
        }
        state.vendors.fetchStatus = 'failed';
        state.vendors.error = action.payload ?? action.error.message ?? 'Could not load the stores.';
      })
      .addCase(fetchVenues.pending, (state) => {
        state.venues.fetchStatus = 'fetching';
        state.venues.error = null;
      })
      .addCase(fetchVenues.fulfilled, (state, action) => {
        state.venues = { data: action.payload, fetchStatus: 'success', error: null };
      })
      .addCase(fetchVenues.rejected, (state, action) => {
        if (action.meta.aborted) {
          state.venues.fetchStatus = state.venues.data.length > 0 ? 'success' : null;
          return;
        }
        state.venues.fetchStatus = 'failed';
        state.venues.error = action.payload ?? action.error.message ?? 'Could not load the venue.';
      });
  },
});

export const { vendorSelected } = venueSlice.actions;
