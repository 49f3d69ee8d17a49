import { describe, expect, it } from 'vitest';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer } from '../../test/signed-requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { REFUNDED_MESSAGE } from './payment-common.ts';

describe.each(databases)('a refund cut off half way, on $name', (database) => {
  const ctx = useTestApp(database);

  it('a retried update finishes the refund and says so, instead of reporting a failed charge', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 4, [{ menuItemId: 414, quantity: 1, modifiers: [] }]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const charge = await payByCard(ctx.app, payment);
    // What a server killed between refunding a charge it could not honour and marking the payment leaves.
    await ctx.app.payments.gateway.refund(charge.id!);

    const retry = await updatePayment(ctx.app, consumer, order, payment.id);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ statusCode: 409, message: REFUNDED_MESSAGE });
    const row = await ctx.database.db
      .selectFrom('payments')
      .select(['status', 'message'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Refunded', message: REFUNDED_MESSAGE });
    const placed = await ctx.database.db
      .selectFrom('orders')
      .select('order_status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(placed.order_status).toBe('Pending');
    // And again: the same answer.
    const again = await updatePayment(ctx.app, consumer, order, payment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: REFUNDED_MESSAGE });
  });
});
