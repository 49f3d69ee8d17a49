import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Vendor } from '@venue/contract/venue';
import { apiRequest, errorMessage } from '../../../lib/api-client';

/** GET /v1/venue/{venueId}/vendors (spec §7). `background`: a periodic refresh the customer did not ask for. */
export function getVendors(venueId: number, signal?: AbortSignal, background = false): Promise<Vendor[]> {
  return apiRequest(`/venue/${venueId}/vendors`, { ...(signal ? { signal } : {}), background });
}

/** Loads the venue's vendors into the venue state. */
export const fetchVendors = createAsyncThunk<
  Vendor[],
  { venueId: number; background?: boolean },
  { rejectValue: string }
>('venue/fetchVendors', async ({ venueId, background = false }, { rejectWithValue, signal }) => {
  try {
    return await getVendors(venueId, signal, background);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});
