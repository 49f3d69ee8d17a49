import { MenuItem } from '@venue/contract/menu';
import { OpsOrder, OpsOrderList } from '@venue/contract/ops-orders';
import { OpsStreamControl } from '@venue/contract/ops-events';
import { Vendor } from '@venue/contract/venue';
import { KITCHEN_OPEN_STATUSES } from '@venue/domain/order-status';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { trimEvents } from '../../modules/events/events.repository.ts';
import { queueDueScheduledOrders } from '../../modules/fulfilment/fulfilment.service.ts';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { demoCatalogue } from '../../modules/catalogue/demo-venue.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer, signedInject, type Signer } from '../../test/signed-requests.ts';
import { SseReader, type SseMessage } from '../../test/sse-client.ts';
import { TEST_OPS_TOKEN, testConfig, useTestApp } from '../../test/test-app.ts';
import { kitchenSimulatorStep } from '../../modules/fulfilment/kitchen-simulator.ts';
import { STREAMS_PER_STAFF_TOKEN } from '../../lib/stream-limits.ts';

/** The demo venue's stores: the only ones the kitchen simulator moves orders of. */
const DEMO_STORES = demoCatalogue().vendors.map((vendor) => vendor.id);

/** Monday 13:00 in Sydney: the demo vendors are trading. */
const START = Date.parse('2026-11-23T02:00:00.000Z');
const MIN = 60_000;
const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
/** Daily Grind (coffee), and its butter croissant: no options, stock not counted until a test counts it. */
const VENDOR = 4;
const CROISSANT = 414;
/** Another store of the venue, whose events must not reach VENDOR's streams. */
const OTHER_VENDOR = 2;
/**
 * Events are pushed, not found by a poll: each arrives well inside this, even on a slow, busy
 * machine. The 1 s goal is measured by the benchmark (`npm run bench -- ops-events`).
 */
const DELIVERY_MS = 5_000;
const HEARTBEAT_MS = 100;

describe.each(databases)('operations events on $name', (database) => {
  let now = START;
  const ctx = useTestApp(database, { clock: () => now, eventStreams: { heartbeatMs: HEARTBEAT_MS } });
  let base = '';
  const readers: SseReader[] = [];

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const reader of readers.splice(0)) reader.close();
  });
  afterAll(() => {
    // fetch keeps spare connections to the listener open, unused, and never closes them; the
    // server's close would wait for their first request. Closed here as a client going away would.
    ctx.app.server.closeAllConnections();
  });

  const eventsUrl = (vendorId: number, query = '') => `${base}/ops/v1/vendor/${vendorId}/events${query}`;

  /** An open stream of the vendor, live (its `ready` or `reset` read). */
  const stream = async (vendorId = VENDOR, headers: Record<string, string> = {}, query = '') => {
    const reader = await SseReader.open(eventsUrl(vendorId, query), { ...auth, ...headers });
    readers.push(reader);
    expect(reader.response.status).toBe(200);
    await reader.next((m) => m.event === 'ready' || m.event === 'reset');
    return reader;
  };

  const ops = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url: `/ops/v1${url}`, headers: auth, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json() as unknown, answeredAt: performance.now() };
  };
  const setStatus = (orderId: number, status: string, vendorId = VENDOR) =>
    ops('POST', `/vendor/${vendorId}/order/${orderId}/status`, { status });
  const patchVendor = (patch: object, vendorId = VENDOR) => ops('PATCH', `/vendor/${vendorId}`, patch);
  const patchItem = (patch: object, itemId = CROISSANT) => ops('PATCH', `/vendor/${VENDOR}/menu-item/${itemId}`, patch);
  const listed = async (orderId: number) =>
    OpsOrderList.parse((await ops('GET', `/vendor/${VENDOR}/orders?status=${ALL_STATUSES}`)).body).find(
      (o) => o.id === orderId,
    );

  const paidOrder = async (consumer: Signer, extra: Record<string, unknown> = {}) => {
    const order = await placeTestOrder(
      ctx.app,
      consumer,
      VENDOR,
      [{ menuItemId: CROISSANT, quantity: 2, modifiers: [] }],
      extra,
    );
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const result = await payByCard(ctx.app, payment);
    const res = await updatePayment(ctx.app, consumer, order, payment.id, { transactionId: result.id });
    expect(res.statusCode, res.body).toBe(200);
    return { order, answeredAt: performance.now() };
  };

  /** The next `type` event from `from` on, checked to arrive within the bound after `answeredAt`. */
  const expectEvent = async (
    reader: SseReader,
    type: string,
    match: (data: unknown) => boolean,
    answeredAt: number,
    from = 0,
  ): Promise<SseMessage> => {
    const message = await reader.next((m) => m.event === type && match(JSON.parse(m.data)), DELIVERY_MS * 2, from);
    expect(message.id).toMatch(/^\d+$/);
    expect(message.receivedAt - answeredAt).toBeLessThan(DELIVERY_MS);
    return message;
  };
  const orderEvent = (reader: SseReader, orderId: number, status: string, answeredAt: number) =>
    expectEvent(
      reader,
      'order',
      (d) => (d as OpsOrder).id === orderId && (d as OpsOrder).orderStatus === status,
      answeredAt,
    ).then((m) => OpsOrder.parse(JSON.parse(m.data)));

  it('answers 401 without the operations token and 404 for a store that does not exist', async () => {
    const anonymous = await fetch(eventsUrl(VENDOR));
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toMatch(/Authorization: Bearer/);
    const wrong = await fetch(eventsUrl(VENDOR), { headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.status).toBe(401);
    const unknown = await fetch(eventsUrl(999_999), { headers: auth });
    expect(unknown.status).toBe(404);
    const badQuery = await fetch(eventsUrl(VENDOR, '?lastEventId=abc'), { headers: auth });
    expect(badQuery.status).toBe(400);
    expect(ctx.app.eventStreams.count).toBe(0);
  });

  it('streams uncompressed text/event-stream, not cached, with a retry hint and a ready event carrying an id', async () => {
    const reader = await stream(VENDOR, { 'accept-encoding': 'gzip, br' });
    const headers = reader.response.headers;
    expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(headers.get('x-accel-buffering')).toBe('no');
    expect(headers.get('content-encoding')).toBeNull();
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(reader.retry).toBeGreaterThan(0);
    const ready = reader.messages[0]!;
    expect(ready.event).toBe('ready');
    expect(ready.id).toMatch(/^\d+$/);
    expect(OpsStreamControl.parse(JSON.parse(ready.data)).lastEventId).toBe(Number(ready.id));
    expect(ctx.app.eventStreams.count).toBeGreaterThan(0);
    const head = await fetch(eventsUrl(VENDOR), { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });

  it('sends a comment heartbeat at the set interval', async () => {
    const reader = await stream();
    const comments = await reader.comment(2, HEARTBEAT_MS * 50);
    expect(comments.slice(0, 2)).toEqual(['heartbeat', 'heartbeat']);
  });

  it('sends an order event at once when an order is paid and at every status change, as the orders list shows it', async () => {
    const reader = await stream();
    const alex = await createTestConsumer(ctx.app, 'Alex Events');

    const { order, answeredAt } = await paidOrder(alex);
    const paid = await orderEvent(reader, order.id, 'Waiting', answeredAt);
    expect(paid).toEqual(await listed(order.id));
    expect(paid).toMatchObject({ customerName: 'Alex Events', vendorId: VENDOR });
    expect(paid.lines[0]).toMatchObject({ menuItemId: CROISSANT, quantity: 2 });

    const ready = await setStatus(order.id, 'PendingAlerted');
    expect(await orderEvent(reader, order.id, 'PendingAlerted', ready.answeredAt)).toEqual(ready.body);
    expect(ready.body).toEqual(await listed(order.id));

    const alerted = await signedInject(ctx.app, alex, {
      method: 'POST',
      url: `/v1/vendor/${VENDOR}/order/${order.id}/alerted`,
      payload: { orderId: order.id, vendorId: VENDOR, timeAlerted: new Date(now).toISOString() },
    });
    expect(alerted.statusCode, alerted.body).toBe(200);
    expect(await orderEvent(reader, order.id, 'Alerted', performance.now())).toEqual(await listed(order.id));

    const collected = await setStatus(order.id, 'Serviced');
    expect(await orderEvent(reader, order.id, 'Serviced', collected.answeredAt)).toEqual(collected.body);

    const second = await paidOrder(alex);
    await orderEvent(reader, second.order.id, 'Waiting', second.answeredAt);
    const help = await setStatus(second.order.id, 'VendorSupportRequired');
    expect(await orderEvent(reader, second.order.id, 'VendorSupportRequired', help.answeredAt)).toEqual(help.body);
    const cancelled = await setStatus(second.order.id, 'Cancelled');
    expect(await orderEvent(reader, second.order.id, 'Cancelled', cancelled.answeredAt)).toEqual(cancelled.body);

    // One event per change: a status asked for again changes nothing and says nothing.
    const count = reader.dataEvents().filter((m) => m.event === 'order').length;
    await setStatus(second.order.id, 'Cancelled');
    const probe = await patchVendor({ tts: 420_000 });
    await expectEvent(reader, 'vendor', (d) => (d as Vendor).tts === 420_000, probe.answeredAt);
    expect(reader.dataEvents().filter((m) => m.event === 'order')).toHaveLength(count);
    const ids = reader.dataEvents().map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('the kitchen simulator, using the same service code, sends order events too', async () => {
    const reader = await stream();
    const sam = await createTestConsumer(ctx.app, 'Sam Simulated');
    const { order, answeredAt } = await paidOrder(sam);
    await orderEvent(reader, order.id, 'Waiting', answeredAt);
    const step = await kitchenSimulatorStep(ctx.app.fulfilment, DEMO_STORES, now + 24 * 60 * MIN);
    expect(step.ready).toBeGreaterThan(0);
    await orderEvent(reader, order.id, 'PendingAlerted', performance.now());
  });

  it('sends menu-item events when stock is set, taken by a paid order and returned by a cancellation, and when an item is hidden', async () => {
    const reader = await stream();
    const counted = await patchItem({ currentInventory: 20 });
    const set = await expectEvent(
      reader,
      'menu-item',
      (d) => (d as MenuItem).currentInventory === 20,
      counted.answeredAt,
    );
    expect(MenuItem.parse(JSON.parse(set.data))).toEqual(counted.body);

    const jo = await createTestConsumer(ctx.app, 'Jo Stock');
    const { order, answeredAt } = await paidOrder(jo);
    const taken = await expectEvent(
      reader,
      'menu-item',
      (d) => (d as MenuItem).id === CROISSANT && (d as MenuItem).currentInventory === 18,
      answeredAt,
    );
    const paid = reader.messages.find((m) => m.event === 'order' && JSON.parse(m.data).id === order.id);
    expect(Number(paid?.id)).toBeLessThan(Number(taken.id));

    const cancelled = await setStatus(order.id, 'Cancelled');
    await expectEvent(
      reader,
      'menu-item',
      (d) => (d as MenuItem).currentInventory === 20,
      cancelled.answeredAt,
      reader.messages.indexOf(taken) + 1,
    );

    const hidden = await patchItem({ visible: false });
    const hiddenEvent = await expectEvent(reader, 'menu-item', (d) => !(d as MenuItem).visible, hidden.answeredAt);
    expect(JSON.parse(hiddenEvent.data)).toEqual(hidden.body);
    const shown = await patchItem({ visible: true, currentInventory: null });
    await expectEvent(
      reader,
      'menu-item',
      (d) => (d as MenuItem).visible && (d as MenuItem).currentInventory === null,
      shown.answeredAt,
    );
  });

  it('sends vendor events when the store pauses, closes, opens or changes its time to service, and none for a patch that changes nothing', async () => {
    const reader = await stream();
    const paused = await patchVendor({ isPaused: true });
    const pausedEvent = await expectEvent(reader, 'vendor', (d) => (d as Vendor).isPaused, paused.answeredAt);
    expect(Vendor.parse(JSON.parse(pausedEvent.data))).toEqual(paused.body);

    await patchVendor({ isPaused: true });
    const closed = await patchVendor({ isOpen: false, isPaused: false });
    const closedEvent = await expectEvent(reader, 'vendor', (d) => !(d as Vendor).isOpen, closed.answeredAt);
    expect(JSON.parse(closedEvent.data)).toEqual(closed.body);
    const opened = await patchVendor({ isOpen: true, tts: 300_000 });
    await expectEvent(
      reader,
      'vendor',
      (d) => (d as Vendor).isOpen && (d as Vendor).tts === 300_000,
      opened.answeredAt,
    );
    // paused, closed, opened: the repeated pause was no change.
    expect(reader.dataEvents().filter((m) => m.event === 'vendor')).toHaveLength(3);
  });

  it('caps the streams one credential holds open (429 with Retry-After): a token cannot take every connection', async () => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${VENDOR}/staff-tokens`,
      headers: auth,
      payload: { name: 'Greedy tablet' },
    });
    const staff = { authorization: `Bearer ${(made.json() as { token: string }).token}` };
    for (let i = 0; i < STREAMS_PER_STAFF_TOKEN; i += 1) {
      const reader = await SseReader.open(eventsUrl(VENDOR), staff);
      readers.push(reader);
      expect(reader.response.status).toBe(200);
    }
    const refused = await fetch(eventsUrl(VENDOR), { headers: staff });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as { message: string }).message).toMatch(/for this staff token/);
    // The admin token (and so every other credential) has room of its own.
    await stream();
  });

  it("delivers only the store's own events", async () => {
    const reader = await stream(VENDOR);
    const other = await stream(OTHER_VENDOR);
    const elsewhere = await patchVendor({ tts: 360_000 }, OTHER_VENDOR);
    await expectEvent(other, 'vendor', (d) => (d as Vendor).tts === 360_000, elsewhere.answeredAt);
    const here = await patchVendor({ tts: 240_000 });
    await expectEvent(reader, 'vendor', (d) => (d as Vendor).tts === 240_000, here.answeredAt);
    expect(reader.dataEvents()).toHaveLength(1);
    expect(reader.dataEvents().every((m) => JSON.parse(m.data).id === VENDOR)).toBe(true);
    expect(other.dataEvents().every((m) => JSON.parse(m.data).id === OTHER_VENDOR)).toBe(true);
  });

  it('resumes from Last-Event-ID (header or query) with exactly the events missed, then live ones, none twice', async () => {
    const witness = await stream();
    const first = await stream();
    const seen = await patchVendor({ tts: 330_000 });
    const lastSeen = await expectEvent(first, 'vendor', (d) => (d as Vendor).tts === 330_000, seen.answeredAt);
    first.close();
    await first.end();

    // Missed while away: an order paid and made ready, the store paused, and another store's change.
    const kim = await createTestConsumer(ctx.app, 'Kim Away');
    const { order } = await paidOrder(kim);
    await setStatus(order.id, 'PendingAlerted');
    await patchVendor({ tts: 345_000 }, OTHER_VENDOR);
    const paused = await patchVendor({ isPaused: true });
    await expectEvent(witness, 'vendor', (d) => (d as Vendor).isPaused, paused.answeredAt);
    const missed = witness.dataEvents().filter((m) => Number(m.id) > Number(lastSeen.id));
    expect(missed.map((m) => m.event)).toEqual(['order', 'order', 'vendor']);

    const strip = (messages: SseMessage[]) => messages.map(({ id, event, data }) => ({ id, event, data }));
    const viaHeader = await SseReader.open(eventsUrl(VENDOR), { ...auth, 'last-event-id': lastSeen.id! });
    const viaQuery = await SseReader.open(eventsUrl(VENDOR, `?lastEventId=${lastSeen.id}`), auth);
    readers.push(viaHeader, viaQuery);
    for (const resumed of [viaHeader, viaQuery]) {
      const ready = await resumed.next((m) => m.event === 'ready');
      const replayed = resumed.messages.slice(0, resumed.messages.indexOf(ready));
      expect(strip(replayed)).toEqual(strip(missed));
      expect(Number(ready.id)).toBeGreaterThanOrEqual(Number(missed.at(-1)!.id));
    }

    const live = await patchVendor({ isPaused: false });
    for (const reader of [viaHeader, viaQuery, witness]) {
      await expectEvent(reader, 'vendor', (d) => !(d as Vendor).isPaused, live.answeredAt);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const reader of [viaHeader, viaQuery]) {
      const ids = reader.messages.filter((m) => m.event !== 'ready').map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(strip(reader.dataEvents())).toEqual(
        strip(witness.dataEvents().filter((m) => Number(m.id) > Number(lastSeen.id))),
      );
    }
  });

  it('says reset, with an id to go on from, when the last id cannot be replayed', async () => {
    await patchVendor({ tts: 270_000 });
    const reader = await stream();
    const newest = Number(reader.messages[0]!.id);

    const unknown = await stream(VENDOR, { 'last-event-id': String(newest + 1_000) });
    expect(unknown.messages[0]).toMatchObject({ event: 'reset', id: String(newest) });
    expect(OpsStreamControl.parse(JSON.parse(unknown.messages[0]!.data)).message).toMatch(/read the orders/);
    const unreadable = await stream(VENDOR, { 'last-event-id': 'yesterday' });
    expect(unreadable.messages[0]!.event).toBe('reset');

    // Everything but the newest event trimmed: an old id cannot be resumed from any more.
    await trimEvents(ctx.database.db, now + 1, 1);
    const stale = await stream(VENDOR, { 'last-event-id': '1' });
    expect(stale.messages[0]).toMatchObject({ event: 'reset', id: String(newest) });
    const current = await stream(VENDOR, { 'last-event-id': String(newest) });
    expect(current.messages[0]).toMatchObject({ event: 'ready', id: String(newest) });

    // After a reset the stream is live like any other.
    const after = await patchVendor({ tts: 285_000 });
    await expectEvent(stale, 'vendor', (d) => (d as Vendor).tts === 285_000, after.answeredAt);
  });

  it('sends an order event when a Scheduled order joins the queue', async () => {
    const reader = await stream();
    const pat = await createTestConsumer(ctx.app, 'Pat Later');
    const slots = (
      await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${VENDOR}/availableScheduledPickupTimeSlots` })
    ).json() as string[];
    const later = slots.find((s) => Date.parse(s) > now + 60 * MIN);
    expect(later, 'a pickup slot an hour or more away').toBeDefined();
    const { order, answeredAt } = await paidOrder(pat, { requestedServiceTime: later });
    await orderEvent(reader, order.id, 'Scheduled', answeredAt);
    const saved = now;
    now = Date.parse(later!) - 1000;
    try {
      expect(await queueDueScheduledOrders(ctx.app.fulfilment, now)).toBe(1);
      await orderEvent(reader, order.id, 'Waiting', performance.now());
    } finally {
      now = saved;
    }
  });

  it('ends every stream when the server closes, without hanging', async () => {
    const other = await buildApp({
      config: testConfig(),
      db: ctx.database.db,
      logger: false,
      clock: () => now,
      createSessionClient: ctx.database.createSessionClient,
    });
    const address = await other.listen({ port: 0, host: '127.0.0.1' });
    const held = await Promise.all(
      [VENDOR, VENDOR, OTHER_VENDOR].map((vendorId) =>
        SseReader.open(`${address}/ops/v1/vendor/${vendorId}/events`, auth),
      ),
    );
    readers.push(...held);
    await Promise.all(held.map((reader) => reader.next((m) => m.event === 'ready')));
    expect(other.eventStreams.count).toBe(3);
    const started = performance.now();
    await other.close();
    // Closing does not wait for the open streams (it would wait for ever).
    expect(performance.now() - started).toBeLessThan(8_000);
    await Promise.all(held.map((reader) => reader.end()));
    expect(other.eventStreams.count).toBe(0);
  });

  describe.runIf(database.name === 'postgres')('across processes', () => {
    let second: FastifyInstance;
    let secondBase = '';
    const sessions: pg.Client[] = [];

    beforeAll(async () => {
      second = await buildApp({
        config: testConfig(),
        db: ctx.database.db,
        logger: false,
        clock: () => now,
        createSessionClient: () => {
          const client = ctx.database.createSessionClient!();
          sessions.push(client);
          return client;
        },
      });
      secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      second?.server.closeAllConnections();
      await second?.close();
    });

    const streamOnSecond = async () => {
      const reader = await SseReader.open(`${secondBase}/ops/v1/vendor/${VENDOR}/events`, auth);
      readers.push(reader);
      await reader.next((m) => m.event === 'ready');
      return reader;
    };

    it('an event made through one process reaches a stream held by another', async () => {
      const reader = await streamOnSecond();
      const change = await patchVendor({ tts: 315_000 });
      await expectEvent(reader, 'vendor', (d) => (d as Vendor).tts === 315_000, change.answeredAt);
      const ana = await createTestConsumer(ctx.app, 'Ana Elsewhere');
      const { order, answeredAt } = await paidOrder(ana);
      await orderEvent(reader, order.id, 'Waiting', answeredAt);
    });

    it('catches up after its LISTEN connection is cut', async () => {
      const reader = await streamOnSecond();
      // Cut the listening session (as a database restart would) and change things while it is away.
      const admin = ctx.database.createSessionClient!();
      await admin.connect();
      try {
        const listening = sessions.at(-1) as pg.Client & { processID: number };
        await admin.query('select pg_terminate_backend($1)', [listening.processID]);
      } finally {
        await admin.end();
      }
      // Delivered once the session is back (or by the poll while it is not): allowed twice the usual bound.
      const change = await patchVendor({ tts: 330_000 });
      await expectEvent(reader, 'vendor', (d) => (d as Vendor).tts === 330_000, change.answeredAt + DELIVERY_MS);
      // And it listens again: a later change arrives within the bound.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(sessions.length).toBeGreaterThan(1);
      const later = await patchVendor({ tts: 345_000 });
      await expectEvent(reader, 'vendor', (d) => (d as Vendor).tts === 345_000, later.answeredAt);
    });
  });
});

const ALL_STATUSES = [...KITCHEN_OPEN_STATUSES, 'Serviced', 'Cancelled'].join(',');
