import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  customerOrders,
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  onlyPaidOrder,
  orderToContact,
  payNow,
  payWithButton,
  payWithCard,
  savedOrderId,
  uniqueName,
  WALLET_ERROR,
  watchGateway,
} from '@venue/test-harness/checkout';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { eventually, settle, visible } from './support/ui.ts';
import {
  APPLE_PAY_STATUS,
  installWalletStandIns,
  setWalletToken,
  walletLog,
  type WalletStandInOptions,
} from './support/wallet-stand-ins.ts';

// Spec §2 Confirm contact 'Pay With', §4 wallet success polling, §7 apple-pay/session and
// purchase/wallet, §8 wallet message, §9 Apple Pay version 3 (visa, masterCard, 3DS) and Google Pay
// (MASTERCARD, VISA; PAN_ONLY, CRYPTOGRAM_3DS). The browsers' wallet sheets are stand-ins; the
// server and its sandbox gateway are real: a token containing 'decline' fails there.
const GRILL = { id: 2, name: 'Grill & Bun' };

/** An order at Grill & Bun up to 'Pay With' on confirm-contact, with the given wallet stand-ins. */
async function toPayWith(page: Page, wallets: WalletStandInOptions, fullName: string): Promise<void> {
  await installWalletStandIns(page, wallets);
  await orderToContact(page, { store: GRILL.name, item: 'Onion Rings', count: 2 });
  await fillContact(page, { mobile: '0412345678', fullName });
}

/** Waits for the wallet notice on confirm-contact. */
async function expectWalletError(page: Page): Promise<void> {
  const notice = await visible(page.getByRole('alert').filter({ hasText: WALLET_ERROR }), 60_000);
  expect((await notice.innerText()).trim()).toBe(WALLET_ERROR);
  expect(new URL(page.url()).pathname).toBe('/order-flow/confirm-contact');
}

describe('Apple Pay and Google Pay, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('Apple Pay: merchant validated by the server, token purchased, wait-order', async () => {
    const page = await suite.newPage();
    const gateway = watchGateway(page);
    const name = uniqueName('Abe Apple');
    await toPayWith(page, { applePay: { canMakePayments: true, token: 'apple-pay-ok' } }, name);
    await (await visible(payWithButton(page, 'Apple Pay'))).click();
    const ticket = await expectWaitOrder(page);

    const log = await walletLog(page);
    expect(log.apple.sessions, 'one Apple Pay session').toHaveLength(1);
    const session = log.apple.sessions[0]!;
    expect(session.version, 'Apple Pay version 3').toBe(3);
    expect(session.request).toMatchObject({
      countryCode: 'AU',
      currencyCode: 'AUD',
      supportedNetworks: ['visa', 'masterCard'],
    });
    expect(session.request.merchantCapabilities).toContain('supports3DS');
    // The merchant session came from the server (POST …/payment/apple-pay/session).
    expect(log.apple.merchantSession).toMatchObject({ displayName: GRILL.name });
    expect(log.apple.completed, 'completed with success').toEqual([APPLE_PAY_STATUS.success]);

    const order = await onlyPaidOrder(suite.server, GRILL.id, name);
    expect(order.claimTicket).toBe(ticket);
    expect((session.request.total as { amount: string }).amount, 'the sheet showed the order total').toBe(
      (order.total.minorAmount / 100).toFixed(2),
    );
    expect(gateway.codes, 'no card request').toEqual([]);
    expect(suite.pageErrors).toEqual([]);
  });

  test('Apple Pay declined: the session completes with failure, the wallet message shows, and a card then pays the same order', async () => {
    const page = await suite.newPage();
    const name = uniqueName('Dee Decline');
    await toPayWith(page, { applePay: { canMakePayments: true, token: 'please-decline-this' } }, name);
    await (await visible(payWithButton(page, 'Apple Pay'))).click();
    await expectWalletError(page);
    await settle(page);
    await screenshot(page, 'payment-apple-pay-declined');
    const completed = await eventually(
      async () => (await walletLog(page)).apple.completed,
      (statuses) => statuses.length > 0,
    );
    expect(completed, 'completed with failure').toEqual([APPLE_PAY_STATUS.failure]);
    const orderId = await savedOrderId(page);
    const unpaid = await customerOrders(suite.server, GRILL.id, name);
    expect(unpaid.map((order) => [order.id, order.orderStatus])).toEqual([[orderId, 'Pending']]);

    // Another way to pay: the card, for the same order.
    await payWithCard(page);
    await fillCard(page, GOOD_CARD);
    await payNow(page);
    await expectWaitOrder(page);
    await onlyPaidOrder(suite.server, GRILL.id, name, orderId);
    expect(suite.pageErrors).toEqual([]);
  });

  test('Apple Pay closed by the customer: no charge, no message, the order waits for payment', async () => {
    const page = await suite.newPage();
    const name = uniqueName('Cal Cancel');
    await toPayWith(page, { applePay: { canMakePayments: true, token: 'ok', cancel: true } }, name);
    await (await visible(payWithButton(page, 'Apple Pay'))).click();
    await eventually(async () => (await walletLog(page)).apple.merchantSession !== null, Boolean);
    await settle(page);
    expect(await page.getByRole('alert').filter({ hasText: WALLET_ERROR }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/order-flow/confirm-contact');
    await visible(payWithButton(page, 'Apple Pay'));
    const orders = await customerOrders(suite.server, GRILL.id, name);
    expect(
      orders.every((order) => order.paidAt === null),
      'nothing paid',
    ).toBe(true);
    expect(suite.pageErrors).toEqual([]);
  });

  test('Google Pay: the payment sheet asks for the order total, the token is purchased, wait-order', async () => {
    const page = await suite.newPage();
    const gateway = watchGateway(page);
    const name = uniqueName('Gia Google');
    await toPayWith(page, { googlePay: { ready: true, token: '{"signature":"google-pay-ok"}' } }, name);
    await (await visible(payWithButton(page, 'Google Pay'))).click();
    const ticket = await expectWaitOrder(page);
    await settle(page);
    await screenshot(page, 'payment-google-pay-wait-order');

    const log = await walletLog(page);
    // The shipped configuration: Google Pay in production mode.
    expect(log.google.environments.length).toBeGreaterThan(0);
    expect(new Set(log.google.environments)).toEqual(new Set(['PRODUCTION']));
    expect(log.google.paymentRequests, 'one payment sheet').toHaveLength(1);
    const request = log.google.paymentRequests[0] as {
      allowedPaymentMethods: {
        type: string;
        parameters: { allowedAuthMethods: string[]; allowedCardNetworks: string[] };
      }[];
      transactionInfo: { totalPrice: string; currencyCode: string; countryCode: string };
    };
    expect(request.allowedPaymentMethods[0]?.type).toBe('CARD');
    expect(request.allowedPaymentMethods[0]?.parameters.allowedCardNetworks).toEqual(['MASTERCARD', 'VISA']);
    expect(request.allowedPaymentMethods[0]?.parameters.allowedAuthMethods).toEqual(['PAN_ONLY', 'CRYPTOGRAM_3DS']);

    const order = await onlyPaidOrder(suite.server, GRILL.id, name);
    expect(order.claimTicket).toBe(ticket);
    expect(request.transactionInfo).toMatchObject({
      totalPrice: (order.total.minorAmount / 100).toFixed(2),
      currencyCode: 'AUD',
      countryCode: 'AU',
    });
    expect(gateway.codes, 'no card request').toEqual([]);
    expect(suite.pageErrors).toEqual([]);
  });

  test('Google Pay declined: the wallet message shows; another card in Google Pay then pays the same order', async () => {
    const page = await suite.newPage();
    const name = uniqueName('Dot Decline');
    await toPayWith(page, { googlePay: { ready: true, token: '{"signature":"decline-me"}' } }, name);
    await (await visible(payWithButton(page, 'Google Pay'))).click();
    await expectWalletError(page);
    await settle(page);
    await screenshot(page, 'payment-google-pay-declined');
    const orderId = await savedOrderId(page);
    const orders = await customerOrders(suite.server, GRILL.id, name);
    expect(
      orders.map((order) => [order.id, order.orderStatus]),
      'one unpaid order',
    ).toEqual([[orderId, 'Pending']]);

    // The customer picks another card in Google Pay: the same order is paid, none placed again.
    await setWalletToken(page, 'google', '{"signature":"google-pay-ok"}');
    await (await visible(payWithButton(page, 'Google Pay'))).click();
    await expectWaitOrder(page);
    await onlyPaidOrder(suite.server, GRILL.id, name, orderId);
    expect((await walletLog(page)).google.paymentRequests).toHaveLength(2);
    expect(suite.pageErrors).toEqual([]);
  });
});
