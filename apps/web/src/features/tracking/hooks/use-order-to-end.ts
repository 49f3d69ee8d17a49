import { useEffect, useRef } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { isFinalStatus } from '@venue/domain/order-status';
import { signingKeyOf, type SigningKey } from '../../../lib/request-signing';
import type { ConsumerKeys } from '../../../entities/consumer';
import type { PlacedOrderState } from '../../../entities/placed-order';
import { followOrder } from '../lib/follow-order';
import { receiveOrder } from './receive-order';

/**
 * The alert-order screen's order, live: read at once (after a reload or from another tab, its
 * status, summary and refund are the server's), then followed by its stream, with polling as the
 * fallback, until it is Serviced or Cancelled. So an order staff marked 'Needs help' and later
 * 'Ready' turns ready on the phone without a reload. An order already over is read once. A read
 * failing with other than a network error stops following; the saved copy stays.
 */
export function useOrderToEnd(
  key: SigningKey | null,
  vendorId: number | null,
  orderId: number | null,
  status: string | null,
  intervalMs?: number,
): void {
  const dispatch = useDispatch();
  const store = useStore<{ placedOrder: PlacedOrderState }>();
  const consumerId = key?.consumerId ?? null;
  const hmacKey = key?.hmacKey ?? null;
  const overOnEntry = useRef(isFinalStatus(status));
  useEffect(() => {
    const signing = signingKeyOf({ id: consumerId, hmacKey } satisfies ConsumerKeys);
    if (!signing || vendorId === null || orderId === null) return;
    return followOrder({
      key: signing,
      vendorId,
      orderId,
      ...(intervalMs !== undefined ? { intervalMs } : {}),
      // A finished order's stream answers 204: there is nothing to follow, only to read.
      stream: !overOnEntry.current,
      // Another order has taken its place: nothing more to follow.
      receive: (order) => receiveOrder(dispatch, store, orderId, order) ?? 'Cancelled',
      isOver: isFinalStatus,
      onOver: () => undefined,
      onError: () => undefined,
    });
  }, [dispatch, store, consumerId, hmacKey, vendorId, orderId, intervalMs]);
}
