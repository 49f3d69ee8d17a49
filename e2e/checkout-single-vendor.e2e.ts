import { describe, expect, test } from 'vitest';
import {
  addItem,
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  onlyPaidOrder,
  payNow,
  payWithButton,
  payWithCard,
  reviewAndProceed,
  savedOrderId,
  uniqueName,
} from '@venue/test-harness/checkout';
import { confirmStoreIfAsked } from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, settle, text, visible, waitForPath } from './support/ui.ts';

// Single-vendor build of Grill & Bun (vendor 2): the start screen leads straight to its menu.
const GRILL = { id: 2, name: 'Grill & Bun' };

describe('checkout smoke, single-vendor build (Grill & Bun)', () => {
  const suite = setupSuite({ build: 'single-vendor-2' });

  test('Order & Collect → ASAP → an item → contact → card → wait-order, seen by the venue', async () => {
    const page = await suite.newPage();
    const name = uniqueName('Sol Single');
    await page.goto('/start');
    await (await visible(action(page, 'Order & Collect'))).click();
    await action(await visible(dialog(page, 'Select preferred pickup time')), 'ASAP').click();
    await waitForPath(page, '/order-flow/place-order');
    await confirmStoreIfAsked(page);
    await addItem(page, 'Onion Rings');
    await reviewAndProceed(page);

    await visible(text(page, 'Enter Contact Details'));
    await fillContact(page, { mobile: '+61412345678', fullName: name, email: 'sol@example.com' });
    await visible(payWithButton(page, 'Card'));
    await payWithCard(page);
    await visible(text(page, GRILL.name));
    await fillCard(page, GOOD_CARD);
    await settle(page);
    await screenshot(page, 'checkout-single-vendor-payment');
    await payNow(page);
    const ticket = await expectWaitOrder(page);

    const orderId = await savedOrderId(page);
    const order = await onlyPaidOrder(suite.server, GRILL.id, name, orderId);
    expect(order.claimTicket).toBe(ticket);
    expect(suite.pageErrors).toEqual([]);
  });
});
