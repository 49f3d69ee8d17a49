import { ErrorBody } from '@venue/contract/common';
import { OpsOrder, OpsOrderList } from '@venue/contract/ops-orders';
import { StaffTokenCreated } from '@venue/contract/staff-tokens';
import { COLLECTED_UNDO_WINDOW_MS } from '@venue/domain/kitchen-board';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../modules/audit/audit.service.ts';
import { paidTestOrder, simpleOrderLine } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer, signedInject } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';

const START = Date.parse('2026-11-23T02:00:00.000Z');
const admin = `Bearer ${TEST_OPS_TOKEN}`;
// Vendor 4 (coffee) takes orders now; vendor 2 is another store.
const VENDOR = 4;
const OTHER = 2;

describe.each(databases)("undoing 'Collected' on $name", (database) => {
  let now = START;
  const ctx = useTestApp(database, { clock: () => now });

  const staffToken = async (vendorId: number, name: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${vendorId}/staff-tokens`,
      headers: { authorization: admin },
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return `Bearer ${StaffTokenCreated.parse(res.json()).token}`;
  };

  const setStatus = (authorization: string, orderId: number, status: string, vendorId = VENDOR) =>
    ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${vendorId}/order/${orderId}/status`,
      headers: { authorization },
      payload: { status },
    });

  /** A paid order of the store, made ready (and seen by the customer when `seen`). */
  const readyOrder = async (seen: boolean) => {
    const consumer = await createTestConsumer(ctx.app, 'Mei Chen');
    const order = await paidTestOrder(ctx.app, consumer, VENDOR, [await simpleOrderLine(ctx.app, VENDOR)]);
    expect((await setStatus(admin, order.id, 'PendingAlerted')).statusCode).toBe(200);
    if (seen) {
      const alerted = await signedInject(ctx.app, consumer, {
        method: 'POST',
        url: `/v1/vendor/${VENDOR}/order/${order.id}/alerted`,
        payload: { orderId: order.id, vendorId: VENDOR, timeAlerted: new Date(now).toISOString() },
      });
      expect(alerted.json().orderStatus).toBe('Alerted');
    }
    return order;
  };

  it('puts an order collected moments ago back to the ready status it had, on the board again, and logs it', async () => {
    const bar = await staffToken(VENDOR, 'Pass tablet');
    for (const [seen, status] of [
      [true, 'Alerted'],
      [false, 'PendingAlerted'],
    ] as const) {
      const order = await readyOrder(seen);
      expect((await setStatus(bar, order.id, 'Serviced')).statusCode).toBe(200);
      now += COLLECTED_UNDO_WINDOW_MS - 1_000;

      const undone = await setStatus(bar, order.id, 'PendingAlerted');
      expect(undone.statusCode, undone.body).toBe(200);
      expect(OpsOrder.parse(undone.json())).toMatchObject({ id: order.id, orderStatus: status, timeServiced: null });
      const board = await ctx.app.inject({
        method: 'GET',
        url: `/ops/v1/vendor/${VENDOR}/orders`,
        headers: { authorization: bar },
      });
      expect(OpsOrderList.parse(board.json()).find((o) => o.id === order.id)?.orderStatus).toBe(status);
      const audit = await listAudit(ctx.database.db, 'order', String(order.id));
      expect(JSON.parse(audit.at(-1)!.details!)).toEqual({ from: 'Serviced', to: status, undo: true });

      // Collected again, for good this time.
      expect((await setStatus(bar, order.id, 'Serviced')).statusCode).toBe(200);
    }
  });

  it('refuses the undo after the window, from another credential, and of an order never ready', async () => {
    const bar = await staffToken(VENDOR, 'Bar tablet');
    const kitchen = await staffToken(VENDOR, 'Kitchen tablet');

    const late = await readyOrder(false);
    expect((await setStatus(bar, late.id, 'Serviced')).statusCode).toBe(200);
    now += COLLECTED_UNDO_WINDOW_MS + 1;
    const tooLate = await setStatus(bar, late.id, 'PendingAlerted');
    expect(tooLate.statusCode).toBe(409);
    expect(ErrorBody.parse(tooLate.json()).message).toBe(
      `Order ${late.id} was collected more than 15 s ago; it can no longer be undone.`,
    );

    const other = await readyOrder(false);
    expect((await setStatus(bar, other.id, 'Serviced')).statusCode).toBe(200);
    for (const credential of [kitchen, admin]) {
      const res = await setStatus(credential, other.id, 'PendingAlerted');
      expect(res.statusCode).toBe(409);
      expect(ErrorBody.parse(res.json()).message).toBe(
        `Order ${other.id} was collected on another device; only that device can undo it.`,
      );
    }
    // Another store's staff cannot reach the order at all.
    const elsewhere = await staffToken(OTHER, 'Grill tablet');
    expect((await setStatus(elsewhere, other.id, 'PendingAlerted')).statusCode).toBe(403);

    const consumer = await createTestConsumer(ctx.app, 'Tom Walker');
    const straight = await paidTestOrder(ctx.app, consumer, VENDOR, [await simpleOrderLine(ctx.app, VENDOR)]);
    expect((await setStatus(bar, straight.id, 'Serviced')).statusCode).toBe(200);
    const never = await setStatus(bar, straight.id, 'PendingAlerted');
    expect(never.statusCode).toBe(409);
    expect(ErrorBody.parse(never.json()).message).toBe(
      `Order ${straight.id} is Serviced; it cannot become PendingAlerted.`,
    );
  });
});
