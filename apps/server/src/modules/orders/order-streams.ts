/**
 * Customers' live order streams (GET /v1/order/{orderId}/events): each sends its placed order, as
 * GET order answers it, at once and whenever what the wait screen shows of it changes: the status,
 * the place in the queue, or the estimate's wording. Built on the one event path of the venue's
 * side (docs/decisions/018-ops-events.md, 021-customer-order-streams.md).
 *
 * Cost at scale: this process subscribes once per vendor on the event bus, not once per stream.
 * - An event about a watched order re-reads that order at once (the ready alert is never held).
 * - Any event of the vendor moves other orders' places; their streams are brought up to date by one
 *   read of the vendor's queue for all of them, at most once per `queueRefreshMs`, and at least
 *   every `estimateRefreshMs` while the vendor has streams (estimates move with the clock).
 * - A stream is written only when the customer would see a difference.
 */
import type { PlacedOrder } from '@venue/contract/order';
import { waitEstimateText } from '@venue/domain/wait-estimate';
import type { Kysely } from 'kysely';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Database } from '../../db/schema.ts';
import type { BusEvent, EventBus } from '../events/event-bus.ts';
import type { EventStreams, SseStream } from '../events/event-streams.ts';
import { findOrder } from './orders.repository.ts';
import { placedOrderView, toPlacedOrder, vendorPace, waitingPositions, type OrderRow } from './orders.service.ts';

/** The event name of a customer's order stream; its data is the PlacedOrder. */
export const ORDER_EVENT = 'order';
/** Statuses after which nothing more happens to an order: its stream ends once it has said so. */
const FINISHED = new Set(['Serviced', 'Cancelled']);

export interface OrderStreamSettings {
  /** other orders' queue places are re-read at most this often per vendor (ms) */
  queueRefreshMs: number;
  /** and at least this often while the vendor has streams, so estimates follow the clock (ms) */
  estimateRefreshMs: number;
}

export const DEFAULT_ORDER_STREAM_SETTINGS: OrderStreamSettings = {
  queueRefreshMs: 1_000,
  estimateRefreshMs: 15_000,
};

export interface OrderStreamsLog {
  warn(object: object, message: string): void;
}

interface Watch {
  stream: SseStream;
  row: OrderRow;
  /** what the customer was last sent, as they see it (see `shownAs`) */
  shown: string;
}

/** Everything this process watches at one vendor. */
interface VendorWatches {
  orders: Map<number, Set<Watch>>;
  unsubscribe: () => void;
  /** when the queue was last read for all of them */
  lastRefresh: number;
  refreshTimer: NodeJS.Timeout | null;
  refreshing: Promise<void> | null;
  periodic: NodeJS.Timeout;
}

/** What the wait screen shows of an order: a change here is worth a message. */
function shownAs(order: PlacedOrder): string {
  return `${order.orderStatus}|${order.positionInQueue ?? ''}|${waitEstimateText(order.secsToServiceEstimate)}`;
}

export class OrderStreams {
  private readonly vendors = new Map<number, VendorWatches>();
  /** an order being re-read, and whether another read must follow it (events came meanwhile) */
  private readonly rereads = new Map<number, { again: boolean }>();
  readonly settings: OrderStreamSettings;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      bus: EventBus;
      streams: EventStreams;
      clock: () => number;
      log: OrderStreamsLog;
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
    const stream = this.deps.streams.open(raw, headers, { label: { orderId: row.id } });
    if (!stream) return;
    const watch: Watch = { stream, row, shown: '' };
    const vendor = this.vendorWatches(row.vendor_id);
    const watches = vendor.orders.get(row.id) ?? new Set<Watch>();
    watches.add(watch);
    vendor.orders.set(row.id, watches);
    stream.unsubscribe = () => this.forget(row.vendor_id, row.id, watch);
    await this.reread(row.vendor_id, row.id);
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
      refreshTimer: null,
      refreshing: null,
      periodic: setInterval(() => this.refreshQueue(vendorId), this.settings.estimateRefreshMs),
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
    if (event.orderId !== null && vendor.orders.has(event.orderId)) void this.reread(vendorId, event.orderId);
    // Any change at the vendor may move the others: an order left the queue, the pace or time to service changed.
    this.scheduleQueueRefresh(vendorId, vendor);
  }

  /**
   * Reads one order afresh and tells its streams. Reads of one order never overlap, so a slower
   * earlier read cannot overwrite a later state; events during a read fold into one more read.
   */
  private async reread(vendorId: number, orderId: number): Promise<void> {
    const running = this.rereads.get(orderId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    this.rereads.set(orderId, state);
    try {
      while (state.again) {
        state.again = false;
        const row = await findOrder(this.deps.db, orderId);
        if (!row) return;
        const order = await toPlacedOrder(this.deps.db, row, this.deps.clock());
        for (const watch of this.vendors.get(vendorId)?.orders.get(orderId) ?? []) {
          watch.row = row;
          this.send(watch, order);
        }
      }
    } catch (error) {
      // The database is away: the stream stays; the next event or refresh reads again.
      this.deps.log.warn({ err: error, orderId }, 'order streams: reading an order failed');
    } finally {
      this.rereads.delete(orderId);
    }
  }

  private scheduleQueueRefresh(vendorId: number, vendor: VendorWatches): void {
    if (vendor.refreshTimer) return;
    const wait = Math.max(0, vendor.lastRefresh + this.settings.queueRefreshMs - this.deps.clock());
    vendor.refreshTimer = setTimeout(() => {
      vendor.refreshTimer = null;
      void this.refreshQueue(vendorId);
    }, wait);
    vendor.refreshTimer.unref();
  }

  /** One read of the vendor's queue and pace, then every watched order's view from it. */
  private refreshQueue(vendorId: number): Promise<void> | undefined {
    const vendor = this.vendors.get(vendorId);
    if (!vendor) return undefined;
    if (vendor.refreshing) {
      // A read is under way: whatever moved meanwhile is read once it is done.
      void vendor.refreshing.then(() => this.scheduleQueueRefresh(vendorId, vendor));
      return vendor.refreshing;
    }
    const nowMs = this.deps.clock();
    vendor.lastRefresh = nowMs;
    vendor.refreshing = (async () => {
      try {
        const [positions, pace] = await Promise.all([
          waitingPositions(this.deps.db, vendorId),
          vendorPace(this.deps.db, vendorId, nowMs),
        ]);
        for (const [orderId, watches] of vendor.orders) {
          // An order being re-read is told by that read.
          if (this.rereads.has(orderId)) continue;
          for (const watch of watches) {
            const { row } = watch;
            if (row.order_status === 'Waiting') {
              const position = positions.get(orderId);
              // It has left the queue: its own event is on its way (or read now, if it was missed).
              if (position === undefined) {
                void this.reread(vendorId, orderId);
                break;
              }
              this.send(watch, placedOrderView(row, nowMs, { position, pace }));
            } else {
              this.send(watch, placedOrderView(row, nowMs, null));
            }
          }
        }
      } catch (error) {
        this.deps.log.warn({ err: error, vendorId }, 'order streams: reading the queue failed');
      } finally {
        vendor.refreshing = null;
      }
    })();
    return vendor.refreshing;
  }

  /** Writes the order when the customer would see a change; a finished order's stream then ends. */
  private send(watch: Watch, order: PlacedOrder): void {
    const shown = shownAs(order);
    if (shown !== watch.shown) {
      watch.shown = shown;
      watch.stream.event(this.deps.bus.cursor, ORDER_EVENT, JSON.stringify(order));
    }
    if (FINISHED.has(order.orderStatus)) watch.stream.end();
  }
}
