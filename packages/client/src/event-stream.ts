/**
 * Server-Sent Events (text/event-stream): one incremental parser for every reader of the API's
 * streams (the staff display, the tests' and the benchmarks' clients), and the fetch-based reader
 * the staff display uses, because EventSource cannot send an Authorization header. The customer app
 * uses the browser's own EventSource (its stream is signed in the query).
 *
 * Written against the HTML standard's parsing rules: lines end in CRLF, LF or CR; a line starting
 * with ':' is a comment; `field: value` with one optional space after the colon; a blank line
 * dispatches the event when it has data; `id` persists from event to event (the last event id a
 * reconnection resumes from) and is ignored when it holds a NUL; `retry` counts only when all digits.
 */

/** One dispatched event. */
export interface StreamEvent {
  /** the stream's last event id when the event was dispatched (its own `id:`, or an earlier one) */
  id: string | null;
  /** the `event:` name, 'message' when it had none */
  type: string;
  /** the `data:` lines, joined by '\n' */
  data: string;
}

export interface SseHandlers {
  /** every dispatched event */
  event?: (event: StreamEvent) => void;
  /** every comment line, without its ':' (the server's heartbeat) */
  comment?: (text: string) => void;
  /** every valid `retry:` hint, ms */
  retry?: (ms: number) => void;
}

/** Splits an event stream into events as chunks of text arrive, however the chunks cut it. */
export class SseParser {
  private buffer = '';
  /** a CR ended the last chunk: an LF opening the next belongs to it */
  private pendingCr = false;
  private id: string | null = null;
  private type = '';
  private data: string[] = [];
  /** the id of the last event dispatched: what a reconnection resumes from */
  lastEventId: string | null = null;
  /** the server's last `retry:` hint, ms */
  retryMs: number | null = null;

  constructor(private readonly handlers: SseHandlers = {}) {}

  /** Feeds a chunk of text; `emit` (as well as the `event` handler) is told each event it completes. */
  push(chunk: string, emit?: (event: StreamEvent) => void): void {
    if (chunk === '') return;
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      // A CR at the very end of what arrived: if the next chunk opens with LF, they are one line end.
      if (width === 1 && this.buffer[newline] === '\r' && newline === this.buffer.length - 1) this.pendingCr = true;
      this.buffer = this.buffer.slice(newline + width);
      this.line(line, emit);
    }
  }

  private line(line: string, emit: ((event: StreamEvent) => void) | undefined): void {
    if (line === '') {
      if (this.data.length > 0) {
        this.lastEventId = this.id;
        const event: StreamEvent = { id: this.id, type: this.type || 'message', data: this.data.join('\n') };
        this.handlers.event?.(event);
        emit?.(event);
      }
      this.type = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) {
      this.handlers.comment?.(line.slice(1));
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.type = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) {
      this.retryMs = Number(value);
      this.handlers.retry?.(this.retryMs);
    }
  }
}

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
