import { settings } from '../config/settings';
import { takeEarlyResponse } from './early-responses';

/** An API call that failed: a network failure (no answer) or an answer with an error status. */
export class ApiError extends Error {
  /** HTTP status, or 0 when no answer arrived */
  readonly status: number;
  readonly isNetworkError: boolean;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.isNetworkError = status === 0;
    this.body = body;
  }
}

/** The message spec §4 tracking logic tests for: a call that got no answer. */
export const NETWORK_ERROR_MESSAGE = 'Network Error';

/** Told about every call's outcome so the network status (spec §4, §8) follows reality. */
export interface NetworkListener {
  /** `background`: the call was a periodic re-check, not something the customer did */
  networkFailed(background: boolean): void;
  networkSucceeded(): void;
}

let networkListener: NetworkListener | null = null;

/** Wires the client to the store (done once in app/store.ts; tests may pass their own). */
export function setNetworkListener(listener: NetworkListener | null): void {
  networkListener = listener;
}

/**
 * How long a call may go without its answer before it counts as a 'Network Error' (no answer).
 * Without a limit, one request the network swallows (a dead mobile cell, a proxy that holds the
 * connection) never settles, and whatever waits for it (the wait screen's polling, a button's
 * spinner) waits for good. 15 s is well past a slow mobile answer yet short enough that the next
 * poll soon follows.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
/**
 * Calls that take or settle money (initiate-payment, payment update and verify, purchase/token,
 * purchase/wallet, coupon purchase) wait longer: the server talks to the payment gateway before it
 * answers, and giving up on a payment that is still going through only sends the customer round
 * again.
 */
export const PAYMENT_REQUEST_TIMEOUT_MS = 45_000;

/** Gateway answers mean the API server could not be reached behind a proxy: a connection problem too. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** a periodic check the customer did not ask for (see NetworkListener) */
  background?: boolean;
  /** how long to wait for the whole answer; REQUEST_TIMEOUT_MS unless a payment call says otherwise */
  timeoutMs?: number;
}

/** Builds an absolute API URL from a path under /v1 ("/venue/0/vendors"). */
export function apiUrl(path: string): string {
  return `${settings.apiBase}${path.startsWith('/') ? path : `/${path}`}`;
}

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message)
    return body.message;
  return fallback;
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/**
 * One call's stop signal: the caller's own cancel, or the timeout. Linked by hand rather than by
 * AbortSignal.any/timeout, which Safari before 17.4 lacks, and so the timer is cleared once the
 * answer is in.
 */
function callSignal(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const cancel = () => controller.abort(signal?.reason);
  if (signal?.aborted) cancel();
  else signal?.addEventListener('abort', cancel, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('The call timed out.', 'TimeoutError')), timeoutMs);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    },
  };
}

/** `promise`, or a rejection as soon as `signal` stops the call (for waits fetch itself does not watch). */
function untilStopped<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      // What it would have answered no longer matters, a failure included.
      promise.catch(() => undefined);
      reject(abortError());
      return;
    }
    const stop = () => reject(abortError());
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * Calls the /v1 API with JSON in and out; `T` is the endpoint's contract type (the server validates
 * its answers against the same schemas, so the app does not ship zod's full build to re-check them).
 * Rejects with an ApiError carrying the server's message; with a 'Network Error' (status 0) when no
 * whole answer arrived, the timeout included; with an AbortError only when the caller cancelled.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers = {}, signal, background = false, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const call = callSignal(signal, timeoutMs);
  const init: RequestInit = { method, headers: { Accept: 'application/json', ...headers }, signal: call.signal };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json', ...init.headers };
  }

  /** No (whole) answer: the caller's own cancel stays an abort; anything else, the timeout too, is a network failure. */
  const noAnswer = (): never => {
    if (signal?.aborted) throw abortError();
    networkListener?.networkFailed(background);
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  };

  try {
    const url = apiUrl(path);
    // The page may have asked already, while the app's code was on its way (lib/early-responses.ts).
    const early = method === 'GET' && !signal?.aborted ? takeEarlyResponse(method, url) : null;
    let response: Response;
    try {
      // The early request was sent without this call's signal: the wait for it is bounded here.
      const earlyResponse = early ? await untilStopped(early, call.signal) : null;
      // Cancelled while the early answer was on its way: as fetch itself would, reject.
      if (call.signal.aborted) throw abortError();
      response = earlyResponse?.ok ? earlyResponse : await untilStopped(fetch(url, init), call.signal);
    } catch {
      return noAnswer();
    }

    if (UNREACHABLE_STATUSES.has(response.status)) {
      networkListener?.networkFailed(background);
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
    }
    networkListener?.networkSucceeded();

    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    let payload: unknown = null;
    if (response.status !== 204) {
      try {
        payload = await untilStopped(isJson ? response.json() : response.text(), call.signal);
      } catch {
        // The body was cut off (the connection dropped, the page is going away, or it took too
        // long): a success without its answer is no success, and must not reach the store as an
        // empty one.
        if (response.ok) return noAnswer();
        payload = null;
      }
    }

    if (!response.ok) {
      throw new ApiError(messageOf(payload, `Request failed (${response.status})`), response.status, payload);
    }
    return payload as T;
  } finally {
    call.done();
  }
}

/** The message to store in a slice's `error` for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
