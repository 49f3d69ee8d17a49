import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { customerOrders, moveOrder } from '@venue/test-harness/checkout';
import { confirmStoreIfAsked } from './support/ordering.ts';
import { SLOT_LABEL } from './support/preferred-time.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { followPickUp, GRILL, payForOrder, pickUpModal, testIdText, WAIT_HEADING } from './support/tracking.ts';
import { action, dialog, eventually, settle, slotPicker, text, visible, waitForPath } from './support/ui.ts';

const LONG_TEST_MS = 300_000;

/** Start → 'Order & Collect' → the pickup-time modal: ASAP, or the latest slot with 'Pickup Later'. */
async function startOrder(page: Page, when: 'ASAP' | 'latest'): Promise<string | null> {
  await page.goto('/start');
  await (await visible(action(page, 'Order & Collect'))).click();
  const modal = await visible(dialog(page, 'Select preferred pickup time'));
  let chosen: string | null = null;
  if (when === 'ASAP') {
    await action(modal, 'ASAP').click();
  } else {
    const picker = await slotPicker(modal);
    const slots = await eventually(
      () => picker.slotLabels(),
      (labels) => labels.length > 0,
    );
    expect(slots.length, 'pickup times to choose from').toBeGreaterThan(0);
    await picker.choose(slots.length - 1);
    chosen = slots.at(-1)!;
    const later = modal.getByRole('button', { name: 'Pickup Later', exact: true });
    expect(await eventually(() => later.isEnabled(), Boolean)).toBe(true);
    await later.click();
  }
  await waitForPath(page, '/order-flow/place-order');
  await confirmStoreIfAsked(page);
  return chosen;
}

describe('tracking in a single-vendor build (Grill & Bun)', () => {
  const suite = setupSuite({ build: 'single-vendor-2' });

  test(
    'pay → wait-order with its position and number → the venue readies it → pick-up modal → alert-order → start again',
    async () => {
      const page = await suite.newPage();
      await startOrder(page, 'ASAP');
      const order = await payForOrder(page, GRILL, { fromPlaceOrder: true, label: 'Single Vendor' });
      await visible(text(page, WAIT_HEADING));
      expect(
        await eventually(
          () => testIdText(page, 'queue-position'),
          (shown) => shown === '1',
        ),
      ).toBe('1');
      const venue = (await customerOrders(suite.server, GRILL.id, order.customerName))[0];
      expect(venue?.claimTicket).toBe(order.ticket);

      await moveOrder(suite.server, GRILL.id, order.id, 'PendingAlerted');
      await visible(pickUpModal(page), 60_000);
      await followPickUp(page);
      await waitForPath(page, '/order-flow/alert-order');
      await visible(page.getByRole('heading', { level: 1, name: 'Collect your order' }));
      expect(await testIdText(page, 'claim-ticket')).toBe(order.ticket);
      await settle(page);
      await screenshot(page, 'tracking-single-vendor-alert-order');
      await action(page, 'Start new order').click();
      await waitForPath(page, '/start');
      await visible(action(page, 'Order & Collect'));
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );

  test(
    'a later pickup time makes a Scheduled order; wait-order shows its time',
    async () => {
      const page = await suite.newPage();
      const chosen = await startOrder(page, 'latest');
      expect(chosen).toMatch(SLOT_LABEL);
      // Place order shows the preferred pickup time.
      await visible(page.getByText(chosen!, { exact: true }));
      const order = await payForOrder(page, GRILL, { fromPlaceOrder: true, label: 'Scheduled Customer' });
      const venue = (await customerOrders(suite.server, GRILL.id, order.customerName))[0];
      expect(venue?.orderStatus, 'a time later than now plus the time to service').toBe('Scheduled');
      // The scheduled time in the venue's time zone, as the slot read; no queue position yet.
      const scheduled = await visible(page.getByText(/^Scheduled for /));
      expect((await scheduled.innerText()).trim()).toBe(`Scheduled for ${chosen}`);
      expect(await page.getByTestId('queue-position').count()).toBe(0);
      await settle(page);
      await screenshot(page, 'tracking-scheduled-wait-order');
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );
});
