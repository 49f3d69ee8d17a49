/**
 * A back-office refund whose request is cut off between the gateway and the books (decision 033)
 * is settled from the gateway's own record, so nobody has to: given when the gateway holds it,
 * dropped when it never took it.
 */
import type { PlacedOrder } from '@venue/contract/order';
import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../gateway/payment-gateway.ts';
import { initiateTestPayment, paidTestOrder, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer } from '../../test/signed-requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import type { Actor } from '../audit/audit.service.ts';
import {
  giveRefund,
  INTERRUPTED_REFUND_DROPPED,
  INTERRUPTED_REFUND_NOTE,
  REFUND_SETTLE_AFTER_MS,
  settleInterruptedRefunds,
  type RefundDeps,
} from './refunds.service.ts';

const START = Date.parse('2026-11-28T03:00:00.000Z');
const VENDOR = 4;
const MANAGER = 'manager:1' as Actor;
const line = { menuItemId: 414, quantity: 1, modifiers: [] };

describe.each(databases)('refunds cut off between the gateway and the books, on $name', (database) => {
  let now = START;
  const ctx = useTestApp(database, { clock: () => now });
  const db = () => ctx.database.db;
  const told: number[] = [];
  const deps = (gateway: PaymentGateway = ctx.app.payments.gateway): RefundDeps => ({
    db: db(),
    gateway,
    refunds: { refunded: () => undefined, refundGiven: (id) => told.push(id) },
  });
  /** The gateway of a request that stops for good at the refund: after the gateway gave it, or before. */
  const cutOff = (gatewayGaveIt: boolean): PaymentGateway => {
    const gateway = Object.create(ctx.app.payments.gateway) as PaymentGateway;
    gateway.refund = async (transactionId, amountMinor) => {
      if (gatewayGaveIt) await ctx.app.payments.gateway.refund(transactionId, amountMinor);
      return new Promise<never>(() => undefined);
    };
    return gateway;
  };
  const orderRow = (order: PlacedOrder) =>
    db().selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  const refundsOf = (order: PlacedOrder) =>
    db()
      .selectFrom('refunds')
      .select(['id', 'status', 'amount_minor'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
  const auditsOf = async (order: PlacedOrder, action: string) =>
    (
      await db()
        .selectFrom('audit_log')
        .select('details')
        .where('entity_id', '=', String(order.id))
        .where('action', '=', action)
        .execute()
    ).map((row) => JSON.parse(row.details ?? '{}') as Record<string, unknown>);
  const transactionOf = async (paymentId: number) =>
    (await db().selectFrom('payments').select('transaction_id').where('id', '=', paymentId).executeTakeFirstOrThrow())
      .transaction_id!;
  /** Starts a refund that never comes back, and waits for its reservation. */
  const refundCutOff = async (order: PlacedOrder, key: string, gatewayGaveIt: boolean) => {
    void giveRefund(
      deps(cutOff(gatewayGaveIt)),
      await orderRow(order),
      { amountMinor: 150, reason: 'Cold' },
      key,
      MANAGER,
      now,
    );
    for (let waited = 0; (await refundsOf(order)).length === 0; waited += 10) {
      if (waited > 10_000) throw new Error('no refund was reserved');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  /** The manager's refund of 150 cents for a cold meal, under `key`. */
  const give = async (order: PlacedOrder, key: string) =>
    giveRefund(deps(), await orderRow(order), { amountMinor: 150, reason: 'Cold' }, key, MANAGER, now);

  it('records a refund the gateway gave before its request was cut off, once, and tells the customer', async () => {
    now = START;
    const consumer = await createTestConsumer(ctx.app);
    const order = await paidTestOrder(ctx.app, consumer, VENDOR, [line]);
    await refundCutOff(order, 'cut-off-after-gateway', true);
    const [pending] = await refundsOf(order);
    expect(pending).toMatchObject({ status: 'Pending', amount_minor: 150 });

    // A request may still be waiting for its gateway: nothing happens before the time is up.
    now = START + REFUND_SETTLE_AFTER_MS - 1;
    expect(await settleInterruptedRefunds(deps(), now)).toEqual({ given: 0, dropped: 0, left: 0 });

    // Two processes sweep at once: one records it.
    now = START + REFUND_SETTLE_AFTER_MS;
    const [a, b] = await Promise.all([settleInterruptedRefunds(deps(), now), settleInterruptedRefunds(deps(), now)]);
    expect(a.given + b.given).toBe(1);
    expect(a.dropped + b.dropped).toBe(0);
    expect(await refundsOf(order)).toEqual([{ id: pending!.id, status: 'Succeeded', amount_minor: 150 }]);
    expect(await auditsOf(order, 'order.refund')).toEqual([
      expect.objectContaining({
        refundId: pending!.id,
        amountMinor: 150,
        reason: 'Cold',
        settled: INTERRUPTED_REFUND_NOTE,
      }),
    ]);
    expect(told).toContain(pending!.id);
    expect(await settleInterruptedRefunds(deps(), now + 60_000)).toEqual({ given: 0, dropped: 0, left: 0 });

    // The manager's retry of the same refund now answers it, and gives nothing twice.
    const again = await give(order, 'cut-off-after-gateway');
    expect(again).toMatchObject({ created: false, refund: { id: pending!.id, status: 'Succeeded' } });
    const payment = await db()
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(await ctx.app.payments.gateway.refundedOf(await transactionOf(payment.id))).toBe(150);
  });

  it('drops a reservation the gateway never took, so the manager can refund again', async () => {
    now = START;
    const consumer = await createTestConsumer(ctx.app);
    const order = await paidTestOrder(ctx.app, consumer, VENDOR, [line]);
    await refundCutOff(order, 'cut-off-before-gateway', false);
    now = START + REFUND_SETTLE_AFTER_MS;
    expect(await settleInterruptedRefunds(deps(), now)).toEqual({ given: 0, dropped: 1, left: 0 });
    expect(await refundsOf(order)).toEqual([]);
    expect(await auditsOf(order, 'order.refund_refused')).toEqual([
      expect.objectContaining({ amountMinor: 150, gateway: INTERRUPTED_REFUND_DROPPED }),
    ]);

    const payment = await db()
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(await ctx.app.payments.gateway.refundedOf(await transactionOf(payment.id))).toBe(0);
    const again = await give(order, 'again');
    expect(again).toMatchObject({ created: true, refund: { status: 'Succeeded', amount_minor: 150 } });
    expect(await ctx.app.payments.gateway.refundedOf(await transactionOf(payment.id))).toBe(150);
  });

  it('refunds the payment that paid the order, not a later charge refused when it was reported', async () => {
    now = START;
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, VENDOR, [line]);
    const first = await initiateTestPayment(ctx.app, consumer, order);
    const second = await initiateTestPayment(ctx.app, consumer, order);
    await payByCard(ctx.app, first);
    await payByCard(ctx.app, second);
    expect((await updatePayment(ctx.app, consumer, order, first.id)).statusCode).toBe(200);
    // The second charge came too late: given back in full at once.
    expect((await updatePayment(ctx.app, consumer, order, second.id)).statusCode).toBe(409);
    const [paid, refused] = [await transactionOf(first.id), await transactionOf(second.id)];
    const total = (await orderRow(order)).total_minor;
    expect(await ctx.app.payments.gateway.refundedOf(refused)).toBe(total);

    const given = await give(order, 'paid-one');
    expect(given).toMatchObject({ created: true, refund: { payment_id: first.id, amount_minor: 150 } });
    expect(await ctx.app.payments.gateway.refundedOf(paid)).toBe(150);
    expect(await ctx.app.payments.gateway.refundedOf(refused)).toBe(total);
  });
});
