import { describe, expect, test } from 'vitest';
import { getVendor } from './support/api.ts';
import { addWithPlus, confirmStore, expectSavedBasket, goToReview } from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, settle, text, visible, waitForPath } from './support/ui.ts';

const GRILL_AND_BUN = 2;
const MINUTE = 60_000;

// Spec §1 build-time settings: dietary note, special order note, order session expiry; §2 Confirm
// order ('Optional dietary note showing the vendor phone, and optional special order note').
describe('build options: dietary note, special order note, order session expiry (2 min)', () => {
  const suite = setupSuite({ build: 'multi-vendor-notes' });

  test('confirm-order shows the dietary note with the store phone and a special order note field', async () => {
    const vendor = await getVendor(suite.server, GRILL_AND_BUN);
    const page = await suite.newPage();
    await page.goto(`/order-flow/place-order?vendorId=${GRILL_AND_BUN}`);
    await confirmStore(page, 'Grill & Bun');
    await addWithPlus(page, 'Onion Rings');
    await goToReview(page);
    await visible(page.getByText(vendor.phoneNumber));
    const note = await visible(page.getByRole('textbox'));
    await note.fill('No salt please');
    await settle(page);
    await screenshot(page, 'confirm-order-notes');
    await page.reload();
    await visible(text(page, 'Please Check Your Order'));
    expect(await page.getByRole('textbox').inputValue(), 'the note survives a reload').toBe('No salt please');
  });

  test('the order session expires after VITE_ORDER_SESSION_EXPIRY_MS (2 min), not before', async () => {
    const page = await suite.newPage();
    await page.clock.install({ time: Date.now() });
    await page.goto(`/order-flow/place-order?vendorId=${GRILL_AND_BUN}`);
    await confirmStore(page, 'Grill & Bun');
    await addWithPlus(page, 'Onion Rings');
    await expectSavedBasket(page, { 'Onion Rings': 1 });
    await page.clock.fastForward(MINUTE);
    await page.waitForTimeout(2_000);
    expect(await dialog(page, 'Order Session Expired').count(), 'not expired after 1 minute').toBe(0);
    await page.clock.fastForward(MINUTE + 5_000);
    const modal = await visible(dialog(page, 'Order Session Expired'));
    await action(modal, 'Start Again').click();
    await waitForPath(page, '/start');
    await expectSavedBasket(page, {});
  });
});
