import { smallCatalogue } from '@venue/contract/venue-catalogue.fixture';
import { PlacedOrder } from '@venue/contract/order';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { findDemoVenue, seedOnStart } from '../catalogue/demo-venue.ts';
import { paidTestOrder, simpleOrderLine } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer, signedInject, type Signer } from '../../test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../test/test-app.ts';
import { kitchenSimulatorStep, planKitchenSimulator } from './kitchen-simulator.ts';

const START = Date.parse('2026-11-23T02:00:00.000Z');
const DAY = 24 * 3_600_000;
const demo = { venueId: 0, vendorIds: [1, 2, 3, 4, 5, 6] };

/** A venue that is not the demo: the README's example catalogue, venue 50. */
async function importSmallCatalogue(app: FastifyInstance) {
  const imported = await app.inject({
    method: 'PUT',
    url: '/ops/v1/venue/50/catalogue',
    headers: { authorization: `Bearer ${TEST_OPS_TOKEN}`, 'content-type': 'application/json' },
    payload: JSON.stringify(smallCatalogue()),
  });
  expect(imported.statusCode, imported.body).toBe(200);
}

describe('the kitchen simulator plan', () => {
  it('runs by default only when a venue was seeded as the demo, and then only for its stores', () => {
    expect(planKitchenSimulator('auto', demo, 1)).toEqual({
      vendorIds: [1, 2, 3, 4, 5, 6],
      message: expect.stringMatching(/^Kitchen simulator on for the demo venue 0 \(pace 1\): /),
    });
    expect(planKitchenSimulator('auto', null, 1)).toEqual({
      vendorIds: [],
      message: expect.stringMatching(/^Kitchen simulator off: no venue here was seeded as the demo; /),
    });
  });

  it('even when switched on, never runs without a demo venue; off is off', () => {
    expect(planKitchenSimulator('on', null, 1)).toEqual({
      vendorIds: [],
      message: expect.stringMatching(
        /^Kitchen simulator off: KITCHEN_SIMULATOR=on, but no venue here was seeded as the demo; /,
      ),
    });
    expect(planKitchenSimulator('on', demo, 10).vendorIds).toEqual(demo.vendorIds);
    expect(planKitchenSimulator('on', demo, 10).message).toMatch(/pace 10/);
    expect(planKitchenSimulator('off', demo, 1)).toEqual({
      vendorIds: [],
      message: expect.stringMatching(/^Kitchen simulator off: KITCHEN_SIMULATOR=off; /),
    });
  });

  it('says it in one line', () => {
    for (const setting of ['auto', 'on', 'off'] as const)
      for (const venue of [demo, null]) expect(planKitchenSimulator(setting, venue, 1).message).not.toContain('\n');
  });
});

describe.each(databases)('the kitchen simulator on $name', (database) => {
  let now = START;
  const ctx = useTestApp(database, { clock: () => now });

  const readOrder = async (consumer: Signer, order: PlacedOrder) =>
    PlacedOrder.parse(
      (
        await signedInject(ctx.app, consumer, { method: 'GET', url: `/v1/vendor/${order.vendorId}/order/${order.id}` })
      ).json(),
    );

  const paidOrder = async (consumer: Signer, vendorId: number) =>
    paidTestOrder(ctx.app, consumer, vendorId, [await simpleOrderLine(ctx.app, vendorId)]);

  it('records the venue the seed loaded as the demo, with its stores', async () => {
    expect(await findDemoVenue(ctx.database.db)).toEqual(demo);
  });

  it("leaves a real venue's orders alone, in the same database as the demo", async () => {
    await importSmallCatalogue(ctx.app);
    const mei = await createTestConsumer(ctx.app, 'Mei Chen');
    const real = await paidOrder(mei, 50_001);
    const pat = await createTestConsumer(ctx.app, 'Pat Demo');
    const demoOrder = await paidOrder(pat, 4);
    expect((await readOrder(mei, real)).orderStatus).toBe('Waiting');

    const plan = planKitchenSimulator('on', await findDemoVenue(ctx.database.db), 1);
    now += DAY;
    await kitchenSimulatorStep(ctx.app.fulfilment, plan.vendorIds, now);
    now += DAY;
    await kitchenSimulatorStep(ctx.app.fulfilment, plan.vendorIds, now);
    expect((await readOrder(pat, demoOrder)).orderStatus).toBe('Serviced');
    expect((await readOrder(mei, real)).orderStatus).toBe('Waiting');
  });
});

describe.each(databases)('a database not seeded with the demo on $name', (database) => {
  const ctx = useTestApp(database, { seed: false });

  it('records no demo venue, so the simulator stays off', async () => {
    await importSmallCatalogue(ctx.app);
    expect(await seedOnStart(ctx.database.db, { demoVenue: true })).toBe(false);
    expect(await findDemoVenue(ctx.database.db)).toBeNull();
    expect(planKitchenSimulator('auto', null, 1).vendorIds).toEqual([]);
  });
});

describe.each(databases)('a demo database seeded before the demo was recorded on $name', (database) => {
  const ctx = useTestApp(database);

  it('is recognised at start, so its demo kitchen keeps running', async () => {
    await ctx.database.db.deleteFrom('server_settings').where('key', '=', 'demo-venue').execute();
    expect(await findDemoVenue(ctx.database.db)).toBeNull();
    expect(await seedOnStart(ctx.database.db, { demoVenue: false })).toBe(false);
    expect(await findDemoVenue(ctx.database.db)).toEqual(demo);
  });
});
