import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { moveOrder, orderToContact } from '@venue/test-harness/checkout';
import { ops } from '@venue/test-harness/ops';
import { getVendors } from './support/api.ts';
import { confirmStore, confirmStoreModal, openOptions } from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { GRILL, payForOrder, pickUpModal } from './support/tracking.ts';
import { action, dialog, eventually, settle, text, visible, waitForPath } from './support/ui.ts';

// What a new customer found untrustworthy, each on the screen where it showed.
const DAILY_GRIND = 4;
const MINUTE = 60_000;

/** Spec §9: the start screen's tag for a time to service (under an hour). */
function ttsLabel(ttsMs: number): string {
  return ttsMs <= MINUTE ? 'No waiting' : `About ${Math.max(1, Math.round(ttsMs / MINUTE))} min wait`;
}

/** The shortest time to service of the demo venue's stores taking orders now, from the API. */
async function shortestOpenTts(server: Parameters<typeof getVendors>[0]): Promise<number> {
  const open = (await getVendors(server)).filter((vendor) => vendor.isOpen && !vendor.isPaused);
  expect(open.length, 'open stores in the demo venue').toBeGreaterThan(0);
  return Math.min(...open.map((vendor) => vendor.tts));
}

/** The wait screen's progress bar, read from the page (it may sit behind the pick-up modal). */
function progressBar(page: Page): Locator {
  return page.locator('[role="progressbar"][aria-label="Order progress"]');
}

describe('customer trust, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test("the start screen's tag is the shortest wait of the open stores: no 'No waiting' when every open store takes over a minute", async () => {
    // As seeded: whatever the quickest open store takes, the tag says so.
    const page = await suite.newPage();
    await page.goto('/start');
    await visible(text(page, ttsLabel(await shortestOpenTts(suite.server))));

    // Daily Grind serves coffee within a minute; at five minutes every open store takes 5–15 minutes.
    const seeded = (await getVendors(suite.server)).find((vendor) => vendor.id === DAILY_GRIND)!.tts;
    await ops(suite.server, 'PATCH', `/vendor/${DAILY_GRIND}`, { tts: 5 * MINUTE });
    try {
      const shortest = await shortestOpenTts(suite.server);
      expect(shortest, 'every open store takes over a minute').toBeGreaterThan(MINUTE);
      const later = await suite.newPage();
      await later.goto('/start');
      await visible(text(later, ttsLabel(shortest)));
      expect(ttsLabel(shortest)).toBe('About 5 min wait');
      expect(await text(later, 'No waiting').count(), "no 'No waiting'").toBe(0);
      await settle(later);
      await screenshot(later, 'trust-start-tts');
    } finally {
      await ops(suite.server, 'PATCH', `/vendor/${DAILY_GRIND}`, { tts: seeded });
    }
    expect(suite.pageErrors).toEqual([]);
  });

  test("Grill & Bun's one-choice groups are radio groups with their default checked; the others stay checkboxes", async () => {
    const page = await suite.newPage();
    await page.goto(`/order-flow/place-order?vendorId=${GRILL.id}`);
    await confirmStore(page, GRILL.name);

    const options = await openOptions(page, 'Classic Cheeseburger');
    const sides = await visible(options.getByRole('radiogroup', { name: 'Choose a side' }));
    await visible(sides.getByText('Choose 1 side', { exact: true }));
    expect(await sides.getByRole('radio').count(), 'four sides, as radios').toBe(4);
    expect(await sides.getByRole('checkbox').count()).toBe(0);
    const fries = sides.getByRole('radio', { name: 'Fries', exact: true });
    expect(await fries.isChecked(), 'the default side is checked on opening').toBe(true);
    // The arrow keys move the choice, as in any radio group.
    await fries.focus();
    await page.keyboard.press('ArrowDown');
    expect(await sides.getByRole('radio', { name: 'Garden salad', exact: true }).isChecked()).toBe(true);
    expect(await fries.isChecked()).toBe(false);
    // Extras (no maximum) and Sauces (up to 2) keep their checkboxes.
    await visible(options.getByRole('checkbox', { name: /^Bacon\b/ }));
    await visible(options.getByRole('checkbox', { name: /^Smoky BBQ\b/ }));
    await settle(page);
    await screenshot(page, 'trust-options-radios');
    await action(options, 'Cancel').click();

    const drink = await openOptions(page, 'Soft Drink');
    const flavour = await visible(drink.getByRole('radiogroup', { name: 'Flavour' }));
    expect(await flavour.getByRole('radio', { name: 'Cola', exact: true }).isChecked()).toBe(true);
    expect(await drink.getByRole('checkbox').count()).toBe(0);
    expect(suite.pageErrors).toEqual([]);
  });

  test('a store with one service mode states it on confirm-contact, with no radio to pick', async () => {
    const page = await suite.newPage();
    // Slice Pizza Co. offers take-away and home delivery; home delivery is not offered here.
    await orderToContact(page, { store: 'Slice Pizza Co.', item: 'Garlic Bread' });
    await visible(page.getByRole('heading', { name: 'Enter Contact Details' }));
    await visible(text(page, 'Service mode'));
    await visible(page.getByText('Take Away', { exact: true }));
    expect(await page.getByRole('radio').count(), 'no choice of one').toBe(0);
    await page.getByLabel('Mobile').fill('0412345678');
    await visible(page.getByRole('group', { name: 'Pay With' }).getByRole('button', { name: 'Card', exact: true }));
    expect(await text(page, 'Please select a service mode to proceed.').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'trust-contact-one-mode');
    expect(suite.pageErrors).toEqual([]);
  });

  test('once the operations API marks the order PendingAlerted the progress bar reads complete, 8 of 8', async () => {
    const page = await suite.newPage();
    const order = await payForOrder(page, GRILL, { label: 'Trust Progress' });
    const bar = progressBar(page);
    await bar.waitFor({ state: 'attached' });
    expect(await bar.getAttribute('aria-valuetext'), 'still under way').toMatch(/^Step \d of 8$/);

    await moveOrder(suite.server, GRILL.id, order.id, 'PendingAlerted');
    await visible(pickUpModal(page), 60_000);
    const text = await eventually(
      async () => (await bar.getAttribute('aria-valuetext')) ?? '',
      (value) => value.startsWith('Complete'),
    );
    expect(text).toBe('Complete: 8 of 8 steps');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await bar.locator('[data-filled]').count(), 'all eight segments filled').toBe(8);
    await settle(page);
    await screenshot(page, 'trust-progress-complete');
    expect(suite.pageErrors).toEqual([]);
  });
});

describe('customer trust, single-vendor build (Grill & Bun)', () => {
  const suite = setupSuite({ build: 'single-vendor-2' });

  test("the confirm-store modal offers 'Confirm Store' only: there is no other store to choose", async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await (await visible(action(page, 'Order & Collect'))).click();
    const time = await visible(dialog(page, 'Select preferred pickup time'));
    await action(time, 'ASAP').click();
    await waitForPath(page, '/order-flow/place-order');

    const modal = await visible(confirmStoreModal(page));
    await visible(modal.getByText('Ordering from'));
    await visible(modal.getByText(GRILL.name));
    await visible(action(modal, 'Confirm Store'));
    expect(await action(modal, 'Choose another store').count(), "no 'Choose another store'").toBe(0);
    await settle(page);
    await screenshot(page, 'trust-single-vendor-confirm-store');
    await action(modal, 'Confirm Store').click();
    await confirmStoreModal(page).first().waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/order-flow/place-order');
    expect(suite.pageErrors).toEqual([]);
  });
});
