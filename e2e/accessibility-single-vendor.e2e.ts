import { describe, test } from 'vitest';
import { ScreenAudit } from './support/a11y.ts';
import { closeWith, reviewContactAndPay, waitReadyAndCollect } from './support/a11y-flow.ts';
import { addWithPlus, confirmButton, confirmStoreIfAsked, expectConfirmButton } from './support/ordering.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, eventually, settle, slotPicker, text, visible, waitForPath } from './support/ui.ts';

// Issue 7 part 1: every screen and modal of the single-vendor builds passes axe-core (WCAG 2.2 AA
// tags) with no violation, every control is a 44×44 px touch target, and nothing scrolls sideways
// at 320 px or at 200 % zoom.
const GRILL_AND_BUN = 2;
const SLICE_PIZZA = 3;

describe('accessibility, single-vendor build of Grill & Bun (take-away)', () => {
  const suite = setupSuite({ build: 'single-vendor-2' });

  test('start, pickup-time modal, place-order, review, contact, payment, wait, ready and alert-order', async () => {
    const page = await suite.newPage();
    const audit = new ScreenAudit(page);
    await page.goto('/start');
    await visible(action(page, 'Order & Collect'));
    await settle(page);
    await audit.check('sv2-start');

    await action(page, 'Order & Collect').click();
    const time = await visible(dialog(page, 'Select preferred pickup time'));
    await audit.check('sv2-pickup-time-modal');
    const picker = await slotPicker(time);
    if ((await picker.slotLabels()).length > 0) {
      await picker.choose(0);
      await eventually(
        () => action(time, 'Pickup Later').isEnabled(),
        (enabled) => enabled,
      );
      await audit.check('sv2-pickup-time-modal-slot-chosen');
    }
    await action(time, 'ASAP').click();
    await waitForPath(page, '/order-flow/place-order');
    await confirmStoreIfAsked(page);
    await expectConfirmButton(page, 'Select Items Above');
    await settle(page);
    await audit.check('sv2-place-order');

    await addWithPlus(page, 'Onion Rings', 2);
    await confirmButton(page).click();
    await reviewContactAndPay(page, audit, 'sv2', { coupon: true });
    await waitReadyAndCollect(page, suite.server, audit, 'sv2', GRILL_AND_BUN);

    // Back at the start the last order is offered again.
    await action(page, 'Start new order').click();
    await waitForPath(page, '/start');
    await visible(action(page, 'Reorder'));
    await settle(page);
    await audit.check('sv2-start-reorder');
    audit.expectClean();
  });
});

describe('accessibility, single-vendor build of Slice Pizza Co. (home delivery)', () => {
  const suite = setupSuite({ build: 'single-vendor-3' });

  test('start, deliver-time modal, delivery address, minimum notice, and a delivery order to alert-order', async () => {
    const page = await suite.newPage();
    const audit = new ScreenAudit(page);
    await page.goto('/start');
    await visible(action(page, 'Order Home Delivery'));
    await settle(page);
    await audit.check('sv3-start');

    await action(page, 'Order Home Delivery').click();
    const time = await visible(dialog(page, 'Select preferred deliver time'));
    await audit.check('sv3-deliver-time-modal');
    await action(time, 'ASAP').click();
    await waitForPath(page, '/order-flow/delivery');
    await visible(action(page, 'Enter Address Above'));
    await settle(page);
    await audit.check('sv3-delivery');

    const field = await visible(page.getByRole('combobox', { name: 'Delivery address' }));
    await field.fill('Homebush 2140');
    await visible(page.getByRole('option', { name: 'Homebush NSW 2140', exact: true }));
    await audit.check('sv3-delivery-suggestions');
    await page.getByRole('option', { name: 'Homebush NSW 2140', exact: true }).click();
    await (await visible(page.getByRole('textbox', { name: 'Street address' }))).fill('5 Parramatta Rd');
    const proceed = await visible(action(page, 'Proceed to Order'));
    await eventually(
      () => proceed.isEnabled(),
      (enabled) => enabled,
    );
    await audit.check('sv3-delivery-proceed');

    // The deliver time can be changed from here: the same modal again.
    await action(page, 'Change').click();
    const again = await visible(dialog(page, 'Select preferred deliver time'));
    await audit.check('sv3-delivery-change-time-modal');
    await closeWith(page, again, 'Cancel');

    await proceed.click();
    await waitForPath(page, '/order-flow/place-order');
    await confirmStoreIfAsked(page);
    await addWithPlus(page, 'Garlic Bread', 1);
    await visible(text(page, 'Minimum Delivery Order Amount $25.00'));
    await settle(page);
    await audit.check('sv3-place-order-minimum');
    await addWithPlus(page, 'Garlic Bread', 2);
    await (await expectConfirmButton(page, 'Confirm my order')).click();
    await reviewContactAndPay(page, audit, 'sv3', { coupon: false, delivery: true });
    await waitReadyAndCollect(page, suite.server, audit, 'sv3', SLICE_PIZZA, true);
    audit.expectClean();
  });
});
