import { describe, expect, test } from 'vitest';
import { customerOrders } from '@venue/test-harness/checkout';
import { ops } from '@venue/test-harness/ops';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { followPickUp, GRILL, payForOrder, pickUpModal, testIdText, watchOrderReads } from './support/tracking.ts';
import { eventually, visible, waitForPath } from './support/ui.ts';

/**
 * The demo kitchen (architecture page: KITCHEN_SIMULATOR=on) moves orders through the same service
 * as the operations API: ready once queued for the store's time to service, collected 5 minutes
 * later, both divided by KITCHEN_SIMULATOR_PACE. No test here moves an order itself.
 */
describe('the kitchen simulator readies and collects orders by itself (multi-vendor build)', () => {
  const suite = setupSuite({
    build: 'multi-vendor',
    env: { KITCHEN_SIMULATOR: 'on', KITCHEN_SIMULATOR_PACE: '60' },
  });

  test("a paid order turns ready on its own: 'Very Soon!', the pick-up modal, alert-order, then Serviced", async () => {
    // One minute to service: at pace 60 the kitchen takes its shortest time (5 s), and the
    // customer collects 5 s after it is ready.
    await ops(suite.server, 'PATCH', `/vendor/${GRILL.id}`, { tts: 60_000 });
    const page = await suite.newPage();
    const reads = watchOrderReads(page);
    const order = await payForOrder(page, GRILL, { label: 'Simulated Kitchen' });

    // Spec §9: an estimate of 66 s or less reads 'Very Soon!'.
    const estimate = await eventually(
      () => testIdText(page, 'wait-estimate'),
      (shown) => shown !== '',
    );
    expect(reads.all.every((read) => (read.secsToServiceEstimate ?? 0) <= 66)).toBe(true);
    expect(estimate).toBe('Very Soon!');

    // Nobody calls the operations API: the kitchen makes it ready, the wait screen notices.
    await visible(pickUpModal(page), 90_000);
    await screenshot(page, 'tracking-simulator-pick-up-modal');
    await followPickUp(page);
    await waitForPath(page, '/order-flow/alert-order');
    expect(await testIdText(page, 'claim-ticket')).toBe(order.ticket);

    // And collects it a little later.
    const status = await eventually(
      async () => (await customerOrders(suite.server, GRILL.id, order.customerName))[0]?.orderStatus ?? 'none',
      (current) => current === 'Serviced',
      90_000,
    );
    expect(status).toBe('Serviced');
    expect(suite.pageErrors).toEqual([]);
  }, 300_000);
});
