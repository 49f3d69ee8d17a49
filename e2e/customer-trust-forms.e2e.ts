import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  fillCard,
  GOOD_CARD,
  orderToContact,
  orderToPayment,
  payNowButton,
  payWithButton,
} from '@venue/test-harness/checkout';
import type { TestServer } from '@venue/test-harness/server';
import { expectErrorTiedTo } from './support/a11y-flow.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { eventually, hidden, settle, text, visible } from './support/ui.ts';

// Spec §5 contact and card rules: the app refuses, next to the field, what the server would refuse
// (one rule for both), a mistyped card number is caught before paying, and the contact form promises
// nothing the product does not do.
const GRILL = { name: 'Grill & Bun' };
const INVALID_EMAIL = 'Please enter a valid email';
const ENTER_EMAIL = 'Enter email address above';
const ENTER_PHONE = 'Enter phone number above';
const CHECK_CARD_NUMBER = 'Please check your card number.';
/** 16 digits: one more than E.164 allows. */
const SIXTEEN_DIGIT_MOBILE = '0412345678901234';
/** The good test card with its last digit changed, so the Luhn check fails. */
const LUHN_FAILING_NUMBER = '4242424242424241';

/** The disabled button standing in for the pay buttons (spec §5), reading exactly `label`. */
async function expectBlocked(page: Page, label: string): Promise<void> {
  const button = await visible(page.getByRole('button', { name: label, exact: true }));
  expect(await button.isDisabled(), `'${label}' is disabled`).toBe(true);
  expect(await payWithButton(page, 'Card').count(), `no Card button while '${label}' shows`).toBe(0);
}

/** What the server answers when asked to keep this contact (POST /v1/consumer/create). */
async function serverAnswer(server: TestServer, contact: Record<string, string>) {
  const response = await fetch(`${server.url}/v1/consumer/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contact }),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

/** Whether the field says it is in error (aria-invalid="true"). */
const invalid = async (field: Locator) => (await field.getAttribute('aria-invalid')) === 'true';

describe('customer trust: forms refuse what the server refuses, and say only what is true', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test("an address or a mobile the server refuses is refused by the form, in the server's words", async () => {
    const page = await suite.newPage();
    await orderToContact(page, { store: GRILL.name, item: 'Onion Rings' });
    const mobile = await visible(page.getByLabel('Mobile'));
    const email = page.getByLabel('Email (optional)');

    // The form says what the details are for, and promises no text message.
    await visible(text(page, 'The store uses this to contact you about your order if needed.'));
    await visible(text(page, 'We email your receipt here when you ask for one.'));
    expect(await page.getByText(/text you/i).count(), 'no promise of a text message').toBe(0);

    await mobile.fill('0412345678');
    await email.fill('a..b@example.com');
    await visible(text(page, INVALID_EMAIL));
    await expectErrorTiedTo(email, INVALID_EMAIL);
    await expectBlocked(page, ENTER_EMAIL);
    await settle(page);
    await screenshot(page, 'customer-trust-invalid-email');
    for (const refused of ['josé@example.com', 'a@b.c0m']) {
      await email.fill(refused);
      await visible(text(page, INVALID_EMAIL));
      await expectBlocked(page, ENTER_EMAIL);
    }
    // The server refuses the same address with the same words.
    const answer = await serverAnswer(suite.server, { mobile: '0412345678', email: 'a..b@example.com' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(INVALID_EMAIL);
    await email.fill('');
    await hidden(text(page, INVALID_EMAIL));

    // 16 digits are more than any phone number has: the app refuses them as the server does.
    await mobile.fill(SIXTEEN_DIGIT_MOBILE);
    await expectBlocked(page, ENTER_PHONE);
    await mobile.blur();
    expect(await eventually(() => invalid(mobile), Boolean), 'the mobile field is in error').toBe(true);
    expect((await serverAnswer(suite.server, { mobile: SIXTEEN_DIGIT_MOBILE })).status).toBe(400);
    await mobile.fill('0412345678');
    await visible(payWithButton(page, 'Card'));
    expect(suite.pageErrors).toEqual([]);
  });

  test("a card number failing the Luhn check says so by the field and leaves 'Pay by Card Now' unusable", async () => {
    const page = await suite.newPage();
    await orderToPayment(page, { store: GRILL.name, item: 'Onion Rings' }, { mobile: '0412345678', fullName: 'Lu Hn' });
    const pay = await visible(payNowButton(page));
    const number = await visible(page.getByLabel('Card number'));

    // A number still being typed is not judged: 13 digits may be the start of 16.
    await number.fill('4242 4242 4242 4');
    await settle(page);
    expect(await text(page, CHECK_CARD_NUMBER).count(), 'no message while typing a shorter number').toBe(0);
    expect(await invalid(number)).toBe(false);

    // A number that fills the field is finished: the customer hears about it at once, still in the field.
    await number.fill(LUHN_FAILING_NUMBER);
    await visible(text(page, CHECK_CARD_NUMBER));
    await expectErrorTiedTo(number, CHECK_CARD_NUMBER);

    // Everything else right: 'Pay by Card Now' still cannot be used.
    await fillCard(page, { ...GOOD_CARD, number: LUHN_FAILING_NUMBER });
    await visible(text(page, CHECK_CARD_NUMBER));
    expect(await eventually(() => pay.isDisabled(), Boolean), "'Pay by Card Now' with a mistyped number").toBe(true);
    await settle(page);
    await screenshot(page, 'customer-trust-card-luhn');

    // Put right, the message goes and the customer can pay.
    await number.fill(GOOD_CARD.number);
    await hidden(text(page, CHECK_CARD_NUMBER));
    expect(await eventually(() => pay.isEnabled(), Boolean), "'Pay by Card Now' with a good number").toBe(true);
    expect(suite.pageErrors).toEqual([]);
  });
});
