import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  cardNotice,
  customerOrders,
  expectWaitOrder,
  FAILING_CARDS,
  fillCard,
  GOOD_CARD,
  grandTotal,
  onlyPaidOrder,
  orderToPayment,
  payNow,
  payNowButton,
  replaceGatewayCardNumber,
  savedOrderId,
  uniqueName,
  venueOrders,
  watchGateway,
} from '@venue/test-harness/checkout';
import { dollars } from './support/api.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { eventually, settle, text, visible } from './support/ui.ts';

// Spec §2 Payment, §4 payment result codes and polling, §8 card messages; architecture page
// "Sandbox payment gateway": the CVV picks the gateway's answer.
const GRILL = { id: 2, name: 'Grill & Bun' };

/** A take-away order of Onion Rings at Grill & Bun, on the payment screen, for `fullName`. */
const toPayment = (page: Page, fullName: string) =>
  orderToPayment(page, { store: GRILL.name, item: 'Onion Rings', count: 2 }, { mobile: '0412345678', fullName });

describe('payment by new card, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('a good card pays: wait-order with an order number, and the venue sees the order Waiting', async () => {
    const page = await suite.newPage();
    const gateway = watchGateway(page);
    const name = uniqueName('Sam Success');
    await toPayment(page, name);

    // Spec §2: 'Enter Payment Details' with the vendor's logo and name and the grand total.
    await visible(text(page, GRILL.name));
    await visible(page.locator('img[src*="/displayassets/"]'));
    const orderId = await savedOrderId(page);
    const [placed] = await customerOrders(suite.server, GRILL.id, name);
    expect(placed?.orderStatus, 'placed and not yet paid').toBe('Pending');
    const total = await eventually(
      () => grandTotal(page),
      (value) => value !== '',
    );
    expect(total).toBe(dollars(placed!.total.minorAmount));
    await fillCard(page, GOOD_CARD);
    await settle(page);
    await screenshot(page, 'payment-card-filled');

    await payNow(page);
    const ticket = await expectWaitOrder(page);
    await settle(page);
    await screenshot(page, 'payment-card-wait-order');

    // The venue's systems see the paid order in its queue.
    const waiting = await eventually(
      () => venueOrders(suite.server, GRILL.id, 'Waiting'),
      (orders) => orders.some((order) => order.id === orderId),
    );
    const order = waiting.find((candidate) => candidate.id === orderId);
    expect(order, `order ${orderId} is Waiting at the venue`).toBeDefined();
    expect(order?.customerName).toBe(name);
    expect(order?.claimTicket, 'the order number on wait-order').toBe(ticket);
    expect(order?.positionInQueue).toBeGreaterThanOrEqual(1);
    expect(order?.paidAt).not.toBeNull();
    await onlyPaidOrder(suite.server, GRILL.id, name, orderId);
    expect(await gateway.charged(), 'one charge').toBe(1);
    expect(suite.pageErrors).toEqual([]);
  });

  test("each failing card shows spec §8's message; a good card then pays the same order once", async () => {
    const page = await suite.newPage();
    const gateway = watchGateway(page);
    const name = uniqueName('Fay Failure');
    await toPayment(page, name);
    const orderId = await savedOrderId(page);
    await fillCard(page, GOOD_CARD);

    for (const [index, failing] of FAILING_CARDS.entries()) {
      await page.getByLabel('Card number').fill(failing.card.number);
      await page.getByLabel('CVN').fill(failing.card.cvv);
      const restore = failing.sentNumber ? await replaceGatewayCardNumber(page, failing.sentNumber) : null;
      // Start lower down the page: the notice brings the customer back to the top.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await payNow(page);
      // This attempt's answer, not the notice of the one before (some share a message).
      await eventually(
        async () => gateway.codes.length,
        (count) => count === index + 1,
        60_000,
      );
      await restore?.();
      const notice = await visible(cardNotice(page, failing.message), 60_000);
      expect((await notice.innerText()).trim(), failing.label).toBe(failing.message);
      expect(new URL(page.url()).pathname, `${failing.label}: still on payment`).toBe('/order-flow/payment');
      const scrolled = await eventually(
        () => page.evaluate(() => window.scrollY),
        (y) => y === 0,
      );
      expect(scrolled, `${failing.label}: scrolled to the top`).toBe(0);
      if (failing.code === 2) await screenshot(page, 'payment-card-declined');
      // The order stays unpaid and is the only one.
      const orders = await customerOrders(suite.server, GRILL.id, name);
      expect(
        orders.map((order) => [order.id, order.orderStatus]),
        `${failing.label}: one unpaid order`,
      ).toEqual([[orderId, 'Pending']]);
      // The button comes back for another try (a fresh payment is initiated).
      await eventually(
        () => payNowButton(page).isEnabled(),
        (enabled) => enabled,
      );
    }
    expect(gateway.codes, 'the gateway answered each failing card').toEqual(FAILING_CARDS.map((card) => card.code));

    await page.getByLabel('Card number').fill(GOOD_CARD.number);
    await page.getByLabel('CVN').fill(GOOD_CARD.cvv);
    await payNow(page);
    await expectWaitOrder(page);
    await onlyPaidOrder(suite.server, GRILL.id, name, orderId);
    expect(await gateway.charged(), 'charged once').toBe(1);
    expect(suite.pageErrors).toEqual([]);
  });

  test('card form rules: name, 13–16 digits, CVN of 3 capped at 4, expiry month and next 20 years, brand icon', async () => {
    const page = await suite.newPage();
    await toPayment(page, uniqueName('Ray Rules'));
    const name = page.getByLabel('Name on card');
    const number = page.getByLabel('Card number');
    const cvn = page.getByLabel('CVN');
    const month = page.getByLabel('Month');
    const year = page.getByLabel('Year');
    const pay = payNowButton(page);
    await visible(pay);

    // Expiry choices: the 12 months and the next 20 years.
    const monthValues = await month
      .locator('option')
      .evaluateAll((options) => (options as HTMLOptionElement[]).map((o) => o.value).filter(Boolean));
    expect(monthValues.map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const yearValues = (
      await year
        .locator('option')
        .evaluateAll((options) => (options as HTMLOptionElement[]).map((o) => o.value).filter(Boolean))
    ).map(Number);
    const thisYear = await page.evaluate(() => new Date().getFullYear());
    expect(yearValues).toHaveLength(20);
    expect(yearValues[0]).toBe(thisYear);
    expect(yearValues.at(-1)).toBe(thisYear + 19);

    // Everything right but one field at a time: 'Pay by Card Now' cannot be used.
    await fillCard(page, GOOD_CARD);
    await eventually(
      () => pay.isEnabled(),
      (enabled) => enabled,
    );
    const refused = async (why: string) =>
      expect(await eventually(() => pay.isDisabled(), Boolean), `'Pay by Card Now' with ${why}`).toBe(true);

    await name.fill('   ');
    await refused('a blank name');
    await name.press('Tab');
    await visible(page.locator('[aria-invalid="true"]').first());
    await name.fill(GOOD_CARD.holder);

    await number.fill('424242424242');
    await refused('12 digits');
    await number.fill('4222222222222');
    expect(await eventually(() => pay.isEnabled(), Boolean), '13 digits are enough').toBe(true);
    // A full-length number failing the Luhn check (one digit mistyped) cannot be paid with either.
    await number.fill('4242424242424241');
    await refused('a number failing the Luhn check');
    // No more than 16 digits go in.
    await number.fill('42424242424242424242');
    expect((await number.inputValue()).replace(/\D/g, '')).toBe('4242424242424242');
    await number.fill(GOOD_CARD.number);

    await cvn.fill('12');
    await refused('a 2-digit CVN');
    await cvn.fill('');
    await cvn.pressSequentially('12345');
    expect(await cvn.inputValue(), 'the CVN input takes at most 4 digits').toBe('1234');
    expect(await eventually(() => pay.isEnabled(), Boolean), 'a 4-digit CVN').toBe(true);
    await cvn.fill(GOOD_CARD.cvv);

    await month.selectOption('');
    await refused('no expiry month');
    await month.selectOption('12');
    await year.selectOption('');
    await refused('no expiry year');
    await year.selectOption({ index: 2 });
    expect(await eventually(() => pay.isEnabled(), Boolean)).toBe(true);

    // Spec §5: the brand icon follows the number.
    const brands: [string, string][] = [
      ['4111 1111 1111 1111', 'visa'],
      ['5555 5555 5555 4444', 'mastercard'],
      ['2223 0031 2200 3222', 'mastercard'],
      ['3782 822463 10005', 'amex'],
      ['3056 9309 0259 04', 'diners-club'],
      ['3530 1113 3330 0000', 'jcb'],
      ['6011 1111 1111 1117', 'generic'],
    ];
    const icon = page.locator('[data-brand]').first();
    for (const [typed, brand] of brands) {
      await number.fill(typed);
      const shown = await eventually(
        () => icon.getAttribute('data-brand'),
        (value) => value === brand,
      );
      expect(shown, `the icon for ${typed}`).toBe(brand);
    }
    await number.fill('3782 822463 10005');
    await visible(page.getByRole('img', { name: 'American Express' }));
    await settle(page);
    await screenshot(page, 'payment-card-form-amex');

    // Pay with the form empty: every field says what it needs (no card request is sent).
    await page.reload();
    await visible(page.getByLabel('Name on card'));
    for (const field of ['Name on card', 'Card number', 'CVN']) {
      await page.getByLabel(field).focus();
      await page.getByLabel(field).blur();
    }
    expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(3);
    expect(await pay.isDisabled()).toBe(true);
    await screenshot(page, 'payment-card-form-errors');
    expect(suite.pageErrors).toEqual([]);
  });
});
