import { describe, expect, test } from 'vitest';
import { cancelPreferredTimeModal, checkPreferredTimeModal } from './support/preferred-time.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, settle, text, visible } from './support/ui.ts';

// Spec §2 Start screen in single-vendor mode: Slice Pizza Co. (vendor 3) supports HomeDelivery.
describe('start screen, single-vendor build of Slice Pizza Co. (home delivery)', () => {
  const suite = setupSuite({ build: 'single-vendor-3' });

  test("offers both 'Order & Collect' and 'Order Home Delivery'", async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await visible(text(page, 'Harbourside Stadium'));
    await visible(action(page, 'Order & Collect'));
    await visible(action(page, 'Order Home Delivery'));
    await settle(page);
    await screenshot(page, 'start-single-vendor-3');
    expect(suite.pageErrors).toEqual([]);
  });

  test("'Order Home Delivery' opens the deliver-time modal; a slot enables 'Deliver Later'; Cancel closes it", async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    const { modal, slots } = await checkPreferredTimeModal(
      page,
      'Order Home Delivery',
      'start-single-vendor-3-deliver',
    );
    expect(slots.length, 'Slice Pizza Co. offers slots (the demo venue must be open ahead)').toBeGreaterThan(0);
    await cancelPreferredTimeModal(page, modal);
  });

  test("'Order & Collect' opens the pickup-time modal here too", async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    const { modal } = await checkPreferredTimeModal(page, 'Order & Collect', 'start-single-vendor-3-pickup');
    await cancelPreferredTimeModal(page, modal);
  });

  test('ASAP for home delivery moves on into the order flow', async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await (await visible(action(page, 'Order Home Delivery'))).click();
    const modal = await visible(dialog(page, 'Select preferred deliver time'));
    await action(modal, 'ASAP').click();
    // The address is entered on the delivery route before ordering; place-order is also honest.
    await page.waitForURL((url) => ['/order-flow/delivery', '/order-flow/place-order'].includes(url.pathname), {
      timeout: 30_000,
    });
    await visible(page.getByRole('heading'));
    await settle(page);
    await screenshot(page, 'after-deliver-asap-single-vendor-3');
  });
});
