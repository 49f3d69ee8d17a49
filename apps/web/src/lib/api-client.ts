import { settings } from '../config/settings';
import { apiUrl } from './api-url';
import { takeEarlyResponse } from './early-responses';
import {
  ApiError,
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  NETWORK_ERROR_MESSAGE,
  type HttpRequestOptions,
} from '@venue/client/http-client';

/** An API call that failed: a network failure (no answer, status 0) or an answer with an error status. */
export { ApiError };

/** The message spec §4 tracking logic tests for: a call that got no answer ('Network Error'). */
export { NETWORK_ERROR_MESSAGE };

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
export const REQUEST_TIMEOUT_MS = DEFAULT_TIMEOUT_MS;
/**
 * Calls that take or settle money (initiate-payment, payment update and verify, purchase/token,
 * purchase/wallet, coupon purchase) wait longer: the server talks to the payment gateway before it
 * answers, and giving up on a payment that is still going through only sends the customer round
 * again.
 */
export const PAYMENT_REQUEST_TIMEOUT_MS = 45_000;

export interface RequestOptions extends HttpRequestOptions {
  /** a periodic check the customer did not ask for (see NetworkListener) */
  background?: boolean;
  /** how long to wait for the whole answer; REQUEST_TIMEOUT_MS unless a payment call says otherwise */
  timeoutMs?: number;
}

// Pure: a module that imports this one without calling the API (the early script) leaves the client out.
const client = /* @__PURE__ */ createHttpClient<RequestOptions>({
  // 'Network Error' for no answer (a proxy's 502–504 included), "Request failed (500)" for an
  // error answer that names no message: the client's defaults.
  baseUrl: () => settings.apiBase,
  onAnswer: (answered, options) =>
    answered ? networkListener?.networkSucceeded() : networkListener?.networkFailed(options.background ?? false),
  // The page may have asked already, while the app's code was on its way (lib/early-responses.ts).
  earlyResponse: takeEarlyResponse,
});

/** Builds an absolute API URL from a path under /v1 ("/venue/0/vendors"). */
export { apiUrl };

/**
 * Calls the /v1 API with JSON in and out; `T` is the endpoint's contract type (the server validates
 * its answers against the same schemas, so the app does not ship zod's full build to re-check them).
 * Rejects with an ApiError carrying the server's message; with a 'Network Error' (status 0) when no
 * whole answer arrived, the timeout included; with an AbortError only when the caller cancelled.
 */
export const apiRequest = client.request;

/** The message to store in a slice's `error` for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
