/** The orders API (/admin/v1/orders): search, one order, refunds and the orders' CSV. */
import type { AdminOrderDetail, AdminOrderList, AdminRefund, RefundRequest } from '@venue/contract/admin-orders';
import { apiUrl, call, withQuery } from './admin-client';

/** The filters of the order search, as the URL and the API both name them. */
export interface OrderFilters {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  vendorId?: string | undefined;
  status?: string | undefined;
}

/** One page of the search, newest first; `cursor` is the previous page's `next`. */
export function listOrders(filters: OrderFilters, cursor: string | null, signal?: AbortSignal) {
  return call<AdminOrderList>('GET', withQuery('/orders', { ...filters, cursor }), signal ? { signal } : {});
}

export const getOrder = (orderId: number, signal?: AbortSignal) =>
  call<AdminOrderDetail>('GET', `/orders/${orderId}`, signal ? { signal } : {});

/**
 * Refunds (part of) an order. `idempotencyKey` is made once per refund dialog: a double click or a
 * retry after a lost answer refunds once.
 */
export const refundOrder = (orderId: number, body: RefundRequest, idempotencyKey: string) =>
  call<AdminRefund>('POST', `/orders/${orderId}/refunds`, { body, headers: { 'Idempotency-Key': idempotencyKey } });

/** The orders as CSV, one row per order line (a download link). */
export const ordersCsvUrl = (filters: Pick<OrderFilters, 'from' | 'to' | 'vendorId'>) => apiUrl('/orders.csv', filters);
