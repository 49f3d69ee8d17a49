import { Writable } from 'node:stream';
import { ErrorBody } from '@venue/contract/common';
import { OrderCoupon, Invoice } from '@venue/contract/coupon';
import { PlacedOrder } from '@venue/contract/order';
import { InitiatedPayment, PaymentOutcome, WalletPurchaseResponse } from '@venue/contract/payment';
import { addsUp, summaryView } from '@venue/domain/payment-summary';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { USED_CODE } from '../../gateway/sandbox-gateway.ts';
import { REQUIRED_KEY_MESSAGE } from '../../lib/idempotency.ts';
import {
  countOrderPaidAudits,
  initiateTestPayment,
  orderKey,
  payByCard,
  placeTestOrder,
  standingCardCharge,
  updatePayment,
  VISA,
} from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { TEST_DATABASE_URL } from '../../test/test-env.ts';
import { createTestConsumer, signedInject } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, testConfig, useTestApp } from '../../test/test-app.ts';

const NOW = Date.parse('2026-11-23T02:00:00.000Z');
const ops = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
const cheeseburger = { menuItemId: 201, quantity: 2, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] };

describe.each(databases)('checkout on $name', (database) => {
  const ctx = useTestApp(database, { clock: () => NOW });
  const getOrder = async (signer: { id: string; hmacKey: string }, vendorId: number, orderId: number) => {
    const res = await signedInject(ctx.app, signer, { method: 'GET', url: `/v1/vendor/${vendorId}/order/${orderId}` });
    return res;
  };
  const countRows = async (table: 'payments' | 'orders', where: { column: string; value: number | string }) => {
    const row = await ctx.database.db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as('n'))
      .where(sql.ref(where.column), '=', where.value)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('places a Pending order priced by the server, readable only by its consumer', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = PlacedOrder.parse(await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]));
    // 2 × 16.50 + 2 × 1.50 + 2 × 3.00 + 0.50 service fee
    expect(order).toMatchObject({
      vendorId: 2,
      orderStatus: 'Pending',
      consumerId: consumer.id,
      serviceMode: 'TakeAway',
      claimTicket: null,
    });
    expect(order.paymentSummary.total.minorAmount).toBe(4250);
    const mine = await getOrder(consumer, 2, order.id);
    expect(mine.statusCode).toBe(200);
    expect(PlacedOrder.parse(mine.json()).id).toBe(order.id);
    const other = await createTestConsumer(ctx.app, 'Someone Else');
    const theirs = await getOrder(other, 2, order.id);
    expect(theirs.statusCode).toBe(404);
    expect(ErrorBody.parse(theirs.json()).message).toBe(`Order ${order.id} not found`);
    expect((await getOrder(consumer, 3, order.id)).statusCode).toBe(404);
    const initiateTheirs = await signedInject(ctx.app, other, {
      method: 'POST',
      url: `/v1/vendor/2/order/${order.id}/initiate-payment`,
      payload: {},
    });
    expect(initiateTheirs.statusCode).toBe(404);
  });

  it('answers the same order to a retried place-order with the same Idempotency-Key', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const place = () =>
      signedInject(ctx.app, consumer, {
        method: 'POST',
        url: '/v1/vendor/2/place-order?campaignId=summer',
        payload: { orderItems: [cheeseburger], serviceMode: 'TakeAway' },
        headers: { 'idempotency-key': 'basket-42' },
      });
    const [a, b] = await Promise.all([place(), place()]);
    const c = await place();
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    expect(await countRows('orders', { column: 'consumer_id', value: consumer.id })).toBe(1);
  });

  it('answers a retried place-order with the order placed first even when its basket could no longer be placed', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const place = (vendorId: number, key = 'basket-7') =>
      signedInject(ctx.app, consumer, {
        method: 'POST',
        url: `/v1/vendor/${vendorId}/place-order`,
        payload: { orderItems: [cheeseburger], serviceMode: 'TakeAway' },
        headers: { 'idempotency-key': key },
      });
    const first = await place(2);
    expect(first.statusCode).toBe(200);
    const pause = (isPaused: boolean) =>
      ctx.app.inject({ method: 'PATCH', url: '/ops/v1/vendor/2', headers: ops, payload: { isPaused } });
    expect((await pause(true)).statusCode).toBe(200);
    try {
      const retry = await place(2);
      expect(retry.statusCode).toBe(200);
      expect(PlacedOrder.parse(retry.json()).id).toBe(first.json().id);
      // A new attempt is refused while the store is paused.
      expect((await place(2, 'basket-8')).statusCode).toBe(409);
    } finally {
      expect((await pause(false)).statusCode).toBe(200);
    }
    // The key of another store's order is a conflict.
    const otherStore = await place(3);
    expect(otherStore.statusCode).toBe(409);
    expect(ErrorBody.parse(otherStore.json()).message).toBe('This Idempotency-Key was used for another order.');
    expect(await countRows('orders', { column: 'consumer_id', value: consumer.id })).toBe(1);
  });

  it('refuses an initiate-payment whose body names another order or vendor than its path', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const other = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 415, quantity: 1 }]);
    const initiate = (payload: Record<string, unknown>) =>
      signedInject(ctx.app, consumer, {
        method: 'POST',
        url: `/v1/vendor/4/order/${order.id}/initiate-payment`,
        payload,
      });
    const otherOrder = await initiate({ orderId: other.id, vendorId: 4 });
    expect(otherOrder.statusCode).toBe(400);
    expect(ErrorBody.parse(otherOrder.json()).message).toBe('orderId: does not match the order in the path');
    const otherVendor = await initiate({ orderId: order.id, vendorId: 2 });
    expect(otherVendor.statusCode).toBe(400);
    expect(ErrorBody.parse(otherVendor.json()).message).toBe('vendorId: does not match the vendor in the path');
    expect(await countRows('payments', { column: 'order_id', value: order.id })).toBe(0);
    expect((await initiate({ orderId: order.id, vendorId: 4 })).statusCode).toBe(200);
  });

  it('refuses a place-order without an Idempotency-Key, so a replayed request cannot make a second order', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const place = () =>
      signedInject(ctx.app, consumer, {
        method: 'POST',
        url: '/v1/vendor/2/place-order',
        payload: { orderItems: [cheeseburger], serviceMode: 'TakeAway' },
      });
    const [first, replayed] = [await place(), await place()];
    for (const res of [first, replayed]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(ErrorBody.parse(res.json()).message).toBe(`idempotency-key: ${REQUIRED_KEY_MESSAGE}`);
    }
    expect(await countRows('orders', { column: 'consumer_id', value: consumer.id })).toBe(0);
  });

  it('re-validates the order: closed, paused, sold out and broken rules answer 4xx', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const place = (vendorId: number, payload: unknown) =>
      signedInject(ctx.app, consumer, {
        method: 'POST',
        url: `/v1/vendor/${vendorId}/place-order`,
        payload,
        headers: orderKey(),
      });
    expect(
      (await place(6, { orderItems: [{ menuItemId: 602, quantity: 1 }], serviceMode: 'TakeAway' })).json().message,
    ).toBe('We have closed');
    expect(
      (await place(5, { orderItems: [{ menuItemId: 504, quantity: 1 }], serviceMode: 'TakeAway' })).json().message,
    ).toBe('Back Soon!');
    const restricted = await place(1, { orderItems: [{ menuItemId: 101, quantity: 7 }], serviceMode: 'TakeAway' });
    expect(restricted.statusCode).toBe(422);
    const delivery = await place(2, { orderItems: [cheeseburger], serviceMode: 'HomeDelivery' });
    expect(delivery.statusCode).toBe(422);
    for (const payload of [
      {},
      { orderItems: [cheeseburger] },
      { orderItems: [cheeseburger], serviceMode: 'Teleport' },
      { orderItems: 'x', serviceMode: 'TakeAway' },
    ]) {
      const res = await place(2, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      ErrorBody.parse(res.json());
    }
  });

  it('pays by card: initiate, JSONP gateway, update → Waiting with queue position and estimate; three more updates change nothing', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const payment = InitiatedPayment.parse(await initiateTestPayment(ctx.app, consumer, order));
    expect(payment).toMatchObject({
      orderId: order.id,
      totalPrice: { currencyCode: 'AUD', minorAmount: 4250 },
      savedPaymentMethod: null,
    });
    expect(payment.formActionUrl).toMatch(/^http:\/\/[^/]+\/sandbox-gateway\/v1\/card$/);
    const result = await payByCard(ctx.app, payment);
    expect(result).toMatchObject({ r: 1, successful: true, v: payment.accessCode, errors: [] });
    expect(result.id).toMatch(/^txn_/);
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await updatePayment(ctx.app, consumer, order, payment.id, { transactionId: result.id });
      expect(res.statusCode, res.body).toBe(200);
      outcomes.push(PaymentOutcome.parse(res.json()));
    }
    expect(outcomes.every((o) => o.successful && o.status === 'Succeeded' && o.responseCode === 1)).toBe(true);
    const placed = PlacedOrder.parse((await getOrder(consumer, 2, order.id)).json());
    expect(placed.orderStatus).toBe('Waiting');
    expect(placed.positionInQueue).toBeGreaterThanOrEqual(1);
    expect(placed.secsToServiceEstimate).toBeGreaterThanOrEqual(12 * 60);
    expect(placed.timing.timeQueued).toBe(new Date(NOW).toISOString());
    expect(placed.claimTicket).toBeTruthy();
    const succeeded = await ctx.database.db
      .selectFrom('payments')
      .select(sql<number>`count(*)`.as('n'))
      .where('order_id', '=', order.id)
      .where('status', '=', 'Succeeded')
      .executeTakeFirstOrThrow();
    expect(Number(succeeded.n)).toBe(1);
    const audits = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'order')
      .where('entity_id', '=', String(order.id))
      .execute();
    expect(audits.filter((a) => a.action === 'order.paid')).toHaveLength(1);
    // A second payment of the paid order is refused before it reaches the gateway.
    const again = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: `/v1/vendor/2/order/${order.id}/initiate-payment`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
  });

  it('queues an order for a later pickup time as Scheduled, and refuses a pickup time no longer on offer', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const later = new Date(NOW + 2 * 3_600_000).toISOString();
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }], {
      requestedServiceTime: later,
    });
    expect(order.requestedServiceTime).toBe(later);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    await payByCard(ctx.app, payment);
    expect(PaymentOutcome.parse((await updatePayment(ctx.app, consumer, order, payment.id)).json()).orderStatus).toBe(
      'Scheduled',
    );
    const placed = PlacedOrder.parse((await getOrder(consumer, 4, order.id)).json());
    expect(placed).toMatchObject({ orderStatus: 'Scheduled', positionInQueue: null, secsToServiceEstimate: 7200 });
    const stale = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: '/v1/vendor/4/place-order',
      payload: {
        orderItems: [{ menuItemId: 414, quantity: 1 }],
        serviceMode: 'TakeAway',
        requestedServiceTime: new Date(NOW - 60_000).toISOString(),
      },
      headers: orderKey(),
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toBe('That pickup time is no longer available. Please choose another time.');
  });

  it('does not pay when the app claims success for a declined card', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const declined = await payByCard(ctx.app, payment, { cvv: '200' });
    expect(declined).toMatchObject({ r: 2, successful: false });
    const res = await updatePayment(ctx.app, consumer, order, payment.id, {
      responseCode: '1',
      transactionStatus: true,
      transactionId: declined.id,
    });
    expect(res.statusCode).toBe(200);
    expect(PaymentOutcome.parse(res.json())).toMatchObject({
      successful: false,
      responseCode: 2,
      orderStatus: 'Pending',
    });
    expect(PlacedOrder.parse((await getOrder(consumer, 2, order.id)).json()).orderStatus).toBe('Pending');
    // The customer tries again with a good card on the same payment and it goes through.
    expect((await payByCard(ctx.app, payment)).r).toBe(1);
    const ok = await updatePayment(ctx.app, consumer, order, payment.id);
    expect(PaymentOutcome.parse(ok.json())).toMatchObject({ successful: true, orderStatus: 'Waiting' });
  });

  it('settles a charge the app never reported: the order is paid by it and no second payment is started', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    // A declined try, then a good card whose update never arrives (the page was reloaded).
    const declined = await initiateTestPayment(ctx.app, consumer, order);
    expect((await payByCard(ctx.app, declined, { cvv: '200' })).r).toBe(2);
    const charged = await initiateTestPayment(ctx.app, consumer, order);
    expect((await payByCard(ctx.app, charged)).r).toBe(1);

    const initiateAgain = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: `/v1/vendor/2/order/${order.id}/initiate-payment`,
      payload: {},
    });
    expect(initiateAgain.statusCode).toBe(409);
    expect(ErrorBody.parse(initiateAgain.json()).message).toBe('This order has already been paid.');
    const placed = PlacedOrder.parse((await getOrder(consumer, 2, order.id)).json());
    expect(placed).toMatchObject({ orderStatus: 'Waiting', positionInQueue: expect.any(Number) });
    const payments = await ctx.database.db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(payments).toEqual([
      { id: declined.id, status: 'Initiated' },
      { id: charged.id, status: 'Succeeded' },
    ]);
    // The late update, should it still come, changes nothing.
    const late = await updatePayment(ctx.app, consumer, order, charged.id);
    expect(PaymentOutcome.parse(late.json())).toMatchObject({ successful: true, orderStatus: 'Waiting' });
    expect(await countRows('payments', { column: 'order_id', value: order.id })).toBe(2);
  });

  it('reading a Pending order whose card was charged unreported answers it paid', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    expect(PlacedOrder.parse((await getOrder(consumer, 4, order.id)).json()).orderStatus).toBe('Pending');
    expect((await payByCard(ctx.app, payment)).r).toBe(1);
    expect(PlacedOrder.parse((await getOrder(consumer, 4, order.id)).json()).orderStatus).toBe('Waiting');
    const other = await createTestConsumer(ctx.app, 'Someone Else');
    expect((await getOrder(other, 4, order.id)).statusCode).toBe(404);
  });

  it.each([
    ['960', 96],
    ['970', 97],
    ['980', 98],
    ['990', 99],
    ['999', 999],
  ])('answers the gateway result for CVV %s (code %i), unpaid', async (cvv, code) => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    expect((await payByCard(ctx.app, payment, { cvv })).r).toBe(code);
    const res = await updatePayment(ctx.app, consumer, order, payment.id);
    expect(PaymentOutcome.parse(res.json())).toMatchObject({
      successful: false,
      responseCode: code,
      orderStatus: 'Pending',
    });
  });

  it('answers 97 for a card number failing Luhn and 99 for a tampered amount or unknown access code', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    expect((await payByCard(ctx.app, payment, { number: '4242424242424241' })).r).toBe(97);
    expect((await payByCard(ctx.app, { ...payment, totalPrice: { ...payment.totalPrice, minorAmount: 1 } })).r).toBe(
      99,
    );
    expect((await payByCard(ctx.app, { ...payment, accessCode: 'ac_forged' })).r).toBe(99);
    const unpaid = await updatePayment(ctx.app, consumer, order, payment.id);
    expect(PaymentOutcome.parse(unpaid.json())).toMatchObject({ successful: false, orderStatus: 'Pending' });
    const badQuery = await ctx.app.inject({ method: 'GET', url: '/sandbox-gateway/v1/card?callback=alert(1)' });
    expect(badQuery.statusCode).toBe(400);
  });

  it('answers an error, never the paid card token, to a second card request with a used access code', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const paid = await payByCard(ctx.app, payment);
    expect(paid).toMatchObject({ r: 1, successful: true });
    for (const card of [{}, { number: '4111111111111111', cvv: '321' }]) {
      const again = await payByCard(ctx.app, payment, card);
      expect(again).toEqual({
        r: 99,
        id: null,
        v: payment.accessCode,
        token: null,
        successful: false,
        errors: [USED_CODE],
      });
    }
    // The one charge still settles the order.
    const settled = await updatePayment(ctx.app, consumer, order, payment.id);
    expect(PaymentOutcome.parse(settled.json())).toMatchObject({ successful: true, orderStatus: 'Waiting' });
  });

  it('finds a payment only under its own order, and an order only for its own customer and store', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const other = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 415, quantity: 1 }]);
    const underOther = await updatePayment(ctx.app, consumer, other, payment.id);
    expect(underOther.statusCode).toBe(404);
    expect(ErrorBody.parse(underOther.json()).message).toBe(`Payment ${payment.id} not found`);
    const stranger = await createTestConsumer(ctx.app);
    const notTheirs = await updatePayment(ctx.app, stranger, order, payment.id);
    expect(notTheirs.statusCode).toBe(404);
    expect(ErrorBody.parse(notTheirs.json()).message).toBe(`Order ${order.id} not found`);
    const wrongStore = await updatePayment(ctx.app, consumer, { ...order, vendorId: 2 }, payment.id);
    expect(wrongStore.statusCode).toBe(404);
    expect(ErrorBody.parse(wrongStore.json()).message).toBe(`Order ${order.id} not found`);
    // Its own order and customer: found, and paid.
    await payByCard(ctx.app, payment);
    const own = await updatePayment(ctx.app, consumer, order, payment.id);
    expect(PaymentOutcome.parse(own.json())).toMatchObject({ successful: true, orderStatus: 'Waiting' });
  });

  it('of two charged payments of one order reported together, one pays the order and the other is refunded', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const first = await initiateTestPayment(ctx.app, consumer, order);
    const second = await initiateTestPayment(ctx.app, consumer, order);
    expect(second.id).not.toBe(first.id);
    await payByCard(ctx.app, first);
    await payByCard(ctx.app, second);
    const answers = await Promise.all([
      updatePayment(ctx.app, consumer, order, first.id),
      updatePayment(ctx.app, consumer, order, second.id),
    ]);
    const paid = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(paid).toHaveLength(1);
    expect(PaymentOutcome.parse(paid[0]!.json())).toMatchObject({ successful: true, orderStatus: 'Waiting' });
    expect(refused).toHaveLength(1);
    expect(ErrorBody.parse(refused[0]!.json()).message).toMatch(/You have not been charged again\.$/);
    const payments = await ctx.database.db
      .selectFrom('payments')
      .select(['status'])
      .where('order_id', '=', order.id)
      .orderBy('status')
      .execute();
    expect(payments.map((payment) => payment.status)).toEqual(['Refunded', 'Succeeded']);
    const charges = await ctx.database.db
      .selectFrom('gateway_transactions')
      .select(['refunded'])
      .where('access_code', 'in', [first.accessCode, second.accessCode])
      .orderBy('refunded')
      .execute();
    expect(charges.map((charge) => Number(charge.refunded))).toEqual([0, 1]);
    expect(await countOrderPaidAudits(ctx.database.db, order.id)).toBe(1);
  });

  it("a paid order's event carries the order as paid, and the order's next change gets its own event", async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    await payByCard(ctx.app, payment);
    expect((await updatePayment(ctx.app, consumer, order, payment.id)).statusCode).toBe(200);
    const events = async () =>
      (
        await ctx.database.db
          .selectFrom('ops_events')
          .select(['id', 'type', 'data'])
          .where('order_id', '=', order.id)
          .orderBy('id')
          .execute()
      ).map((event) => ({ type: event.type, data: JSON.parse(event.data) as Record<string, unknown> }));
    const [paid, ...others] = await events();
    expect(others).toEqual([]);
    // Queued last at the store (the clock stands still; the later id is behind).
    const waiting = Number(
      (
        await ctx.database.db
          .selectFrom('orders')
          .select(sql<number>`count(*)`.as('n'))
          .where('vendor_id', '=', 4)
          .where('order_status', '=', 'Waiting')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(paid).toMatchObject({
      type: 'order',
      data: {
        id: order.id,
        orderStatus: 'Waiting',
        positionInQueue: waiting,
        lines: [{ menuItemId: 414, quantity: 1, modifiers: [] }],
        total: order.paymentSummary.total,
      },
    });
    expect(paid!.data.paidAt).not.toBeNull();
    if (database.name === 'postgres') {
      // The event's subject is free: a connection of its own can take it (a lock left behind is
      // held for good; another test's lock on the same key, for a moment).
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        let free = false;
        for (let attempt = 0; attempt < 40 && !free; attempt += 1) {
          const { rows } = await client.query<{ free: boolean }>(
            'select pg_try_advisory_lock($1, hashtext($2)) as free',
            [0x6f707365, `order:${order.id}`],
          );
          free = rows[0]!.free;
          if (!free) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(free).toBe(true);
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [0x6f707365, `order:${order.id}`]);
      } finally {
        await client.end();
      }
    }
    const ready = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/4/order/${order.id}/status`,
      headers: ops,
      payload: { status: 'PendingAlerted' },
    });
    expect(ready.statusCode).toBe(200);
    expect((await events()).map((event) => event.data.orderStatus)).toEqual(['Waiting', 'PendingAlerted']);
  });

  it('charges an access code once when card requests for it arrive together', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const answers = await Promise.all(Array.from({ length: 6 }, () => payByCard(ctx.app, payment)));
    expect(answers.filter((answer) => answer.r === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.r === 99)).toHaveLength(5);
    const charges = await ctx.database.db
      .selectFrom('gateway_transactions')
      .select(['id', 'card_token'])
      .where('access_code', '=', payment.accessCode)
      .execute();
    expect(charges).toHaveLength(1);
    const tokens = await ctx.database.db
      .selectFrom('gateway_card_tokens')
      .select('token')
      .where('token', '=', charges[0]!.card_token!)
      .execute();
    expect(tokens).toHaveLength(1);
    // Even written straight into the books, a second charge of the code does not stand beside the first.
    await expect(
      ctx.database.db
        .insertInto('gateway_transactions')
        .values(
          standingCardCharge({
            id: 'txn_second',
            accessCode: payment.accessCode,
            amountMinor: payment.totalPrice.minorAmount,
            createdAt: NOW,
          }),
        )
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE/);
  });

  /** A consumer who paid a first order by card and saved it, and the payment of a second order. */
  async function secondOrderWithSavedCard() {
    const consumer = await createTestConsumer(ctx.app);
    const first = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const firstPayment = await initiateTestPayment(ctx.app, consumer, first);
    await payByCard(ctx.app, firstPayment);
    await updatePayment(ctx.app, consumer, first, firstPayment.id, { savePaymentMethod: true });
    const second = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 415, quantity: 1 }]);
    const payment = await initiateTestPayment(ctx.app, consumer, second);
    return { consumer, second, payment };
  }

  it('remembers a card when asked (masked) and pays a later order with it and a CVV', async () => {
    const { consumer, second, payment } = await secondOrderWithSavedCard();
    expect(payment.savedPaymentMethod).toEqual({
      cardName: 'Sam Lee',
      maskedCreditCardNumber: '•••• •••• •••• 4242',
      expiryMonth: '12',
      expiryYear: '2030',
    });
    const token = (cvv: string) =>
      signedInject(ctx.app, consumer, {
        method: 'POST',
        url: `/v1/vendor/order/${second.id}/payment/${payment.id}/purchase/token`,
        payload: { cvv },
      });
    expect(PaymentOutcome.parse((await token('200')).json())).toMatchObject({ successful: false, responseCode: 2 });
    expect((await token('12')).statusCode).toBe(400);
    expect(PaymentOutcome.parse((await token('321')).json())).toMatchObject({
      successful: true,
      orderStatus: 'Waiting',
    });
    const verify = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: `/v1/vendor/order/${second.id}/payment/${payment.id}/verify`,
      payload: { responseCode: '999', messages: [] },
    });
    expect(PaymentOutcome.parse(verify.json())).toMatchObject({ successful: true, status: 'Succeeded' });
  });

  it('charges a saved card once when its purchase requests arrive together, and answers each with that charge', async () => {
    const { consumer, second, payment } = await secondOrderWithSavedCard();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        signedInject(ctx.app, consumer, {
          method: 'POST',
          url: `/v1/vendor/order/${second.id}/payment/${payment.id}/purchase/token`,
          payload: { cvv: '321' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const answer of answers) {
      expect(PaymentOutcome.parse(answer.json())).toMatchObject({ successful: true, orderStatus: 'Waiting' });
    }
    const charges = await ctx.database.db
      .selectFrom('gateway_transactions')
      .select(['id', 'result_code'])
      .where('access_code', '=', payment.accessCode)
      .execute();
    expect(charges).toEqual([{ id: expect.any(String), result_code: 1 }]);
  });

  it('pays with Apple Pay or Google Pay tokens; a token containing decline fails', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const session = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: `/v1/vendor/order/${order.id}/payment/apple-pay/session`,
      payload: { validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ displayName: 'Grill & Bun' });
    const wallet = (payload: unknown) =>
      signedInject(ctx.app, consumer, { method: 'POST', url: `/v1/vendor/order/${order.id}/purchase/wallet`, payload });
    const declined = await wallet({ amount: 4250, walletType: 'GOOGLE', googlePayPurchaseToken: 'tok-decline-me' });
    expect(WalletPurchaseResponse.parse(declined.json()).result).toMatchObject({
      status: 'Failed',
      messages: ['Error Processing payment. Please try again later or use an alternative form of payment.'],
    });
    expect((await wallet({ amount: 1, walletType: 'APPLEPAYWEB', applePayPurchaseToken: 'tok' })).statusCode).toBe(422);
    expect((await wallet({ amount: 4250, walletType: 'APPLEPAYWEB' })).statusCode).toBe(400);
    const ok = await wallet({ amount: 4250, walletType: 'APPLEPAYWEB', applePayPurchaseToken: '{"paymentData":"ok"}' });
    expect(WalletPurchaseResponse.parse(ok.json()).result.status).toBe('Successful');
    expect(PlacedOrder.parse((await getOrder(consumer, 2, order.id)).json()).orderStatus).toBe('Waiting');
  });

  it("applies coupons: 'Invalid coupon code.' for unknown or expired ones, a percentage reprices the order, a full coupon pays it", async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const apply = (code: string) =>
      signedInject(ctx.app, consumer, {
        method: 'PUT',
        url: `/v1/current-consumer/order/${order.id}/coupon?couponCode=${encodeURIComponent(code)}`,
      });
    for (const code of ['NOPE', 'EXPIRED']) {
      const res = await apply(code);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Invalid coupon code.');
    }
    expect((await apply('')).statusCode).toBe(400);
    const half = OrderCoupon.parse((await apply('halfprice')).json());
    expect(half).toMatchObject({
      maybeCouponCode: 'HALFPRICE',
      coversTotal: false,
      invoice: { total: { minorAmount: 2125 }, discount: { minorAmount: 2125 } },
    });
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    expect(payment.totalPrice.minorAmount).toBe(2125);
    const notCovered = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: `/v1/current-consumer/order/${order.id}/coupon/purchase`,
      payload: {},
    });
    expect(notCovered.statusCode).toBe(422);
    const full = OrderCoupon.parse((await apply('FREEMEAL')).json());
    expect(full).toMatchObject({
      maybeCouponCode: 'FREEMEAL',
      coversTotal: true,
      invoice: { total: { minorAmount: 0 }, subtotal: { minorAmount: 4250 } },
    });
    // The card payment initiated for the old total can no longer pay this order.
    await payByCard(ctx.app, payment);
    expect((await updatePayment(ctx.app, consumer, order, payment.id)).statusCode).toBe(409);
    const coupon = await signedInject(ctx.app, consumer, {
      method: 'GET',
      url: `/v1/current-consumer/order/${order.id}/coupon`,
    });
    const purchase = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: `/v1/current-consumer/order/${order.id}/coupon/purchase`,
      payload: { couponCode: 'FREEMEAL', verificationCode: coupon.json().verificationCode },
    });
    expect(purchase.statusCode, purchase.body).toBe(200);
    expect(PaymentOutcome.parse(purchase.json())).toMatchObject({ successful: true, orderStatus: 'Waiting' });
    const invoice = Invoice.parse(
      (
        await signedInject(ctx.app, consumer, { method: 'GET', url: `/v1/current-consumer/order/${order.id}/invoice` })
      ).json(),
    );
    expect(invoice.paymentSummary.items.at(-1)).toMatchObject({ itemType: 'Discount', price: { minorAmount: -4250 } });
  });

  it('takes a coupon off a pending order and prices it again; the coupon line shows while applied, and the lines add up', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [
      { menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] },
    ]);
    const before = Invoice.parse(
      (
        await signedInject(ctx.app, consumer, { method: 'GET', url: `/v1/current-consumer/order/${order.id}/invoice` })
      ).json(),
    );
    const applied = await signedInject(ctx.app, consumer, {
      method: 'PUT',
      url: `/v1/current-consumer/order/${order.id}/coupon?couponCode=welcome10`,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const withCoupon = OrderCoupon.parse(applied.json()).invoice;
    const discount = withCoupon.paymentSummary.items.filter((item) => item.itemType === 'Discount');
    expect(discount).toEqual([
      expect.objectContaining({
        name: 'Coupon WELCOME10',
        price: expect.objectContaining({ minorAmount: -withCoupon.discount.minorAmount }),
      }),
    ]);
    const view = summaryView(withCoupon.paymentSummary);
    expect(addsUp(view)).toBe(true);
    expect(view.totalMinor).toBe(before.total.minorAmount - withCoupon.discount.minorAmount);

    const remove = () =>
      signedInject(ctx.app, consumer, { method: 'DELETE', url: `/v1/current-consumer/order/${order.id}/coupon` });
    const removed = await remove();
    expect(removed.statusCode, removed.body).toBe(200);
    const without = OrderCoupon.parse(removed.json());
    expect(without).toMatchObject({ maybeCouponCode: null, coversTotal: false });
    expect(without.invoice.total.minorAmount).toBe(before.total.minorAmount);
    expect(without.invoice.paymentSummary.items.some((item) => item.itemType === 'Discount')).toBe(false);
    // Again: nothing left to take off, the same answer.
    const again = await remove();
    expect(again.statusCode).toBe(200);
    expect(OrderCoupon.parse(again.json()).invoice.total.minorAmount).toBe(before.total.minorAmount);
    // A card payment now charges the full price.
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    expect(payment.totalPrice.minorAmount).toBe(before.total.minorAmount);
    // Another consumer cannot touch it.
    const stranger = await createTestConsumer(ctx.app);
    expect(
      (
        await signedInject(ctx.app, stranger, {
          method: 'DELETE',
          url: `/v1/current-consumer/order/${order.id}/coupon`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps the coupon of a paid order', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [
      { menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] },
    ]);
    await signedInject(ctx.app, consumer, {
      method: 'PUT',
      url: `/v1/current-consumer/order/${order.id}/coupon?couponCode=FIVEOFF`,
    });
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    await payByCard(ctx.app, payment);
    expect(PaymentOutcome.parse((await updatePayment(ctx.app, consumer, order, payment.id)).json()).successful).toBe(
      true,
    );
    const removed = await signedInject(ctx.app, consumer, {
      method: 'DELETE',
      url: `/v1/current-consumer/order/${order.id}/coupon`,
    });
    expect(removed.statusCode).toBe(409);
  });

  it('limits a coupon to its usage limit', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const use = async () => {
      const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
      const res = await signedInject(ctx.app, consumer, {
        method: 'PUT',
        url: `/v1/current-consumer/order/${order.id}/coupon?couponCode=ONEUSE`,
      });
      return { order, res };
    };
    const first = await use();
    expect(first.res.statusCode).toBe(200);
    const payment = await initiateTestPayment(ctx.app, consumer, first.order);
    await payByCard(ctx.app, payment);
    expect(
      PaymentOutcome.parse((await updatePayment(ctx.app, consumer, first.order, payment.id)).json()).successful,
    ).toBe(true);
    const second = await use();
    expect(second.res.statusCode).toBe(422);
    expect(second.res.json().message).toBe('Invalid coupon code.');
  });

  it('sells exactly the stock to 20 concurrent payers of the last 5 units; the rest get a sold-out answer and no charge', async () => {
    const stock = await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1/menu-item/103',
      headers: ops,
      payload: { currentInventory: 5 },
    });
    expect(stock.statusCode).toBe(200);
    const payers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const consumer = await createTestConsumer(ctx.app, `Payer ${i}`);
        const order = await placeTestOrder(ctx.app, consumer, 1, [{ menuItemId: 103, quantity: 1 }]);
        const payment = await initiateTestPayment(ctx.app, consumer, order);
        expect((await payByCard(ctx.app, payment)).r).toBe(1);
        return { consumer, order, payment };
      }),
    );
    const answers = await Promise.all(
      payers.map(({ consumer, order, payment }) => updatePayment(ctx.app, consumer, order, payment.id)),
    );
    const paid = answers.filter((a) => a.statusCode === 200 && a.json().successful === true);
    const soldOut = answers.filter((a) => a.statusCode === 409);
    expect(paid).toHaveLength(5);
    expect(soldOut).toHaveLength(15);
    for (const answer of soldOut) {
      expect(answer.json()).toMatchObject({ code: 'sold_out', menuItemIds: [103] });
      expect(answer.json().message).toMatch(/sold out of Hazy Days IPA/);
    }
    const item = await ctx.database.db
      .selectFrom('menu_items')
      .select('current_inventory')
      .where('id', '=', 103)
      .executeTakeFirstOrThrow();
    expect(item.current_inventory).toBe(0);
    const refunded = await ctx.database.db
      .selectFrom('gateway_transactions')
      .select('id')
      .where('refunded', '=', 1)
      .execute();
    expect(refunded.length).toBeGreaterThanOrEqual(15);
    const menu = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/1/current-menu' });
    expect(menu.json().items.find((i: { id: number }) => i.id === 103).currentInventory).toBe(0);
    // A retried update of a refunded payment gives the same answer and still no order.
    const loser = payers[answers.findIndex((a) => a.statusCode === 409)]!;
    expect((await updatePayment(ctx.app, loser.consumer, loser.order, loser.payment.id)).statusCode).toBe(409);
    expect(PlacedOrder.parse((await getOrder(loser.consumer, 1, loser.order.id)).json()).orderStatus).toBe('Pending');
    await ctx.app.inject({
      method: 'PATCH',
      url: '/ops/v1/vendor/1/menu-item/103',
      headers: ops,
      payload: { currentInventory: 5 },
    });
  });

  it('answers malformed payment bodies and ids with 4xx JSON', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
    const calls: Array<[string, string, unknown]> = [
      ['POST', `/v1/vendor/4/order/${order.id}/payment/1/update`, { responseCode: { $gt: 1 } }],
      ['POST', `/v1/vendor/4/order/${order.id}/payment/abc/update`, {}],
      ['POST', `/v1/vendor/4/order/${order.id}/payment/999999/update`, {}],
      [
        'POST',
        `/v1/vendor/order/${order.id}/purchase/wallet`,
        { amount: -1, walletType: 'GOOGLE', googlePayPurchaseToken: 'x' },
      ],
      ['POST', `/v1/vendor/order/${order.id}/purchase/wallet`, { amount: '12', walletType: 'BITCOIN' }],
      ['POST', `/v1/vendor/order/${order.id}/payment/apple-pay/session`, { validationUrl: 'javascript:alert(1)' }],
      ['POST', '/v1/current-consumer/update', { contact: { mobile: 42 } }],
      [
        'POST',
        '/v1/vendor/4/place-order',
        { orderItems: [{ menuItemId: 414, quantity: 1e9 }], serviceMode: 'TakeAway' },
      ],
    ];
    for (const [method, url, payload] of calls) {
      const res = await signedInject(ctx.app, consumer, {
        method: method as 'POST',
        url,
        payload,
        headers: orderKey(),
      });
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      ErrorBody.parse(res.json());
    }
  });
});

describe.each(databases)('card numbers on $name', (database) => {
  const ctx = useTestApp(database, { clock: () => NOW });

  it('never appear in the server logs or the database', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(),
      db: ctx.database.db,
      clock: () => NOW,
      logger: { level: 'trace', stream },
    });
    try {
      const consumer = await createTestConsumer(app);
      const order = await placeTestOrder(app, consumer, 4, [{ menuItemId: 414, quantity: 1 }]);
      const payment = await initiateTestPayment(app, consumer, order);
      const number = '5555555555554444';
      expect((await payByCard(app, payment, { number, cvv: '200' })).r).toBe(2);
      expect((await payByCard(app, payment, { number, cvv: '737' })).r).toBe(1);
      await updatePayment(app, consumer, order, payment.id, { savePaymentMethod: true });
      const badQuery = await app.inject({
        method: 'GET',
        url: `/sandbox-gateway/v1/card?card_number=${number}&cvv=737&callback=1bad`,
      });
      expect(badQuery.statusCode).toBe(400);
      const logs = lines.join('');
      expect(logs).toContain('/sandbox-gateway/v1/card');
      expect(logs).toContain('[redacted]');
      expect(logs).not.toContain(number);
      // The CVV as a value of its own (not digits inside a timing or an id).
      expect(logs).not.toMatch(/(?<![\w.])737(?![\w.])/);
      for (const table of [
        'payments',
        'gateway_transactions',
        'gateway_card_tokens',
        'saved_cards',
        'orders',
        'audit_log',
        'consumers',
      ] as const) {
        const rows = await ctx.database.db.selectFrom(table).selectAll().execute();
        expect(JSON.stringify(rows), table).not.toContain(number);
        expect(JSON.stringify(rows), table).not.toContain('555555555555');
      }
      const saved = await ctx.database.db.selectFrom('saved_cards').selectAll().execute();
      expect(saved.map((s) => s.masked_number)).toEqual(['•••• •••• •••• 4444']);
      expect(VISA).not.toBe(number);
    } finally {
      await app.close();
    }
  });
});
