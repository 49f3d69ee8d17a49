/** Calls to the operations API with the device's staff token (Authorization: Bearer), by @venue/client. */
import { createHttpClient, DEFAULT_TIMEOUT_MS, parseJsonOrNull } from '@venue/client/http-client';

/** How long a call may take, its answer's body included, before it counts as a lost connection. */
export const CALL_TIMEOUT_MS = DEFAULT_TIMEOUT_MS;

/** What a staff member is told when the network, not the server, failed. */
export const NO_CONNECTION_MESSAGE = 'No connection to the server. Check the Wi-Fi and try again.';

export interface OpsClient {
  token: string;
  request<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T>;
}

const client = createHttpClient({
  baseUrl: () => '',
  networkErrorMessage: NO_CONNECTION_MESSAGE,
  // A proxy's 502–504 is the server's answer here, told with its status.
  unreachableStatuses: [],
  statusMessage: (status) => `The server answered ${status}.`,
  parse: parseJsonOrNull,
});

/** A client for one token; paths start with /ops/v1 or /v1. Failures reject with @venue/client's ApiError. */
export function opsClient(token: string): OpsClient {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    token,
    request: <T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
      client.request<T>(path, { method, headers, ...(body === undefined ? {} : { body }) }),
  };
}
