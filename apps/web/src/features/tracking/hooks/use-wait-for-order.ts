import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { isWaitOver, waitEntryAction, waitOutcome } from '@venue/domain/order-wait';
import { errorMessage } from '../../../lib/api-client';
import { signingKeyOf, type SigningKey } from '../../../lib/request-signing';
import { sendAlertedOnce } from '../lib/alerted-once';
import { followOrder } from '../lib/follow-order';
import { POLLING_INTERVAL_MS } from '../lib/order-polling';
import type { ConsumerKeys } from '../../../entities/consumer';
import { orderFetchFailed, type PlacedOrderState } from '../../../entities/placed-order';
import { receiveOrder } from './receive-order';

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
    const signing = signingKeyOf({ id: consumerId, hmacKey } satisfies ConsumerKeys);

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
    // (lib/follow-order.ts); whichever sees the wait end first ends both.
    return followOrder({
      key: signing,
      vendorId,
      orderId,
      intervalMs,
      receive: (order) => receiveOrder(dispatch, store, orderId, order) ?? 'Waiting',
      isOver: isWaitOver,
      onOver: (found) => {
        const outcome = waitOutcome(found);
        if (outcome === 'pick-up') setState({ kind: 'pick-up', status: found });
        else if (outcome === 'problem') setState({ kind: 'problem', cancelled: true });
        else setState({ kind: 'move-on' });
      },
      onError: () => setState({ kind: 'problem', cancelled: false }),
      onReadFailed: (error) => dispatch(orderFetchFailed(errorMessage(error))),
    });
  }, [dispatch, store, consumerId, hmacKey, vendorId, orderId, intervalMs, run]);

  const retry = useCallback(() => {
    setState({ kind: 'waiting' });
    setRun((value) => value + 1);
  }, []);

  return { state, retry };
}
