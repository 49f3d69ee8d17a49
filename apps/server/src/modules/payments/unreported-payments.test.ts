import { describe, expect, it } from 'vitest';
import {
  countOrderPaidAudits,
  initiateTestPayment,
  payByCard,
  placeTestOrder,
  updatePayment,
} from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';
import { UNREPORTED_AFTER_MS, UnreportedPaymentSweeper } from './unreported-payments.ts';

const START = Date.parse('2026-11-23T02:00:00.000Z');
const VENDOR = 4;
const croissants = (menuItemId: number, quantity = 1) => [{ menuItemId, quantity, modifiers: [] }];

describe.each(databases)('card charges nobody reported, on $name', (database) => {
  let now = START;
  const ctx = useTestApp(database, { clock: () => now });
  const statusOf = async (table: 'orders' | 'payments', id: number) =>
    (
      await ctx.database.db
        .selectFrom(table)
        .select(table === 'orders' ? 'order_status as status' : 'status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const paidAudits = (orderId: number) => countOrderPaidAudits(ctx.database.db, orderId);

  it('settles a charge the app never reported, once, after it had its chance; leaves unpaid ones', async () => {
    now = START;
    const sweeper = new UnreportedPaymentSweeper(ctx.app.payments, now);
    const consumer = await createTestConsumer(ctx.app);
    const charged = await placeTestOrder(ctx.app, consumer, VENDOR, croissants(414));
    const chargedPayment = await initiateTestPayment(ctx.app, consumer, charged);
    expect((await payByCard(ctx.app, chargedPayment)).r).toBe(1);
    const unpaid = await placeTestOrder(ctx.app, consumer, VENDOR, croissants(417));
    const unpaidPayment = await initiateTestPayment(ctx.app, consumer, unpaid);

    // The app still has time to report it itself.
    now = START + UNREPORTED_AFTER_MS - 1;
    expect(await sweeper.sweep(now)).toEqual({ checked: 0, settled: 0, refunded: 0 });
    expect(await statusOf('orders', charged.id)).toBe('Pending');

    now = START + UNREPORTED_AFTER_MS;
    expect(await sweeper.sweep(now)).toEqual({ checked: 2, settled: 1, refunded: 0 });
    expect(await statusOf('orders', charged.id)).toBe('Waiting');
    expect(await statusOf('payments', chargedPayment.id)).toBe('Succeeded');
    expect(await statusOf('orders', unpaid.id)).toBe('Pending');
    expect(await statusOf('payments', unpaidPayment.id)).toBe('Initiated');
    expect(await paidAudits(charged.id)).toBe(1);

    // Each payment is looked at once; the app reporting late gets the settled answer, nothing twice.
    expect(await sweeper.sweep(now + 10_000)).toEqual({ checked: 0, settled: 0, refunded: 0 });
    const late = await updatePayment(ctx.app, consumer, charged, chargedPayment.id);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ successful: true, orderStatus: 'Waiting' });
    expect(await paidAudits(charged.id)).toBe(1);

    // A server started afterwards (the one killed is gone) finds it settled and does nothing.
    const restarted = new UnreportedPaymentSweeper(ctx.app.payments, now);
    expect((await restarted.sweep(now + 10_000)).settled).toBe(0);
  });

  it('refunds a charge for stock that sold out before it could be settled', async () => {
    now = START + 3_600_000;
    const sweeper = new UnreportedPaymentSweeper(ctx.app.payments, now);
    const stock = await ctx.app.inject({
      method: 'PATCH',
      url: `/ops/v1/vendor/${VENDOR}/menu-item/415`,
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { currentInventory: 1 },
    });
    expect(stock.statusCode).toBe(200);
    const gone = await createTestConsumer(ctx.app, 'Gone');
    const theirs = await placeTestOrder(ctx.app, gone, VENDOR, croissants(415));
    const theirPayment = await initiateTestPayment(ctx.app, gone, theirs);
    await payByCard(ctx.app, theirPayment);
    // Someone else buys the last one and reports it.
    const other = await createTestConsumer(ctx.app, 'Other');
    const order = await placeTestOrder(ctx.app, other, VENDOR, croissants(415));
    const payment = await initiateTestPayment(ctx.app, other, order);
    await payByCard(ctx.app, payment);
    expect((await updatePayment(ctx.app, other, order, payment.id)).statusCode).toBe(200);

    now += UNREPORTED_AFTER_MS;
    // (It also looks again at the unpaid payment of the first test: a new process looks back an hour.)
    expect(await sweeper.sweep(now)).toMatchObject({ settled: 0, refunded: 1 });
    expect(await statusOf('payments', theirPayment.id)).toBe('Refunded');
    expect(await statusOf('orders', theirs.id)).toBe('Pending');
    const refunded = await ctx.database.db
      .selectFrom('gateway_transactions')
      .select('refunded')
      .where('access_code', '=', theirPayment.accessCode)
      .where('result_code', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(refunded.refunded)).toBe(1);
  });
});
