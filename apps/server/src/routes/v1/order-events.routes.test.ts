import { createHmac } from 'node:crypto';
import { PlacedOrder } from '@venue/contract/order';
import { signedQueryBase } from '@venue/domain/request-signature';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../app.ts';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer, signedInject, signHeaders, type Signer } from '../../test/signed-requests.ts';
import { SseReader } from '../../test/sse-client.ts';
import { TEST_OPS_TOKEN, testConfig, useTestApp } from '../../test/test-app.ts';
import { STREAMS_PER_ADDRESS, STREAMS_PER_CONSUMER, STREAMS_PER_ORDER } from '../../lib/stream-limits.ts';

/** Monday 13:00 in Sydney: the demo vendors are trading. */
const START = Date.parse('2026-11-23T02:00:00.000Z');
const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
/** Daily Grind (coffee) and its butter croissant (no options). */
const VENDOR = 4;
const CROISSANT = 414;
/** Generous: a busy machine is slow, and these check that a message comes, not how fast. */
const WITHIN_MS = 5_000;

describe.each(databases)("customers' order streams on $name", (database) => {
  let now = START;
  const ctx = useTestApp(database, { clock: () => now, orderStreams: { queueRefreshMs: 50 } });
  let base = '';
  const readers: SseReader[] = [];

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const reader of readers.splice(0)) reader.close();
  });
  afterAll(() => {
    ctx.app.server.closeAllConnections();
  });

  const path = (orderId: number) => `/v1/order/${orderId}/events`;

  /** The stream's address signed in its query, as the app's EventSource opens it. */
  const signedUrl = (signer: Signer, orderId: number, at = now, origin = base) => {
    const timestamp = String(at);
    const signature = createHmac('sha1', signer.hmacKey)
      .update(signedQueryBase(path(orderId), timestamp))
      .digest('base64');
    const query = new URLSearchParams({ consumerId: signer.id, timestamp, signature });
    return `${origin}${path(orderId)}?${query}`;
  };

  const open = async (url: string, headers: Record<string, string> = {}) => {
    const reader = await SseReader.open(url, headers);
    readers.push(reader);
    return reader;
  };

  /** Another server process on the same database, listening: it and its address. */
  const anotherNode = async (env: Record<string, string> = {}, logger: BuildAppOptions['logger'] = false) => {
    const node = await buildApp({
      config: testConfig(env),
      db: ctx.database.db,
      logger,
      clock: () => now,
      createSessionClient: ctx.database.createSessionClient,
    });
    return { node, address: await node.listen({ port: 0, host: '127.0.0.1' }) };
  };

  /** Opens until admitted: a closed stream frees its place once the server sees the close. */
  const eventuallyAdmitted = async (openOne: () => Promise<SseReader>) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const reader = await openOne();
      if (reader.response.status === 200) return reader;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the stream was never admitted');
  };

  const setStatus = async (orderId: number, status: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${VENDOR}/order/${orderId}/status`,
      headers: auth,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const paidOrder = async (consumer: Signer) => {
    const order = await placeTestOrder(ctx.app, consumer, VENDOR, [
      { menuItemId: CROISSANT, quantity: 1, modifiers: [] },
    ]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const result = await payByCard(ctx.app, payment);
    const res = await updatePayment(ctx.app, consumer, order, payment.id, { transactionId: result.id });
    expect(res.statusCode, res.body).toBe(200);
    return order;
  };

  const readOrder = async (consumer: Signer, orderId: number) => {
    const res = await signedInject(ctx.app, consumer, { method: 'GET', url: `/v1/vendor/${VENDOR}/order/${orderId}` });
    expect(res.statusCode, res.body).toBe(200);
    return PlacedOrder.parse(res.json());
  };

  const orderMessages = (reader: SseReader) =>
    reader.messages.filter((m) => m.event === 'order').map((m) => PlacedOrder.parse(JSON.parse(m.data)));

  /** The next `order` message (from `from` on) that matches. */
  const nextOrder = async (reader: SseReader, match: (order: PlacedOrder) => boolean, from = 0) =>
    PlacedOrder.parse(
      JSON.parse(
        (await reader.next((m) => m.event === 'order' && match(PlacedOrder.parse(JSON.parse(m.data))), WITHIN_MS, from))
          .data,
      ),
    );

  /** Cancels every order still in the vendor's queue, so each test starts with an empty queue. */
  const emptyQueue = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/ops/v1/vendor/${VENDOR}/orders`, headers: auth });
    for (const order of res.json() as { id: number }[]) await setStatus(order.id, 'Cancelled');
  };
  beforeAll(async () => emptyQueue());
  afterEach(async () => emptyQueue());

  it('refuses anyone but the order’s owner: unsigned, badly signed, expired, or another consumer', async () => {
    const owner = await createTestConsumer(ctx.app, 'Owner');
    const stranger = await createTestConsumer(ctx.app, 'Stranger');
    const order = await paidOrder(owner);

    const unsigned = await fetch(`${base}${path(order.id)}`);
    expect(unsigned.status).toBe(401);
    const forged = new URL(signedUrl(owner, order.id));
    forged.searchParams.set('signature', 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=');
    expect((await fetch(forged)).status).toBe(401);
    // A signature for another order's path does not open this one.
    const otherPath = new URL(signedUrl(owner, order.id + 1));
    expect((await fetch(`${base}${path(order.id)}${otherPath.search}`)).status).toBe(401);
    const expired = await fetch(signedUrl(owner, order.id, now - 6 * 60_000));
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);
    const incomplete = await fetch(`${base}${path(order.id)}?signature=abc`);
    expect(incomplete.status).toBe(401);
    // Another consumer's order is answered exactly as a missing one.
    const foreign = await fetch(signedUrl(stranger, order.id));
    expect(foreign.status).toBe(404);
    expect((await fetch(signedUrl(owner, 2_000_000_000))).status).toBe(404);
    const unknownKey = new URL(signedUrl(owner, order.id));
    unknownKey.searchParams.set('extra', '1');
    expect((await fetch(unknownKey)).status).toBe(400);
    expect(ctx.app.orderStreams.watchedOrders).toBe(0);
  });

  it('sends the order as GET order answers it at once, over a query-signed or a header-signed request', async () => {
    const owner = await createTestConsumer(ctx.app, 'Sam');
    const order = await paidOrder(owner);
    const reader = await open(signedUrl(owner, order.id));
    expect(reader.response.status).toBe(200);
    expect(reader.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.response.headers.get('cache-control')).toBe('no-store');
    const first = await nextOrder(reader, () => true);
    expect(reader.retry).toBeGreaterThan(0);
    expect(first).toEqual(await readOrder(owner, order.id));
    expect(first).toMatchObject({ orderStatus: 'Waiting', positionInQueue: 1 });
    expect(reader.messages[0]?.id).toMatch(/^\d+$/);

    const headers = signHeaders(owner, {
      method: 'GET',
      url: path(order.id),
      body: '',
      contentType: '',
      timestamp: String(now),
    });
    const headerSigned = await open(`${base}${path(order.id)}`, headers);
    expect(headerSigned.response.status).toBe(200);
    expect(await nextOrder(headerSigned, () => true)).toEqual(first);
    expect(ctx.app.orderStreams.watchedOrders).toBe(1);
  });

  it('follows the order: ready at once, queue places as the orders ahead move, and ends once collected', async () => {
    const ahead = await createTestConsumer(ctx.app, 'First');
    const behind = await createTestConsumer(ctx.app, 'Second');
    const first = await paidOrder(ahead);
    const second = await paidOrder(behind);
    const firstStream = await open(signedUrl(ahead, first.id));
    const secondStream = await open(signedUrl(behind, second.id));
    await nextOrder(firstStream, (o) => o.positionInQueue === 1);
    await nextOrder(secondStream, (o) => o.positionInQueue === 2);

    // Places are re-read at most once per queueRefreshMs after a full read, by the server's clock:
    // this one stands still unless moved, and on PostgreSQL the payments' own events can arrive
    // after the streams opened and take that read.
    now += 1_000;
    await setStatus(first.id, 'PendingAlerted');
    const ready = await nextOrder(firstStream, (o) => o.orderStatus === 'PendingAlerted');
    expect(ready.positionInQueue).toBeNull();
    // The order ahead left the queue: the one behind moves up, without an event of its own.
    const movedUp = await nextOrder(secondStream, (o) => o.positionInQueue === 1);
    expect(movedUp).toEqual(await readOrder(behind, second.id));

    await setStatus(first.id, 'Serviced');
    await nextOrder(firstStream, (o) => o.orderStatus === 'Serviced');
    await firstStream.end(WITHIN_MS);
    // Only changes the customer would see are sent: one message per status or place.
    expect(orderMessages(firstStream).map((o) => o.orderStatus)).toEqual(['Waiting', 'PendingAlerted', 'Serviced']);
    // A finished order has nothing more to say: 204, which stops an EventSource from reconnecting.
    const again = await fetch(signedUrl(ahead, first.id));
    expect(again.status).toBe(204);

    await setStatus(second.id, 'Cancelled');
    await nextOrder(secondStream, (o) => o.orderStatus === 'Cancelled');
    await secondStream.end(WITHIN_MS);
    expect(ctx.app.orderStreams.watchedOrders).toBe(0);
  });

  it('tells a customer asked to come to the counter, and keeps the stream open', async () => {
    const owner = await createTestConsumer(ctx.app, 'Kim');
    const order = await paidOrder(owner);
    const reader = await open(signedUrl(owner, order.id));
    await nextOrder(reader, () => true);
    await setStatus(order.id, 'VendorSupportRequired');
    await nextOrder(reader, (o) => o.orderStatus === 'VendorSupportRequired');
    expect(reader.isEnded).toBe(false);
  });

  it('caps the streams of one order and of one customer (429 with Retry-After); a closed one frees its place', async () => {
    const owner = await createTestConsumer(ctx.app, 'Many Tabs');
    const order = await paidOrder(owner);
    const held: SseReader[] = [];
    for (let i = 0; i < STREAMS_PER_ORDER; i += 1) {
      const reader = await open(signedUrl(owner, order.id));
      expect(reader.response.status).toBe(200);
      held.push(reader);
    }
    const refused = await fetch(signedUrl(owner, order.id));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as { message: string }).message).toBe(
      `Too many live streams are open for this order (at most ${STREAMS_PER_ORDER}); close one and try again.`,
    );
    held[0]!.close();
    await eventuallyAdmitted(() => open(signedUrl(owner, order.id)));

    // The same customer's other orders count together.
    const more = [await paidOrder(owner), await paidOrder(owner)];
    for (let i = 0; i < STREAMS_PER_CONSUMER - STREAMS_PER_ORDER; i += 1) {
      expect((await open(signedUrl(owner, more[i % 2]!.id))).response.status).toBe(200);
    }
    const overCustomer = await fetch(signedUrl(owner, more[1]!.id));
    expect(overCustomer.status).toBe(429);
    expect(((await overCustomer.json()) as { message: string }).message).toMatch(/for this customer/);
  });

  it('caps the streams of one client address (not this host)', async () => {
    const { node: other, address } = await anotherNode();
    try {
      // A forwarded request is not the host itself: it counts under its address.
      const forwarded = { 'x-forwarded-for': '198.51.100.77' };
      const statuses: number[] = [];
      for (let i = 0; i < STREAMS_PER_ADDRESS + 1; i += 1) {
        const owner = await createTestConsumer(ctx.app, `Crowd ${i}`);
        const order = await placeTestOrder(ctx.app, owner, VENDOR, [
          { menuItemId: CROISSANT, quantity: 1, modifiers: [] },
        ]);
        statuses.push((await open(signedUrl(owner, order.id, now, address), forwarded)).response.status);
      }
      expect(statuses.slice(0, STREAMS_PER_ADDRESS).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      for (const reader of readers.splice(0)) reader.close();
      other.server.closeAllConnections();
      await other.close();
    }
  });

  it('caps the streams of the process at STREAM_MAX_PER_PROCESS (503), and the rest of the server keeps answering', async () => {
    const lines: string[] = [];
    const { node: other, address } = await anotherNode(
      { STREAM_MAX_PER_PROCESS: '2' },
      { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    );
    try {
      const owners = [await createTestConsumer(ctx.app, 'P1'), await createTestConsumer(ctx.app, 'P2')];
      for (const owner of owners) {
        const order = await paidOrder(owner);
        expect((await open(signedUrl(owner, order.id, now, address))).response.status).toBe(200);
      }
      const third = await createTestConsumer(ctx.app, 'P3');
      const refused = await fetch(signedUrl(third, (await paidOrder(third)).id, now, address));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect((await fetch(`${address}/health`)).status).toBe(200);
      expect(lines.join('')).toContain('STREAM_MAX_PER_PROCESS');
    } finally {
      for (const reader of readers.splice(0)) reader.close();
      other.server.closeAllConnections();
      await other.close();
    }
  });

  it('ends every stream when the server closes, with a reconnection hint', async () => {
    const { node: other, address } = await anotherNode();
    const owner = await createTestConsumer(ctx.app, 'Lee');
    const order = await paidOrder(owner);
    const reader = await open(signedUrl(owner, order.id, now, address));
    await nextOrder(reader, () => true);
    expect(other.orderStreams.watchedOrders).toBe(1);
    await other.close();
    await reader.end(WITHIN_MS);
    expect(other.orderStreams.watchedOrders).toBe(0);
  });

  describe.runIf(database.name === 'postgres')('across processes', () => {
    let second: FastifyInstance;
    let secondBase = '';

    beforeAll(async () => {
      second = await buildApp({
        config: testConfig(),
        db: ctx.database.db,
        logger: false,
        clock: () => now,
        createSessionClient: ctx.database.createSessionClient,
        orderStreams: { queueRefreshMs: 50 },
      });
      secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      second?.server.closeAllConnections();
      await second?.close();
    });

    it('a change made through one process reaches the customer’s stream held by another', async () => {
      const ahead = await createTestConsumer(ctx.app, 'Ana');
      const behind = await createTestConsumer(ctx.app, 'Ben');
      const first = await paidOrder(ahead);
      const later = await paidOrder(behind);
      const reader = await open(signedUrl(behind, later.id, now, secondBase));
      await nextOrder(reader, (o) => o.positionInQueue === 2);
      await setStatus(first.id, 'PendingAlerted');
      await nextOrder(reader, (o) => o.positionInQueue === 1);
      await setStatus(later.id, 'PendingAlerted');
      await nextOrder(reader, (o) => o.orderStatus === 'PendingAlerted');
    });
  });
});
