/**
 * An order's event is owed from the change's own commit until it is written (decision 018): a
 * process killed in between (here: an event log refusing inserts, so the event is never written)
 * leaves a mark, and the sweep publishes the order as it is. PostgreSQL only: with SQLite there is
 * one process, whose displays re-read everything when it is back, so nothing is marked there
 * (modules/events/event-bus.test.ts shows both).
 */
import type { OpsOrder } from '@venue/contract/ops-orders';
import type { PlacedOrder } from '@venue/contract/order';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';
import { DUE_AFTER_MS } from '../events/event-bus.ts';

const START = Date.parse('2026-11-28T02:00:00.000Z');
const VENDOR = 4;

describe.each(databases.filter((database) => database.name === 'postgres'))(
  "an order's event owed until it is written, on $name",
  (database) => {
    let now = START;
    const ctx = useTestApp(database, { clock: () => now });
    const db = () => ctx.database.db;
    const eventsOf = async (orderId: number) =>
      (await db().selectFrom('ops_events').select('data').where('order_id', '=', orderId).orderBy('id').execute()).map(
        (row) => (JSON.parse(row.data) as OpsOrder).orderStatus,
      );
    const marksOf = (orderId: number) =>
      db().selectFrom('ops_events_due').select('order_id').where('order_id', '=', orderId).execute();
    /** The event log refuses every insert while `run` runs, as if the process died before writing its event. */
    const withoutEvents = async <T>(run: () => Promise<T>): Promise<T> => {
      await sql`create or replace function refuse_events() returns trigger language plpgsql as $$
        begin raise exception 'the event log is away'; end $$`.execute(db());
      await sql`create trigger refuse_events before insert on ops_events for each row execute function refuse_events()`.execute(
        db(),
      );
      try {
        return await run();
      } finally {
        await sql`drop trigger refuse_events on ops_events`.execute(db());
      }
    };
    /** A line of an item of the vendor not counted in stock, or (`counted`) the last such item, now counted. */
    const itemOf = async (counted: boolean) => {
      const menu = (await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${VENDOR}/current-menu` })).json() as {
        items: Array<{ id: number; currentInventory: number | null; visible: boolean }>;
      };
      const uncounted = menu.items.filter((i) => i.visible && i.currentInventory === null);
      for (const item of counted ? uncounted.reverse() : uncounted) {
        const line = { menuItemId: item.id, quantity: 1, modifiers: [] };
        const priced = await ctx.app.inject({
          method: 'POST',
          url: `/v1/vendor/${VENDOR}/calculate-order-payment`,
          payload: { orderItems: [line] },
        });
        if (priced.statusCode !== 200) continue;
        if (counted) {
          const stocked = await ctx.app.inject({
            method: 'PATCH',
            url: `/ops/v1/vendor/${VENDOR}/menu-item/${item.id}`,
            headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
            payload: { currentInventory: 20 },
          });
          expect(stocked.statusCode, stocked.body).toBe(200);
        }
        return line;
      }
      throw new Error(`vendor ${VENDOR} has no item orderable as it is`);
    };
    /** Pays an order of `line` while the event log is away: the payment stands, its event is owed. */
    const payWithoutEvent = async (line: unknown): Promise<PlacedOrder> => {
      const consumer = await createTestConsumer(ctx.app);
      const order = await placeTestOrder(ctx.app, consumer, VENDOR, [line]);
      const payment = await initiateTestPayment(ctx.app, consumer, order);
      const charge = await payByCard(ctx.app, payment);
      const paid = await withoutEvents(() =>
        updatePayment(ctx.app, consumer, order, payment.id, { transactionId: charge.id }),
      );
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ successful: true, orderStatus: 'Waiting' });
      return order;
    };
    const sweepAfter = async (ms: number) => {
      now += ms;
      await ctx.app.events.sweep();
    };

    for (const counted of [false, true]) {
      it(`publishes a paid order's event its payment's process never wrote (${counted ? 'stock taken: a transaction' : 'no stock: one statement'})`, async () => {
        const order = await payWithoutEvent(await itemOf(counted));
        expect(await eventsOf(order.id)).toEqual([]);
        expect(await marksOf(order.id)).toHaveLength(1);

        // Not yet: the payment's own publish normally follows within milliseconds.
        await sweepAfter(DUE_AFTER_MS - 1);
        expect(await eventsOf(order.id)).toEqual([]);
        await sweepAfter(1);
        expect(await eventsOf(order.id)).toEqual(['Waiting']);
        expect(await marksOf(order.id)).toEqual([]);
        // Once.
        await sweepAfter(DUE_AFTER_MS);
        expect(await eventsOf(order.id)).toEqual(['Waiting']);
      });
    }

    it("publishes a status change's event its process never wrote, and leaves no mark once an event is written", async () => {
      // Paid with its event: nothing owed after it.
      const consumer = await createTestConsumer(ctx.app);
      const order = await placeTestOrder(ctx.app, consumer, VENDOR, [await itemOf(false)]);
      const payment = await initiateTestPayment(ctx.app, consumer, order);
      const charge = await payByCard(ctx.app, payment);
      expect((await updatePayment(ctx.app, consumer, order, payment.id, { transactionId: charge.id })).statusCode).toBe(
        200,
      );
      expect(await eventsOf(order.id)).toEqual(['Waiting']);
      expect(await marksOf(order.id)).toEqual([]);

      const ready = await withoutEvents(() =>
        ctx.app.inject({
          method: 'POST',
          url: `/ops/v1/vendor/${VENDOR}/order/${order.id}/status`,
          headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
          payload: { status: 'PendingAlerted' },
        }),
      );
      expect(ready.statusCode, ready.body).toBe(200);
      expect(await eventsOf(order.id)).toEqual(['Waiting']);
      expect(await marksOf(order.id)).toHaveLength(1);
      await sweepAfter(DUE_AFTER_MS);
      expect(await eventsOf(order.id)).toEqual(['Waiting', 'PendingAlerted']);
      expect(await marksOf(order.id)).toEqual([]);
    });
  },
);
