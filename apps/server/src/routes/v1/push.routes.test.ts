import { PushMessage, PushPublicKey } from '@venue/contract/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { startPushService, type PushServiceStandIn } from '../../test/push-service.ts';
import { createTestConsumer, signedInject, type Signer } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, testConfig, useTestApp } from '../../test/test-app.ts';
import { storedVapidKeys } from '../../modules/push/vapid-keys.ts';

// Issue 15 part 2: the ready alert reaches a locked phone by Web Push.
const START = Date.parse('2026-11-23T02:00:00.000Z');
const ops = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
// Vendor 4 (Daily Grind, coffee) takes orders at START; its first simple item.
const VENDOR = 4;
const SUBJECT = 'mailto:ops@harbourside.example';

describe.each(databases)('Web Push on $name', (database) => {
  const now = START;
  const ctx = useTestApp(database, {
    clock: () => now,
    env: { PUSH_ALLOW_LOOPBACK: 'on', VAPID_SUBJECT: SUBJECT },
  });
  let push: PushServiceStandIn;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => push?.close());

  const simpleLine = async () => {
    const menu = (await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${VENDOR}/current-menu` })).json() as {
      items: Array<{ id: number; visible: boolean; currentInventory: number | null }>;
    };
    for (const item of menu.items.filter((i) => i.visible && i.currentInventory !== 0)) {
      const line = { menuItemId: item.id, quantity: 1, modifiers: [] };
      const priced = await ctx.app.inject({
        method: 'POST',
        url: `/v1/vendor/${VENDOR}/calculate-order-payment`,
        payload: { orderItems: [line] },
      });
      if (priced.statusCode === 200) return line;
    }
    throw new Error('no simple item');
  };

  const paidOrder = async (consumer: Signer) => {
    const order = await placeTestOrder(ctx.app, consumer, VENDOR, [await simpleLine()]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const result = await payByCard(ctx.app, payment);
    const res = await updatePayment(ctx.app, consumer, order, payment.id, { transactionId: result.id });
    expect(res.statusCode, res.body).toBe(200);
    // The claim ticket is given when the order is paid.
    const row = await ctx.database.db
      .selectFrom('orders')
      .select('claim_ticket')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    return { ...order, claimTicket: row.claim_ticket };
  };

  const subscribe = (consumer: Signer, orderId: number, body: unknown) =>
    signedInject(ctx.app, consumer, {
      method: 'PUT',
      url: `/v1/current-consumer/order/${orderId}/push-subscription`,
      payload: body,
    });

  const setStatus = (orderId: number, status: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${VENDOR}/order/${orderId}/status`,
      headers: ops,
      payload: { status },
    });

  const subscriptionsOf = (orderId: number) =>
    ctx.database.db.selectFrom('push_subscriptions').selectAll().where('order_id', '=', orderId).execute();

  const publicKey = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/push/public-key' });
    expect(res.statusCode).toBe(200);
    return PushPublicKey.parse(res.json()).publicKey;
  };

  /** Pushes that arrived at one subscription's endpoint. */
  const pushesTo = (endpoint: string) => push.received.filter((p) => endpoint.endsWith(p.path));

  it('answers one VAPID public key, unsigned: an uncompressed P-256 point in base64url', async () => {
    const key = await publicKey();
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(await publicKey()).toBe(key);
  });

  it('a second node on the same database uses the same generated keys, and two nodes starting together agree', async () => {
    const other = await buildApp({ config: testConfig(), db: ctx.database.db, logger: false });
    try {
      const res = await other.inject({ method: 'GET', url: '/v1/push/public-key' });
      expect(res.json()).toEqual({ publicKey: await publicKey() });
    } finally {
      await other.close();
    }
    // A fresh start: no stored pair, several processes generating at once; one pair wins for all.
    await ctx.database.db.deleteFrom('server_settings').execute();
    const racing = await Promise.all([1, 2, 3, 4].map(() => storedVapidKeys(ctx.database.db, START)));
    expect(new Set(racing.map((k) => k.publicKey)).size).toBe(1);
    expect(new Set(racing.map((k) => k.privateKey)).size).toBe(1);
    expect(await ctx.database.db.selectFrom('server_settings').select('key').execute()).toHaveLength(1);
  });

  it('VAPID keys from the settings are used as they are, never the stored ones', async () => {
    const keys = {
      VAPID_PUBLIC_KEY: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      VAPID_PRIVATE_KEY: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
    };
    const other = await buildApp({ config: testConfig(keys), db: ctx.database.db, logger: false });
    try {
      const res = await other.inject({ method: 'GET', url: '/v1/push/public-key' });
      expect(res.json()).toEqual({ publicKey: keys.VAPID_PUBLIC_KEY });
    } finally {
      await other.close();
    }
  });

  it('stores the subscription of the owner only; a re-subscribe replaces rather than doubles; DELETE removes it', async () => {
    const owner = await createTestConsumer(ctx.app);
    const stranger = await createTestConsumer(ctx.app);
    const order = await paidOrder(owner);
    const browser = push.subscription();

    const unsigned = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/current-consumer/order/${order.id}/push-subscription`,
      payload: browser,
    });
    expect(unsigned.statusCode).toBe(401);
    const theirs = await subscribe(stranger, order.id, browser);
    expect(theirs.statusCode).toBe(404);
    expect(await subscriptionsOf(order.id)).toHaveLength(0);

    const stored = await subscribe(owner, order.id, browser);
    expect(stored.statusCode, stored.body).toBe(204);
    const again = await subscribe(owner, order.id, { ...browser, keys: push.subscription().keys });
    expect(again.statusCode).toBe(204);
    const rows = await subscriptionsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: browser.endpoint, consumer_id: owner.id });

    const strangerDelete = await signedInject(ctx.app, stranger, {
      method: 'DELETE',
      url: `/v1/current-consumer/order/${order.id}/push-subscription`,
    });
    expect(strangerDelete.statusCode).toBe(404);
    expect(await subscriptionsOf(order.id)).toHaveLength(1);
    const removed = await signedInject(ctx.app, owner, {
      method: 'DELETE',
      url: `/v1/current-consumer/order/${order.id}/push-subscription`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await subscriptionsOf(order.id)).toHaveLength(0);
  });

  it('takes subscriptions only for a paid order (409 before), and keeps a customer to their newest ten', async () => {
    const owner = await createTestConsumer(ctx.app);
    const unpaid = await placeTestOrder(ctx.app, owner, VENDOR, [await simpleLine()]);
    const refused = await subscribe(owner, unpaid.id, push.subscription());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Order ${unpaid.id} is not paid yet; notifications are for paid orders.`);
    expect(await subscriptionsOf(unpaid.id)).toHaveLength(0);

    const orders: Array<{ id: number }> = [];
    for (let i = 0; i < 3; i += 1) orders.push(await paidOrder(owner));
    // Five browsers on each of three orders: fifteen asked for, ten kept (the newest).
    for (const order of orders) {
      for (let i = 0; i < 5; i += 1)
        expect((await subscribe(owner, order.id, push.subscription())).statusCode).toBe(204);
    }
    const kept = await ctx.database.db
      .selectFrom('push_subscriptions')
      .select(['order_id'])
      .where('consumer_id', '=', owner.id)
      .execute();
    expect(kept).toHaveLength(10);
    expect(kept.filter((row) => row.order_id === orders[2]!.id)).toHaveLength(5);
  });

  it('refuses endpoints the server must not post to (422) and malformed subscriptions (400)', async () => {
    const owner = await createTestConsumer(ctx.app);
    const order = await paidOrder(owner);
    const { keys } = push.subscription();
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://10.0.0.7/push/abc',
      'https://[fd00::1]/push',
      'https://intranet/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'ftp://127.0.0.1/push',
    ]) {
      const res = await subscribe(owner, order.id, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().message).toMatch(/push endpoint/);
    }
    const good = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys };
    for (const body of [
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(2100)}` },
      { ...good, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } },
      { ...good, keys: { ...keys, p256dh: `${keys.p256dh.slice(0, -1)}!` } },
      { ...good, keys: { ...keys, auth: `${keys.auth}AAAA` } },
      { ...good, keys: { p256dh: keys.p256dh } },
      { ...good, extra: true },
      { endpoint: good.endpoint },
    ]) {
      const res = await subscribe(owner, order.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    const accepted = await subscribe(owner, order.id, { ...good, expirationTime: null });
    expect(accepted.statusCode).toBe(204);
  });

  it('sends the ready notification, VAPID-signed and encrypted, with the store, the ticket and the order link', async () => {
    const owner = await createTestConsumer(ctx.app);
    const order = await paidOrder(owner);
    const browser = push.subscription();
    expect((await subscribe(owner, order.id, browser)).statusCode).toBe(204);
    const before = push.received.length;

    const ready = await setStatus(order.id, 'PendingAlerted');
    expect(ready.statusCode).toBe(200);
    await ctx.app.push.notifier.idle();
    await push.waitFor(before + 1);

    const [received] = pushesTo(browser.endpoint);
    expect(received?.problems).toEqual([]);
    expect(received?.vapidPublicKey).toBe(await publicKey());
    expect(received?.claims?.sub).toBe(SUBJECT);
    expect(received?.headers.urgency).toBe('high');
    expect(Number(received?.headers.ttl)).toBeGreaterThan(0);
    expect(received?.headers.topic).toBe(`order-${order.id}`);
    const message = PushMessage.parse(JSON.parse(received?.payload ?? 'null'));
    expect(message).toEqual({
      title: 'Your order is ready!',
      body: `Order ${order.claimTicket} is ready to collect from Daily Grind.`,
      tag: `order-${order.id}`,
      url: '/order-flow/alert-order',
      orderId: order.id,
      status: 'PendingAlerted',
    });
    // The same status again changes nothing, and sends nothing.
    expect((await setStatus(order.id, 'PendingAlerted')).statusCode).toBe(200);
    await ctx.app.push.notifier.idle();
    expect(pushesTo(browser.endpoint)).toHaveLength(1);

    // Collected: the order is over, its subscriptions go, and nothing more is sent.
    expect((await setStatus(order.id, 'Serviced')).statusCode).toBe(200);
    await ctx.app.push.notifier.idle();
    expect(await subscriptionsOf(order.id)).toHaveLength(0);
    expect(pushesTo(browser.endpoint)).toHaveLength(1);
    const late = await subscribe(owner, order.id, browser);
    expect(late.statusCode).toBe(409);
  });

  it('tells of a needed visit and a cancellation, then forgets the cancelled order', async () => {
    const owner = await createTestConsumer(ctx.app);
    const order = await paidOrder(owner);
    const browser = push.subscription();
    expect((await subscribe(owner, order.id, browser)).statusCode).toBe(204);

    expect((await setStatus(order.id, 'VendorSupportRequired')).statusCode).toBe(200);
    await ctx.app.push.notifier.idle();
    expect((await setStatus(order.id, 'Cancelled')).statusCode).toBe(200);
    await ctx.app.push.notifier.idle();

    const messages = pushesTo(browser.endpoint).map((p) => {
      expect(p.problems).toEqual([]);
      return PushMessage.parse(JSON.parse(p.payload ?? 'null'));
    });
    expect(messages.map((m) => [m.status, m.title, m.body])).toEqual([
      [
        'VendorSupportRequired',
        'We need to discuss your order with you at the shop',
        `Please come to Daily Grind and show your order number ${order.claimTicket}.`,
      ],
      [
        'Cancelled',
        'Your order could not be completed',
        `Daily Grind could not complete order ${order.claimTicket}. Please see the staff at the shop about it.`,
      ],
    ]);
    expect(await subscriptionsOf(order.id)).toHaveLength(0);
  });

  it('the status change is answered while the push service is still working on the notification', async () => {
    const owner = await createTestConsumer(ctx.app);
    const order = await paidOrder(owner);
    const browser = push.subscription();
    expect((await subscribe(owner, order.id, browser)).statusCode).toBe(204);
    const slow = push.hold(browser.endpoint);

    const ready = await setStatus(order.id, 'PendingAlerted');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().orderStatus).toBe('PendingAlerted');
    // The status change has answered; the push is at the push service, not answered yet.
    await slow.arrived;
    expect(pushesTo(browser.endpoint)).toHaveLength(0);
    slow.release();
    await ctx.app.push.notifier.idle();
    expect(pushesTo(browser.endpoint)).toHaveLength(1);
    expect(pushesTo(browser.endpoint)[0]?.problems).toEqual([]);
  });

  it('a push service answering 410 or 404 deletes that subscription; other failures keep it and never fail the status change', async () => {
    const owner = await createTestConsumer(ctx.app);
    const order = await paidOrder(owner);
    const gone = push.subscription();
    const missing = push.subscription();
    const broken = push.subscription();
    const unreachable = { ...push.subscription(), endpoint: 'http://127.0.0.1:9/push/nobody-listens' };
    for (const browser of [gone, missing, broken, unreachable]) {
      expect((await subscribe(owner, order.id, browser)).statusCode).toBe(204);
    }
    push.answer(gone.endpoint, 410);
    push.answer(missing.endpoint, 404);
    push.answer(broken.endpoint, 503);

    const ready = await setStatus(order.id, 'PendingAlerted');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().orderStatus).toBe('PendingAlerted');
    await ctx.app.push.notifier.idle();

    const left = (await subscriptionsOf(order.id)).map((s) => s.endpoint).sort();
    expect(left).toEqual([broken.endpoint, unreachable.endpoint].sort());
  });
});
