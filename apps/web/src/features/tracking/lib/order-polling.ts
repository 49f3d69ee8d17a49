/** The wait screen's polling of the placed order (spec §4, §9). */
import { isWaitOver } from '@venue/domain/order-wait';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

/** Spec §9: the wait screen asks for the order every 5 s. */
export const POLLING_INTERVAL_MS = 5000;

/** Spec §4: a 'Network Error' (no answer) does not stop tracking; any other error does. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetworkError;
  return error instanceof Error && error.message === NETWORK_ERROR_MESSAGE;
}

export interface OrderPollingHandlers {
  /**
   * one read of the placed order; resolves with its status. `signal` stops the read when polling
   * stops, so a read left hanging never outlives the screen or overlaps the next run's reads.
   */
  fetchStatus: (signal: AbortSignal) => Promise<string>;
  /** whether polling is over with this status (default: the wait screen's, isWaitOver) */
  isOver?: (status: string) => boolean;
  /** the order reached such a status (the wait screen's: PendingAlerted, Cancelled, Alerted, Serviced); polling has stopped */
  onWaitOver: (status: string) => void;
  /** a read failed with something other than a network error; polling has stopped */
  onError: (error: unknown) => void;
  /** asked at each turn: true skips this read (the order is arriving by its live stream) */
  paused?: () => boolean;
}

/**
 * Reads the order at once, then every `intervalMs` after each answer (so slow answers never pile
 * up; a read with no answer ends as a 'Network Error' by the API client's timeout, and the next one
 * follows), until it reaches a status the wait screen waits for or a non-network error. Returns a stop
 * function; nothing is reported after it is called.
 */
export function startOrderPolling(
  handlers: OrderPollingHandlers,
  intervalMs: number = POLLING_INTERVAL_MS,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reads = new AbortController();

  const poll = async () => {
    if (handlers.paused?.()) {
      timer = setTimeout(poll, intervalMs);
      return;
    }
    try {
      const status = await handlers.fetchStatus(reads.signal);
      if (stopped) return;
      if ((handlers.isOver ?? isWaitOver)(status)) {
        stopped = true;
        handlers.onWaitOver(status);
        return;
      }
    } catch (error) {
      if (stopped) return;
      if (!isNetworkError(error)) {
        stopped = true;
        handlers.onError(error);
        return;
      }
    }
    timer = setTimeout(poll, intervalMs);
  };

  timer = setTimeout(poll, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
    reads.abort();
  };
}
