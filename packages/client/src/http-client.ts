/**
 * The browsers' one HTTP client (the customer app, the staff display, the back office): JSON in and
 * out over fetch, one error shape, and one time limit that covers the whole answer, its headers and
 * its body alike. Without a limit, one request the network swallows (a dead mobile cell, a proxy
 * that holds the connection, a body that stops half way) never settles, and whatever waits for it
 * (a poll, a button's spinner) waits for good.
 *
 * What differs between the apps is configuration: the base URL, the messages, and hooks for the
 * customer app's network status and early answers. A call's own headers carry its credential (a
 * bearer token, a request signature).
 */

/** How long a call may go without its whole answer before it counts as no answer. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** The message of a call that got no (whole) answer, unless a client names its own. */
export const NETWORK_ERROR_MESSAGE = 'Network Error';

/** Gateway answers: the API could not be reached behind a proxy, a connection problem too. */
export const UNREACHABLE_STATUSES: readonly number[] = [502, 503, 504];

/** A call that failed: no (whole) answer, `status` 0, or an answer with an error status. */
export class ApiError extends Error {
  // Declared, not defined: the constructor sets them (and the customer app's first load stays small).
  /** HTTP status, or 0 when no answer arrived */
  declare readonly status: number;
  declare readonly isNetworkError: boolean;
  /** the error answer's body (parsed JSON when it was JSON), or null */
  declare readonly body: unknown;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.isNetworkError = status === 0;
    this.body = body;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequestOptions {
  method?: HttpMethod;
  /** sent as JSON */
  body?: unknown;
  /** this call's headers: a bearer token, a request signature */
  headers?: Record<string, string>;
  /** the caller's cancel: the call then rejects with an AbortError, never an ApiError */
  signal?: AbortSignal;
  /** how long to wait for the whole answer, headers and body; DEFAULT_TIMEOUT_MS otherwise */
  timeoutMs?: number;
}

export interface HttpClientConfig<Options extends HttpRequestOptions = HttpRequestOptions> {
  /** the prefix of every path ("/v1", "https://api.example.com/v1"; '' for none), read on every call */
  baseUrl: () => string;
  /** the message of the ApiError (status 0) of a call without a whole answer; NETWORK_ERROR_MESSAGE by default */
  networkErrorMessage?: string;
  /** the message of an error answer whose body names none; "Request failed (500)" by default */
  statusMessage?: (status: number) => string;
  /** answers that count as no answer: UNREACHABLE_STATUSES by default */
  unreachableStatuses?: readonly number[];
  /**
   * How an answer's text becomes its payload: by default JSON when the Content-Type says JSON (a
   * malformed one throws, and counts as a cut-off body), the text otherwise.
   */
  parse?: (text: string, response: Response) => unknown;
  /**
   * Told whether each call got an answer (its status, whatever it is) or none (no whole answer, the
   * timeout included); not told about a call its caller cancelled.
   */
  onAnswer?: (answered: boolean, options: Options) => void;
  /** an answer the page asked for ahead of the app (GET only); used when it is a success */
  earlyResponse?: (method: HttpMethod, url: string) => Promise<Response | null> | null;
}

export interface HttpClient<Options extends HttpRequestOptions = HttpRequestOptions> {
  /** The absolute URL of a path under the base ("/venue/0/vendors" → "/v1/venue/0/vendors"). */
  url(path: string): string;
  /**
   * Calls `path` with JSON in and out; `T` is the endpoint's contract type. Rejects with an ApiError
   * carrying the server's message; with a network ApiError (status 0) when no whole answer arrived
   * in time; with an AbortError only when the caller cancelled.
   */
  request<T = unknown>(path: string, options?: Options): Promise<T>;
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
  // Its reason never shows: whatever the timeout stops ends as the client's network error.
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    },
  };
}

/**
 * `promise`, or a rejection as soon as `signal` stops the call: for the waits fetch itself may not
 * end (an early answer, a fetch that ignores its signal, a body that stops coming).
 */
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

/** The `message` an error answer's body names (Fastify's error shape), or null. */
function messageOf(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/** The default `parse`: JSON when the answer says it is JSON (throwing when it is malformed), else the text. */
function parseDeclared(text: string, response: Response): unknown {
  return (response.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as unknown) : text;
}

/** A `parse` for APIs that always answer JSON: any body as JSON, null when it is empty or not JSON. */
export function parseJsonOrNull(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export function createHttpClient<Options extends HttpRequestOptions = HttpRequestOptions>(
  config: HttpClientConfig<Options>,
): HttpClient<Options> {
  const {
    baseUrl,
    networkErrorMessage = NETWORK_ERROR_MESSAGE,
    statusMessage = (status: number) => `Request failed (${status})`,
    unreachableStatuses = UNREACHABLE_STATUSES,
    parse = parseDeclared,
  } = config;
  const url = (path: string) => `${baseUrl()}${path.startsWith('/') ? path : `/${path}`}`;

  async function request<T>(path: string, options: Options = {} as Options): Promise<T> {
    const { method = 'GET', body, headers = {}, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
    const call = callSignal(signal, timeoutMs);
    const json = body !== undefined;
    const init: RequestInit = {
      method,
      headers: { Accept: 'application/json', ...(json && { 'Content-Type': 'application/json' }), ...headers },
      signal: call.signal,
    };
    if (json) init.body = JSON.stringify(body);

    /** No (whole) answer: the caller's own cancel stays an abort; anything else, the timeout too, is a network failure. */
    const noAnswer = (): never => {
      if (signal?.aborted) throw abortError();
      config.onAnswer?.(false, options);
      throw new ApiError(networkErrorMessage, 0);
    };

    try {
      const target = url(path);
      const early = method === 'GET' && !signal?.aborted && config.earlyResponse?.(method, target);
      let response: Response;
      try {
        // The early request was sent without this call's signal: the wait for it is bounded here.
        const earlyResponse = early ? await untilStopped(early, call.signal) : null;
        // Cancelled while the early answer was on its way: as fetch itself would, reject.
        if (call.signal.aborted) throw abortError();
        response = earlyResponse?.ok ? earlyResponse : await untilStopped(fetch(target, init), call.signal);
      } catch {
        return noAnswer();
      }

      if (unreachableStatuses.includes(response.status)) return noAnswer();
      config.onAnswer?.(true, options);

      let payload: unknown = null;
      if (response.status !== 204) {
        try {
          // The body's read is bounded too: fetch's own signal (the same stop) cuts a body that stalls,
          // and untilStopped ends the wait even where it would not (an early answer, a stand-in fetch).
          payload = parse(await untilStopped(response.text(), call.signal), response);
        } catch {
          // The body was cut off (the connection dropped, the page is going away, or it took too
          // long): a success without its answer is no success, and must not pass for an empty one.
          if (response.ok) return noAnswer();
        }
      }

      if (!response.ok) {
        throw new ApiError(messageOf(payload) ?? statusMessage(response.status), response.status, payload);
      }
      return payload as T;
    } finally {
      call.done();
    }
  }

  return { url, request };
}
