/**
 * The one path of operations events, in every process: a change is committed, then `publish`
 * appends its event to `ops_events` (the data read under its subject's lock, see events.repository.ts)
 * and every process delivers the new rows, in id order, to its subscribers.
 *
 * How a process learns of new rows: with SQLite (one process) its own publish says so; with
 * PostgreSQL the event's transaction NOTIFYs `ops_events` and every process LISTENs on a dedicated
 * connection. Either way the process then reads the rows after the last id it delivered (`cursor`),
 * so a burst of events costs one query, a notification that arrives late or twice changes nothing,
 * and after the LISTEN connection was lost the first read catches up on everything missed.
 *
 * Subscriptions are by vendor today; events carry their order id, so a per-order subscription (the
 * customer's order events) is one more topic key in `deliver`.
 */
import type { OpsDataEventType } from '@venue/contract/ops-events';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type pg from 'pg';
import { NotificationListener } from '../../db/notifications.ts';
import type { Part } from '../../db/prepared.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { counted } from '../../lib/metrics.ts';
import {
  dueMarkOf,
  EVENTS_CHANNEL,
  eventIdRange,
  insertEvent,
  listDueEvents,
  listEventsAfter,
  markEventDue,
  readMark,
  listVendorEvents,
  withEventSubjectLock,
  withEventSubjectTakenBy,
  trimEvents,
  type EventRow,
  type SubjectLock,
} from './events.repository.ts';

/** An event as subscribers get it; `data` is JSON text, ready to send. */
export interface BusEvent {
  id: number;
  vendorId: number;
  orderId: number | null;
  type: OpsDataEventType;
  data: string;
  createdAt: number;
  /**
   * With tracing on where it was published: the W3C traceparent of its publish span, kept in its
   * row, so whichever node writes it to a stream can join that trace (EventTracing.delivered)
   */
  traceParent: string | undefined;
}

/** Who a stream serves, as a delivery span says it (see event-streams.ts, StreamKind). */
export type DeliveryStreamKind = 'staff' | 'customer';

/**
 * With tracing on (lib/tracing.ts): each event keeps the context of the span that published it,
 * and each write of a live event to a stream is a span `ops_events deliver`, a child of that one,
 * on whichever node writes it. Off, none of it is made: the bus and the streams are given none.
 */
export interface EventTracing {
  /** The active span's context as a W3C traceparent (recorded with an event as it is published). */
  traceParent(): string | undefined;
  /**
   * Runs `run` as a child of the span `traceParent` names (none or unreadable: outside any span),
   * so the statements it makes join the event's trace and not whatever trace happens to be active.
   */
  withParent<T>(traceParent: string | undefined, run: () => T): T;
  /** One span `ops_events deliver`, child of `traceParent`, from `startTime` (epoch ms; default now) to now. */
  delivered(traceParent: string, attributes: Record<string, string | number>, startTime?: number): void;
}

/**
 * Records that `event` was written to a stream of `kind`: a delivery span with the event, the
 * stream's kind, the order and the lag since it was published. Nothing for an event published
 * with tracing off; callers check `tracing` first, so with tracing off here it is never called.
 */
export function traceDelivery(
  tracing: EventTracing,
  event: BusEvent,
  kind: DeliveryStreamKind,
  nowMs: number,
  startTime?: number,
): void {
  if (event.traceParent === undefined) return;
  const attributes: Record<string, string | number> = {
    'venue.event.id': event.id,
    'venue.event.type': event.type,
    'venue.vendor.id': event.vendorId,
    'venue.stream.kind': kind,
    'venue.delivery.lag_ms': Math.max(0, nowMs - event.createdAt),
  };
  if (event.orderId !== null) attributes['venue.order.id'] = event.orderId;
  tracing.delivered(event.traceParent, attributes, startTime);
}

export interface EventDraft<T = unknown> {
  vendorId: number;
  orderId?: number | null;
  type: OpsDataEventType;
  /**
   * The event's data, read once the event's subject is locked (so the later of two events about
   * one thing carries the later state). Null sends nothing (it is gone).
   */
  data: (db: Kysely<Database>) => Promise<T | null | undefined>;
}

/** What an event is about: its store, its order (if any) and its type (the event's subject). */
type EventAbout = Pick<EventDraft, 'vendorId' | 'orderId' | 'type'>;

/** What a change's own statement evaluates for its event (PostgreSQL). */
export interface ChangeSubject {
  /** an SQL expression taking the event's subject, which the statement must evaluate */
  take: Part;
  /**
   * The event marked as owed, as a data-modifying WITH body the statement must include: one mark
   * if `rows` (the statement's changed rows, by name) has any, answering its `version`, which the
   * change answers as `due`. A node killed before the event's insert leaves the mark to the sweep.
   */
  mark: Part<object, (rows: RawBuilder<unknown>) => RawBuilder<unknown>>;
}

/** An event about a change that publishChange makes: the change's statement takes the event's subject. */
export interface ChangeDraft<T, R> {
  vendorId: number;
  orderId?: number | null;
  type: OpsDataEventType;
  /**
   * Makes the change, with `subject` (PostgreSQL: what the change's statement must evaluate; null
   * on SQLite), and answers its result, the event's data, read with the change (null sends nothing:
   * nothing changed), and the version of the mark its statement wrote (`due`).
   */
  change: (
    db: Kysely<Database>,
    subject: ChangeSubject | null,
  ) => Promise<{ result: R; data: T | null; due?: number | null }>;
}

/** What an event owed by a change is about (see EventPublisher.markDue). */
export type OwedEvent = Pick<EventDraft, 'vendorId' | 'orderId' | 'type'>;

/** What services need: publish after their change is committed. Never throws (see `publish`). */
export interface EventPublisher {
  /** Answers the data the event carries, or null when nothing was sent (gone, closed, or failed). */
  publish<T>(draft: EventDraft<T>): Promise<T | null>;
  /**
   * Makes a change and publishes its event, the change's own statement taking the event's subject,
   * so that the data is read with the change rather than by statements of their own after it.
   * Answers the change's result; the change's failure is thrown (nothing is published), the
   * event's is logged as publish's.
   */
  publishChange<T, R>(draft: ChangeDraft<T, R>): Promise<R>;
  /**
   * Marks an event as owed, inside the change's transaction (before its commit): should this
   * process die before `publish`, a sweep of any process publishes it, `afterMs` after now at the
   * earliest (DUE_AFTER_MS by default; longer for a change whose publish waits for something).
   * PostgreSQL only: with SQLite there is one process, and every display re-reads when it is back.
   */
  markDue(db: Kysely<Database> | Transaction<Database>, about: OwedEvent, afterMs?: number): Promise<void>;
}

export type EventListener = (event: BusEvent) => void;

export interface EventBusLog {
  warn(object: object, message: string): void;
}

export interface EventBusOptions {
  clock: () => number;
  log: EventBusLog;
  /** PostgreSQL: a new client for the LISTEN session (without it, other processes' events are polled) */
  createSessionClient?: (() => pg.Client) | undefined;
  /** events older than this are trimmed (ms) */
  retentionMs?: number;
  /** at most this many events are kept */
  keepEvents?: number;
  /** how often a process trims, at most (ms) */
  trimEveryMs?: number;
  /** PostgreSQL while LISTEN is down or unavailable: how often to look for other processes' events (ms) */
  pollMs?: number;
  /** PostgreSQL: how long after its change an owed event is published by the sweep (ms) */
  dueAfterMs?: number;
  /** PostgreSQL: how often a process looks for owed events past their time (ms) */
  sweepMs?: number;
  /**
   * With tracing on: each event published here keeps the publishing span's context, and the bus's
   * own work (its LISTEN session, its reads of new events) runs outside any caller's span.
   */
  tracing?: EventTracing | null | undefined;
}

export const EVENT_RETENTION_MS = 24 * 60 * 60_000;
export const KEEP_EVENTS = 100_000;
const TRIM_EVERY_MS = 60_000;
const POLL_MS = 500;
/** an owed event's publish normally follows its change within milliseconds */
export const DUE_AFTER_MS = 5_000;
const SWEEP_MS = 2_000;
/** owed events published per sweep, at most */
const SWEEP_BATCH = 50;
/** rows read per query when delivering */
const PULL_BATCH = 500;

export class EventBus implements EventPublisher {
  /** the newest id this process has delivered; events after it reach subscribers as they come */
  private delivered = 0;
  private readonly topics = new Map<string, Set<EventListener>>();
  private starting: Promise<void> | null = null;
  private pulling: Promise<void> | null = null;
  private pullAgain = false;
  /** per subject, the last publish about it in this process (see holdingSubject) */
  private readonly subjects = new Map<string, Promise<void>>();
  private lastTrim = Number.NEGATIVE_INFINITY;
  /** publishes of this process under way, and the newest id announced (NOTIFY) while one was */
  private publishing = 0;
  private announced = 0;
  private listener: NotificationListener | null = null;
  private poller: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  /** per event type, how to make the event of an owed mark again (see whenOwed) */
  private readonly redrafts = new Map<string, (about: { vendorId: number; orderId: number | null }) => EventDraft>();
  private closed = false;
  private readonly retentionMs: number;
  private readonly keepEvents: number;
  private readonly trimEveryMs: number;
  private readonly pollMs: number;
  private readonly dueAfterMs: number;
  private readonly sweepMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: EventBusOptions,
  ) {
    this.retentionMs = options.retentionMs ?? EVENT_RETENTION_MS;
    this.keepEvents = options.keepEvents ?? KEEP_EVENTS;
    this.trimEveryMs = options.trimEveryMs ?? TRIM_EVERY_MS;
    this.pollMs = options.pollMs ?? POLL_MS;
    this.dueAfterMs = options.dueAfterMs ?? DUE_AFTER_MS;
    this.sweepMs = options.sweepMs ?? SWEEP_MS;
  }

  /** The time by the bus's clock (ms), which events' `createdAt` are in. */
  now(): number {
    return this.options.clock();
  }

  /** The newest id delivered here; a subscriber added now gets every event after it. */
  get cursor(): number {
    return this.delivered;
  }

  get subscriberCount(): number {
    let count = 0;
    for (const listeners of this.topics.values()) count += listeners.size;
    return count;
  }

  /**
   * Ready to deliver: the cursor set to the newest event (older ones are history, replayed from
   * the table), and on PostgreSQL the LISTEN session opened. Lazy, so an app whose database is
   * away still builds; a failed start is tried again by the next caller.
   */
  start(): Promise<void> {
    // The LISTEN session and the poller live on: never inside the span of the request that came first.
    const { tracing } = this.options;
    this.starting ??= (tracing ? tracing.withParent(undefined, () => this.begin()) : this.begin()).catch(
      (error: unknown) => {
        this.starting = null;
        throw error;
      },
    );
    return this.starting;
  }

  private async begin(): Promise<void> {
    const { newest } = await eventIdRange(this.db);
    this.delivered = Math.max(this.delivered, newest ?? 0);
    if (this.closed || !isPostgres(this.db)) return;
    if (this.options.createSessionClient) {
      this.listener = new NotificationListener(this.options.createSessionClient, EVENTS_CHANNEL, {
        // The payload is the new id: one this process delivered already (its own) needs no read.
        onNotify: (payload) => {
          const id = Number(payload);
          if (id <= this.delivered) return;
          // While this process publishes, the id may be its own insert, which that publish delivers
          // as written: the read waits until a publish of this process ends (see publish).
          if (this.publishing > 0 && Number.isSafeInteger(id)) {
            this.announced = Math.max(this.announced, id);
            return;
          }
          void this.pull();
        },
        // Also the first connection: anything published before it is read now.
        onConnected: () => void this.pull(),
        onError: (error) => this.options.log.warn({ err: error }, 'ops events: the LISTEN connection failed'),
      });
      this.listener.start();
    }
    // A safety net: while LISTEN is down (or was never possible), look for new rows now and then.
    this.poller = setInterval(() => {
      if (!this.listener?.connected && this.subscriberCount > 0) void this.pull();
    }, this.pollMs);
    this.poller.unref();
    // Events owed by changes whose process died before publishing them (see markDue).
    this.sweeper = setInterval(() => void this.sweep(), this.sweepMs);
    this.sweeper.unref();
  }

  /**
   * How to make an event of `type` again from its mark: the sweep publishes what it answers. A type
   * without one is never marked (markDue refuses it).
   */
  whenOwed(type: OpsDataEventType, redraft: (about: { vendorId: number; orderId: number | null }) => EventDraft): void {
    this.redrafts.set(type, redraft);
  }

  async markDue(
    db: Kysely<Database> | Transaction<Database>,
    about: OwedEvent,
    afterMs = this.dueAfterMs,
  ): Promise<void> {
    if (!this.redrafts.has(about.type)) throw new Error(`ops events: no way to publish an owed ${about.type} event`);
    await markEventDue(
      db,
      { subject: subjectOf(about), vendorId: about.vendorId, orderId: about.orderId ?? null, type: about.type },
      this.options.clock() + afterMs,
    );
  }

  /** Publishes the owed events past their time, each only if it is still owed once its subject is held. */
  sweep(): Promise<void> {
    if (this.sweeping || this.closed) return this.sweeping ?? Promise.resolve();
    const { tracing } = this.options;
    const run = async () => {
      for (const owed of await listDueEvents(this.db, this.options.clock(), SWEEP_BATCH)) {
        if (this.closed) return;
        const redraft = this.redrafts.get(owed.type);
        if (!redraft) continue;
        const about = {
          vendorId: Number(owed.vendor_id),
          orderId: owed.order_id === null ? null : Number(owed.order_id),
        };
        const sent = await this.whilePublishing(() => this.publishNow(redraft(about), { owedOnly: true }));
        if (sent !== null)
          this.options.log.warn(
            { ...about, type: owed.type },
            'ops events: published an event its change left owed (the process that made it stopped first?)',
          );
      }
    };
    this.sweeping = (tracing ? tracing.withParent(undefined, run) : run())
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'ops events: publishing owed events failed'))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  /**
   * Appends an event for a change already committed, and delivers it. A failure is logged, never
   * thrown: the change stands, and a display that misses the event re-reads on its next connect.
   */
  async publish<T>(draft: EventDraft<T>): Promise<T | null> {
    if (this.closed) return null;
    return this.whilePublishing(() => this.publishNow(draft));
  }

  async publishChange<T, R>(draft: ChangeDraft<T, R>): Promise<R> {
    if (this.closed) return (await draft.change(this.db, null)).result;
    return this.whilePublishing(() => this.publishChangeNow(draft));
  }

  /** Runs a publish, counted as under way (see the NOTIFY handling in begin). */
  private async whilePublishing<T>(publish: () => Promise<T>): Promise<T> {
    this.publishing += 1;
    try {
      return await publish();
    } finally {
      this.publishing -= 1;
      // An id announced meanwhile that this process has not delivered (another process's): read now.
      if (this.announced > this.delivered) void this.pull();
    }
  }

  private async publishNow<T>(draft: EventDraft<T>, options: { owedOnly?: boolean } = {}): Promise<T | null> {
    // The caller's span (the publish span when tracing is on), taken before anything else runs.
    const traceParent = this.options.tracing?.traceParent() ?? null;
    try {
      await this.start();
      const now = this.options.clock();
      const subject = subjectOf(draft);
      const sent = await this.holdingSubject(subject, () =>
        withEventSubjectLock(this.db, subject, async (db, lock) => {
          // The sweep's: only if still owed now that the subject is held (another process may have published it).
          if (options.owedOnly && lock) {
            lock.due = await readMark(db, subject);
            if (lock.due === null) return null;
          }
          const data = await draft.data(db);
          if (data === null || data === undefined) {
            if (lock) lock.nothingToSend = true;
            return null;
          }
          await this.insertAndDeliver(db, draft, data, { now, traceParent, lock });
          return { data };
        }),
      );
      this.trimNow(now);
      return sent?.data ?? null;
    } catch (error) {
      this.options.log.warn({ err: error, vendorId: draft.vendorId, type: draft.type }, 'ops events: publish failed');
      return null;
    }
  }

  private async publishChangeNow<T, R>(draft: ChangeDraft<T, R>): Promise<R> {
    // The caller's span (the publish span when tracing is on), taken before anything else runs.
    const traceParent = this.options.tracing?.traceParent() ?? null;
    let made = undefined as { result: R } | undefined;
    try {
      await this.start();
      const now = this.options.clock();
      const subject = subjectOf(draft);
      const result = await this.holdingSubject(subject, () =>
        withEventSubjectTakenBy(this.db, subject, async (db, lock, take) => {
          const owed = { subject, vendorId: draft.vendorId, orderId: draft.orderId ?? null, type: draft.type };
          const changed = await draft.change(db, take ? { take, mark: dueMarkOf(owed, now + this.dueAfterMs) } : null);
          made = changed;
          if (lock) lock.due = changed.due ?? null;
          const { data } = changed;
          if (data !== null && data !== undefined)
            await this.insertAndDeliver(db, draft, data, { now, traceParent, lock });
          return changed.result;
        }),
      );
      this.trimNow(now);
      return result;
    } catch (error) {
      // The change failed: nothing was published. Once it is made, only the event failed.
      if (!made) throw error;
      this.options.log.warn({ err: error, vendorId: draft.vendorId, type: draft.type }, 'ops events: publish failed');
      return made.result;
    }
  }

  /** Inserts a published event (letting go of its subject's lock) and delivers it here. */
  private async insertAndDeliver(
    db: Kysely<Database>,
    draft: EventAbout,
    data: unknown,
    at: { now: number; traceParent: string | null; lock: SubjectLock | null },
  ): Promise<void> {
    const row = await insertEvent(
      db,
      {
        vendor_id: draft.vendorId,
        order_id: draft.orderId ?? null,
        type: draft.type,
        data: JSON.stringify(data),
        created_at: at.now,
        trace_parent: at.traceParent,
      },
      at.lock,
    );
    // The next id after the last delivered, nothing being read: delivered as it is, without
    // reading it back. Otherwise (another process's events came first) the read delivers it.
    if (!this.pulling && row.id === this.delivered + 1) {
      this.delivered = row.id;
      this.deliver(toBusEvent(row));
    } else if (!this.listening) {
      void this.pull();
    }
  }

  /** Trims the log now and then (at most every trimEveryMs), in the background. */
  private trimNow(now: number): void {
    if (now - this.lastTrim < this.trimEveryMs) return;
    this.lastTrim = now;
    void trimEvents(this.db, now - this.retentionMs, this.keepEvents).catch((error: unknown) =>
      this.options.log.warn({ err: error }, 'ops events: trimming failed'),
    );
  }

  /**
   * Runs `use` after every earlier publish about the same subject in this process has finished, so
   * they read and insert one at a time (withEventSubjectLock does the same across processes).
   */
  private async holdingSubject<T>(subject: string, use: () => Promise<T>): Promise<T> {
    const before = this.subjects.get(subject);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const turn = (before ?? Promise.resolve()).then(() => mine);
    this.subjects.set(subject, turn);
    try {
      await before;
      return await use();
    } finally {
      release();
      if (this.subjects.get(subject) === turn) this.subjects.delete(subject);
    }
  }

  /** PostgreSQL: whether LISTEN is connected, so every new row is announced to this process. */
  private get listening(): boolean {
    return this.listener?.connected ?? false;
  }

  /** Listens to a vendor's events after `cursor`; answers the unsubscribe. */
  subscribe(vendorId: number, listener: EventListener): () => void {
    const key = vendorTopic(vendorId);
    const listeners = this.topics.get(key) ?? new Set<EventListener>();
    listeners.add(listener);
    this.topics.set(key, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.topics.get(key) === listeners) this.topics.delete(key);
    };
  }

  /**
   * What a stream resuming after `afterId` must be sent before its live events (those after
   * `upToId`, the cursor when it subscribed): the vendor's events in between, or 'reset' when they
   * cannot all be given — trimmed, more than `limit`, or an id newer than any this database made.
   */
  async replay(vendorId: number, afterId: number, upToId: number, limit: number): Promise<BusEvent[] | 'reset'> {
    const { oldest, newest } = await eventIdRange(this.db);
    if (afterId > (newest ?? 0)) return 'reset';
    // Ids are trimmed from the oldest end only: the one just before the oldest kept is the last gone.
    if (oldest !== null && afterId < oldest - 1) return 'reset';
    if (afterId >= upToId) return [];
    const rows = await listVendorEvents(this.db, vendorId, afterId, upToId, limit + 1);
    return rows.length > limit ? 'reset' : rows.map(toBusEvent);
  }

  /** Reads and delivers every event after the cursor; calls made meanwhile are folded into one more read. */
  pull(): Promise<void> {
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    // Outside any caller's span: the events read belong to their own traces (BusEvent.traceParent).
    const { tracing } = this.options;
    this.pulling = (tracing ? tracing.withParent(undefined, () => this.drain()) : this.drain())
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'ops events: reading new events failed'))
      .finally(() => {
        this.pulling = null;
      });
    return this.pulling;
  }

  private async drain(): Promise<void> {
    await this.start();
    do {
      this.pullAgain = false;
      let rows: EventRow[];
      do {
        rows = await listEventsAfter(this.db, this.delivered, PULL_BATCH);
        // Synchronous from here to the end of the batch: a subscriber added in between sees the cursor move with it.
        for (const row of rows) {
          if (row.id <= this.delivered) continue;
          this.delivered = row.id;
          this.deliver(toBusEvent(row));
        }
      } while (rows.length === PULL_BATCH && !this.closed);
    } while (this.pullAgain && !this.closed);
  }

  private deliver(event: BusEvent): void {
    counted.eventDelivered(this.options.clock() - event.createdAt);
    for (const listener of this.topics.get(vendorTopic(event.vendorId)) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.options.log.warn({ err: error }, 'ops events: a subscriber failed');
      }
    }
  }

  /** Stops listening and polling; waits for a delivery under way. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.listener?.stop();
    this.listener = null;
    await this.pulling;
    await this.sweeping;
    await this.starting?.catch(() => undefined);
  }
}

const vendorTopic = (vendorId: number) => `vendor:${vendorId}`;

/** What an event is about: its order, or else its vendor (the vendor's switches, its menu items). */
const subjectOf = (draft: EventAbout) =>
  draft.orderId != null ? `order:${draft.orderId}` : `${draft.type}:vendor:${draft.vendorId}`;

function toBusEvent(row: EventRow): BusEvent {
  return {
    id: Number(row.id),
    vendorId: Number(row.vendor_id),
    orderId: row.order_id === null ? null : Number(row.order_id),
    type: row.type as OpsDataEventType,
    data: row.data,
    createdAt: Number(row.created_at),
    traceParent: row.trace_parent ?? undefined,
  };
}
