import { useStore } from 'react-redux';
import type { PlacedOrder } from '@venue/contract/order';
import {
  getPlacedOrder,
  orderDetailsReceived,
  orderReceived,
  toPlacedOrderData,
  type PlacedOrderState,
} from '../../../entities/placed-order';
import type { WithConsumer } from '../../../entities/consumer';
import { signingKeyOf } from '../../../lib/request-signing';
import { useOrderResolution } from './use-order-resolution';

type State = WithConsumer & { placedOrder: PlacedOrderState };

/**
 * After a successful payment: follows the placed order until the vendor has it (useOrderResolution),
 * keeps the answer as the placed order (`withDetails`: what was ordered and how it is served too),
 * then `paid` (Waiting, Scheduled) or `needsAttention` (VendorSupportRequired, Cancelled).
 */
export function usePaidOrder({
  withDetails,
  paid,
  needsAttention,
}: {
  withDetails: boolean;
  paid: () => void;
  needsAttention: () => void;
}) {
  const store = useStore<State>();
  const received = (order: PlacedOrder) => {
    store.dispatch(orderReceived(toPlacedOrderData(order)));
    if (withDetails) {
      store.dispatch(
        orderDetailsReceived({ id: order.id, paymentSummary: order.paymentSummary, serviceMode: order.serviceMode }),
      );
    }
  };
  return useOrderResolution({
    read: (orderId, signal) => {
      const key = signingKeyOf(store.getState().consumer);
      const vendorId = store.getState().placedOrder.vendorId;
      if (!key || vendorId === null) return Promise.reject(new Error('No consumer'));
      return getPlacedOrder(key, vendorId, orderId, { signal });
    },
    paid: (order) => {
      received(order);
      paid();
    },
    needsAttention: (order) => {
      received(order);
      needsAttention();
    },
  });
}
