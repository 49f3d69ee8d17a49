import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Vendor } from '@venue/contract/venue';
import { apiRequest, errorMessage } from '../../../lib/api-client';

/** GET /v1/venue/{venueId}/vendors (spec §7). */
export function getVendors(venueId: number, signal?: AbortSignal): Promise<Vendor[]> {
  return apiRequest(`/venue/${venueId}/vendors`, { ...(signal ? { signal } : {}) });
}

/** Loads the venue's vendors into the venue state. */
export const fetchVendors = createAsyncThunk<Vendor[], { venueId: number }, { rejectValue: string }>(
  'venue/fetchVendors',
  async ({ venueId }, { rejectWithValue, signal }) => {
    try {
      return await getVendors(venueId, signal);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);
