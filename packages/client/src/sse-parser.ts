/**
 * Server-Sent Events (text/event-stream): the one incremental parser for every reader of the API's
 * streams (the staff display, the tests' and the benchmarks' Node clients, which feed it their
 * response chunks). No DOM in here, so Node code imports it as is; event-stream.ts adds the
 * browser's fetch-based reader.
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
