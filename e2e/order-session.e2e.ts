import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addWithPlus,
  confirmStore,
  confirmStoreIfAsked,
  expectConfirmButton,
  expectCounter,
  expectSavedBasket,
  menuRow,
  openDiscover,
  vendorEntry,
} from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, hidden, text, visible, waitForPath } from './support/ui.ts';

const EXPIRED_TITLE = 'Order Session Expired';
const EXPIRED_TEXT = 'Your current order session expired. Please start again.';
const EXISTING_TITLE = 'Existing Order Session';
const EXISTING_TEXT = 'You have an existing order session on another Store.';
const MINUTE = 60_000;

async function basketAtGrillAndBun(page: Page): Promise<void> {
  await page.goto('/order-flow/place-order?vendorId=2');
  await confirmStore(page, 'Grill & Bun');
  await addWithPlus(page, 'Onion Rings', 2);
  await expectSavedBasket(page, { 'Onion Rings': 2 });
}

// Spec §2 Modals, §4 Order session, §9 session expiry 1,800,000 ms checked every second.
describe('order session', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test("after 30 minutes 'Order Session Expired'; 'Start Again' → home with an empty basket", async () => {
    const page = await suite.newPage();
    // The page's clock is Playwright's: time runs as usual until the test jumps it forward.
    await page.clock.install({ time: Date.now() });
    await basketAtGrillAndBun(page);

    // Well inside the 30 minutes (with room for a slow machine between start and basket): nothing.
    await page.clock.fastForward(27 * MINUTE);
    await page.waitForTimeout(2_000);
    expect(await dialog(page, EXPIRED_TITLE).count(), 'no expiry before 30 minutes').toBe(0);

    // Past 30 minutes from the session start: the modal within the 1 s check.
    await page.clock.fastForward(3 * MINUTE + 5_000);
    await page.clock.runFor(2_000);
    const modal = await visible(dialog(page, EXPIRED_TITLE));
    await visible(text(modal, EXPIRED_TEXT));
    await screenshot(page, 'session-expired');
    await action(modal, 'Start Again').click();
    await waitForPath(page, '/start');
    await hidden(dialog(page, EXPIRED_TITLE));
    await expectSavedBasket(page, {});

    // A fresh session: the store's menu shows an empty basket.
    await page.goto('/order-flow/place-order?vendorId=2');
    await confirmStoreIfAsked(page);
    await expectCounter(page, 'Onion Rings', 0);
    await expectConfirmButton(page, 'Select Items Above');
  });

  test("another store by URL: 'Existing Order Session'; 'Continue Existing Order Session' keeps the basket", async () => {
    const page = await suite.newPage();
    await basketAtGrillAndBun(page);
    await page.goto('/order-flow/place-order?vendorId=1');
    const modal = await visible(dialog(page, EXISTING_TITLE));
    await visible(text(modal, EXISTING_TEXT));
    await visible(action(modal, 'Start New Order Session'));
    await screenshot(page, 'existing-session');
    await action(modal, 'Continue Existing Order Session').click();
    await hidden(dialog(page, EXISTING_TITLE));

    // Still Grill & Bun's order: its menu with the basket, not The Tap Room's.
    await waitForPath(page, '/order-flow/place-order');
    await expectCounter(page, 'Onion Rings', 2);
    expect(await text(page, 'Harbour Lager').count(), "The Tap Room's menu is not shown").toBe(0);
    await expectConfirmButton(page, 'Confirm my order');
    await expectSavedBasket(page, { 'Onion Rings': 2 });
  });

  test("another store on discover: 'Start New Order Session' empties the basket and orders from the new store", async () => {
    const page = await suite.newPage();
    await basketAtGrillAndBun(page);
    await openDiscover(page);
    // The modal may show on discover or once place-order opens: the spec says only when.
    await (await visible(vendorEntry(page, 'The Tap Room'))).click();
    const modal = await visible(dialog(page, EXISTING_TITLE));
    await visible(text(modal, EXISTING_TEXT));
    await visible(action(modal, 'Continue Existing Order Session'));
    await action(modal, 'Start New Order Session').click();
    await hidden(dialog(page, EXISTING_TITLE));

    await expectSavedBasket(page, {});
    await confirmStoreIfAsked(page);
    await visible(menuRow(page, 'Harbour Lager'));
    expect(await text(page, 'Onion Rings').count(), "Grill & Bun's menu is gone").toBe(0);
    await expectConfirmButton(page, 'Select Items Above');
    await screenshot(page, 'new-session-tap-room');
  });

  test('another store with an empty basket: no modal, the session resets silently', async () => {
    const page = await suite.newPage();
    await page.goto('/order-flow/place-order?vendorId=2');
    await confirmStore(page, 'Grill & Bun');
    await page.goto('/order-flow/place-order?vendorId=1');
    await confirmStore(page, 'The Tap Room');
    expect(await dialog(page, EXISTING_TITLE).count()).toBe(0);
    await visible(menuRow(page, 'Harbour Lager'));
  });
});
