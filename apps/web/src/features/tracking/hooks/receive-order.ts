import type { PlacedOrder } from '@venue/contract/order';
import type { Dispatch } from 'redux';
import { orderDetailsReceived, orderReceived, type PlacedOrderState } from '../../../entities/placed-order';

/**
 * Keeps an order read (or streamed) by a tracking screen: its status and place, what was ordered,
 * how it is served and any refund. Answers its status, or null when another order has taken its
 * place meanwhile (the customer started a new one): that one is kept.
 */
export function receiveOrder(
  dispatch: Dispatch,
  store: { getState(): { placedOrder: PlacedOrderState } },
  orderId: number,
  order: PlacedOrder,
): string | null {
  if (store.getState().placedOrder.id !== orderId) return null;
  dispatch(orderReceived(order));
  dispatch(
    orderDetailsReceived({
      id: order.id,
      paymentSummary: order.paymentSummary,
      serviceMode: order.serviceMode,
      refund: order.refund ?? null,
    }),
  );
  return order.orderStatus;
}
