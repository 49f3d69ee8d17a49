import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addItem,
  chooseStore,
  fillContact,
  grandTotal,
  orderToContact,
  payWithButton,
  payWithCard,
  policyModal,
  proceedToContact,
  setVendorPaymentOptions,
} from '@venue/test-harness/checkout';
import { calculateOrderPayment, dollars, getMenu, menuItem } from './support/api.ts';
import { confirmStore } from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, eventually, hidden, settle, text, visible, waitForPath } from './support/ui.ts';
import { installWalletStandIns } from './support/wallet-stand-ins.ts';

// Spec §2 Confirm contact, §4 Service mode, §5 Mobile/Email, §6 payment buttons.
const ENTER_PHONE = 'Enter phone number above';
const ENTER_EMAIL = 'Enter email address above';
const INVALID_EMAIL = 'Please enter a valid email';
const SELECT_MODE = 'Please select a service mode to proceed.';

const GRILL = { id: 2, name: 'Grill & Bun' };
const PIZZA = { id: 3, name: 'Slice Pizza Co.' };
const GRIND = { id: 4, name: 'Daily Grind' };

/** The disabled button standing in for the pay buttons, reading exactly `label`. */
function blockedButton(page: Page, label: string) {
  return page.getByRole('button', { name: label, exact: true });
}

async function expectBlocked(page: Page, label: string): Promise<void> {
  const button = await visible(blockedButton(page, label));
  expect(await button.isDisabled(), `'${label}' is disabled`).toBe(true);
  expect(await payWithButton(page, 'Card').count(), `no Card button while '${label}' shows`).toBe(0);
}

async function expectPayWith(page: Page): Promise<void> {
  await visible(page.getByRole('group', { name: 'Pay With' }));
  await visible(payWithButton(page, 'Card'));
  for (const label of [ENTER_PHONE, ENTER_EMAIL]) expect(await blockedButton(page, label).count()).toBe(0);
}

/** Take-away order at a store up to confirm-contact (policy accepted). */
const toContact = (page: Page, store: { name: string }, item: string) =>
  orderToContact(page, { store: store.name, item });

describe('confirm contact, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test("'Enter Contact Details' shows the grand total the server charges and the store's service modes without HomeDelivery", async () => {
    const page = await suite.newPage();
    // Slice Pizza Co. offers take-away and home delivery.
    await orderToContact(page, { store: PIZZA.name, item: 'Garlic Bread', count: 2 });

    await visible(page.getByRole('heading', { name: 'Enter Contact Details' }));
    const menu = await getMenu(suite.server, PIZZA.id);
    const summary = await calculateOrderPayment(suite.server, PIZZA.id, [
      { menuItemId: menuItem(menu, 'Garlic Bread').id, quantity: 2 },
    ]);
    const shown = await eventually(
      () => grandTotal(page),
      (value) => value !== '',
    );
    expect(shown, 'Grand Total').toBe(dollars(summary.total.minorAmount));

    // Without HomeDelivery one mode is left: it is stated, not offered as a choice of one.
    await visible(text(page, 'Service mode'));
    await visible(page.getByText('Take Away', { exact: true }));
    expect(await page.getByRole('radio').count(), 'no service mode radios').toBe(0);
    expect(await page.getByText(/home delivery/i).count(), 'no HomeDelivery').toBe(0);
    await settle(page);
    await screenshot(page, 'checkout-contact');
    expect(suite.pageErrors).toEqual([]);
  });

  test('the refund and data policy asks first: Accept closes it, Reject goes to start', async () => {
    const page = await suite.newPage();
    await chooseStore(page, GRILL.name);
    await addItem(page, 'Onion Rings');
    await (await visible(page.getByRole('button', { name: 'Confirm my order', exact: true }))).click();
    await waitForPath(page, '/order-flow/confirm-order');
    await (await visible(action(page, 'Proceed to Pay'))).click();
    await waitForPath(page, '/order-flow/confirm-contact');

    const policy = await visible(policyModal(page));
    // Spec §9: the terms and refund policy of 13 April 2020.
    await visible(policy.getByText(/13 April 2020/));
    await visible(policy.getByText(/no-shows/));
    await settle(page);
    await screenshot(page, 'checkout-contact-policy');
    await action(policy, 'Accept').click();
    await hidden(policyModal(page));
    expect(new URL(page.url()).pathname).toBe('/order-flow/confirm-contact');
    await visible(page.getByRole('heading', { name: 'Enter Contact Details' }));

    // Coming back asks again; Reject leaves for the start screen.
    await page.reload();
    const again = await visible(policyModal(page));
    await action(again, 'Reject').click();
    await waitForPath(page, '/start');
    await hidden(policyModal(page));
    expect(suite.pageErrors).toEqual([]);
  });

  test('mobile and e-mail rules: the disabled button says what is missing until both are right', async () => {
    const page = await suite.newPage();
    await toContact(page, GRILL, 'Onion Rings');

    // Spec §5: no valid mobile → a disabled 'Enter phone number above' instead of the pay buttons.
    await page.getByLabel('Mobile').fill('');
    await expectBlocked(page, ENTER_PHONE);
    await settle(page);
    await screenshot(page, 'checkout-contact-enter-phone');
    for (const tooShort of ['041234567', '+61 4123', 'abc1234567', '04123456789x']) {
      await page.getByLabel('Mobile').fill(tooShort);
      await expectBlocked(page, ENTER_PHONE);
    }
    // Optional plus sign, then at least 10 digits.
    for (const valid of ['0412345678', '+61412345678']) {
      await page.getByLabel('Mobile').fill(valid);
      await expectPayWith(page);
    }

    // Spec §5: an invalid e-mail says so and the button reads 'Enter email address above'.
    const email = page.getByLabel('Email (optional)');
    for (const invalid of ['sam@', 'sam.example.com', 'sam@example']) {
      await email.fill(invalid);
      await visible(text(page, INVALID_EMAIL));
      await expectBlocked(page, ENTER_EMAIL);
    }
    await settle(page);
    await screenshot(page, 'checkout-contact-invalid-email');
    // The mobile comes first: with both wrong, the button asks for the phone.
    await page.getByLabel('Mobile').fill('0412');
    await expectBlocked(page, ENTER_PHONE);
    await page.getByLabel('Mobile').fill('0412345678');

    await email.fill('sam@example.com');
    await hidden(text(page, INVALID_EMAIL));
    await expectPayWith(page);
    // The e-mail is optional.
    await email.fill('');
    await expectPayWith(page);
    expect(await text(page, INVALID_EMAIL).count()).toBe(0);
    expect(suite.pageErrors).toEqual([]);
  });

  test('a store link skips the start screen: the only service mode is stated and taken, and the pay buttons show', async () => {
    const page = await suite.newPage();
    // A store link straight to place-order skips the start screen's 'Order & Collect': no mode chosen yet.
    await page.goto(`/order-flow/place-order?vendorId=${GRILL.id}`);
    await confirmStore(page, GRILL.name);
    await addItem(page, 'Onion Rings');
    await (await visible(page.getByRole('button', { name: 'Confirm my order', exact: true }))).click();
    await proceedToContact(page);

    await fillContact(page, { mobile: '0412345678', fullName: 'Noa Mode' });
    // Grill & Bun offers take-away only: nothing to choose, so nothing to wait for.
    await visible(page.getByText('Take Away', { exact: true }));
    expect(await page.getByRole('radio').count(), 'no choice of one').toBe(0);
    await expectPayWith(page);
    expect(await text(page, SELECT_MODE).count()).toBe(0);
    // Spec §4: state is saved at most once a second, so the saved copy may lag the screen a moment.
    const saved = await eventually(
      () =>
        page.evaluate(
          () =>
            (JSON.parse(localStorage.getItem('state') ?? '{}') as { order?: { orderConfiguration?: unknown } }).order
              ?.orderConfiguration,
        ),
      (configuration) =>
        (configuration as { selectedServiceMode?: string } | undefined)?.selectedServiceMode === 'TakeAway',
    );
    expect(saved, 'the order goes as take-away').toMatchObject({ selectedServiceMode: 'TakeAway' });
    await settle(page);
    await screenshot(page, 'checkout-contact-single-service-mode');
    expect(suite.pageErrors).toEqual([]);
  });

  test('Pay With: Card always; Apple Pay and Google Pay only where the browser can pay', async () => {
    // No wallet APIs in this browser: only the card.
    const plain = await suite.newPage();
    await toContact(plain, GRILL, 'Onion Rings');
    await fillContact(plain, { mobile: '0412345678', fullName: 'Pat Plain' });
    await expectPayWith(plain);
    await settle(plain);
    expect(await payWithButton(plain, 'Apple Pay').count(), 'no Apple Pay without ApplePaySession').toBe(0);
    expect(await payWithButton(plain, 'Google Pay').count(), 'no Google Pay without its API').toBe(0);

    // Both wallets' APIs present and able to pay, at a store that allows both.
    const wallets = await suite.newPage();
    await installWalletStandIns(wallets, {
      applePay: { canMakePayments: true, token: 'ok' },
      googlePay: { ready: true, token: 'ok' },
    });
    await toContact(wallets, GRILL, 'Onion Rings');
    await fillContact(wallets, { mobile: '0412345678', fullName: 'Wes Wallet' });
    await expectPayWith(wallets);
    await visible(payWithButton(wallets, 'Apple Pay'));
    await visible(payWithButton(wallets, 'Google Pay'));
    await settle(wallets);
    await screenshot(wallets, 'checkout-contact-pay-with-wallets');

    // Apple Pay's API is there but the browser cannot pay with it (no card set up).
    const noCard = await suite.newPage();
    await installWalletStandIns(noCard, {
      applePay: { canMakePayments: false, token: 'ok' },
      googlePay: { ready: true, token: 'ok' },
    });
    await toContact(noCard, GRILL, 'Onion Rings');
    await fillContact(noCard, { mobile: '0412345678', fullName: 'Nic NoCard' });
    await visible(payWithButton(noCard, 'Google Pay'));
    expect(await payWithButton(noCard, 'Apple Pay').count(), 'no Apple Pay when canMakePayments() is false').toBe(0);
  });

  test('Pay With: no wallet buttons at a store that allows neither wallet', async () => {
    await setVendorPaymentOptions(suite.server, GRIND.id, { allowApplePay: false, allowGooglePay: false });
    try {
      const page = await suite.newPage();
      await installWalletStandIns(page, {
        applePay: { canMakePayments: true, token: 'ok' },
        googlePay: { ready: true, token: 'ok' },
      });
      await toContact(page, GRIND, 'Blueberry Muffin');
      await fillContact(page, { mobile: '0412345678', fullName: 'Ned NoWallet' });
      await expectPayWith(page);
      await settle(page);
      expect(await payWithButton(page, 'Apple Pay').count(), 'allowApplePay false').toBe(0);
      expect(await payWithButton(page, 'Google Pay').count(), 'allowGooglePay false').toBe(0);
    } finally {
      await setVendorPaymentOptions(suite.server, GRIND.id, { allowApplePay: true, allowGooglePay: true });
    }
  });

  test('the coupon button shows on payment only at stores that take coupons', async () => {
    const grill = await suite.newPage();
    await toContact(grill, GRILL, 'Onion Rings');
    await fillContact(grill, { mobile: '0412345678', fullName: 'Cody Coupon' });
    await payWithCard(grill);
    await visible(action(grill, 'Use a coupon'));

    // Slice Pizza Co. does not allow coupon payment.
    const pizza = await suite.newPage();
    await toContact(pizza, PIZZA, 'Garlic Bread');
    await fillContact(pizza, { mobile: '0412345678', fullName: 'Nora NoCoupon' });
    await payWithCard(pizza);
    await visible(pizza.getByLabel('Name on card'));
    await settle(pizza);
    expect(await action(pizza, 'Use a coupon').count(), 'no coupon button').toBe(0);
    expect(suite.pageErrors).toEqual([]);
  });
});
