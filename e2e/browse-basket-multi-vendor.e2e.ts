import { describe, expect, test } from 'vitest';
import { getMenu, menuItem, modifier, type OrderLine } from './support/api.ts';
import {
  addWithPlus,
  chooseVendor,
  confirmStore,
  confirmStoreModal,
  dialogWith,
  expectConfirmButton,
  expectCounter,
  expectSavedBasket,
  goToReview,
  menuRow,
  openDiscover,
  openOptions,
  optionChosen,
  tapOption,
  vendorEntry,
} from './support/ordering.ts';
import { expectReviewMatchesServer } from './support/review.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, hidden, settle, text, visible, waitForPath } from './support/ui.ts';

/** The demo venue's open, trading stores (README, decision 003). */
const OPEN_VENDORS = ['The Tap Room', 'Grill & Bun', 'Slice Pizza Co.', 'Daily Grind'];
const GRILL_AND_BUN = 2;

// Spec §2 Discover vendor, Place order, Confirm order; §5 modifier groups; issue 3 parts 1–5.
describe('browse → options → basket → review, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('start → discover → Grill & Bun → options → basket → review with the server’s Grand Total → contact', async () => {
    const page = await suite.newPage();
    const menu = await getMenu(suite.server, GRILL_AND_BUN);

    // Discover vendor: 'Select Your Option Below', the open stores listed.
    await openDiscover(page);
    for (const name of OPEN_VENDORS) await visible(vendorEntry(page, name));
    await settle(page);
    await screenshot(page, 'bb-discover-vendor');
    // Spec §4: closed shows 'Closed', paused 'Back Soon' — wherever those stores are listed.
    for (const [name, label] of [
      ['Noodle House', 'Closed'],
      ['Sweet Spot', 'Back Soon'],
    ] as const) {
      const entry = vendorEntry(page, name);
      if ((await entry.count()) > 0) {
        const card = page.getByRole('listitem').filter({ hasText: name });
        const shown = (await card.count()) > 0 ? await card.first().innerText() : await entry.first().innerText();
        expect(shown, `${name} is listed with '${label}'`).toContain(label);
      }
    }

    // Place order: the confirm-store modal first.
    await chooseVendor(page, 'Grill & Bun');
    const storeModal = await visible(confirmStoreModal(page));
    await screenshot(page, 'bb-confirm-store-modal');
    await visible(storeModal.getByText('Grill & Bun'));
    await confirmStore(page, 'Grill & Bun');

    // The menu, grouped by item type in display order, visible items only, each with its price.
    const shownItems = menu.items.filter((item) => item.visible && item.name !== "Chef's Special Burger");
    const typesInOrder = [
      ...new Set([...shownItems].sort((a, b) => a.displayOrder - b.displayOrder).map((i) => i.itemType)),
    ];
    const headingTops: number[] = [];
    for (const itemType of typesInOrder) {
      const heading = await visible(page.getByRole('heading', { name: itemType, exact: true }));
      headingTops.push((await heading.boundingBox())?.y ?? Number.NaN);
    }
    expect(headingTops, `item types in display order: ${typesInOrder.join(', ')}`).toEqual(
      [...headingTops].sort((a, b) => a - b),
    );
    for (const item of shownItems) {
      const row = await visible(menuRow(page, item.name));
      expect(await row.innerText(), `${item.name} shows its price`).toContain(
        `$${(item.price.minorAmount / 100).toFixed(2)}`,
      );
    }
    // Hidden: an invisible item, and one whose required group has no visible option (spec §5).
    expect(await text(page, 'Pulled Pork Roll').count()).toBe(0);
    expect(await text(page, "Chef's Special Burger").count()).toBe(0);
    const empty = await expectConfirmButton(page, 'Select Items Above');
    expect(await empty.isDisabled(), "'Select Items Above' is disabled on an empty basket").toBe(true);
    await settle(page);
    await screenshot(page, 'bb-place-order-menu');

    // Options modal: the default side is chosen; tapping it again deselects it, which leaves the
    // required group short.
    const options = await openOptions(page, 'Classic Cheeseburger');
    for (const group of ['Choose a side', 'Extras', 'Sauces']) await visible(options.getByText(group, { exact: true }));
    expect(await optionChosen(options, 'Fries'), 'the default side is chosen').toBe(true);
    await screenshot(page, 'bb-options-modal');
    await tapOption(options, 'Fries');
    expect(await optionChosen(options, 'Fries'), 'reselecting deselects').toBe(false);
    await action(options, 'Add to Order').click();
    const missing = await visible(dialog(page, 'Missing options'));
    await visible(text(missing, 'Please select the following required option'));
    await visible(missing.getByText('Choose a side'));
    await screenshot(page, 'bb-missing-options');
    const missingOk = action(missing, 'Ok');
    if ((await missingOk.count()) > 0) await missingOk.click();
    else await page.keyboard.press('Escape');
    await hidden(dialog(page, 'Missing options'));

    // Choose a side with a price and an extra; sauces allow two, a third is not kept alongside.
    await tapOption(options, 'Onion rings');
    await tapOption(options, 'Bacon');
    for (const sauce of ['Tomato sauce', 'Smoky BBQ', 'Garlic aioli']) await tapOption(options, sauce);
    const sauces = ['Tomato sauce', 'Smoky BBQ', 'Garlic aioli', 'Chipotle mayo'];
    const chosenSauces: string[] = [];
    for (const sauce of sauces) if (await optionChosen(options, sauce)) chosenSauces.push(sauce);
    expect(
      chosenSauces.length,
      `at most 2 sauces stay chosen (chosen: ${chosenSauces.join(', ')})`,
    ).toBeLessThanOrEqual(2);
    // Leave the sauces out so the basket is known.
    for (const sauce of chosenSauces) await tapOption(options, sauce);
    for (const sauce of sauces) expect(await optionChosen(options, sauce)).toBe(false);
    expect(await optionChosen(options, 'Onion rings')).toBe(true);
    expect(await optionChosen(options, 'Bacon')).toBe(true);
    await action(options, 'Add to Order').click();
    await hidden(dialogWith(page, 'Add to Order'));
    await expectCounter(page, 'Classic Cheeseburger', 1);

    // Plus counters on an item without options.
    await addWithPlus(page, 'Onion Rings', 2);
    await expectCounter(page, 'Onion Rings', 2);
    const ready = await expectConfirmButton(page, 'Confirm my order');
    expect(await ready.isEnabled()).toBe(true);
    await expectSavedBasket(page, { 'Classic Cheeseburger': 1, 'Onion Rings': 2 });
    await screenshot(page, 'bb-place-order-basket');

    // Confirm order: every line, the service fee and the Grand Total as the server prices them.
    await goToReview(page);
    await settle(page);
    const cheeseburger = menuItem(menu, 'Classic Cheeseburger');
    const lines: OrderLine[] = [
      {
        menuItemId: cheeseburger.id,
        quantity: 1,
        modifiers: [
          { modifierId: modifier(menu, 'Onion rings', 'Choose a side').id, quantity: 1 },
          { modifierId: modifier(menu, 'Bacon', 'Extras').id, quantity: 1 },
        ],
      },
      { menuItemId: menuItem(menu, 'Onion Rings').id, quantity: 2 },
    ];
    const summary = await expectReviewMatchesServer(page, suite.server, GRILL_AND_BUN, lines, [
      { name: 'Classic Cheeseburger', quantity: 1, modifiers: ['Onion rings', 'Bacon'] },
      { name: 'Onion Rings', quantity: 2 },
    ]);
    // The server's own arithmetic (spec §5 basket total; vendor 2's 50c 'Service fee').
    const fee = summary.items.find((item) => item.itemType === 'ServiceCharge');
    expect(fee?.name).toBe('Service fee');
    expect(fee?.price.minorAmount).toBe(50);
    expect(summary.total.minorAmount).toBe(1650 + 150 + 300 + 2 * 800 + 50);
    await visible(action(page, 'Add or remove items'));
    await screenshot(page, 'bb-confirm-order');

    // 'Add or remove items' goes back to the menu with the basket; forward again.
    await action(page, 'Add or remove items').click();
    await waitForPath(page, '/order-flow/place-order');
    await expectCounter(page, 'Onion Rings', 2);
    await goToReview(page);

    await (await visible(action(page, 'Proceed to Pay'))).click();
    await waitForPath(page, '/order-flow/confirm-contact');
    await settle(page);
    await screenshot(page, 'bb-confirm-contact');
    expect(suite.pageErrors).toEqual([]);
  });

  test('the vendorId query preselects the store and is dropped on forward navigation', async () => {
    const page = await suite.newPage();
    await page.goto(`/order-flow/place-order?vendorId=${GRILL_AND_BUN}`);
    await confirmStore(page, 'Grill & Bun');
    await addWithPlus(page, 'Onion Rings');
    await goToReview(page);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/order-flow/confirm-order');
    expect(url.searchParams.has('vendorId'), `confirm-order URL ${url.pathname}${url.search}`).toBe(false);
  });

  test('discover-vendor with a vendorId shows that store first and the rest behind Show More / Show Less', async () => {
    const page = await suite.newPage();
    await page.goto(`/order-flow/discover-vendor?vendorId=${GRILL_AND_BUN}`);
    await visible(text(page, 'Select Your Option Below'));
    await visible(vendorEntry(page, 'Grill & Bun'));
    const more = await visible(action(page, 'Show More'));
    expect(await vendorEntry(page, 'The Tap Room').first().isVisible(), 'the other stores wait behind Show More').toBe(
      false,
    );
    await screenshot(page, 'bb-discover-preselected');
    await more.click();
    for (const name of OPEN_VENDORS) await visible(vendorEntry(page, name));
    const first = await page
      .getByText(/Grill & Bun|The Tap Room|Slice Pizza Co\.|Daily Grind/)
      .first()
      .innerText();
    expect(first).toContain('Grill & Bun');
    await (await visible(action(page, 'Show Less'))).click();
    await hidden(vendorEntry(page, 'The Tap Room'));
  });

  test('a reload keeps the basket (local storage "state")', async () => {
    const page = await suite.newPage();
    await page.goto(`/order-flow/place-order?vendorId=${GRILL_AND_BUN}`);
    await confirmStore(page, 'Grill & Bun');
    await addWithPlus(page, 'Onion Rings', 2);
    await addWithPlus(page, 'Family Pack');
    await expectSavedBasket(page, { 'Onion Rings': 2, 'Family Pack': 1 });

    await page.reload();
    await waitForPath(page, '/order-flow/place-order');
    await expectCounter(page, 'Onion Rings', 2);
    await expectCounter(page, 'Family Pack', 1);
    await expectConfirmButton(page, 'Confirm my order');
    expect(await confirmStoreModal(page).count(), 'the confirmed store is remembered too').toBe(0);
    await screenshot(page, 'bb-reloaded-basket');

    await goToReview(page);
    await page.reload();
    await visible(text(page, 'Please Check Your Order'));
    await visible(page.getByText('Onion Rings', { exact: true }));
    await visible(page.getByText('Family Pack', { exact: true }));
  });
});
