import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Venue } from '@venue/contract/venue';
import { apiRequest, errorMessage } from '../../../lib/api-client';

/** GET /v1/client/{clientId}/venues (spec §7). */
export function getVenues(clientId: number, signal?: AbortSignal): Promise<Venue[]> {
  return apiRequest(`/client/${clientId}/venues`, { ...(signal ? { signal } : {}) });
}

/** Loads the client's venues into the venue state. */
export const fetchVenues = createAsyncThunk<Venue[], { clientId: number }, { rejectValue: string }>(
  'venue/fetchVenues',
  async ({ clientId }, { rejectWithValue, signal }) => {
    try {
      return await getVenues(clientId, signal);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);
