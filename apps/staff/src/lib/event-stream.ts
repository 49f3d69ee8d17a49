/**
 * Reads the store's live events (GET /ops/v1/vendor/{vendorId}/events, Server-Sent Events) with
 * fetch, because EventSource cannot send the Authorization header. Reconnects with a growing
 * pause and resumes from the last event id, so nothing is missed while the Wi-Fi drops out.
 */

export interface StreamEvent {
  id: string | null;
  type: string;
  data: string;
}

/** Splits an event stream into events as chunks of text arrive (the SSE format: fields, blank line). */
export class SseParser {
  private buffer = '';
  private id: string | null = null;
  private type = 'message';
  private data: string[] = [];
  /** the id of the last event dispatched: what a reconnection resumes from */
  lastEventId: string | null = null;
  /** the server's `retry:` hint, ms */
  retryMs: number | null = null;

  push(chunk: string, emit: (event: StreamEvent) => void): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      this.line(line, emit);
    }
  }

  private line(line: string, emit: (event: StreamEvent) => void): void {
    if (line === '') {
      if (this.data.length > 0) {
        if (this.id !== null) this.lastEventId = this.id;
        emit({ id: this.id, type: this.type, data: this.data.join('\n') });
      }
      this.type = 'message';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.type = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
  }
}

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'signed-out';

export interface StreamOptions {
  url: string;
  token: string;
  onEvent: (event: StreamEvent) => void;
  /** called on every (re)connection, before its events: the board reads everything afresh */
  onOpen: () => void;
  onState: (state: StreamState) => void;
  fetchImpl?: typeof fetch;
}

const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 10_000;
/** No byte for this long (the server sends a heartbeat every 15 s): the connection is dead. */
export const SILENCE_LIMIT_MS = 40_000;

/** Keeps a stream open until `close()`; answers 401/403 stop it (the token no longer works). */
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
            Authorization: `Bearer ${options.token}`,
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
        const parser = new SseParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          armSilence();
          parser.push(value, (event) => {
            if (event.id !== null) lastEventId = event.id;
            options.onEvent(event);
          });
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
