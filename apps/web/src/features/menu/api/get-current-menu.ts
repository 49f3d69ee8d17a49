import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Menu } from '@venue/contract/menu';
import { apiRequest, errorMessage } from '../../../lib/api-client';

/** GET /v1/vendor/{vendorId}/current-menu (spec §7). */
export function getCurrentMenu(vendorId: number, signal?: AbortSignal): Promise<Menu> {
  return apiRequest(`/vendor/${vendorId}/current-menu`, { ...(signal ? { signal } : {}) });
}

/** Loads a vendor's menu into the menu state. */
export const fetchMenu = createAsyncThunk<Menu, { vendorId: number }, { rejectValue: string }>(
  'menu/fetchMenu',
  async ({ vendorId }, { rejectWithValue, signal }) => {
    try {
      return await getCurrentMenu(vendorId, signal);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);
