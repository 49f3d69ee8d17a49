/**
 * Reads Server-Sent Events with fetch, for browsers that must send an Authorization header (the
 * staff display, the back office), which EventSource cannot. The customer app uses the browser's own
 * EventSource (its stream is signed in the query). Events are parsed by sse-parser.ts, re-exported
 * here.
 */
import { SseParser, type StreamEvent } from './sse-parser.ts';

export { SseParser, type SseHandlers, type StreamEvent } from './sse-parser.ts';

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'signed-out';

export interface StreamOptions {
  url: string;
  /** sent on every connection (Authorization: Bearer …) */
  headers?: Record<string, string>;
  onEvent: (event: StreamEvent) => void;
  /** called on every (re)connection, before its events: a reader reads everything afresh */
  onOpen: () => void;
  onState: (state: StreamState) => void;
  fetchImpl?: typeof fetch;
}

const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 10_000;
/** No byte for this long (the server sends a heartbeat every 15 s): the connection is dead. */
export const SILENCE_LIMIT_MS = 40_000;

/**
 * Keeps a stream open with fetch until `close()`: reconnects with a growing pause (at least the
 * server's `retry:` hint) and resumes from the last event id, so nothing is missed while the network
 * drops out; a silent connection counts as dropped. Answers 401/403 stop it (the credential no
 * longer works).
 */
export function openEventStream(options: StreamOptions): { close: () => void } {
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let closed = false;
  let controller: AbortController | null = null;
  let pause = FIRST_PAUSE_MS;
  let lastEventId: string | null = null;

  const run = async () => {
    while (!closed) {
      controller = new AbortController();
      let silence: ReturnType<typeof setTimeout> | undefined;
      const armSilence = () => {
        clearTimeout(silence);
        silence = setTimeout(() => controller?.abort(), SILENCE_LIMIT_MS);
      };
      try {
        armSilence();
        const response = await fetchImpl(options.url, {
          headers: {
            Accept: 'text/event-stream',
            ...options.headers,
            ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
          },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (response.status === 401 || response.status === 403) {
          closed = true;
          options.onState('signed-out');
          return;
        }
        if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
        options.onState('live');
        pause = FIRST_PAUSE_MS;
        options.onOpen();
        const parser = new SseParser({
          event: (event) => {
            if (event.id !== null) lastEventId = event.id;
            options.onEvent(event);
          },
        });
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          armSilence();
          parser.push(decoder.decode(value, { stream: true }));
          if (parser.retryMs !== null) pause = Math.max(pause, Math.min(parser.retryMs, LONGEST_PAUSE_MS));
        }
      } catch {
        // dropped, refused or silent: try again below
      } finally {
        clearTimeout(silence);
      }
      if (closed) return;
      options.onState('reconnecting');
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  };
  options.onState('connecting');
  void run();
  return {
    close: () => {
      closed = true;
      controller?.abort();
    },
  };
}
