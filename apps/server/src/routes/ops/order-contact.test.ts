/**
 * An order keeps the customer's name, mobile and email given with it (issue 23): the same phone
 * ordering again under another name changes the consumer, never the orders placed before.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpsOrder, OpsOrderList } from '@venue/contract/ops-orders';
import type { PlacedOrder } from '@venue/contract/order';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { SseReader } from '../../test/sse-client.ts';
import { signedInject, type Signer } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';

const NOW = Date.parse('2026-11-23T02:00:00.000Z');
const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
const VENDOR = 2;
const cheeseburger = { menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] };

describe.each(databases)('the customer details an order keeps, on $name', (database) => {
  const outbox = mkdtempSync(join(tmpdir(), 'outbox-'));
  const ctx = useTestApp(database, { clock: () => NOW, env: { OUTBOX_DIR: outbox } });
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
    rmSync(outbox, { recursive: true, force: true });
  });

  const paidOrder = async (consumer: Signer): Promise<PlacedOrder> => {
    const order = await placeTestOrder(ctx.app, consumer, VENDOR, [cheeseburger]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const result = await payByCard(ctx.app, payment);
    const res = await updatePayment(ctx.app, consumer, order, payment.id, { transactionId: result.id });
    expect(res.statusCode, res.body).toBe(200);
    return order;
  };
  const listed = async (orderId: number) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/ops/v1/vendor/${VENDOR}/orders`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return OpsOrderList.parse(res.json()).find((order) => order.id === orderId);
  };
  const updateConsumer = async (consumer: Signer, fullName: string, mobile: string, email: string | null) => {
    const res = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: '/v1/current-consumer/update',
      payload: { id: consumer.id, name: { fullName }, contact: { mobile, email } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const receiptFor = async (consumer: Signer, orderId: number) => {
    const before = new Set(readdirSync(outbox));
    const res = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: '/v1/current-consumer/issue-receipt',
      payload: { orderId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = readdirSync(outbox).find((name) => !before.has(name) && name.endsWith('.eml'));
    return readFileSync(join(outbox, file!), 'utf8').replace(/=\n/g, '');
  };

  it('shows order 1 as Mei Chen with her number after the same phone orders as Tom Walker: ops API, staff events, receipt', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { contact: { mobile: '0412 345 678', email: 'mei@example.com' }, name: { fullName: 'Mei Chen' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const phone = created.json() as Signer;
    const first = await paidOrder(phone);
    expect(await listed(first.id)).toMatchObject({ customerName: 'Mei Chen', customerMobile: '0412345678' });

    // The same phone, later, under another name and number.
    await updateConsumer(phone, 'Tom Walker', '0400 111 222', 'tom@example.com');
    const second = await paidOrder(phone);

    expect(await listed(first.id)).toMatchObject({ customerName: 'Mei Chen', customerMobile: '0412345678' });
    expect(await listed(second.id)).toMatchObject({ customerName: 'Tom Walker', customerMobile: '0400111222' });

    // The staff board's events tell order 1 as Mei's too.
    const events = await SseReader.open(`${base}/ops/v1/vendor/${VENDOR}/events`, auth);
    readers.push(events);
    await events.next((m) => m.event === 'ready' || m.event === 'reset');
    const ready = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${VENDOR}/order/${first.id}/status`,
      headers: auth,
      payload: { status: 'PendingAlerted' },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(OpsOrder.parse(ready.json())).toMatchObject({ customerName: 'Mei Chen', customerMobile: '0412345678' });
    const event = await events.next((m) => m.event === 'order' && (JSON.parse(m.data) as OpsOrder).id === first.id);
    expect(JSON.parse(event.data)).toMatchObject({ customerName: 'Mei Chen', customerMobile: '0412345678' });

    // Order 1's receipt gives Mei's number, whoever holds the phone now (no name: a receipt
    // carries nothing a customer typed, decision 024).
    const receipt = await receiptFor(phone, first.id);
    expect(receipt).toContain('Mobile: 0412345678');
    expect(receipt).not.toContain('0400111222');
  });

  it('sends a receipt asked for later to the address given then, and gives it to an order placed without one', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { contact: { mobile: '0412 999 888' }, name: { fullName: 'Ana Lee' } },
    });
    const phone = created.json() as Signer;
    const order = await paidOrder(phone);
    // The wait screen's 'Email receipt': the address is saved on the consumer, then the receipt asked for.
    await updateConsumer(phone, 'Ana Lee', '0412 999 888', 'ana@example.com');
    expect(await receiptFor(phone, order.id)).toMatch(/^To: ana@example\.com$/m);
    const row = await ctx.database.db
      .selectFrom('orders')
      .select(['customer_email', 'customer_name'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_email: 'ana@example.com', customer_name: 'Ana Lee' });
  });
});
