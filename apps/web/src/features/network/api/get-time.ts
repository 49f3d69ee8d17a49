import { createAsyncThunk } from '@reduxjs/toolkit';
import type { TimeResponse } from '@venue/contract/common';
import { apiRequest, errorMessage } from '../../../lib/api-client';

/** GET /v1/time: the server clock, used as the network check (spec §7). */
export function getTime(options: { background?: boolean; signal?: AbortSignal } = {}): Promise<TimeResponse> {
  return apiRequest('/time', { ...options });
}

/** Checks the connection; the API client itself moves the network status to success or failed. */
export const checkNetwork = createAsyncThunk<
  TimeResponse,
  { background?: boolean } | undefined,
  { rejectValue: string }
>('network/check', async (arg, { rejectWithValue }) => {
  try {
    return await getTime({ background: arg?.background ?? false });
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});
