/** Spec §4/§9: after a payment the app re-reads the order until the vendor has it. */
import { ORDER_NOT_RESOLVED_MESSAGE } from '@venue/domain/payment-results';

/** Spec §9: order-resolved polling, 200 tries at 1000 ms. */
export const ORDER_RESOLVE_MAX_TRIES = 200;
export const ORDER_RESOLVE_INTERVAL_MS = 1000;

/** Rejection of pollOrder when the tries run out. */
export class OrderNotResolvedError extends Error {
  constructor() {
    super(ORDER_NOT_RESOLVED_MESSAGE);
    this.name = 'OrderNotResolvedError';
  }
}

export interface PollOptions {
  maxTries?: number;
  intervalMs?: number;
  signal?: AbortSignal;
  /** told about every copy read, so the screen can show it */
  onOrder?: (order: { orderStatus: string }) => void;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/**
 * Reads the order up to `maxTries` times, `intervalMs` apart (the first read at once), until its
 * status is one of `statuses`. A failed read counts as a try. Rejects with OrderNotResolvedError.
 */
export async function pollOrder<T extends { orderStatus: string }>(
  readOrder: () => Promise<T>,
  statuses: readonly string[],
  { maxTries = ORDER_RESOLVE_MAX_TRIES, intervalMs = ORDER_RESOLVE_INTERVAL_MS, signal, onOrder }: PollOptions = {},
): Promise<T> {
  for (let attempt = 1; attempt <= maxTries; attempt += 1) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    try {
      const order = await readOrder();
      onOrder?.(order);
      if (statuses.includes(order.orderStatus)) return order;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      // a failed read is one try used; the next one may succeed
    }
    if (attempt < maxTries) await wait(intervalMs, signal);
  }
  throw new OrderNotResolvedError();
}

/** Spec §7: the payment update is retried up to 3 times. */
export const PAYMENT_UPDATE_TRIES = 3;

/** Runs `call` up to `tries` times until it succeeds; rejects with the last error. */
export async function withRetries<T>(call: () => Promise<T>, tries: number = PAYMENT_UPDATE_TRIES): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < tries; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
