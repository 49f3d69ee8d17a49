/**
 * The placed order's public files: its state (placing, reading, paying, coupon and tracking), the
 * read of the order from the server and how an answer becomes state. Other features import from
 * here only; placing an order is `hooks/use-place-order`, which the checkout screen uses.
 */
export { getPlacedOrder } from './api/get-placed-order';
export { placedFromKey, toPlacedOrderData } from './lib/placed-order';
export * from './store/placed-order-slice';
export type { AfterPlacing, Placed } from './hooks/use-place-order';
