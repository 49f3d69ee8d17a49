import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Vendor } from '@venue/contract/venue';
import { ApiError, apiRequest, errorMessage } from '../../../lib/api-client';

/** GET /v1/venue/{venueId}/vendors (spec §7). `background`: a periodic refresh the customer did not ask for. */
export function getVendors(venueId: number, signal?: AbortSignal, background = false): Promise<Vendor[]> {
  return apiRequest(`/venue/${venueId}/vendors`, { ...(signal ? { signal } : {}), background });
}

/**
 * Loads the venue's vendors into the venue state. A venue the server does not know (404: its
 * catalogue is not loaded yet) has no stores yet: an empty list, which the screens show calmly,
 * rather than a failure, which they show as an outage to be retried.
 */
export const fetchVendors = createAsyncThunk<
  Vendor[],
  { venueId: number; background?: boolean },
  { rejectValue: string }
>('venue/fetchVendors', async ({ venueId, background = false }, { rejectWithValue, signal }) => {
  try {
    return await getVendors(venueId, signal, background);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    return rejectWithValue(errorMessage(error));
  }
});
