import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { PlacedOrder } from '@venue/contract/order';
import { isWaitOver, waitEntryAction, waitOutcome } from '@venue/domain/order-wait';
import { errorMessage } from '../../../lib/api-client';
import { afterFirstPaint } from '../../../lib/first-paint';
import { signingKeyOf, type SigningKey } from '../../../lib/request-signing';
import { sendAlertedOnce } from '../lib/alerted-once';
import { POLLING_INTERVAL_MS, startOrderPolling } from '../lib/order-polling';
import { followOrderStream, orderStreamsSupported } from '../lib/order-stream';
import {
  getPlacedOrder,
  orderDetailsReceived,
  orderFetchFailed,
  orderReceived,
  type PlacedOrderState,
} from '../../../entities/placed-order';

/** While the live stream is open the order is still read this often, in case the stream went quiet (ms). */
export const LIVE_STREAM_CHECK_MS = 60_000;

/**
 * Where the wait screen stands: still waiting; the order is ready ('pick-up' modal); a problem
 * ('Temporary problem!', cancelled or an error); or time to move on to alert-order.
 */
export type WaitState =
  | { kind: 'waiting' }
  | { kind: 'pick-up'; status: string }
  | { kind: 'problem'; cancelled: boolean }
  | { kind: 'move-on' };

export interface WaitForOrderInput {
  key: SigningKey | null;
  vendorId: number | null;
  orderId: number | null;
  /** the order's status when the screen opens */
  status: string | null;
  intervalMs?: number;
}

/**
 * Spec §4 wait screen: on entry with PendingAlerted the alerted call is sent and the pick-up modal
 * opens; with Cancelled or Serviced (or another finished status) it moves on at once. Otherwise it
 * follows the order (its live stream, else polling every 5 s) until PendingAlerted, Cancelled,
 * Alerted or Serviced, keeping the store's placed order fresh. Polling continues after a network
 * error and stops on any other, which opens 'Temporary problem!'; `retry` starts again after that
 * problem modal.
 */
export function useWaitForOrder({
  key,
  vendorId,
  orderId,
  status,
  intervalMs = POLLING_INTERVAL_MS,
}: WaitForOrderInput) {
  const dispatch = useDispatch();
  const store = useStore<{ placedOrder: PlacedOrderState }>();
  const [state, setState] = useState<WaitState>({ kind: 'waiting' });
  const [run, setRun] = useState(0);
  const entryStatus = useRef(status);
  const consumerId = key?.consumerId ?? null;
  const hmacKey = key?.hmacKey ?? null;

  useEffect(() => {
    if (vendorId === null || orderId === null) return;
    const signing = signingKeyOf({ id: consumerId, hmacKey });

    // Only the first run reacts to the status the screen opened with; a retry always polls.
    const entry = run === 0 ? waitEntryAction(entryStatus.current) : 'poll';
    if (entry === 'move-on') {
      setState({ kind: 'move-on' });
      return;
    }
    if (entry === 'send-alerted') {
      if (signing) void sendAlertedOnce(signing, { vendorId, orderId });
      setState({ kind: 'pick-up', status: 'PendingAlerted' });
      return;
    }

    // The order arrives by its live stream while that is open, and by polling while it is not
    // (lib/order-stream.ts); whichever sees the wait end first ends both.
    let stopPolling: (() => void) | undefined;
    let stopStream: (() => void) | undefined;
    let over = false;
    let live = false;
    let lastHeard = 0;
    /** messages the stream has delivered, and the status of the latest */
    let streamed = 0;
    let streamedStatus = 'Waiting';
    const receive = (order: PlacedOrder): string => {
      lastHeard = Date.now();
      // Another order may have taken its place while the answer was on its way: keep that one.
      if (store.getState().placedOrder.id !== orderId) return 'Waiting';
      dispatch(orderReceived(order));
      dispatch(
        orderDetailsReceived({ id: order.id, paymentSummary: order.paymentSummary, serviceMode: order.serviceMode }),
      );
      return order.orderStatus;
    };
    const stopAll = () => {
      over = true;
      stopPolling?.();
      stopStream?.();
    };
    const finish = (found: string) => {
      if (over) return;
      stopAll();
      const outcome = waitOutcome(found);
      if (outcome === 'pick-up') setState({ kind: 'pick-up', status: found });
      else if (outcome === 'problem') setState({ kind: 'problem', cancelled: true });
      else setState({ kind: 'move-on' });
    };

    // The screen first shows the saved order; the first read waits until that has painted
    // (lib/first-paint.ts), so on a slow line it does not hold up the screen's code.
    const cancelStart = afterFirstPaint(() => {
      if (signing && orderStreamsSupported()) {
        stopStream = followOrderStream(signing, orderId, {
          onOrder: (order) => {
            if (over) return;
            streamed += 1;
            const found = receive(order);
            streamedStatus = found;
            if (isWaitOver(found)) finish(found);
          },
          onLiveChange: (value) => {
            live = value;
          },
        });
      }
      stopPolling = startOrderPolling(
        {
          fetchStatus: async (signal) => {
            if (!signing) throw new Error('The order cannot be read without the consumer key.');
            try {
              const before = streamed;
              const order = await getPlacedOrder(signing, vendorId, orderId, { background: true, signal });
              // The stream spoke while this read was on its way: its news is the newer one.
              if (streamed !== before) return streamedStatus;
              return receive(order);
            } catch (error) {
              // Polling stopped (the screen closed, or a retry began): nothing failed.
              if (!signal.aborted) dispatch(orderFetchFailed(errorMessage(error)));
              throw error;
            }
          },
          onWaitOver: finish,
          onError: () => {
            stopAll();
            setState({ kind: 'problem', cancelled: false });
          },
          // A read now and then even while the stream is live, in case it went quiet without closing.
          paused: () => live && Date.now() - lastHeard < LIVE_STREAM_CHECK_MS,
        },
        intervalMs,
      );
    });
    return () => {
      cancelStart();
      stopAll();
    };
  }, [dispatch, store, consumerId, hmacKey, vendorId, orderId, intervalMs, run]);

  const retry = useCallback(() => {
    setState({ kind: 'waiting' });
    setRun((value) => value + 1);
  }, []);

  return { state, retry };
}
