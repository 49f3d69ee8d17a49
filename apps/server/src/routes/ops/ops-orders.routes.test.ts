import { ErrorBody } from '@venue/contract/common';
import { OpsOrder, OpsOrderList } from '@venue/contract/ops-orders';
import { PlacedOrder } from '@venue/contract/order';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../modules/audit/audit.service.ts';
import { queueDueScheduledOrders } from '../../modules/fulfilment/fulfilment.service.ts';
import { paidTestOrder, placeTestOrder, simpleOrderLine } from '../../test/checkout.ts';
import { demoCatalogue } from '../../modules/catalogue/demo-venue.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer, signedInject, type Signer } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';
import { kitchenSimulatorStep, SIMULATED_COLLECTION_MS } from '../../modules/fulfilment/kitchen-simulator.ts';

/** The demo venue's stores: the only ones the kitchen simulator moves orders of. */
const DEMO_STORES = demoCatalogue().vendors.map((vendor) => vendor.id);

const START = Date.parse('2026-11-23T02:00:00.000Z');
const MIN = 60_000;
const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
// Vendor 4 (coffee) takes orders now; a flat white with its required size.
const VENDOR = 4;

describe.each(databases)('fulfilment on $name', (database) => {
  let now = START;
  const ctx = useTestApp(database, { clock: () => now });

  const menuOf = async (vendorId: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${vendorId}/current-menu` })).json() as {
      items: Array<{ id: number; name: string; currentInventory: number | null; visible: boolean }>;
      modifierGroups: Array<{ id: number; minimumChoices: number; modifiers?: number[] }>;
      modifiers: Array<{ id: number; modifierGroupId: number }>;
    };

  const simpleLine = (vendorId: number) => simpleOrderLine(ctx.app, vendorId);

  const paidOrder = async (consumer: Signer, vendorId = VENDOR, extra: Record<string, unknown> = {}) => {
    return paidTestOrder(ctx.app, consumer, vendorId, [await simpleLine(vendorId)], extra);
  };

  const readOrder = async (consumer: Signer, order: PlacedOrder) => {
    const res = await signedInject(ctx.app, consumer, {
      method: 'GET',
      url: `/v1/vendor/${order.vendorId}/order/${order.id}`,
    });
    expect(res.statusCode).toBe(200);
    return PlacedOrder.parse(res.json());
  };

  const setStatus = (vendorId: number, orderId: number, status: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${vendorId}/order/${orderId}/status`,
      headers: auth,
      payload: { status },
    });

  const listOrders = async (vendorId: number, query = '') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/ops/v1/vendor/${vendorId}/orders${query}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return OpsOrderList.parse(res.json());
  };

  const clearQueue = async (vendorId: number) => {
    for (const order of await listOrders(vendorId)) {
      const res = await setStatus(vendorId, order.id, 'Serviced');
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  it('lists paid orders in queue order with their lines and customer, and hides unpaid ones', async () => {
    await clearQueue(VENDOR);
    const alex = await createTestConsumer(ctx.app, 'Alex Kitchen');
    const first = await paidOrder(alex);
    now += 1000;
    const second = await paidOrder(alex);
    const unpaid = await placeTestOrder(ctx.app, alex, VENDOR, [await simpleLine(VENDOR)]);

    const listed = await listOrders(VENDOR);
    expect(listed.map((o) => o.id)).toEqual([first.id, second.id]);
    expect(listed.map((o) => o.positionInQueue)).toEqual([1, 2]);
    expect(listed[0]).toMatchObject({ orderStatus: 'Waiting', customerName: 'Alex Kitchen', serviceMode: 'TakeAway' });
    expect(listed[0]!.lines).toHaveLength(1);
    expect(listed[0]!.lines[0]!.quantity).toBe(1);
    expect(listed.some((o) => o.id === unpaid.id)).toBe(false);
    expect((await listOrders(VENDOR, '?status=Pending')).map((o) => o.id)).toContain(unpaid.id);
    expect(await listOrders(VENDOR, '?status=Waiting,PendingAlerted&limit=1')).toHaveLength(1);
  });

  it('answers alerted with 409 before the order is ready, and 400 to a body naming another order or vendor', async () => {
    await clearQueue(VENDOR);
    const sam = await createTestConsumer(ctx.app, 'Sam Early');
    const alerted = (order: PlacedOrder, body: Record<string, unknown> = {}) =>
      signedInject(ctx.app, sam, {
        method: 'POST',
        url: `/v1/vendor/${VENDOR}/order/${order.id}/alerted`,
        payload: { orderId: order.id, vendorId: VENDOR, ...body },
      });
    const pending = await placeTestOrder(ctx.app, sam, VENDOR, [await simpleLine(VENDOR)]);
    const early = await alerted(pending);
    expect(early.statusCode, early.body).toBe(409);
    expect(ErrorBody.parse(early.json()).message).toBe('This order is not ready yet.');
    const waiting = await paidOrder(sam);
    expect((await alerted(waiting)).statusCode).toBe(409);

    expect((await setStatus(VENDOR, waiting.id, 'PendingAlerted')).statusCode).toBe(200);
    const otherOrder = await alerted(waiting, { orderId: pending.id });
    expect(otherOrder.statusCode).toBe(400);
    expect(ErrorBody.parse(otherOrder.json()).message).toBe('orderId: does not match the order in the path');
    const otherVendor = await alerted(waiting, { vendorId: VENDOR + 1 });
    expect(otherVendor.statusCode).toBe(400);
    expect(ErrorBody.parse(otherVendor.json()).message).toBe('vendorId: does not match the vendor in the path');
    expect((await readOrder(sam, waiting)).orderStatus).toBe('PendingAlerted');
    expect((await alerted(waiting)).json().orderStatus).toBe('Alerted');
  });

  it('moves an order ready, seen and collected; the customer sees each step; every change is logged', async () => {
    await clearQueue(VENDOR);
    const sam = await createTestConsumer(ctx.app, 'Sam Ready');
    const order = await paidOrder(sam);
    expect((await readOrder(sam, order)).orderStatus).toBe('Waiting');

    const ready = await setStatus(VENDOR, order.id, 'PendingAlerted');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(OpsOrder.parse(ready.json())).toMatchObject({
      orderStatus: 'PendingAlerted',
      timeReady: new Date(now).toISOString(),
    });
    expect(await readOrder(sam, order)).toMatchObject({ orderStatus: 'PendingAlerted', positionInQueue: null });

    // A retried request changes nothing and is not logged twice.
    expect((await setStatus(VENDOR, order.id, 'PendingAlerted')).statusCode).toBe(200);

    const alerted = await signedInject(ctx.app, sam, {
      method: 'POST',
      url: `/v1/vendor/${VENDOR}/order/${order.id}/alerted`,
      payload: { orderId: order.id, vendorId: VENDOR, timeAlerted: new Date(now).toISOString() },
    });
    expect(alerted.json().orderStatus).toBe('Alerted');

    const collected = await setStatus(VENDOR, order.id, 'Serviced');
    expect(OpsOrder.parse(collected.json())).toMatchObject({ orderStatus: 'Serviced' });
    expect((await readOrder(sam, order)).orderStatus).toBe('Serviced');

    const audit = await listAudit(ctx.database.db, 'order', String(order.id));
    expect(
      audit.filter((a) => a.action === 'order.status').map((a) => [a.actor, JSON.parse(a.details ?? '{}')]),
    ).toEqual([
      ['ops', { from: 'Waiting', to: 'PendingAlerted' }],
      ['ops', { from: 'Alerted', to: 'Serviced' }],
    ]);
  });

  it('refuses transitions that are not allowed with 409, and statuses a vendor may not set with 400', async () => {
    const kim = await createTestConsumer(ctx.app);
    const order = await paidOrder(kim);
    expect((await setStatus(VENDOR, order.id, 'Serviced')).statusCode).toBe(200);
    const back = await setStatus(VENDOR, order.id, 'PendingAlerted');
    expect(back.statusCode).toBe(409);
    expect(ErrorBody.parse(back.json()).message).toBe(
      `Order ${order.id} is Serviced; it cannot become PendingAlerted.`,
    );

    const unpaid = await placeTestOrder(ctx.app, kim, VENDOR, [await simpleLine(VENDOR)]);
    expect((await setStatus(VENDOR, unpaid.id, 'PendingAlerted')).statusCode).toBe(409);

    for (const status of ['Waiting', 'Alerted', 'Paid', 'Ready', '', 42]) {
      const res = await setStatus(VENDOR, order.id, status as string);
      expect(res.statusCode, String(status)).toBe(400);
      ErrorBody.parse(res.json());
    }
    const extra = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${VENDOR}/order/${order.id}/status`,
      headers: auth,
      payload: { status: 'Cancelled', note: 'x' },
    });
    expect(extra.statusCode).toBe(400);
  });

  it("answers 404 for another vendor's order, unknown orders and vendors, and 401 without the token", async () => {
    const lee = await createTestConsumer(ctx.app);
    const order = await paidOrder(lee);
    expect((await setStatus(VENDOR + 1, order.id, 'PendingAlerted')).statusCode).toBe(404);
    expect((await setStatus(VENDOR, 99_999_999, 'PendingAlerted')).statusCode).toBe(404);
    const unknownVendor = await ctx.app.inject({ method: 'GET', url: '/ops/v1/vendor/999/orders', headers: auth });
    expect(unknownVendor.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/ops/v1/vendor/${VENDOR}/orders?status=Ready`,
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
    const noToken = await ctx.app.inject({ method: 'GET', url: `/ops/v1/vendor/${VENDOR}/orders` });
    expect(noToken.statusCode).toBe(401);
    expect((await readOrder(lee, order)).orderStatus).toBe('Waiting');
  });

  it('cancelling a paid order returns its stock and refunds the payment', async () => {
    const menu = await menuOf(VENDOR);
    const line = await simpleLine(VENDOR);
    const itemId = line.menuItemId;
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/ops/v1/vendor/${VENDOR}/menu-item/${itemId}`,
      headers: auth,
      payload: { currentInventory: 5 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(menu.items.length).toBeGreaterThan(0);
    const jo = await createTestConsumer(ctx.app);
    const order = await paidOrder(jo);
    const stock = async () => (await menuOf(VENDOR)).items.find((i) => i.id === itemId)!.currentInventory;
    expect(await stock()).toBe(4);

    const cancelled = await setStatus(VENDOR, order.id, 'Cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stock()).toBe(5);
    expect((await readOrder(jo, order)).orderStatus).toBe('Cancelled');
    const payments = await ctx.database.db
      .selectFrom('payments')
      .select('status')
      .where('order_id', '=', order.id)
      .execute();
    expect(payments.map((p) => p.status)).toEqual(['Refunded']);
    // Cancelling again changes nothing: no second refund, no stock counted twice.
    expect((await setStatus(VENDOR, order.id, 'Cancelled')).statusCode).toBe(200);
    expect(await stock()).toBe(5);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/ops/v1/vendor/${VENDOR}/menu-item/${itemId}`,
      headers: auth,
      payload: { currentInventory: null },
    });
  });

  it('keeps queue positions honest as orders ahead are made ready', async () => {
    await clearQueue(VENDOR);
    const consumers = await Promise.all([1, 2, 3].map((n) => createTestConsumer(ctx.app, `Queue ${n}`)));
    const orders: PlacedOrder[] = [];
    for (const consumer of consumers) {
      orders.push(await paidOrder(consumer));
      now += 1000;
    }
    const positions = async () =>
      Promise.all(orders.map(async (o, i) => (await readOrder(consumers[i]!, o)).positionInQueue));
    expect(await positions()).toEqual([1, 2, 3]);
    await setStatus(VENDOR, orders[1]!.id, 'PendingAlerted');
    expect(await positions()).toEqual([1, null, 2]);
    await setStatus(VENDOR, orders[0]!.id, 'VendorSupportRequired');
    expect(await positions()).toEqual([null, null, 1]);
  });

  it('learns the estimate from recent service times, and never answers a negative one', async () => {
    await clearQueue(VENDOR);
    // The same hour a day later: the orders of earlier tests are out of the recent window.
    now = START + 24 * 60 * MIN;
    const cook = await createTestConsumer(ctx.app, 'Pace');
    // Four orders, each made ready 20 minutes after it was queued, 2 minutes apart.
    for (let i = 0; i < 4; i += 1) {
      const order = await paidOrder(cook);
      now += 20 * MIN;
      await setStatus(VENDOR, order.id, 'PendingAlerted');
      now -= 18 * MIN;
    }
    now += 30 * MIN;
    const first = await readOrder(cook, await paidOrder(cook));
    expect(first.positionInQueue).toBe(1);
    expect(first.secsToServiceEstimate).toBe(20 * 60);
    now += 2 * MIN;
    const second = await readOrder(cook, await paidOrder(cook));
    expect(second.positionInQueue).toBe(2);
    expect(second.secsToServiceEstimate).toBe(20 * 60);
    // Long after its estimate, a waiting order is one step away per place in the queue, never below 0.
    now += 60 * MIN;
    const late = await readOrder(cook, first);
    expect(late.secsToServiceEstimate).toBe(2 * 60);
    expect(Date.parse(late.timing.timeServiceEstimated!)).toBeGreaterThan(now);
  });

  it('queues a Scheduled order as Waiting when its time comes', async () => {
    await clearQueue(VENDOR);
    const pat = await createTestConsumer(ctx.app);
    const slots = (
      await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${VENDOR}/availableScheduledPickupTimeSlots` })
    ).json() as string[];
    const later = slots.find((s) => Date.parse(s) > now + 60 * MIN);
    expect(later, 'a pickup slot an hour or more away').toBeDefined();
    const order = await paidOrder(pat, VENDOR, { requestedServiceTime: later });
    expect((await readOrder(pat, order)).orderStatus).toBe('Scheduled');
    expect(await queueDueScheduledOrders(ctx.app.fulfilment, now)).toBe(0);
    now = Date.parse(later!) - 1000;
    expect(await queueDueScheduledOrders(ctx.app.fulfilment, now)).toBe(1);
    const queued = await readOrder(pat, order);
    expect(queued).toMatchObject({ orderStatus: 'Waiting', positionInQueue: 1 });
    expect(queued.timing.timeQueued).toBe(new Date(now).toISOString());
    expect(await queueDueScheduledOrders(ctx.app.fulfilment, now)).toBe(0);
  });

  it('the kitchen simulator makes orders ready after the time to service, then collected, through the same service', async () => {
    await clearQueue(VENDOR);
    const vendor = (await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' }))
      .json()
      .find((v: { id: number }) => v.id === VENDOR) as { tts: number };
    const robin = await createTestConsumer(ctx.app, 'Robin Sim');
    const order = await paidOrder(robin);
    expect(await kitchenSimulatorStep(ctx.app.fulfilment, DEMO_STORES, now + vendor.tts - 1000)).toEqual({
      ready: 0,
      collected: 0,
    });
    now += vendor.tts;
    expect((await kitchenSimulatorStep(ctx.app.fulfilment, DEMO_STORES, now)).ready).toBeGreaterThanOrEqual(1);
    expect((await readOrder(robin, order)).orderStatus).toBe('PendingAlerted');
    now += SIMULATED_COLLECTION_MS;
    expect((await kitchenSimulatorStep(ctx.app.fulfilment, DEMO_STORES, now)).collected).toBeGreaterThanOrEqual(1);
    expect((await readOrder(robin, order)).orderStatus).toBe('Serviced');
    const audit = await listAudit(ctx.database.db, 'order', String(order.id));
    expect(audit.filter((a) => a.action === 'order.status').map((a) => a.actor)).toEqual([
      'kitchen-simulator',
      'kitchen-simulator',
    ]);
  });

  it('the simulator leaves alone an order the staff already moved', async () => {
    await clearQueue(VENDOR);
    const ash = await createTestConsumer(ctx.app);
    const order = await paidOrder(ash);
    await setStatus(VENDOR, order.id, 'VendorSupportRequired');
    now += 24 * 60 * MIN;
    await kitchenSimulatorStep(ctx.app.fulfilment, DEMO_STORES, now, 10);
    expect((await readOrder(ash, order)).orderStatus).toBe('VendorSupportRequired');
  });
});
