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

/** Gateway answers mean the API server could not be reached behind a proxy: a connection problem too. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** a periodic check the customer did not ask for (see NetworkListener) */
  background?: boolean;
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

/**
 * Calls the /v1 API with JSON in and out; `T` is the endpoint's contract type (the server validates
 * its answers against the same schemas, so the app does not ship zod's full build to re-check them).
 * Rejects with an ApiError carrying the server's message.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers = {}, signal, background = false } = options;
  const init: RequestInit = { method, headers: { Accept: 'application/json', ...headers } };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json', ...init.headers };
  }

  const url = apiUrl(path);
  // The page may have asked already, while the app's code was on its way (lib/early-responses.ts).
  const early = method === 'GET' && !signal?.aborted ? takeEarlyResponse(method, url) : null;
  let response: Response;
  try {
    const earlyResponse = early ? await early : null;
    // Cancelled while the early answer was on its way: as fetch itself would, reject.
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    response = earlyResponse?.ok ? earlyResponse : await fetch(url, init);
  } catch (error) {
    // An aborted call is the caller's choice, not a connection problem.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    networkListener?.networkFailed(background);
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
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
      payload = isJson ? await response.json() : await response.text();
    } catch {
      // The body was cut off (the connection dropped, or the page is going away): a success without
      // its answer is no success, and must not reach the store as an empty one.
      if (response.ok) {
        if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        networkListener?.networkFailed(background);
        throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
      }
      payload = null;
    }
  }

  if (!response.ok) {
    throw new ApiError(messageOf(payload, `Request failed (${response.status})`), response.status, payload);
  }
  return payload as T;
}

/** The message to store in a slice's `error` for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
