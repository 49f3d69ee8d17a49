import type { PlaceOrderRequest, PlacedOrder } from '@venue/contract/order';
import type { PlacedOrderData } from '../store/placed-order-slice';

/** The placed-order facts kept in the state (spec §3). */
export function toPlacedOrderData(order: PlacedOrder): PlacedOrderData {
  return {
    id: order.id,
    vendorId: order.vendorId,
    orderStatus: order.orderStatus,
    claimTicket: order.claimTicket,
    positionInQueue: order.positionInQueue,
    secsToServiceEstimate: order.secsToServiceEstimate === null ? null : Math.max(0, order.secsToServiceEstimate),
    requestedServiceTime: order.requestedServiceTime,
    timing: { timeQueued: order.timing.timeQueued, timeServiceEstimated: order.timing.timeServiceEstimated },
  };
}

/**
 * What an order is placed from, as a key: the request without the customer's position (which moves
 * a little between two taps) and the campaign. The same key again means the same order: a Pending
 * order placed from it is paid rather than placed a second time.
 */
export function placedFromKey(vendorId: number, body: PlaceOrderRequest, campaignId: string | null): string {
  const { geoLocation: _where, ...request } = body;
  return JSON.stringify({ vendorId, request, campaignId });
}
