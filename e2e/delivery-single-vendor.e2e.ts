import { describe, expect, test } from 'vitest';
import { confirmStoreIfAsked, expectConfirmButton } from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, eventually, visible, waitForPath } from './support/ui.ts';

// Spec §2 Delivery in single-vendor mode: 'Enter Address Above' until an address is chosen, then
// 'Proceed to Order'. Slice Pizza Co. (VITE_VENDOR_ID=3) delivers up to 10 km.
describe('home delivery, single-vendor build of Slice Pizza Co. (VITE_VENDOR_ID=3)', () => {
  const suite = setupSuite({ build: 'single-vendor-3' });

  test("'Enter Address Above' until an address is chosen, then 'Proceed to Order' to the menu", async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await (await visible(action(page, 'Order Home Delivery'))).click();
    const modal = await visible(dialog(page, 'Select preferred deliver time'));
    await action(modal, 'ASAP').click();
    await waitForPath(page, '/order-flow/delivery');

    const enter = await visible(action(page, 'Enter Address Above'));
    expect(await enter.isDisabled()).toBe(true);
    expect(await action(page, 'Proceed to Order').count()).toBe(0);

    const field = await visible(page.getByRole('combobox', { name: 'Delivery address' }));
    await field.fill('Homebush 2140');
    await (await visible(page.getByRole('option', { name: 'Homebush NSW 2140', exact: true }))).click();
    // No street line yet: the address is not complete.
    const street = await visible(page.getByRole('textbox', { name: 'Street address' }));
    expect(await action(page, 'Enter Address Above').isDisabled()).toBe(true);
    await street.fill('5 Parramatta Rd');

    const proceed = await visible(action(page, 'Proceed to Order'));
    await eventually(
      () => proceed.isEnabled(),
      (enabled) => enabled,
    );
    await screenshot(page, 'delivery-single-vendor-proceed');
    await proceed.click();
    await waitForPath(page, '/order-flow/place-order');
    await confirmStoreIfAsked(page);
    await expectConfirmButton(page, 'Select Items Above');
    expect(suite.pageErrors).toEqual([]);
  });
});
