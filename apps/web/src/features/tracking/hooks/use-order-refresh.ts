import { useEffect } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { SigningKey } from '../../../lib/request-signing';
import {
  getPlacedOrder,
  orderDetailsReceived,
  orderReceived,
  type PlacedOrderState,
} from '../../../entities/placed-order';

/**
 * Reads the placed order once when a screen opens (alert-order after a reload or from another tab),
 * so its status and summary are the server's. A failure leaves the saved copy in place.
 */
export function useOrderRefresh(key: SigningKey | null, vendorId: number | null, orderId: number | null): void {
  const dispatch = useDispatch();
  const store = useStore<{ placedOrder: PlacedOrderState }>();
  const consumerId = key?.consumerId ?? null;
  const hmacKey = key?.hmacKey ?? null;
  useEffect(() => {
    if (!consumerId || !hmacKey || vendorId === null || orderId === null) return;
    const controller = new AbortController();
    getPlacedOrder({ consumerId, hmacKey }, vendorId, orderId, { background: true, signal: controller.signal })
      .then((order) => {
        // The customer may have started a new order while the answer was on its way.
        if (store.getState().placedOrder.id !== orderId) return;
        dispatch(orderReceived(order));
        dispatch(
          orderDetailsReceived({ id: order.id, paymentSummary: order.paymentSummary, serviceMode: order.serviceMode }),
        );
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [dispatch, store, consumerId, hmacKey, vendorId, orderId]);
}
