import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ops } from '@venue/test-harness/ops';
import { getMenu, getVendor, menuItem } from './support/api.ts';
import {
  addWithPlus,
  confirmStore,
  expectCounter,
  expectSavedBasket,
  menuRow,
  plusButton,
} from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, hidden, text, visible } from './support/ui.ts';

const TAP_ROOM = 1;
const GRILL_AND_BUN = 2;

async function openStore(page: Page, vendorId: number, storeName: string): Promise<void> {
  await page.goto(`/order-flow/place-order?vendorId=${vendorId}`);
  await confirmStore(page, storeName);
}

/** Taps plus once more and returns the modal that must refuse it. */
async function refusedPlus(page: Page, itemName: string, title: string): Promise<Locator> {
  await plusButton(await visible(menuRow(page, itemName))).click();
  return visible(dialog(page, title));
}

async function closeModal(page: Page, modal: Locator, title: string): Promise<void> {
  const ok = action(modal, 'Ok');
  if ((await ok.count()) > 0) await ok.click();
  else await page.keyboard.press('Escape');
  await hidden(dialog(page, title));
}

// Spec §5 "Adding refused when", §9 limits; each refusal has its modal and exact words.
describe('basket limits and their modals', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test("order burden: over Grill & Bun's maxBurdenPerOrder → 'That's all we can handle!'", async () => {
    const vendor = await getVendor(suite.server, GRILL_AND_BUN);
    const max = vendor.vendorOrderConfiguration.maxBurdenPerOrder;
    expect(max, 'the demo seeds a maxBurdenPerOrder for Grill & Bun').not.toBeNull();
    const familyPack = menuItem(await getMenu(suite.server, GRILL_AND_BUN), 'Family Pack');
    expect(familyPack.burden, 'the Family Pack weighs more than one item').toBeGreaterThan(1);
    const fits = Math.floor((max ?? 0) / familyPack.burden);

    const page = await suite.newPage();
    await openStore(page, GRILL_AND_BUN, 'Grill & Bun');
    await addWithPlus(page, 'Family Pack', fits);
    await expectCounter(page, 'Family Pack', fits);

    const modal = await refusedPlus(page, 'Family Pack', "That's all we can handle!");
    await visible(text(modal, 'To serve you better, Grill & Bun limits order sizes.'));
    await screenshot(page, 'limit-burden');
    await closeModal(page, modal, "That's all we can handle!");
    await expectCounter(page, 'Family Pack', fits);
    await expectSavedBasket(page, { 'Family Pack': fits });

    // The order is at its limit only when the burden left is less than an item's: fill the rest
    // with single-burden items, then any further one is refused too.
    const left = (max ?? 0) - fits * familyPack.burden;
    if (left > 0) await addWithPlus(page, 'Onion Rings', left);
    const again = await refusedPlus(page, 'Onion Rings', "That's all we can handle!");
    await visible(text(again, 'To serve you better, Grill & Bun limits order sizes.'));
    await closeModal(page, again, "That's all we can handle!");
    await expectCounter(page, 'Onion Rings', left);
  });

  test("inventory: one more than the stock → 'We've sold out!', the count stays at the stock", async () => {
    const gardenSalad = 214;
    await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}/menu-item/${gardenSalad}`, { currentInventory: 2 });
    try {
      const page = await suite.newPage();
      await openStore(page, GRILL_AND_BUN, 'Grill & Bun');
      await addWithPlus(page, 'Garden Salad', 2);
      const modal = await refusedPlus(page, 'Garden Salad', "We've sold out!");
      await visible(text(modal, 'We apologise that the below items are no longer available for your order!'));
      await visible(modal.getByText('Garden Salad'));
      await screenshot(page, 'limit-inventory');
      await closeModal(page, modal, "We've sold out!");
      await expectCounter(page, 'Garden Salad', 2);
      await expectSavedBasket(page, { 'Garden Salad': 2 });
    } finally {
      await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}/menu-item/${gardenSalad}`, { currentInventory: null });
    }
  });

  test("inventory seeded at 3 (Wagyu Burger): the fourth → 'We've sold out!'", async () => {
    const wagyu = menuItem(await getMenu(suite.server, GRILL_AND_BUN), 'Wagyu Burger');
    expect(wagyu.currentInventory).toBe(3);
    const page = await suite.newPage();
    await openStore(page, GRILL_AND_BUN, 'Grill & Bun');
    // An item with options: each one is added through its options modal with the defaults.
    for (let i = 0; i < 3; i += 1) {
      await addThroughOptions(page, 'Wagyu Burger');
      await expectCounter(page, 'Wagyu Burger', i + 1);
    }
    await addThroughOptions(page, 'Wagyu Burger');
    const modal = await visible(dialog(page, "We've sold out!"));
    await visible(text(modal, 'We apologise that the below items are no longer available for your order!'));
    await visible(modal.getByText('Wagyu Burger'));
    await closeModal(page, modal, "We've sold out!");
    await expectCounter(page, 'Wagyu Burger', 3);
  });

  test("restricted drinks: the seventh alcoholic drink at The Tap Room → '6 Drink Maximum'", async () => {
    const page = await suite.newPage();
    await openStore(page, TAP_ROOM, 'The Tap Room');
    await addWithPlus(page, 'Harbour Lager', 4);
    await addWithPlus(page, 'Barossa Shiraz', 2);
    // Soft drinks are not restricted.
    await addWithPlus(page, 'Cola', 1);
    const modal = await refusedPlus(page, 'Velvet Stout', '6 Drink Maximum');
    await visible(text(modal, 'Sorry, there is a limit of 6 alcoholic drinks per order.'));
    await screenshot(page, 'limit-restricted');
    await closeModal(page, modal, '6 Drink Maximum');
    await expectCounter(page, 'Velvet Stout', 0);
    await expectCounter(page, 'Harbour Lager', 4);
    const again = await refusedPlus(page, 'Harbour Lager', '6 Drink Maximum');
    await closeModal(page, again, '6 Drink Maximum');
    await expectCounter(page, 'Harbour Lager', 4);
    await expectSavedBasket(page, { 'Harbour Lager': 4, 'Barossa Shiraz': 2, Cola: 1 });
  });
});

/** Options → 'Add to Order' with the default choices (or the modal the add opens instead). */
async function addThroughOptions(page: Page, itemName: string): Promise<void> {
  const row = await visible(menuRow(page, itemName));
  await row
    .getByRole('button', { name: /options/i })
    .first()
    .click();
  const modal = await visible(
    page.locator('[role="dialog"], dialog[open]').filter({ has: page.getByText(itemName, { exact: true }) }),
  );
  await action(modal, 'Add to Order').click();
}
