import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  type Contact,
  customerOrders,
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  moveOrder,
  orderToContact,
  orderToPayment,
  payNow,
  payNowButton,
  payWithCard,
  savedOrderId,
  uniqueName,
  watchGateway,
} from '@venue/test-harness/checkout';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, eventually, settle, text, visible, waitForPath } from './support/ui.ts';

// Spec §2 Payment (saved card), §3 Initiated payment savedPaymentMethod and Card form
// isRememberCardChecked, §5 Saved card: only the CVN, 3 to 4 digits.
const GRILL = { id: 2, name: 'Grill & Bun' };

describe('saved card, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  /** The kitchen readies the order; the customer collects it and starts a new order from alert-order. */
  async function collectAndStartAgain(page: Page, orderId: number): Promise<void> {
    await moveOrder(suite.server, GRILL.id, orderId, 'PendingAlerted');
    await (await visible(action(page, 'Collect my order'), 60_000)).click();
    await waitForPath(page, '/order-flow/alert-order');
    await (await visible(action(page, 'Start new order'))).click();
    await page.waitForURL((url) => url.pathname !== '/order-flow/alert-order');
  }

  test("a card paid with 'Remember card' pays the next order with its CVN only", async () => {
    const page = await suite.newPage();
    const gateway = watchGateway(page);
    const contact: Contact = { mobile: '0412345678', fullName: uniqueName('Rene Remember') };

    await orderToPayment(page, { store: GRILL.name, item: 'Onion Rings' }, contact);
    await fillCard(page, { ...GOOD_CARD, number: '5555555555554444', holder: 'Rene Remember' });
    const remember = page.getByRole('checkbox', { name: 'Remember card' });
    expect(await remember.isChecked(), 'not remembered unless asked').toBe(false);
    await remember.check();
    await payNow(page);
    await expectWaitOrder(page);
    const firstOrder = await savedOrderId(page);

    await collectAndStartAgain(page, firstOrder);

    await orderToContact(page, { store: GRILL.name, item: 'Garden Salad' });
    // The contact details are remembered with the consumer.
    expect(await page.getByLabel('Mobile').inputValue()).toBe(contact.mobile);
    await fillContact(page, contact);
    await payWithCard(page);

    // Spec §2: the saved card instead of the new-card form; only its CVN is asked for.
    await visible(page.getByText(/4444/).first());
    await visible(page.getByText(/Rene Remember/).first());
    expect(await page.getByLabel('Card number').count(), 'no card number field').toBe(0);
    expect(await page.getByLabel('Name on card').count(), 'no name field').toBe(0);
    const cvn = await visible(page.getByLabel('CVN'));
    const pay = payNowButton(page);
    await cvn.fill('12');
    expect(await eventually(() => pay.isDisabled(), Boolean), 'a 2-digit CVN').toBe(true);
    await cvn.fill('');
    await cvn.pressSequentially('12345');
    expect(await cvn.inputValue(), 'at most 4 digits').toBe('1234');
    expect(await eventually(() => pay.isEnabled(), Boolean), 'a 4-digit CVN').toBe(true);
    await cvn.fill('321');
    await settle(page);
    await screenshot(page, 'payment-saved-card');

    const cardRequestsBefore = gateway.codes.length;
    await payNow(page);
    await expectWaitOrder(page);
    const secondOrder = await savedOrderId(page);
    expect(secondOrder).not.toBe(firstOrder);
    // Paid with the stored card through the server: the browser sent no card to the gateway.
    expect(gateway.codes.length, 'no new card request').toBe(cardRequestsBefore);
    const orders = await customerOrders(suite.server, GRILL.id, contact.fullName);
    const second = orders.find((order) => order.id === secondOrder);
    expect(second?.paidAt, 'the second order is paid').not.toBeNull();
    expect(orders).toHaveLength(2);
    expect(suite.pageErrors).toEqual([]);
  });

  test('a saved card can be set aside for a new card, and a failing CVN on it shows its message', async () => {
    const page = await suite.newPage();
    const contact: Contact = { mobile: '0498765432', fullName: uniqueName('Val Saved') };
    await orderToPayment(page, { store: GRILL.name, item: 'Onion Rings' }, contact);
    await fillCard(page, GOOD_CARD);
    await page.getByRole('checkbox', { name: 'Remember card' }).check();
    await payNow(page);
    await expectWaitOrder(page);
    await collectAndStartAgain(page, await savedOrderId(page));

    await orderToPayment(page, { store: GRILL.name, item: 'Onion Rings' }, contact);
    const cvn = await visible(page.getByLabel('CVN'));
    // CVV 200: the gateway declines the saved card too.
    await cvn.fill('200');
    await payNow(page);
    await visible(
      page
        .getByRole('alert')
        .filter({ hasText: 'Your card has been declined by the bank, please check the details below.' }),
      60_000,
    );
    // 'Use a new card' brings the full form back.
    await (await visible(action(page, 'Use a new card'))).click();
    await visible(page.getByLabel('Card number'));
    await visible(text(page, 'Remember card'));
    expect(suite.pageErrors).toEqual([]);
  });
});
