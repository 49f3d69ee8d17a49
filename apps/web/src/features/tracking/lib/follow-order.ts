/**
 * Following a placed order live (docs/decisions/021-customer-order-streams.md): its event stream
 * while that is open, the spec's polling (every 5 s) while it is not, until the order reaches a
 * status the screen waits for. The wait screen follows it until the wait is over; the alert-order
 * screen until the order is Serviced or Cancelled (a helped order can still become ready there).
 */
import type { PlacedOrder } from '@venue/contract/order';
import { afterFirstPaint } from '../../../lib/first-paint';
import type { SigningKey } from '../../../lib/request-signing';
import { getPlacedOrder } from '../../../entities/placed-order';
import { POLLING_INTERVAL_MS, startOrderPolling } from './order-polling';
import { followOrderStream, orderStreamsSupported } from './order-stream';

/** While the live stream is open the order is still read this often, in case the stream went quiet (ms). */
export const LIVE_STREAM_CHECK_MS = 60_000;

export interface FollowOrderInput {
  /** null: the order cannot be read (polling reports it as an error) */
  key: SigningKey | null;
  vendorId: number;
  orderId: number;
  /** takes in the order as read or streamed; answers the status to go by */
  receive: (order: PlacedOrder) => string;
  /** whether following is over with this status */
  isOver: (status: string) => boolean;
  /** the order reached such a status; following has stopped */
  onOver: (status: string) => void;
  /** a read failed with something other than a network error; following has stopped */
  onError: (error: unknown) => void;
  /** any read that failed while following (network errors included) */
  onReadFailed?: (error: unknown) => void;
  /** open the live stream as well as polling (default true) */
  stream?: boolean;
  intervalMs?: number;
}

/**
 * Starts following once the screen has painted (lib/first-paint.ts), so on a slow line the first
 * read does not hold up the screen's code. Whichever of stream and polling sees the end first
 * stops both. Answers the stop function; nothing is reported after it is called.
 */
export function followOrder(input: FollowOrderInput): () => void {
  const { key, vendorId, orderId, isOver, intervalMs = POLLING_INTERVAL_MS } = input;
  let stopPolling: (() => void) | undefined;
  let stopStream: (() => void) | undefined;
  let over = false;
  let live = false;
  let lastHeard = 0;
  /** messages the stream has delivered, and the status of the latest */
  let streamed = 0;
  let streamedStatus = '';
  const receive = (order: PlacedOrder) => {
    lastHeard = Date.now();
    return input.receive(order);
  };
  const stopAll = () => {
    over = true;
    stopPolling?.();
    stopStream?.();
  };
  const finish = (found: string) => {
    if (over) return;
    stopAll();
    input.onOver(found);
  };

  const cancelStart = afterFirstPaint(() => {
    if (key && input.stream !== false && orderStreamsSupported()) {
      stopStream = followOrderStream(key, orderId, {
        onOrder: (order) => {
          if (over) return;
          streamed += 1;
          const found = receive(order);
          streamedStatus = found;
          if (isOver(found)) finish(found);
        },
        onLiveChange: (value) => {
          live = value;
        },
      });
    }
    stopPolling = startOrderPolling(
      {
        fetchStatus: async (signal) => {
          if (!key) throw new Error('The order cannot be read without the consumer key.');
          try {
            const before = streamed;
            const order = await getPlacedOrder(key, vendorId, orderId, { background: true, signal });
            // The stream spoke while this read was on its way: its news is the newer one.
            if (streamed !== before) return streamedStatus;
            return receive(order);
          } catch (error) {
            // Polling stopped (the screen closed, or a retry began): nothing failed.
            if (!signal.aborted) input.onReadFailed?.(error);
            throw error;
          }
        },
        isOver,
        onWaitOver: finish,
        onError: (error) => {
          stopAll();
          input.onError(error);
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
}
