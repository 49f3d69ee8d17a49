import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { CARD, moveOrder, newestOrder, policyModal } from './support/a11y-flow.ts';
import { expectFocusOn, expectFocusTrapped, focused, tabTo } from './support/keyboard.ts';
import { expectCounter } from './support/ordering.ts';
import { setupSuite } from './support/suite.ts';
import { dialog, hidden, text, visible, waitForPath } from './support/ui.ts';

// Issue 7 part 1: a whole order (start → alert-order, card payment) placed with the keyboard
// alone — Tab, Shift+Tab, Enter, Space, arrow keys and typing, never a click — with focus visible
// at every stop, modals that take focus, keep it inside, give it back and close on Escape.
const GRILL_AND_BUN = 2;

/** Types into the focused field, as a person does after tabbing to it. */
async function typeHere(page: Page, value: string): Promise<void> {
  await page.keyboard.type(value);
}

describe('keyboard-only order, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('start → discover → place-order → options → review → contact → card payment → wait → alert-order', async () => {
    const page = await suite.newPage({ hasTouch: false, isMobile: false });
    await page.goto('/start');
    await visible(text(page, 'Harbourside Stadium'));

    // Start: to 'Order & Collect'.
    await tabTo(page, 'Order & Collect');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/order-flow/discover-vendor');

    // Discover vendor: to the store, Enter.
    await visible(page.getByRole('button', { name: 'Grill & Bun' }));
    await tabTo(page, 'Grill & Bun');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/order-flow/place-order');

    // The confirm-store modal takes focus and keeps it.
    const storeModal = await visible(dialog(page, 'Confirm Store').or(page.getByRole('dialog')));
    await expectFocusOn(page, /Choose another store|Confirm Store/);
    await expectFocusTrapped(page, 'the confirm-store modal');
    await tabTo(page, 'Confirm Store');
    await page.keyboard.press('Enter');
    await storeModal.waitFor({ state: 'hidden' });

    // The menu: an item with options. Escape closes the options modal and focus returns to its opener.
    await tabTo(page, 'Options for Classic Cheeseburger');
    await page.keyboard.press('Enter');
    const options = await visible(dialog(page, 'Classic Cheeseburger'));
    expect((await focused(page))?.inDialog, 'focus moved into the options modal').toBe(true);
    await expectFocusTrapped(page, 'the options modal');
    await page.keyboard.press('Escape');
    await hidden(dialog(page, 'Classic Cheeseburger'));
    await expectFocusOn(page, 'Options for Classic Cheeseburger');

    // Again, and this time choose an extra with Space and add it.
    await page.keyboard.press('Enter');
    await visible(options);
    await tabTo(page, /^Bacon\b/);
    await page.keyboard.press('Space');
    expect(await options.getByRole('checkbox', { name: /^Bacon\b/ }).isChecked(), 'Space ticks Bacon').toBe(true);
    await tabTo(page, 'Add to Order');
    await page.keyboard.press('Enter');
    await hidden(dialog(page, 'Classic Cheeseburger'));
    await expectFocusOn(page, 'Options for Classic Cheeseburger');
    await expectCounter(page, 'Classic Cheeseburger', 1);

    // One more item with its plus counter, then the confirm button in the bottom bar.
    await tabTo(page, 'Add one Onion Rings');
    await page.keyboard.press('Enter');
    await expectCounter(page, 'Onion Rings', 1);
    await tabTo(page, 'Confirm my order');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/order-flow/confirm-order');

    // Review: to 'Proceed to Pay'.
    await visible(text(page, 'Please Check Your Order'));
    await tabTo(page, 'Proceed to Pay');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/order-flow/confirm-contact');

    // The refund and data policy modal, when it asks: focus is inside; Accept.
    const policy = await policyModal(page);
    if (policy) {
      await expectFocusTrapped(page, 'the policy modal');
      await tabTo(page, 'Accept');
      await page.keyboard.press('Enter');
      await policy.waitFor({ state: 'hidden' });
    }

    // Contact: the store's only service mode is stated, nothing to choose; mobile and name typed.
    await visible(page.getByText('Take Away', { exact: true }));
    expect(await page.getByRole('radio').count(), 'no choice of one service mode').toBe(0);
    await tabTo(page, 'Mobile');
    await typeHere(page, '0412345678');
    await tabTo(page, 'Full name');
    await typeHere(page, CARD.holder);
    await tabTo(page, 'Card');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/order-flow/payment');

    // Payment: the card form, expiry chosen from the selects with the arrow keys.
    await visible(page.getByLabel('Name on card'));
    await tabTo(page, 'Name on card');
    await typeHere(page, CARD.holder);
    await tabTo(page, 'Card number');
    await typeHere(page, CARD.number);
    await tabTo(page, 'Month');
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Month').inputValue()).toBe('12');
    await tabTo(page, 'Year');
    for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Year').inputValue()).not.toBe('');
    await tabTo(page, 'CVN');
    await typeHere(page, CARD.cvv);
    await tabTo(page, 'Pay by Card Now');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/order-flow/wait-order', undefined, 60_000);
    await visible(text(page, 'Wait and keep checking screen'));

    // Wait: the receipt modal opens with Enter, closes with Escape, and focus returns.
    await visible(page.getByTestId('queue-position'));
    await tabTo(page, 'Email receipt');
    await page.keyboard.press('Enter');
    await visible(dialog(page, 'Email my receipt'));
    await expectFocusTrapped(page, 'the receipt modal');
    await page.keyboard.press('Escape');
    await hidden(dialog(page, 'Email my receipt'));
    await expectFocusOn(page, 'Email receipt');

    // The kitchen marks it ready: the pick-up modal takes focus; Enter goes on to alert-order.
    const orderId = await newestOrder(suite.server, GRILL_AND_BUN, 'Waiting');
    await moveOrder(suite.server, GRILL_AND_BUN, orderId, 'PendingAlerted');
    await visible(dialog(page, 'Pick up now'));
    await expectFocusOn(page, 'Collect my order');
    await expectFocusTrapped(page, 'the pick-up modal');
    await tabTo(page, 'Collect my order');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/order-flow/alert-order');
    await visible(page.getByRole('heading', { level: 1, name: 'Collect your order' }));
    await tabTo(page, 'Start new order');
    expect(suite.pageErrors).toEqual([]);
  });

  test('at 200 % zoom (195 × 422 CSS px) every control of the menu takes visible focus that nothing covers', async () => {
    const page = await suite.newPage({ hasTouch: false, isMobile: false, viewport: { width: 195, height: 422 } });
    await page.goto(`/order-flow/place-order?vendorId=${GRILL_AND_BUN}`);
    const storeModal = await visible(page.getByRole('dialog'));
    await expectFocusTrapped(page, 'the confirm-store modal at 200 %');
    await tabTo(page, 'Confirm Store');
    await page.keyboard.press('Enter');
    await storeModal.waitFor({ state: 'hidden' });
    await tabTo(page, 'Add one Onion Rings');
    await page.keyboard.press('Enter');
    await expectCounter(page, 'Onion Rings', 1);
    // Every control from here to the bottom bar's button: focus shows and is never under the bar.
    const stops = await tabTo(page, 'Confirm my order', { max: 200 });
    expect(stops.obscured).toBe(false);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/order-flow/confirm-order');
  });
});
