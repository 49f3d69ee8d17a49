/**
 * On PostgreSQL a move that gives nothing back (ready, collected, the customer's alerted) is one
 * statement that commits by itself: the order, its audit row, and its event's subject and mark.
 * Shown here: it writes all of them or none, two moves of one order at once make one change and
 * one event, and a move that finds the order changed leaves no lock behind.
 */
import type { OpsOrder } from '@venue/contract/ops-orders';
import { describe, expect, it } from 'vitest';
import { paidTestOrder, simpleOrderLine } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer, signedInject } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';
import { moveOrderInOneStatement } from '../orders/order-changes.ts';
import { changeOrderPublishing } from '../orders/order-views.ts';

const VENDOR = 4;

describe.each(databases.filter((database) => database.name === 'postgres'))(
  'moves in one statement on $name',
  (database) => {
    const ctx = useTestApp(database);
    const db = () => ctx.database.db;
    const statusesOf = async (orderId: number) =>
      (await db().selectFrom('ops_events').select('data').where('order_id', '=', orderId).orderBy('id').execute()).map(
        (row) => (JSON.parse(row.data) as OpsOrder).orderStatus,
      );
    const marksOf = (orderId: number) =>
      db().selectFrom('ops_events_due').select('order_id').where('order_id', '=', orderId).execute();
    const movesOf = async (orderId: number) =>
      (
        await db()
          .selectFrom('audit_log')
          .select('details')
          .where('entity', '=', 'order')
          .where('entity_id', '=', String(orderId))
          .where('action', '=', 'order.status')
          .orderBy('id')
          .execute()
      ).map((row) => JSON.parse(row.details ?? '{}') as { from: string; to: string });
    const move = (orderId: number, status: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/ops/v1/vendor/${VENDOR}/order/${orderId}/status`,
        headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
        payload: { status },
      });
    const paidOrder = async () => {
      const consumer = await createTestConsumer(ctx.app);
      const order = await paidTestOrder(ctx.app, consumer, VENDOR, [await simpleOrderLine(ctx.app, VENDOR)]);
      return { consumer, order };
    };

    it('ready, alerted and collected: each one change, one audit row and one event, nothing left owed', async () => {
      const { consumer, order } = await paidOrder();
      const ready = await move(order.id, 'PendingAlerted');
      expect(ready.statusCode, ready.body).toBe(200);
      // The answer is the event's own view of the moved order.
      expect(ready.json()).toMatchObject({ id: order.id, orderStatus: 'PendingAlerted' });
      const alerted = await signedInject(ctx.app, consumer, {
        method: 'POST',
        url: `/v1/vendor/${VENDOR}/order/${order.id}/alerted`,
        payload: { orderId: order.id, vendorId: VENDOR, timeAlerted: new Date().toISOString() },
      });
      expect(alerted.statusCode, alerted.body).toBe(200);
      expect(alerted.json()).toMatchObject({ orderStatus: 'Alerted' });
      // Answered from the move's own read of the order: the same order a read of it shows after.
      const read = await signedInject(ctx.app, consumer, {
        method: 'GET',
        url: `/v1/vendor/${VENDOR}/order/${order.id}`,
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(alerted.json()).toEqual(read.json());
      const collected = await move(order.id, 'Serviced');
      expect(collected.statusCode, collected.body).toBe(200);
      expect(collected.json()).toMatchObject({ orderStatus: 'Serviced' });

      expect(await statusesOf(order.id)).toEqual(['Waiting', 'PendingAlerted', 'Alerted', 'Serviced']);
      expect(await movesOf(order.id)).toEqual([
        { from: 'Waiting', to: 'PendingAlerted' },
        { from: 'Alerted', to: 'Serviced' },
      ]);
      expect(await marksOf(order.id)).toEqual([]);
    });

    it('two moves of one order at once: one change, one audit row, one event', async () => {
      const { order } = await paidOrder();
      const answers = await Promise.all([move(order.id, 'PendingAlerted'), move(order.id, 'PendingAlerted')]);
      // The one that read the order before the other moved it finds it changed (409); one that read
      // it after asks for the status it has (200, nothing changed).
      expect(answers.map((a) => a.statusCode).sort()).toSatisfy(
        (codes: number[]) => codes[0] === 200 && [200, 409].includes(codes[1]!),
      );
      expect(await movesOf(order.id)).toEqual([{ from: 'Waiting', to: 'PendingAlerted' }]);
      expect(await statusesOf(order.id)).toEqual(['Waiting', 'PendingAlerted']);
      expect(await marksOf(order.id)).toEqual([]);
    });

    it('a move that finds the order in another status writes nothing and holds nothing', async () => {
      const { order } = await paidOrder();
      const stale = () =>
        changeOrderPublishing(ctx.app.events, VENDOR, order.id, Date.now(), async (conn, subject) => {
          const done = await moveOrderInOneStatement(conn, {
            orderId: order.id,
            expectedStatus: 'PendingAlerted',
            changes: { order_status: 'Serviced', updated_at: Date.now() },
            audit: {
              at: Date.now(),
              actor: 'ops',
              action: 'order.status',
              entity: 'order',
              entity_id: String(order.id),
              details: null,
            },
            subject,
          });
          return { result: done, row: done?.row ?? null, due: done?.due ?? null };
        });
      expect(await stale()).toEqual({ result: null, order: null, view: null });
      expect(
        (await db().selectFrom('orders').select('order_status').where('id', '=', order.id).executeTakeFirst())
          ?.order_status,
      ).toBe('Waiting');
      expect(await movesOf(order.id)).toEqual([]);
      expect(await marksOf(order.id)).toEqual([]);
      // The order's subject is free: the next move of it goes through (it would wait on a lock left held).
      const ready = await move(order.id, 'PendingAlerted');
      expect(ready.statusCode, ready.body).toBe(200);
      expect(await statusesOf(order.id)).toEqual(['Waiting', 'PendingAlerted']);
    });
  },
);
