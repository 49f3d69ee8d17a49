/** The stores' staff tokens (/admin/v1): every store's list, making one (shown once) and revoking. */
import type { AdminStaffToken } from '@venue/contract/admin-catalogue';
import type { StaffTokenCreated } from '@venue/contract/staff-tokens';
import { call } from './admin-client';

export const listStaffTokens = (signal?: AbortSignal) =>
  call<AdminStaffToken[]>('GET', '/staff-tokens', signal ? { signal } : {});

/** Makes a token for a store: the answer holds the token, its sign-in link and QR code, this once. */
export const createStaffToken = (vendorId: number, name: string) =>
  call<StaffTokenCreated>('POST', `/stores/${vendorId}/staff-tokens`, { body: { name } });

export const revokeStaffToken = (id: number) => call<null>('DELETE', `/staff-tokens/${id}`);
