import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  payNow,
  payWithCard,
  proceedToContact,
} from '@venue/test-harness/checkout';
import { addWithPlus, confirmStoreIfAsked, expectConfirmButton, vendorEntry } from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, eventually, settle, text, visible, waitForPath } from './support/ui.ts';

const CANNOT_DELIVER = "Sorry, we can't deliver to your address. Please try our pick up option instead.";

/** Types into the delivery address field and picks the suggestion that reads `suggestion`. */
async function chooseAddress(page: Page, typed: string, suggestion: string): Promise<void> {
  const field = await visible(page.getByRole('combobox', { name: 'Delivery address' }));
  await field.fill(typed);
  // Spec §9: suggestions come once typing has paused for 1000 ms.
  const option = await visible(page.getByRole('option', { name: suggestion, exact: true }));
  await option.click();
}

async function openDelivery(page: Page): Promise<void> {
  await page.goto('/start');
  await (await visible(action(page, 'Order Home Delivery'))).click();
  await waitForPath(page, '/order-flow/delivery');
}

// Spec §2 Delivery in multi-vendor mode: the stores able to deliver to the address. The demo's
// Slice Pizza Co. (vendor 3) delivers up to 10 km from the stadium, from $25.00.
describe('home delivery, multi-vendor build (built-in address search, no maps key)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('address suggestions → the store that delivers → place-order with the minimum notice, then the review', async () => {
    const page = await suite.newPage();
    await openDelivery(page);
    await chooseAddress(page, '12 Smith St, Parramatta', '12 Smith St, Parramatta NSW 2150');
    const street = page.getByRole('textbox', { name: 'Street address' });
    expect(await street.inputValue()).toBe('12 Smith St');

    const pizza = await visible(vendorEntry(page, 'Slice Pizza Co.'));
    expect(await pizza.innerText()).toMatch(/Delivery about \d+ min/);
    // Only stores offering home delivery are listed.
    expect(await vendorEntry(page, 'Grill & Bun').count()).toBe(0);
    await screenshot(page, 'delivery-multi-vendor-stores');
    await pizza.click();

    const modal = await visible(dialog(page, 'Select preferred deliver time'));
    await action(modal, 'ASAP').click();
    await waitForPath(page, '/order-flow/place-order');
    await confirmStoreIfAsked(page);
    await expectConfirmButton(page, 'Select Items Above');
    // The step header's last step reads 'Deliver' for home delivery.
    await visible(text(page, 'Deliver'));

    // Spec §5: under the vendor's minimum the button gives way to the minimum notice.
    await addWithPlus(page, 'Garlic Bread', 2);
    const notice = await visible(page.getByText('Minimum Delivery Order Amount $25.00', { exact: true }));
    await screenshot(page, 'delivery-multi-vendor-minimum');
    const noticeButton = page.getByRole('button', { name: 'Minimum Delivery Order Amount $25.00' });
    if ((await noticeButton.count()) > 0) expect(await noticeButton.isDisabled()).toBe(true);
    expect(await notice.isVisible()).toBe(true);

    await addWithPlus(page, 'Garlic Bread', 1);
    const confirm = await expectConfirmButton(page, 'Confirm my order');
    await confirm.click();
    await waitForPath(page, '/order-flow/confirm-order');
    await visible(text(page, 'Please Check Your Order'));

    // The chosen address and service mode are kept in the saved order state.
    const saved = await eventually(
      () =>
        page.evaluate(() => {
          const raw = window.localStorage.getItem('state');
          return raw ? (JSON.parse(raw) as { order?: Record<string, unknown> }).order : undefined;
        }),
      (order) => Boolean(order && order.deliveryAddress),
      10_000,
    );
    expect(saved?.deliveryAddress).toMatchObject({
      streetAddress: '12 Smith St',
      addressLocality: 'Parramatta',
      postalCode: '2150',
      addressRegion: 'NSW',
      addressCountry: 'AU',
    });
    expect(saved?.orderConfiguration).toMatchObject({ selectedServiceMode: 'HomeDelivery' });
    expect(suite.pageErrors).toEqual([]);
  });

  test("an address out of range shows the can't-deliver message and no store", async () => {
    const page = await suite.newPage();
    await openDelivery(page);
    await chooseAddress(page, '1 Crown St, Wollongong', '1 Crown St, Wollongong NSW 2500');
    await visible(text(page, CANNOT_DELIVER));
    expect(await vendorEntry(page, 'Slice Pizza Co.').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'delivery-multi-vendor-out-of-range');
    expect(suite.pageErrors).toEqual([]);
  });

  test('a delivery order is paid by card and tracked on the wait screen', async () => {
    const page = await suite.newPage();
    await openDelivery(page);
    await chooseAddress(page, '12 Smith St, Parramatta', '12 Smith St, Parramatta NSW 2150');
    await (await visible(vendorEntry(page, 'Slice Pizza Co.'))).click();
    await action(await visible(dialog(page, 'Select preferred deliver time')), 'ASAP').click();
    await waitForPath(page, '/order-flow/place-order');
    await confirmStoreIfAsked(page);
    await addWithPlus(page, 'Garlic Bread', 3);
    await (await expectConfirmButton(page, 'Confirm my order')).click();
    await waitForPath(page, '/order-flow/confirm-order');
    await proceedToContact(page);
    // Spec §2 confirm contact: the delivery address is shown for a delivery.
    await visible(page.getByText(/12 Smith St/).first());
    await fillContact(page, { mobile: '0412345678', fullName: 'Sam Lee' });
    await payWithCard(page);
    await fillCard(page, GOOD_CARD);
    await payNow(page);
    await expectWaitOrder(page);
    // The step header's last step reads 'Deliver' for home delivery.
    await visible(text(page, 'Deliver'));
    await settle(page);
    await screenshot(page, 'delivery-multi-vendor-wait-order');
    expect(suite.pageErrors).toEqual([]);
  });
});
