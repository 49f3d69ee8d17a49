/**
 * Reads the store's live events (GET /ops/v1/vendor/{vendorId}/events, Server-Sent Events) with
 * @venue/client's fetch-based reader, because EventSource cannot send the Authorization header. It
 * reconnects with a growing pause and resumes from the last event id, so nothing is missed while the
 * Wi-Fi drops out.
 */
import { openEventStream as openStream, type StreamOptions as ClientStreamOptions } from '@venue/client/event-stream';

export { SILENCE_LIMIT_MS, SseParser, type StreamEvent, type StreamState } from '@venue/client/event-stream';

export interface StreamOptions extends Omit<ClientStreamOptions, 'headers'> {
  /** the device's staff token, sent as Authorization: Bearer */
  token: string;
}

/** Keeps the store's stream open until `close()`; answers 401/403 stop it (the token no longer works). */
export function openEventStream({ token, ...options }: StreamOptions): { close: () => void } {
  return openStream({ ...options, headers: { Authorization: `Bearer ${token}` } });
}
