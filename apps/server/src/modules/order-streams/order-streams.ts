/**
 * Customers' live order streams (GET /v1/order/{orderId}/events): each sends its placed order, as
 * GET order answers it, at once and whenever what the wait screen shows of it changes: the status,
 * the place in the queue, or the estimate's wording. Built on the one event path of the venue's
 * side (docs/decisions/018-ops-events.md, 021-customer-order-streams.md).
 *
 * Cost at scale: this process subscribes once per vendor on the event bus, not once per stream.
 * - An event about a watched order re-reads that order at once (the ready alert is never held).
 * - Places in the queue come from one read of the vendor's queue for all its watched orders (never
 *   a count per order): soon after a stream opens, at most once per `queueRefreshMs` after other
 *   orders move, and every `estimateRefreshMs` while the vendor has streams (estimates move with
 *   the clock).
 * - A stream is written only when the customer would see a difference, and what never changes
 *   while an order waits (what was ordered) is serialised once per stream, not per message.
 * - A queue read tells its streams in turns (QUEUE_ORDERS_PER_TURN): the event loop is never held
 *   for all of them at once, so a ready event that comes meanwhile is not held up behind them.
 *
 * With tracing on, each write an event about the order causes (a re-read's) is a span
 * `ops_events deliver` in that event's trace, from the moment the event reached this process to
 * the write; the re-read's statements are in that trace too. Places written by a queue read are no
 * one event's delivery and make no span.
 */
import { isFinalStatus } from '@venue/domain/order-status';
import { waitEstimateText } from '@venue/domain/wait-estimate';
import type { Kysely } from 'kysely';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Database } from '../../db/schema.ts';
import { eachInTurns } from '../../lib/in-turns.ts';
import { traceDelivery, type BusEvent, type EventBus, type EventTracing } from '../events/event-bus.ts';
import type { EventStreams, SseStream } from '../events/event-streams.ts';
import {
  findOrderById,
  placedOrderFixed,
  placedOrderTiming,
  vendorPace,
  waitingPositions,
  type OrderRow,
  type QueuePlace,
} from '../orders/orders.service.ts';

/**
 * How many watched orders a queue read tells before the event loop gets a turn: about 3 ms of
 * writes on the bench machine (12 µs an order, 120–175 ms for 10,000 in one go).
 */
export const QUEUE_ORDERS_PER_TURN = 250;

/** The event name of a customer's order stream; its data is the PlacedOrder. */
export const ORDER_EVENT = 'order';

export interface OrderStreamSettings {
  /** after other orders move, queue places are re-read at most this often per vendor (ms) */
  queueRefreshMs: number;
  /**
   * a stream opened (or a watched order back in the queue) gets its place this soon (ms); such a
   * read tells only those streams, so streams opening one after another never make everyone's
   * places go out more often than `queueRefreshMs`
   */
  firstPlaceMs: number;
  /** and at least this often while the vendor has streams, so estimates follow the clock (ms) */
  estimateRefreshMs: number;
}

export const DEFAULT_ORDER_STREAM_SETTINGS: OrderStreamSettings = {
  queueRefreshMs: 5_000,
  firstPlaceMs: 250,
  estimateRefreshMs: 15_000,
};

export interface OrderStreamsLog {
  warn(object: object, message: string): void;
}

interface Watch {
  stream: SseStream;
  row: OrderRow;
  /** the order's fields that do not move with the queue, as JSON members (no braces) */
  fixedJson: string;
  /** what the customer was last sent, as they see it ('' before the first message) */
  shown: string;
}

/** A re-read of one order under way, and whether another must follow it (events came meanwhile). */
interface Reread {
  again: boolean;
  /** with tracing on: the traced events the next read answers, and when each reached this process */
  traced: { event: BusEvent; at: number }[] | null;
}

/** Everything this process watches at one vendor. */
interface VendorWatches {
  orders: Map<number, Set<Watch>>;
  unsubscribe: () => void;
  /** when the queue was last read, and last read to tell everyone their place */
  lastRefresh: number;
  lastFullRefresh: number;
  /** orders moved since the last full read: everyone's places are due */
  moved: boolean;
  refreshTimer: NodeJS.Timeout | null;
  /** when the planned queue read is due */
  refreshDue: number;
  refreshing: Promise<void> | null;
  periodic: NodeJS.Timeout;
}

const members = (value: object) => JSON.stringify(value).slice(1, -1);

export class OrderStreams {
  private readonly vendors = new Map<number, VendorWatches>();
  /** orders being re-read */
  private readonly rereads = new Map<number, Reread>();
  readonly settings: OrderStreamSettings;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      bus: EventBus;
      streams: EventStreams;
      clock: () => number;
      log: OrderStreamsLog;
      /** with tracing on: writes caused by an event are delivery spans in its trace */
      tracing?: EventTracing | null | undefined;
    },
    settings: Partial<OrderStreamSettings> = {},
  ) {
    this.settings = { ...DEFAULT_ORDER_STREAM_SETTINGS, ...settings };
  }

  /** Orders watched by this process's streams. */
  get watchedOrders(): number {
    let count = 0;
    for (const vendor of this.vendors.values()) count += vendor.orders.size;
    return count;
  }

  /**
   * Streams `row`'s order on a response nobody else writes to (the route hijacked it). The bus
   * must be started. The first message is the order as it is once the stream is subscribed, so no
   * change can fall between reading it and listening.
   */
  async serve(row: OrderRow, raw: ServerResponse, headers: OutgoingHttpHeaders): Promise<void> {
    const stream = this.deps.streams.open(raw, headers, { label: { orderId: row.id }, kind: 'customer' });
    if (!stream) return;
    const watch: Watch = { stream, row, fixedJson: members(placedOrderFixed(row)), shown: '' };
    const vendor = this.vendorWatches(row.vendor_id);
    const watches = vendor.orders.get(row.id) ?? new Set<Watch>();
    watches.add(watch);
    vendor.orders.set(row.id, watches);
    stream.unsubscribe = () => this.forget(row.vendor_id, row.id, watch);
    // A Waiting order's place comes with the vendor's next queue read, shared by every stream
    // opening meanwhile; anything else is read again now (subscribed, so no change falls between).
    if (row.order_status === 'Waiting') this.scheduleQueueRefresh(row.vendor_id, vendor, 'new');
    else await this.reread(row.vendor_id, row.id);
  }

  /** Ends every vendor's subscription and timer (the streams themselves end with EventStreams.closeAll). */
  close(): void {
    for (const [vendorId, vendor] of this.vendors) this.dropVendor(vendorId, vendor);
  }

  private vendorWatches(vendorId: number): VendorWatches {
    const known = this.vendors.get(vendorId);
    if (known) return known;
    const vendor: VendorWatches = {
      orders: new Map(),
      unsubscribe: this.deps.bus.subscribe(vendorId, (event) => this.onEvent(vendorId, event)),
      lastRefresh: Number.NEGATIVE_INFINITY,
      lastFullRefresh: Number.NEGATIVE_INFINITY,
      moved: false,
      refreshTimer: null,
      refreshDue: Number.POSITIVE_INFINITY,
      refreshing: null,
      periodic: this.timer(
        setInterval,
        () => {
          vendor.moved = true;
          this.scheduleQueueRefresh(vendorId, vendor, 'moved');
        },
        this.settings.estimateRefreshMs,
      ),
    };
    vendor.periodic.unref();
    this.vendors.set(vendorId, vendor);
    return vendor;
  }

  private forget(vendorId: number, orderId: number, watch: Watch): void {
    const vendor = this.vendors.get(vendorId);
    const watches = vendor?.orders.get(orderId);
    if (!vendor || !watches) return;
    watches.delete(watch);
    if (watches.size === 0) vendor.orders.delete(orderId);
    if (vendor.orders.size === 0) this.dropVendor(vendorId, vendor);
  }

  private dropVendor(vendorId: number, vendor: VendorWatches): void {
    vendor.unsubscribe();
    clearInterval(vendor.periodic);
    if (vendor.refreshTimer) clearTimeout(vendor.refreshTimer);
    if (this.vendors.get(vendorId) === vendor) this.vendors.delete(vendorId);
  }

  private onEvent(vendorId: number, event: BusEvent): void {
    const vendor = this.vendors.get(vendorId);
    if (!vendor) return;
    if (event.orderId !== null && vendor.orders.has(event.orderId)) void this.reread(vendorId, event.orderId, event);
    // Any change at the vendor may move the others: an order left the queue, the pace or time to service changed.
    vendor.moved = true;
    this.scheduleQueueRefresh(vendorId, vendor, 'moved');
  }

  /**
   * Reads one order afresh and tells its streams. Reads of one order never overlap, so a slower
   * earlier read cannot overwrite a later state; events during a read fold into one more read.
   */
  private async reread(vendorId: number, orderId: number, event?: BusEvent): Promise<void> {
    const { tracing } = this.deps;
    let state = this.rereads.get(orderId);
    const running = state !== undefined;
    if (!state) {
      state = { again: true, traced: null };
      this.rereads.set(orderId, state);
    }
    state.again = true;
    if (tracing && event?.traceParent !== undefined) (state.traced ??= []).push({ event, at: Date.now() });
    if (running) return;
    try {
      while (state.again) {
        state.again = false;
        const { traced } = state;
        state.traced = null;
        // Traced: the read's statements belong to the (latest) event it answers, not to whatever span is active.
        const row = await (tracing
          ? tracing.withParent(traced?.at(-1)?.event.traceParent, () => findOrderById(this.deps.db, orderId))
          : findOrderById(this.deps.db, orderId));
        const vendor = this.vendors.get(vendorId);
        if (!row || !vendor) return;
        const fixedJson = members(placedOrderFixed(row));
        for (const watch of vendor.orders.get(orderId) ?? []) {
          // Back in the queue (Scheduled → Waiting): told with the next read, as a new stream is.
          if (row.order_status === 'Waiting' && watch.row.order_status !== 'Waiting') watch.shown = '';
          watch.row = row;
          watch.fixedJson = fixedJson;
          // Still (or again) in the queue: its place comes with the next queue read.
          if (row.order_status === 'Waiting') continue;
          const nowMs = this.deps.clock();
          // One span per event this write delivers (several only when events came during one read).
          if (this.send(watch, nowMs, null) && tracing && traced)
            for (const { event: cause, at } of traced) traceDelivery(tracing, cause, 'customer', nowMs, at);
        }
        if (row.order_status === 'Waiting') this.scheduleQueueRefresh(vendorId, vendor, 'new');
      }
    } catch (error) {
      // The database is away: the stream stays; the next event or refresh reads again.
      this.deps.log.warn({ err: error, orderId }, 'order streams: reading an order failed');
    } finally {
      this.rereads.delete(orderId);
    }
  }

  /**
   * Plans a queue read: for streams still waiting for their first place ('new'), soon after the
   * last read; for everyone's places after orders moved ('moved'), once `queueRefreshMs` after the
   * last full read. The earlier plan stands.
   */
  private scheduleQueueRefresh(vendorId: number, vendor: VendorWatches, reason: 'new' | 'moved'): void {
    const due =
      reason === 'new'
        ? Math.max(this.deps.clock(), vendor.lastRefresh + this.settings.firstPlaceMs)
        : Math.max(this.deps.clock(), vendor.lastFullRefresh + this.settings.queueRefreshMs);
    if (vendor.refreshTimer && vendor.refreshDue <= due) return;
    if (vendor.refreshTimer) clearTimeout(vendor.refreshTimer);
    vendor.refreshDue = due;
    vendor.refreshTimer = this.timer(
      setTimeout,
      () => {
        vendor.refreshTimer = null;
        void this.refreshQueue(vendorId);
      },
      due - this.deps.clock(),
    );
    vendor.refreshTimer.unref();
  }

  /**
   * A timer (setTimeout or setInterval). With tracing on it is made outside any span: queue reads
   * serve every stream of the vendor, not the request or the event that happened to plan them.
   */
  private timer(make: (run: () => void, ms: number) => NodeJS.Timeout, run: () => void, ms: number): NodeJS.Timeout {
    const { tracing } = this.deps;
    return tracing ? tracing.withParent(undefined, () => make(run, ms)) : make(run, ms);
  }

  /** One read of the vendor's queue and pace, then every watched order's view from it. */
  private refreshQueue(vendorId: number): Promise<void> | undefined {
    const vendor = this.vendors.get(vendorId);
    if (!vendor) return undefined;
    if (vendor.refreshing) {
      // A read is under way: what is still due is planned again once it is done.
      void vendor.refreshing.then(() => this.scheduleQueueRefresh(vendorId, vendor, vendor.moved ? 'moved' : 'new'));
      return vendor.refreshing;
    }
    const nowMs = this.deps.clock();
    vendor.lastRefresh = nowMs;
    // Everyone's places go out when orders moved and the last full read is old enough; otherwise
    // only streams that have had nothing yet are told.
    const full = vendor.moved && nowMs >= vendor.lastFullRefresh + this.settings.queueRefreshMs;
    if (full) {
      vendor.moved = false;
      vendor.lastFullRefresh = nowMs;
    }
    vendor.refreshing = (async () => {
      try {
        const [positions, pace] = await Promise.all([
          waitingPositions(this.deps.db, vendorId),
          vendorPace(this.deps.db, vendorId, nowMs),
        ]);
        // In turns: a ready event or a kitchen's call that comes meanwhile waits for one turn, not for
        // every stream of the vendor (lib/in-turns.ts).
        await eachInTurns(vendor.orders, QUEUE_ORDERS_PER_TURN, ([orderId, watches]) => {
          // An order being re-read is told by that read.
          if (this.rereads.has(orderId)) return;
          for (const watch of watches) {
            const { row } = watch;
            if (!full && watch.shown !== '') continue;
            if (row.order_status === 'Waiting') {
              const position = positions.get(orderId);
              // It has left the queue: its own event is on its way (or read now, if it was missed).
              if (position === undefined) {
                void this.reread(vendorId, orderId);
                return;
              }
              this.send(watch, nowMs, { position, pace });
            } else {
              this.send(watch, nowMs, null);
            }
          }
        });
      } catch (error) {
        this.deps.log.warn({ err: error, vendorId }, 'order streams: reading the queue failed');
      } finally {
        vendor.refreshing = null;
        if (vendor.moved && this.vendors.get(vendorId) === vendor) this.scheduleQueueRefresh(vendorId, vendor, 'moved');
      }
    })();
    return vendor.refreshing;
  }

  /**
   * Writes the order when the customer would see a change; a finished order's stream then ends.
   * Answers whether it wrote.
   */
  private send(watch: Watch, nowMs: number, place: QueuePlace | null): boolean {
    const { row } = watch;
    const timing = placedOrderTiming(row, nowMs, place);
    const shown = `${row.order_status}|${timing.positionInQueue ?? ''}|${waitEstimateText(timing.secsToServiceEstimate)}`;
    const write = shown !== watch.shown && !watch.stream.ended;
    if (write) {
      watch.shown = shown;
      watch.stream.event(this.deps.bus.cursor, ORDER_EVENT, `{${watch.fixedJson},${members(timing)}}`);
    }
    if (isFinalStatus(row.order_status)) watch.stream.end(); // nothing more happens to it: the stream ends once it has said so
    return write;
  }
}
