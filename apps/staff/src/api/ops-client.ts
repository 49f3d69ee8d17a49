/** Calls to the operations API with the device's staff token (Authorization: Bearer). */

/** How long a call may take before it counts as a lost connection. */
export const CALL_TIMEOUT_MS = 15_000;

export class OpsError extends Error {
  constructor(
    message: string,
    /** 0 when no answer came */
    readonly status: number,
  ) {
    super(message);
  }
}

/** What a staff member is told when the network, not the server, failed. */
export const NO_CONNECTION_MESSAGE = 'No connection to the server. Check the Wi-Fi and try again.';

export interface OpsClient {
  token: string;
  request<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T>;
}

/** A client for one token; paths start with /ops/v1 or /v1. */
export function opsClient(token: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): OpsClient {
  return {
    token,
    async request<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
      let response: Response;
      try {
        response = await fetchImpl(path, {
          method,
          headers: {
            Accept: 'application/json',
            Authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: controller.signal,
        });
      } catch {
        throw new OpsError(NO_CONNECTION_MESSAGE, 0);
      } finally {
        clearTimeout(timer);
      }
      const text = await response.text().catch(() => '');
      let payload: unknown;
      try {
        payload = text ? JSON.parse(text) : null;
      } catch {
        payload = null;
      }
      if (!response.ok) {
        const message =
          payload && typeof payload === 'object' && typeof (payload as { message?: unknown }).message === 'string'
            ? (payload as { message: string }).message
            : `The server answered ${response.status}.`;
        throw new OpsError(message, response.status);
      }
      return payload as T;
    },
  };
}
