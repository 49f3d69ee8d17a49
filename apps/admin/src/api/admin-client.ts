/**
 * The back office's one HTTP client: calls to /admin/v1 with the manager's session cookie (sent by
 * the browser, same origin), through @venue/client. Every other file calls the API through the
 * functions of this folder; none has a fetch of its own (eslint.config.js).
 */
import {
  ApiError,
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  parseJsonOrNull,
  type HttpMethod,
} from '@venue/client/http-client';

export { ApiError };

/** The API's prefix; the app itself is served under /admin. */
export const ADMIN_API = '/admin/v1';

/** What a manager is told when the network, not the server, failed. */
export const NO_CONNECTION_MESSAGE = 'No connection to the server. Check the network and try again.';

const client = createHttpClient({
  baseUrl: () => ADMIN_API,
  networkErrorMessage: NO_CONNECTION_MESSAGE,
  // A 502 is the server's own answer here (a payment gateway that refused a refund), with its message.
  unreachableStatuses: [],
  statusMessage: (status) => `The server answered ${status}.`,
  parse: parseJsonOrNull,
});

type SignedOutListener = () => void;
const signedOutListeners = new Set<SignedOutListener>();

/**
 * Called whenever a call answers 401 (the session ended: signed out elsewhere, disabled, expired),
 * so the app can go back to the sign-in. Returns the function that stops listening.
 */
export function onSignedOut(listener: SignedOutListener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** Tells the app the session ended (a call or the event stream answered 401). */
export function announceSignedOut(): void {
  for (const listener of signedOutListeners) listener();
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** a 401 is this call's own answer (signing in), not the end of the session */
  expectSignedOut?: boolean;
}

/** Calls `path` (under /admin/v1); rejects with ApiError. */
export async function call<T>(method: HttpMethod, path: string, options: CallOptions = {}): Promise<T> {
  const { expectSignedOut, ...rest } = options;
  try {
    return await client.request<T>(path, { method, ...rest });
  } catch (error) {
    if (!expectSignedOut && error instanceof ApiError && error.status === 401) announceSignedOut();
    throw error;
  }
}

export type Query = Record<string, string | number | undefined | null>;

/** `path` with the query's set values ("/orders?q=ab&from=2026-11-27"); empty values are left out. */
export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Pictures may take a while on a venue's uplink. */
export const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * Sends a file's bytes as they are (a picture upload: @venue/client's client sends JSON only), with
 * the same time limit over the whole answer and the same ApiError. This module is the one place
 * the back office calls fetch itself.
 */
export async function uploadBytes<T>(path: string, file: Blob, timeoutMs = UPLOAD_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(timeoutMs, DEFAULT_TIMEOUT_MS));
  try {
    let response: Response;
    let payload: unknown;
    try {
      response = await fetch(client.url(path), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
        signal: controller.signal,
      });
      payload = parseJsonOrNull(await response.text());
    } catch {
      throw new ApiError(NO_CONNECTION_MESSAGE, 0);
    }
    if (!response.ok) {
      const message = (payload as { message?: unknown } | null)?.message;
      const error = new ApiError(
        typeof message === 'string' && message ? message : `The server answered ${response.status}.`,
        response.status,
        payload,
      );
      if (response.status === 401) announceSignedOut();
      throw error;
    }
    return payload as T;
  } finally {
    clearTimeout(timer);
  }
}

/** The address of an API path with its query, for the browser itself (a CSV download, the event stream). */
export const apiUrl = (path: string, query: Query = {}): string => client.url(withQuery(path, query));

/** The words of a failure to show a manager. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
