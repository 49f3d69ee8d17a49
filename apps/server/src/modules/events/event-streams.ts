/**
 * The open Server-Sent Events streams of this process, staff streams of a vendor and customers'
 * streams of one order (modules/order-streams/order-streams.ts): written in the SSE format (`id:`,
 * `event:`, `data:`), kept alive by a comment heartbeat, never allowed to hoard memory, and ended
 * together when the server closes or drains.
 *
 * A vendor's stream is subscribed to that vendor on the event bus, and resumed without a gap or a
 * repeat after a reconnect. Resuming: the stream subscribes first and notes the bus cursor (every later event will come
 * live); the vendor's events between the client's last id and that cursor are read from the table
 * and sent; live events that arrived meanwhile were held and follow, each id sent at most once.
 */
import type { OpsControlEventType, OpsStreamControl } from '@venue/contract/ops-events';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { traceDelivery, type BusEvent, type EventBus, type EventTracing } from './event-bus.ts';

export interface EventStreamSettings {
  /** a `: heartbeat` comment this often (ms), so proxies and the client know the stream is alive */
  heartbeatMs: number;
  /** the client's reconnection delay, sent as `retry:` (ms) */
  retryMs: number;
  /** a client this far behind (bytes waiting to be sent) is dropped; it resumes with Last-Event-ID */
  maxBufferedBytes: number;
  /** a stream ends after this long (ms) and the client reconnects with its last id (load spreads again) */
  maxStreamMs: number;
  /** at most this many events are replayed on a resume; beyond it the client is told to re-read */
  replayLimit: number;
}

export const DEFAULT_STREAM_SETTINGS: EventStreamSettings = {
  heartbeatMs: 15_000,
  retryMs: 2_000,
  maxBufferedBytes: 1024 * 1024,
  maxStreamMs: 30 * 60_000,
  replayLimit: 1_000,
};

/** The client's last event id: none, a number, or something this server never sends. */
export type LastEventId = number | 'unreadable' | undefined;

export interface EventStreamsLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const READY_MESSAGE = 'Live: events after this id follow as they happen.';
const RESET_MESSAGE =
  'The events since your last one can no longer be replayed: read the orders, the vendor and the menu again.';

export interface ServeOptions {
  /**
   * Asked at every heartbeat: whether the credential that opened the stream still may read it (a
   * revoked staff token); when not, the stream ends and the client's reconnection is refused.
   */
  stillAllowed?: () => Promise<boolean>;
}

/** Who a stream serves: a store's staff (ops), a customer's order, or the back office. */
export type StreamKind = 'staff' | 'customer' | 'back_office';
export const STREAM_KINDS: readonly StreamKind[] = ['staff', 'customer', 'back_office'];

/** One open Server-Sent Events response: written event by event, dropped when it falls too far behind. */
export class SseStream {
  ended = false;
  checking = false;
  private lifetime: NodeJS.Timeout | null = null;
  unsubscribe: () => void = () => undefined;
  stillAllowed: (() => Promise<boolean>) | null = null;

  constructor(
    readonly raw: ServerResponse,
    private readonly settings: EventStreamSettings,
    private readonly onEnd: (stream: SseStream, dropped: boolean) => void,
    readonly kind: StreamKind = 'staff',
  ) {
    this.lifetime = setTimeout(() => this.end(), settings.maxStreamMs);
    this.lifetime.unref();
    raw.on('close', () => this.end());
  }

  /** Writes, or drops the stream when the client has let too much pile up. */
  write(text: string): void {
    if (this.ended) return;
    this.raw.write(text);
    if (this.raw.writableLength > this.settings.maxBufferedBytes) this.end(true);
  }

  event(id: number, type: string, data: string): void {
    this.write(`id: ${id}\nevent: ${type}\ndata: ${data}\n\n`);
  }

  control(type: OpsControlEventType, lastEventId: number, message: string): void {
    const data: OpsStreamControl = { lastEventId, message };
    this.event(lastEventId, type, JSON.stringify(data));
  }

  end(dropped = false): void {
    if (this.ended) return;
    this.ended = true;
    if (this.lifetime) clearTimeout(this.lifetime);
    this.unsubscribe();
    // A dropped client is cut off (its backlog is discarded); others get a clean end of stream.
    if (dropped) this.raw.destroy();
    else if (!this.raw.writableEnded) this.raw.end();
    this.onEnd(this, dropped);
  }

  /** The heartbeat, and the credential's check when there is one (never two checks at once). */
  beat(): void {
    this.write(': heartbeat\n\n');
    const check = this.stillAllowed;
    if (!check || this.checking || this.ended) return;
    this.checking = true;
    check()
      .then((allowed) => {
        if (!allowed) this.end();
      })
      // The database is away: keep the stream; the next heartbeat asks again.
      .catch(() => undefined)
      .finally(() => {
        this.checking = false;
      });
  }
}

export class EventStreams {
  private readonly streams = new Set<SseStream>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closing = false;
  /** streams dropped for falling behind, since start */
  dropped = 0;
  readonly settings: EventStreamSettings;

  constructor(
    private readonly bus: EventBus,
    private readonly log: EventStreamsLog,
    settings: Partial<EventStreamSettings> = {},
    /** with tracing on: each live event written to a staff stream is a delivery span */
    private readonly tracing: EventTracing | null = null,
  ) {
    this.settings = { ...DEFAULT_STREAM_SETTINGS, ...settings };
  }

  /** Streams open in this process. */
  get count(): number {
    return this.streams.size;
  }

  /** Streams open in this process by kind (read when metrics are scraped). */
  countByKind(): Record<StreamKind, number> {
    const counts: Record<StreamKind, number> = { staff: 0, customer: 0, back_office: 0 };
    for (const stream of this.streams) counts[stream.kind] += 1;
    return counts;
  }

  /**
   * Opens a stream on a response nobody else writes to (the route hijacked it): the headers and
   * `retry:` are written, the heartbeat covers it, and closeAll ends it. Answers null when the
   * server is closing (the response has then been ended with a `retry:` hint only).
   */
  open(
    raw: ServerResponse,
    headers: OutgoingHttpHeaders,
    options: ServeOptions & { label?: object; kind?: StreamKind } = {},
  ): SseStream | null {
    const stream = new SseStream(
      raw,
      this.settings,
      (ended, dropped) => {
        this.streams.delete(ended);
        if (dropped) {
          this.dropped += 1;
          this.log.info(options.label ?? {}, 'events: a stream fell too far behind and was dropped');
        }
        if (this.streams.size === 0) this.stopHeartbeat();
      },
      options.kind,
    );
    if (options.stillAllowed) stream.stillAllowed = options.stillAllowed;
    this.streams.add(stream);
    this.startHeartbeat();
    raw.writeHead(200, headers);
    stream.write(`retry: ${this.settings.retryMs}\n\n`);
    if (this.closing) {
      stream.end();
      return null;
    }
    return stream;
  }

  /**
   * Starts a vendor's stream on a response nobody else writes to (the route hijacked it). The bus
   * must be started. Answers once the stream is live (after any replay).
   */
  async serve(
    vendorId: number,
    raw: ServerResponse,
    headers: OutgoingHttpHeaders,
    lastEventId: LastEventId,
    options: ServeOptions = {},
  ) {
    const stream = this.open(raw, headers, { ...options, label: { vendorId } });
    if (!stream) return;

    let sentUpTo = 0;
    let live = false;
    const held: BusEvent[] = [];
    const send = (event: BusEvent): boolean => {
      if (event.id <= sentUpTo || stream.ended) return false;
      sentUpTo = event.id;
      stream.event(event.id, event.type, event.data);
      return true;
    };
    // Live events (not the replay of history) written here are deliveries a trace can follow.
    const { tracing } = this;
    const sendLive = (event: BusEvent) => {
      if (send(event) && tracing) traceDelivery(tracing, event, 'staff', this.bus.now());
    };
    stream.unsubscribe = this.bus.subscribe(vendorId, (event) => {
      if (live) sendLive(event);
      else if (held.length < this.settings.replayLimit) held.push(event);
      else stream.end(true);
    });
    const boundary = this.bus.cursor;

    if (lastEventId === undefined) {
      sentUpTo = boundary;
      stream.control('ready', boundary, READY_MESSAGE);
    } else {
      let replay: BusEvent[] | 'reset' = 'reset';
      if (lastEventId !== 'unreadable') {
        try {
          replay = await this.bus.replay(vendorId, lastEventId, boundary, this.settings.replayLimit);
        } catch (error) {
          // The database is away: end the stream; the client retries with the same id.
          this.log.warn({ err: error, vendorId }, 'ops events: replay failed');
          stream.end();
          return;
        }
      }
      if (replay === 'reset') {
        sentUpTo = boundary;
        stream.control('reset', boundary, RESET_MESSAGE);
      } else {
        sentUpTo = lastEventId as number;
        for (const event of replay) send(event);
        // Every event of this vendor up to the boundary has been sent: a later resume starts there.
        const resumeFrom = Math.max(sentUpTo, boundary);
        sentUpTo = resumeFrom;
        stream.control('ready', resumeFrom, READY_MESSAGE);
      }
    }
    for (const event of held) sendLive(event);
    held.length = 0;
    live = true;
  }

  /**
   * Ends every stream (the server is closing) and refuses new ones. With `retryMs`, each stream is
   * first told to reconnect after that long (`retry:`), so its client moves to another node soon.
   */
  closeAll(options: { retryMs?: () => number } = {}): void {
    this.closing = true;
    for (const stream of [...this.streams]) {
      if (options.retryMs) stream.write(`retry: ${Math.round(options.retryMs())}\n\n`);
      stream.end();
    }
    this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    const beat = () => {
      for (const stream of [...this.streams]) stream.beat();
    };
    // Started by a stream's request, it outlives it: its credential checks are in no request's trace.
    const { tracing } = this;
    this.heartbeat = tracing
      ? tracing.withParent(undefined, () => setInterval(beat, this.settings.heartbeatMs))
      : setInterval(beat, this.settings.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
