/**
 * A cancelled paid order says it was refunded (issue 23): the customer's order carries what went
 * back where, and an email says so when an email is known.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlacedOrder } from '@venue/contract/order';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { signedInject, type Signer } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';

const NOW = Date.parse('2026-11-23T02:00:00.000Z');
const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
const VENDOR = 2;
// $12.50 with extra cheese and no onion: $17.00 at Grill & Bun with its service fee.
const cheeseburger = { menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] };

describe.each(databases)('cancelling a paid order on $name', (database) => {
  const outbox = mkdtempSync(join(tmpdir(), 'outbox-'));
  const ctx = useTestApp(database, { clock: () => NOW, env: { OUTBOX_DIR: outbox } });
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));

  const consumer = async (email: string | null, fullName: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { contact: { mobile: '0412 345 678', ...(email ? { email } : {}) }, name: { fullName } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Signer;
  };
  const readOrder = async (signer: Signer, order: PlacedOrder) => {
    const res = await signedInject(ctx.app, signer, { method: 'GET', url: `/v1/vendor/${VENDOR}/order/${order.id}` });
    expect(res.statusCode, res.body).toBe(200);
    return PlacedOrder.parse(res.json());
  };
  const cancel = async (orderId: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${VENDOR}/order/${orderId}/status`,
      headers: auth,
      payload: { status: 'Cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const mailTo = (address: string) =>
    readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => readFileSync(join(outbox, name), 'utf8').replace(/=\n/g, ''))
      .filter((eml) => new RegExp(`^To: ${address.replace('.', '\\.')}$`, 'm').test(eml));

  it('gives the card order its refund (amount, last four) and emails the customer once', async () => {
    const mei = await consumer('mei@example.com', 'Mei <Chen>');
    const order = await placeTestOrder(ctx.app, mei, VENDOR, [cheeseburger]);
    const payment = await initiateTestPayment(ctx.app, mei, order);
    const result = await payByCard(ctx.app, payment, { number: '4000056655665556' });
    expect((await updatePayment(ctx.app, mei, order, payment.id, { transactionId: result.id })).statusCode).toBe(200);
    expect((await readOrder(mei, order)).refund).toBeNull();

    await cancel(order.id);
    const cancelled = await readOrder(mei, order);
    expect(cancelled.orderStatus).toBe('Cancelled');
    expect(cancelled.refund).toEqual({
      amountMinor: cancelled.paymentSummary.total.minorAmount,
      method: 'card',
      cardLastFour: '5556',
      couponCode: null,
    });

    await vi.waitFor(() => expect(mailTo('mei@example.com')).toHaveLength(1));
    const [mail] = mailTo('mei@example.com');
    const total = (cancelled.paymentSummary.total.minorAmount / 100).toFixed(2);
    expect(mail).toContain(`Subject: Your refund from Grill & Bun, order ${cancelled.claimTicket}`);
    expect(mail).toContain(`Your payment of $${total} to card ending 5556 has been refunded.`);
    expect(mail).toContain('Mobile: 0412345678');
    expect(mail).not.toContain('Chen');
    // Asking again changes nothing, and sends nothing more.
    await cancel(order.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailTo('mei@example.com')).toHaveLength(1);
  });

  it('gives a coupon order its coupon back, and sends no email when none is known', async () => {
    const sam = await consumer(null, 'Sam Coupon');
    const order = await placeTestOrder(ctx.app, sam, VENDOR, [cheeseburger]);
    const applied = await signedInject(ctx.app, sam, {
      method: 'PUT',
      url: `/v1/current-consumer/order/${order.id}/coupon?couponCode=FREEMEAL`,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const usedCount = async () =>
      (
        await ctx.database.db
          .selectFrom('coupons')
          .select('used_count')
          .where('code', '=', 'FREEMEAL')
          .executeTakeFirstOrThrow()
      ).used_count;
    const before = await usedCount();
    const purchase = await signedInject(ctx.app, sam, {
      method: 'POST',
      url: `/v1/current-consumer/order/${order.id}/coupon/purchase`,
      payload: {},
    });
    expect(purchase.statusCode, purchase.body).toBe(200);
    expect(await usedCount()).toBe(before + 1);
    const files = readdirSync(outbox).length;

    await cancel(order.id);
    const cancelled = await readOrder(sam, order);
    const couponLine = cancelled.paymentSummary.items.find((item) => item.name === 'Coupon FREEMEAL');
    expect(cancelled.refund).toEqual({
      amountMinor: -couponLine!.price.minorAmount,
      method: 'coupon',
      cardLastFour: null,
      couponCode: 'FREEMEAL',
    });
    expect(await usedCount()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(outbox)).toHaveLength(files);
  });
});
