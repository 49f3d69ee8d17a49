/** The operations API calls the staff display makes, one function each. */
import type { Menu, MenuItem } from '@venue/contract/menu';
import type { OpsCredential } from '@venue/contract/ops-credential';
import type { MenuItemPatch, VendorPatch } from '@venue/contract/ops-catalogue';
import type { OpsOrder, OrderStatusChange, VendorSetStatus } from '@venue/contract/ops-orders';
import type { Vendor } from '@venue/contract/venue';
import type { OpsClient } from './ops-client';

/** Who a token is: the store a staff token belongs to (an admin token names none). */
export const getCredential = (client: OpsClient) => client.request<OpsCredential>('GET', '/ops/v1/credential');

/** The store's open orders (every order the kitchen still has to deal with). */
export const getOrders = (client: OpsClient, vendorId: number) =>
  client.request<OpsOrder[]>('GET', `/ops/v1/vendor/${vendorId}/orders?limit=500`);

export const getVendor = (client: OpsClient, vendorId: number) =>
  client.request<Vendor>('GET', `/ops/v1/vendor/${vendorId}`);

/** The whole menu, hidden items included (customers see only the visible ones). */
export const getMenu = (client: OpsClient, vendorId: number) =>
  client.request<Menu>('GET', `/v1/vendor/${vendorId}/current-menu`);

export const setOrderStatus = (client: OpsClient, vendorId: number, orderId: number, status: VendorSetStatus) =>
  client.request<OpsOrder>('POST', `/ops/v1/vendor/${vendorId}/order/${orderId}/status`, {
    status,
  } satisfies OrderStatusChange);

export const patchVendor = (client: OpsClient, vendorId: number, patch: VendorPatch) =>
  client.request<Vendor>('PATCH', `/ops/v1/vendor/${vendorId}`, patch);

export const patchMenuItem = (client: OpsClient, vendorId: number, itemId: number, patch: MenuItemPatch) =>
  client.request<MenuItem>('PATCH', `/ops/v1/vendor/${vendorId}/menu-item/${itemId}`, patch);
