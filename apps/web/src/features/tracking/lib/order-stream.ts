/**
 * The placed order, live: GET /v1/order/{orderId}/events (Server-Sent Events) sends the order as
 * GET order answers it, at once and whenever its status, place in the queue or estimate changes
 * (docs/decisions/021-customer-order-streams.md). The wait screen follows it while it is open and
 * polls (spec §9, every 5 s) while it is not, so a stream that cannot be had changes nothing the
 * customer sees but how soon 'Pick up now' appears.
 */
import type { PlacedOrder } from '@venue/contract/order';
import { SIGNED_QUERY_PARAMS, signedQueryBase } from '@venue/domain/request-signature';
import { apiUrl } from '../../../lib/api-client';
import { hmacSha1Base64, type SigningKey } from '../../../lib/request-signing';

/** After a stream is refused or lost for good, it is tried again after this long, doubling up to the most. */
export const STREAM_RETRY_FIRST_MS = 1_000;
export const STREAM_RETRY_MOST_MS = 30_000;

/** The stream's address, signed in its query (an EventSource cannot send the signature headers). */
export async function orderEventsUrl(key: SigningKey, orderId: number, nowMs: number = Date.now()): Promise<string> {
  const url = new URL(apiUrl(`/order/${orderId}/events`), window.location.href);
  const timestamp = String(nowMs);
  const signature = await hmacSha1Base64(key.hmacKey, signedQueryBase(url.pathname, timestamp));
  url.searchParams.set(SIGNED_QUERY_PARAMS.consumerId, key.consumerId);
  url.searchParams.set(SIGNED_QUERY_PARAMS.timestamp, timestamp);
  url.searchParams.set(SIGNED_QUERY_PARAMS.signature, signature);
  return url.toString();
}

export interface OrderStreamHandlers {
  /** the order as the server sent it */
  onOrder: (order: PlacedOrder) => void;
  /** whether the stream is open and delivering now; while it is not, the caller polls */
  onLiveChange: (live: boolean) => void;
}

/** Whether this browser can follow a stream at all. */
export function orderStreamsSupported(): boolean {
  return typeof EventSource === 'function';
}

/**
 * Follows the order's stream until stopped: the browser reconnects by itself after a dropped
 * connection (with the server's `retry:`); a refused one (an expired signature after a long
 * wait, a finished order, a server that has no stream) is opened again, freshly signed, after a
 * growing pause. Answers the stop function.
 */
export function followOrderStream(key: SigningKey, orderId: number, handlers: OrderStreamHandlers): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let nextRetryMs = STREAM_RETRY_FIRST_MS;
  let live = false;

  const setLive = (value: boolean) => {
    if (live === value || stopped) return;
    live = value;
    handlers.onLiveChange(value);
  };

  const connect = async () => {
    let url: string;
    try {
      url = await orderEventsUrl(key, orderId);
    } catch {
      return retryLater();
    }
    if (stopped) return;
    source = new EventSource(url);
    source.addEventListener('order', (event) => {
      let order: PlacedOrder;
      try {
        order = JSON.parse((event as MessageEvent<string>).data) as PlacedOrder;
      } catch {
        return;
      }
      nextRetryMs = STREAM_RETRY_FIRST_MS;
      setLive(true);
      handlers.onOrder(order);
    });
    source.addEventListener('error', () => {
      setLive(false);
      // CONNECTING: the browser is already reconnecting. CLOSED: it gave up; try again ourselves.
      if (source?.readyState === EventSource.CLOSED) retryLater();
    });
  };

  function retryLater() {
    source?.close();
    source = null;
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), nextRetryMs);
    nextRetryMs = Math.min(STREAM_RETRY_MOST_MS, nextRetryMs * 2);
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}
