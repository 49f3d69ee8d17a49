import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  applyCoupon,
  customerOrders,
  expectWaitOrder,
  fillCard,
  GOOD_CARD,
  grandTotal,
  onlyPaidOrder,
  openCouponModal,
  orderToPayment,
  payNow,
  savedOrderId,
  uniqueName,
  watchGateway,
} from '@venue/test-harness/checkout';
import { dollars } from './support/api.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, eventually, hidden, settle, text, visible } from './support/ui.ts';

// Spec §2 Payment (optional coupon button), §4 Coupon, §5 Coupon ('Apply' disabled until text),
// §8 'Invalid coupon code.'; README "Demo coupons": HALFPRICE 50 % off, FREEMEAL pays the whole
// order, EXPIRED always refused. Grill & Bun takes coupons.
const GRILL = { id: 2, name: 'Grill & Bun' };
const INVALID_COUPON = 'Invalid coupon code.';

async function toPayment(page: Page, fullName: string): Promise<void> {
  await orderToPayment(page, { store: GRILL.name, item: 'Onion Rings', count: 2 }, { mobile: '0412345678', fullName });
  await visible(page.getByLabel('Name on card'));
}

/** Waits until the payment screen's Grand Total reads `expected`. */
async function expectGrandTotal(page: Page, expected: string): Promise<void> {
  const shown = await eventually(
    () => grandTotal(page),
    (value) => value === expected,
  );
  expect(shown, 'Grand Total').toBe(expected);
}

describe('coupons on the payment screen, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test("a code that is not a coupon, or has expired, says 'Invalid coupon code.' and changes nothing", async () => {
    const page = await suite.newPage();
    const name = uniqueName('Ivy Invalid');
    await toPayment(page, name);
    const [order] = await customerOrders(suite.server, GRILL.id, name);
    const total = dollars(order!.total.minorAmount);
    await expectGrandTotal(page, total);

    const modal = await openCouponModal(page);
    const apply = action(modal, 'Apply');
    // Spec §5: Apply stays disabled until a code is typed.
    expect(await apply.isDisabled(), 'Apply with no code').toBe(true);
    await modal.getByLabel('Coupon code').fill('   ');
    expect(await apply.isDisabled(), 'Apply with spaces only').toBe(true);

    for (const code of ['NOT-A-CODE', 'EXPIRED']) {
      await applyCoupon(modal, code);
      const error = await visible(modal.getByRole('alert'));
      expect((await error.innerText()).trim(), code).toBe(INVALID_COUPON);
    }
    await settle(page);
    await screenshot(page, 'payment-coupon-invalid');
    await action(modal, 'Cancel').click();
    await hidden(dialog(page, 'Use a coupon'));
    await expectGrandTotal(page, total);
    const [after] = await customerOrders(suite.server, GRILL.id, name);
    expect(after?.total.minorAmount, 'the order keeps its price').toBe(order!.total.minorAmount);
    expect(suite.pageErrors).toEqual([]);
  });

  test('a partial coupon reprices the order, and the card pays the new total', async () => {
    const page = await suite.newPage();
    const gateway = watchGateway(page);
    const name = uniqueName('Hal Half');
    await toPayment(page, name);
    const [placed] = await customerOrders(suite.server, GRILL.id, name);
    const fullMinor = placed!.total.minorAmount;
    await expectGrandTotal(page, dollars(fullMinor));

    const modal = await openCouponModal(page);
    await applyCoupon(modal, 'halfprice');
    await hidden(dialog(page, 'Use a coupon'));

    // The server reprices the order; the screen shows its new total.
    const repriced = await eventually(
      async () => (await customerOrders(suite.server, GRILL.id, name))[0]?.total.minorAmount ?? fullMinor,
      (minor) => minor !== fullMinor,
    );
    expect(repriced, 'a lower total').toBeLessThan(fullMinor);
    expect(repriced, 'about half').toBeGreaterThanOrEqual(Math.floor(fullMinor / 2) - 100);
    await expectGrandTotal(page, dollars(repriced));
    await visible(page.getByText(/HALFPRICE/i).first());
    await settle(page);
    await screenshot(page, 'payment-coupon-applied');

    await fillCard(page, GOOD_CARD);
    await payNow(page);
    await expectWaitOrder(page);
    const order = await onlyPaidOrder(suite.server, GRILL.id, name);
    expect(order.total.minorAmount, 'paid at the coupon price').toBe(repriced);
    expect(await gateway.charged(), 'one card charge').toBe(1);
    expect(suite.pageErrors).toEqual([]);
  });

  test('a coupon covering the whole order pays it with no card', async () => {
    const page = await suite.newPage();
    const gateway = watchGateway(page);
    const name = uniqueName('Fred Free');
    await toPayment(page, name);
    const orderId = await savedOrderId(page);

    const modal = await openCouponModal(page);
    await applyCoupon(modal, 'FREEMEAL');
    const ticket = await expectWaitOrder(page);
    await settle(page);
    await screenshot(page, 'payment-coupon-free-wait-order');

    // Paid by the coupon, with nothing to pay.
    const order = await onlyPaidOrder(suite.server, GRILL.id, name, orderId);
    expect(order.total.minorAmount, 'nothing to pay').toBe(0);
    expect(order.claimTicket).toBe(ticket);
    expect(gateway.codes, 'no card request').toEqual([]);
    await visible(text(page, 'Wait and keep checking screen'));
    expect(suite.pageErrors).toEqual([]);
  });
});
