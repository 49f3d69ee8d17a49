/**
 * The event log under concurrent writers (docs/decisions/018-ops-events.md and docs/decisions/022-postgres-checkout.md):
 * ids reach readers in commit order, so none is skipped, and of two events about one thing the
 * later id carries the later state — while writers about different things do not wait for each
 * other to read their data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { databases } from '../../test/databases.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { DUE_AFTER_MS, EventBus, type BusEvent, type EventBusOptions, type EventDraft } from './event-bus.ts';
import { insertEvent, withEventSubjectLock } from './events.repository.ts';

const VENDOR = 1;
const quiet = { warn: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databases)('the event bus on $name', (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  const buses: EventBus[] = [];
  const newBus = (traceParent?: () => string | undefined, options: Partial<EventBusOptions> = {}) => {
    const bus = new EventBus(handle.db, {
      clock: () => Date.now(),
      log: quiet,
      createSessionClient: handle.createSessionClient,
      tracing: traceParent ? { traceParent, withParent: (_parent, run) => run(), delivered: () => undefined } : null,
      ...options,
    });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    handle = await database.create();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await handle?.dispose();
  });

  it('delivers every event of many concurrent writers, in id order, to a reader', async () => {
    // PostgreSQL: two writing processes and a third that reads (through LISTEN); SQLite is one process.
    const reader = newBus();
    const [writerA, writerB] = database.name === 'postgres' ? [newBus(), newBus()] : [reader, reader];
    await Promise.all([writerA.start(), writerB.start(), reader.start()]);
    const seen: BusEvent[] = [];
    const unsubscribe = reader.subscribe(VENDOR, (event) => seen.push(event));
    const COUNT = 120;
    await Promise.all(
      Array.from({ length: COUNT }, (_, i) =>
        (i % 2 ? writerA : writerB).publish({
          vendorId: VENDOR,
          orderId: 1_000 + i,
          type: 'order',
          // A little reading time, so writers overlap.
          data: async (db) => {
            await db.selectFrom('ops_events').select('id').limit(1).execute();
            return { i };
          },
        }),
      ),
    );
    for (let waited = 0; seen.length < COUNT && waited < 10_000; waited += 50) await sleep(50);
    unsubscribe();
    const stored = await handle.db.selectFrom('ops_events').select('id').orderBy('id').execute();
    expect(stored).toHaveLength(COUNT);
    expect(seen.map((event) => event.id)).toEqual(stored.map((row) => Number(row.id)));
  });

  it('gives the later of two events about one order the later state, however the writers race', async () => {
    const bus = newBus();
    await bus.start();
    const ORDER = 77;
    const auditCount = async (db: typeof handle.db) =>
      Number(
        (
          await db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('entity_id', '=', 'event-bus-test')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const publishing: Promise<unknown>[] = [];
    for (let i = 1; i <= 30; i += 1) {
      await recordAudit(handle.db, {
        at: Date.now(),
        actor: 'system',
        action: 'test.step',
        entity: 'order',
        entityId: 'event-bus-test',
        details: { i },
      });
      // Not awaited: the events of one order race each other.
      publishing.push(
        bus.publish({
          vendorId: VENDOR,
          orderId: ORDER,
          type: 'order',
          data: async (db) => ({ step: await auditCount(db) }),
        }),
      );
    }
    await Promise.all(publishing);
    const rows = await handle.db
      .selectFrom('ops_events')
      .select(['id', 'data'])
      .where('order_id', '=', ORDER)
      .orderBy('id')
      .execute();
    const steps = rows.map((row) => (JSON.parse(row.data) as { step: number }).step);
    expect(steps).toHaveLength(30);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps.at(-1)).toBe(30);
  });

  describe('events owed (an outbox, decision 018)', () => {
    const postgres = database.name === 'postgres';
    let now = Date.parse('2026-11-28T12:00:00.000Z');
    /** the order's events as written, and its mark */
    const eventsOf = async (orderId: number) =>
      (
        await handle.db.selectFrom('ops_events').select('data').where('order_id', '=', orderId).orderBy('id').execute()
      ).map((row) => JSON.parse(row.data) as unknown);
    const marksOf = (orderId: number) =>
      handle.db.selectFrom('ops_events_due').selectAll().where('order_id', '=', orderId).execute();
    /** Buses that sweep only when told, each making an order's event again as `{ order, state }`. */
    const owingBuses = (count: number, state: () => Promise<number> | number) =>
      Array.from({ length: count }, () => {
        const bus = newBus(undefined, { clock: () => now, sweepMs: 3_600_000 });
        bus.whenOwed('order', ({ vendorId, orderId }): EventDraft => ({
          vendorId,
          orderId,
          type: 'order',
          data: async () => ({ order: orderId, state: await state() }),
        }));
        return bus;
      });

    it('publishes the event of a change whose process died before publishing it, once, whichever process sweeps', async () => {
      const ORDER = 501;
      const [dying, survivorA, survivorB] = owingBuses(3, () => 1);
      await Promise.all([dying!.start(), survivorA!.start(), survivorB!.start()]);
      // The change's transaction marks its event; its process dies before publishing it.
      await handle.db
        .transaction()
        .execute((trx) => dying!.markDue(trx, { vendorId: VENDOR, orderId: ORDER, type: 'order' }));
      expect(await marksOf(ORDER)).toHaveLength(postgres ? 1 : 0);

      // Not due yet: a publish normally follows within milliseconds.
      now += DUE_AFTER_MS - 1;
      await Promise.all([survivorA!.sweep(), survivorB!.sweep()]);
      expect(await eventsOf(ORDER)).toEqual([]);

      // Due: both survivors sweep at once, one event is written.
      now += 1;
      await Promise.all([survivorA!.sweep(), survivorB!.sweep()]);
      await Promise.all([survivorA!.sweep(), survivorB!.sweep()]);
      // SQLite is one process (nothing survives it): nothing is marked, every display re-reads when it is back.
      expect(await eventsOf(ORDER)).toEqual(postgres ? [{ order: ORDER, state: 1 }] : []);
      expect(await marksOf(ORDER)).toEqual([]);
    });

    it("clears its own change's mark when published, never that of a change made while its data was read", async () => {
      const ORDER = 502;
      let state = 1;
      const [bus] = owingBuses(1, () => state);
      await bus!.start();
      const mark = () =>
        handle.db
          .transaction()
          .execute((trx) => bus!.markDue(trx, { vendorId: VENDOR, orderId: ORDER, type: 'order' }));

      // A change and its event: the mark goes with the event.
      await mark();
      await bus!.publish({ vendorId: VENDOR, orderId: ORDER, type: 'order', data: async () => ({ state }) });
      expect(await marksOf(ORDER)).toEqual([]);

      // A second change commits while the first change's event is being read: its mark stays.
      await mark();
      await bus!.publish({
        vendorId: VENDOR,
        orderId: ORDER,
        type: 'order',
        data: async () => {
          const read = state;
          state = 2;
          await mark();
          return { state: read };
        },
      });
      expect(await marksOf(ORDER)).toHaveLength(postgres ? 1 : 0);
      now += DUE_AFTER_MS;
      await bus!.sweep();
      expect(await eventsOf(ORDER)).toEqual(
        postgres ? [{ state: 1 }, { state: 1 }, { order: ORDER, state: 2 }] : [{ state: 1 }, { state: 1 }],
      );
      expect(await marksOf(ORDER)).toEqual([]);

      // An order gone by the time its owed event is made: nothing to send, and the mark goes.
      const [gone] = owingBuses(1, () => 0);
      gone!.whenOwed('order', ({ vendorId, orderId }) => ({
        vendorId,
        orderId,
        type: 'order',
        data: async () => null,
      }));
      await gone!.start();
      await mark();
      now += DUE_AFTER_MS;
      await gone!.sweep();
      expect(await eventsOf(ORDER)).toHaveLength(postgres ? 3 : 2);
      expect(await marksOf(ORDER)).toEqual([]);
    });
  });

  it("keeps the publishing span's trace context with the event, for the process that delivers it", async () => {
    // PostgreSQL: published by one process, delivered by another (read back through LISTEN).
    let active: string | undefined = `00-${'4bf92f3577b34da6a3ce929d0e0e4736'}-00f067aa0ba902b7-01`;
    const traced = active;
    const writer = newBus(() => active);
    const reader = database.name === 'postgres' ? newBus() : writer;
    await Promise.all([writer.start(), reader.start()]);
    const seen: BusEvent[] = [];
    const unsubscribe = reader.subscribe(VENDOR + 1, (event) => seen.push(event));
    const publish = (orderId: number) =>
      writer.publish({ vendorId: VENDOR + 1, orderId, type: 'order', data: async () => ({ orderId }) });
    await publish(501);
    // No active span (a timer's publish, or tracing off): nothing is kept.
    active = undefined;
    await publish(502);
    for (let waited = 0; seen.length < 2 && waited < 10_000; waited += 50) await sleep(50);
    unsubscribe();
    expect(seen.map((event) => [event.orderId, event.traceParent])).toEqual([
      [501, traced],
      [502, undefined],
    ]);
    const rows = await handle.db
      .selectFrom('ops_events')
      .select(['order_id', 'trace_parent'])
      .where('vendor_id', '=', VENDOR + 1)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [Number(row.order_id), row.trace_parent])).toEqual([
      [501, traced],
      [502, null],
    ]);
  });

  it.runIf(database.name === 'postgres')(
    "lets an order's lock go in the event's own insert, and delivers its own events once each, in order",
    async () => {
      const bus = newBus();
      await bus.start();
      const seen: BusEvent[] = [];
      const unsubscribe = bus.subscribe(VENDOR, (event) => seen.push(event));
      // A second connection tries the subject's lock while the publisher's data read still runs and
      // again right after its insert: held first, free as soon as the insert has answered.
      const subject = 'order:7001';
      const tryLock = async () => {
        const client = handle.createSessionClient!();
        await client.connect();
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            `select pg_try_advisory_lock(${0x6f707365}, hashtext($1)) as locked`,
            [subject],
          );
          if (rows[0]!.locked) await client.query(`select pg_advisory_unlock(${0x6f707365}, hashtext($1))`, [subject]);
          return rows[0]!.locked;
        } finally {
          await client.end();
        }
      };
      let duringRead: boolean | null = null;
      await bus.publish({
        vendorId: VENDOR,
        orderId: 7001,
        type: 'order',
        data: async () => {
          duringRead = await tryLock();
          return { step: 1 };
        },
      });
      expect(duringRead).toBe(false);
      // Inside the lock's scope, once the event's insert has answered, the subject is free already.
      const afterInsert = await withEventSubjectLock(handle.db, subject, async (connection, lock) => {
        await insertEvent(
          connection,
          {
            vendor_id: VENDOR,
            order_id: 7001,
            type: 'order',
            data: '{"step":0}',
            created_at: Date.now(),
            trace_parent: null,
          },
          lock,
        );
        return tryLock();
      });
      expect(afterInsert).toBe(true);
      expect(await tryLock()).toBe(true);
      // Its own events reach its subscriber as they were written, each once, in order.
      for (let step = 2; step <= 5; step += 1) {
        await bus.publish({ vendorId: VENDOR, orderId: 7001, type: 'order', data: () => Promise.resolve({ step }) });
      }
      await sleep(300);
      unsubscribe();
      const mine = seen
        .filter((event) => event.orderId === 7001)
        .map((event) => JSON.parse(event.data) as { step: number });
      expect(mine.map((data) => data.step)).toEqual([1, 0, 2, 3, 4, 5]);
    },
  );
});
