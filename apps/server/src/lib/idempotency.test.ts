import { ErrorBody } from '@venue/contract/common';
import { InitiatedPayment, PaymentOutcome, WalletPurchaseResponse } from '@venue/contract/payment';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countOrderPaidAudits, initiateTestPayment, payByCard, placeTestOrder } from '../test/checkout.ts';
import { databases } from '../test/databases.ts';
import { createTestConsumer, signedInject, type Signer } from '../test/signed-requests.ts';
import { useTestApp } from '../test/test-app.ts';
import { ABANDONED_AFTER_MS, IN_PROGRESS_MESSAGE, KEY_REUSED_MESSAGE, PROCESS_OWNER } from './idempotency.ts';

const NOW = Date.parse('2026-11-23T02:00:00.000Z');
const cheeseburger = { menuItemId: 201, quantity: 2, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] };

describe.each(databases)('retried payment calls on $name', (database) => {
  const ctx = useTestApp(database, { clock: () => NOW });
  const count = async (
    table: 'payments' | 'gateway_transactions' | 'audit_log',
    column: string,
    value: string | number,
  ) =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where(sql.ref(column), '=', value)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (signer: Signer, url: string, payload: unknown, key?: string) =>
    signedInject(ctx.app, signer, {
      method: 'POST',
      url,
      payload,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  it('a payment update sent again after a lost answer gets the first answer: one payment, queued once', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const result = await payByCard(ctx.app, payment);
    const url = `/v1/vendor/2/order/${order.id}/payment/${payment.id}/update`;
    const body = {
      savePaymentMethod: false,
      messages: [],
      responseCode: '1',
      transactionStatus: true,
      transactionId: result.id,
    };
    const first = await post(consumer, url, body, 'attempt-1');
    const again = await post(consumer, url, body, 'attempt-1');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(PaymentOutcome.parse(again.json())).toEqual(PaymentOutcome.parse(first.json()));
    expect(await count('payments', 'order_id', order.id)).toBe(1);
    expect(await countOrderPaidAudits(ctx.database.db, order.id)).toBe(1);
  });

  it('a payment update keeps a refusal for its key, and refuses the key for a different request', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const url = `/v1/vendor/2/order/${order.id}/payment/999999/update`;
    const body = {
      savePaymentMethod: false,
      messages: [],
      responseCode: '1',
      transactionStatus: true,
      transactionId: 't',
    };
    const first = await post(consumer, url, body, 'missing-1');
    expect(first.statusCode).toBe(404);
    const again = await post(consumer, url, body, 'missing-1');
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await post(consumer, url, { ...body, savePaymentMethod: true }, 'missing-1');
    expect(other.statusCode).toBe(422);
    expect(ErrorBody.parse(other.json()).message).toBe(KEY_REUSED_MESSAGE);
    const kept = await ctx.database.db
      .selectFrom('idempotent_requests')
      .select(['status_code', 'owner'])
      .where('consumer_id', '=', consumer.id)
      .where('idem_key', '=', 'missing-1')
      .execute();
    expect(kept).toEqual([{ status_code: 404, owner: null }]);
  });

  it('a wallet purchase sent twice with one key charges once', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const url = `/v1/vendor/order/${order.id}/purchase/wallet`;
    const body = {
      amount: order.paymentSummary.total.minorAmount,
      walletType: 'GOOGLE',
      googlePayPurchaseToken: 'tok-ok',
    };
    const before = await count('gateway_transactions', 'kind', 'wallet:GOOGLE');
    const answers = await Promise.all([post(consumer, url, body, 'wallet-1'), post(consumer, url, body, 'wallet-1')]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // Both at once: one runs, the other is told to come back (409) — or, if the first finished, replayed.
    expect(statuses[0]).toBe(200);
    const retry = await post(consumer, url, body, 'wallet-1');
    expect(WalletPurchaseResponse.parse(retry.json()).result.status).toBe('Successful');
    expect(await count('gateway_transactions', 'kind', 'wallet:GOOGLE')).toBe(before + 1);
    const payments = await ctx.database.db
      .selectFrom('payments')
      .select('status')
      .where('order_id', '=', order.id)
      .execute();
    expect(payments.filter((p) => p.status === 'Succeeded')).toHaveLength(1);
    expect(payments).toHaveLength(1);
  });

  it('initiate-payment retried with one key answers the same payment', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const url = `/v1/vendor/2/order/${order.id}/initiate-payment`;
    const a = InitiatedPayment.parse((await post(consumer, url, {}, 'init-1')).json());
    const b = InitiatedPayment.parse((await post(consumer, url, {}, 'init-1')).json());
    expect(b).toEqual(a);
    expect(await count('payments', 'order_id', order.id)).toBe(1);
    const c = InitiatedPayment.parse((await post(consumer, url, {}, 'init-2')).json());
    expect(c.id).not.toBe(a.id);
  });

  it('refuses a key reused for a different request, keeps keys per consumer, and replays refusals', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const url = `/v1/vendor/order/${order.id}/purchase/wallet`;
    const wrongAmount = { amount: 1, walletType: 'GOOGLE', googlePayPurchaseToken: 'tok' };
    const refused = await post(consumer, url, wrongAmount, 'same-key');
    expect(refused.statusCode).toBe(422);
    const replayed = await post(consumer, url, wrongAmount, 'same-key');
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json()).toEqual(refused.json());
    const reused = await post(consumer, url, { ...wrongAmount, amount: 2 }, 'same-key');
    expect(reused.statusCode).toBe(422);
    expect(ErrorBody.parse(reused.json()).message).toBe(KEY_REUSED_MESSAGE);
    // Another consumer's key space is its own: the same key is just a new request there.
    const other = await createTestConsumer(ctx.app, 'Other');
    const theirs = await placeTestOrder(ctx.app, other, 2, [cheeseburger]);
    const fresh = await post(other, `/v1/vendor/2/order/${theirs.id}/initiate-payment`, {}, 'same-key');
    expect(fresh.statusCode).toBe(200);
    const bad = await post(consumer, url, wrongAmount, 'not a valid key!');
    expect(bad.statusCode).toBe(400);
  });
});

/** A process id that has just exited: a server killed half way through a request. */
function exitedPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  if (!child.pid) throw new Error('could not start a process');
  return child.pid;
}

describe.each(databases)('a first request that died half way, on $name', (database) => {
  const ctx = useTestApp(database, { clock: () => NOW });
  const machine = PROCESS_OWNER.split(':').slice(2).join(':');

  /**
   * Pays an order, then makes its update key look as a crash leaves it: the payment settled in the
   * database, but the answer never kept and the key still "being processed" by `owner`.
   */
  async function settledButUnanswered(key: string, owner: string, startedAt = NOW) {
    const consumer = await createTestConsumer(ctx.app);
    const order = await placeTestOrder(ctx.app, consumer, 2, [cheeseburger]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const charge = await payByCard(ctx.app, payment);
    const url = `/v1/vendor/2/order/${order.id}/payment/${payment.id}/update`;
    const body = {
      savePaymentMethod: false,
      messages: [],
      responseCode: '1',
      transactionStatus: true,
      transactionId: charge.id,
    };
    const send = () =>
      signedInject(ctx.app, consumer, { method: 'POST', url, payload: body, headers: { 'idempotency-key': key } });
    expect((await send()).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('idempotent_requests')
      .set({ status_code: null, response_body: null, owner, created_at: startedAt })
      .where('consumer_id', '=', consumer.id)
      .where('idem_key', '=', key)
      .execute();
    const paidOnce = async () => {
      const payments = await ctx.database.db
        .selectFrom('payments')
        .select('status')
        .where('order_id', '=', order.id)
        .execute();
      const audits = await countOrderPaidAudits(ctx.database.db, order.id);
      return payments.filter((p) => p.status === 'Succeeded').length === 1 && audits === 1;
    };
    return { send, paidOnce };
  }

  it('a retry takes over a key whose server process was killed, and settles nothing twice', async () => {
    const { send, paidOnce } = await settledButUnanswered('crashed-1', `${exitedPid()}:0a1b2c:${machine}`);
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(PaymentOutcome.parse(retry.json())).toMatchObject({ successful: true, orderStatus: 'Waiting' });
    expect(await paidOnce()).toBe(true);
    // Its answer is kept now: the next retry is a replay.
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retry.json());
  });

  it('a retry takes over a key this process left unanswered when it lost its database', async () => {
    const { send, paidOnce } = await settledButUnanswered('lost-db-1', PROCESS_OWNER);
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(PaymentOutcome.parse(retry.json()).successful).toBe(true);
    expect(await paidOnce()).toBe(true);
  });

  it('waits for a live process elsewhere, until its request is long overdue', async () => {
    const elsewhere = `1:0a1b2c:another-machine`;
    const live = await settledButUnanswered('elsewhere-1', elsewhere);
    const refused = await live.send();
    expect(refused.statusCode).toBe(409);
    expect(ErrorBody.parse(refused.json()).message).toBe(IN_PROGRESS_MESSAGE);

    const overdue = await settledButUnanswered('elsewhere-2', elsewhere, NOW - ABANDONED_AFTER_MS - 1);
    const retry = await overdue.send();
    expect(retry.statusCode).toBe(200);
    expect(await overdue.paidOnce()).toBe(true);
  });
});
