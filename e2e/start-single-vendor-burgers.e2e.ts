import { describe, expect, test } from 'vitest';
import { ops } from '@venue/test-harness/ops';
import { cancelPreferredTimeModal, checkPreferredTimeModal } from './support/preferred-time.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, settle, text, visible, waitForPath } from './support/ui.ts';

// Spec §2 Start screen in single-vendor mode: Grill & Bun (vendor 2) offers take-away only.
describe('start screen, single-vendor build of Grill & Bun (no home delivery)', () => {
  const suite = setupSuite({ build: 'single-vendor-2' });

  test("offers 'Order & Collect' and no 'Order Home Delivery'", async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await visible(text(page, 'Harbourside Stadium'));
    await visible(action(page, 'Order & Collect'));
    // The button depends on the vendor's service modes, so let the vendor load before looking.
    await settle(page);
    await screenshot(page, 'start-single-vendor-2');
    expect(await action(page, 'Order Home Delivery').count()).toBe(0);
    expect(suite.pageErrors).toEqual([]);
  });

  test("'Order & Collect' opens the pickup-time modal; a slot enables 'Pickup Later'; Cancel closes it", async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    const { modal, slots } = await checkPreferredTimeModal(page, 'Order & Collect', 'start-single-vendor-2-pickup');
    expect(slots.length, 'Grill & Bun offers pickup slots (the demo venue must be open ahead)').toBeGreaterThan(0);
    await cancelPreferredTimeModal(page, modal);
  });

  test('ASAP goes to the place-order route', async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await (await visible(action(page, 'Order & Collect'))).click();
    const modal = await visible(dialog(page, 'Select preferred pickup time'));
    await action(modal, 'ASAP').click();
    await waitForPath(page, '/order-flow/place-order');
    await visible(page.getByRole('heading'));
    await settle(page);
    await screenshot(page, 'place-order-single-vendor-2');
  });

  test("the time-to-service tag reads 'No waiting' at a time to service of one minute or less, and not above", async () => {
    // Spec §9: a tag when tts is over 60000 ms; at or below, 'No waiting'.
    await ops(suite.server, 'PATCH', '/vendor/2', { tts: 60_000 });
    const page = await suite.newPage();
    await page.goto('/start');
    await visible(action(page, 'Order & Collect'));
    await visible(text(page, 'No waiting'));
    await screenshot(page, 'start-single-vendor-2-no-waiting');

    await ops(suite.server, 'PATCH', '/vendor/2', { tts: 15 * 60_000 });
    await page.reload();
    await visible(action(page, 'Order & Collect'));
    await settle(page);
    expect(await text(page, 'No waiting').count()).toBe(0);
  });
});
