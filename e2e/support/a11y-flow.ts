import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ops } from '@venue/test-harness/ops';
import type { TestServer } from '@venue/test-harness/server';
import type { ScreenAudit } from './a11y.ts';
import { addWithPlus, confirmButton, confirmStore, dialogs, expectConfirmButton } from './ordering.ts';
import { action, dialog, eventually, settle, text, visible, waitForPath } from './ui.ts';

/**
 * Steps of an order for the accessibility suites: each screen and modal on the way is handed to a
 * ScreenAudit before the step goes on.
 */

/** The sandbox test card of the architecture page: any CVV but the special ones succeeds. */
export const CARD = { holder: 'Sam Lee', number: '4242424242424242', cvv: '123' } as const;

/** A field in error: aria-invalid, and its description (aria-describedby) reads the message. */
export async function expectErrorTiedTo(field: Locator, message: string): Promise<void> {
  const tie = await field.evaluate((element) => ({
    invalid: element.getAttribute('aria-invalid'),
    description: (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  }));
  expect(tie.invalid, `aria-invalid of the field in error (${message})`).toBe('true');
  expect(tie.description, 'the field is described by its error').toContain(message);
}

/** Waits for a dialog whose text holds `words` and returns it. */
export function openDialog(page: Page, words: string): Promise<Locator> {
  return visible(dialogs(page).filter({ hasText: words }));
}

/** Closes a modal with its `button` and waits until it is gone. */
export async function closeWith(page: Page, modal: Locator, button: string): Promise<void> {
  await action(modal, button).click();
  await modal.waitFor({ state: 'hidden' });
}

/** The refund and data policy modal of confirm-contact, if it asks within a few seconds; else null. */
export async function policyModal(page: Page): Promise<Locator | null> {
  const policy = dialogs(page)
    .filter({ has: action(page, 'Accept') })
    .first();
  const shown = await policy
    .waitFor({ state: 'visible', timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  return shown ? policy : null;
}

/** The policy modal, when it asks: audited, then accepted. */
export async function acceptPolicy(page: Page, audit: ScreenAudit | null, where: string): Promise<void> {
  const policy = await policyModal(page);
  if (!policy) return;
  await audit?.check(`${where}-policy-modal`);
  await closeWith(page, policy, 'Accept');
}

/** Payment: the test card filled in (with `cvv`, which picks the sandbox's answer) and 'Pay by Card Now'. */
export async function submitTestCard(page: Page, cvv: string = CARD.cvv): Promise<void> {
  const holder = await visible(page.getByLabel('Name on card'));
  // Cleared first: after a refused payment the form keeps what was typed.
  await holder.fill(CARD.holder);
  await page.getByLabel('Card number').fill(CARD.number);
  await page.getByLabel('Month').selectOption({ index: 12 });
  await page.getByLabel('Year').selectOption({ index: 2 });
  await page.getByLabel('CVN').fill(cvv);
  await (await visible(action(page, 'Pay by Card Now'))).click();
}

/** Payment: the test card filled in and paid; waits for wait-order. */
export async function payWithTestCard(page: Page): Promise<void> {
  await submitTestCard(page);
  await waitForPath(page, '/order-flow/wait-order', undefined, 60_000);
  await visible(text(page, 'Wait and keep checking screen'));
}

/** A quick take-away order of one item at a store, paid by card, from anywhere to wait-order. */
export async function quickOrder(page: Page, vendorId: number, storeName: string, item: string): Promise<void> {
  await quickOrderToPayment(page, vendorId, storeName, item);
  await payWithTestCard(page);
}

/** A quick take-away order of one item at a store, from anywhere to the payment screen. */
export async function quickOrderToPayment(
  page: Page,
  vendorId: number,
  storeName: string,
  item: string,
): Promise<void> {
  await page.goto(`/order-flow/place-order?vendorId=${vendorId}`);
  await confirmStore(page, storeName);
  await addWithPlus(page, item, 1);
  await confirmButton(page).click();
  await waitForPath(page, '/order-flow/confirm-order');
  await (await visible(action(page, 'Proceed to Pay'))).click();
  await waitForPath(page, '/order-flow/confirm-contact');
  await acceptPolicy(page, null, '');
  const mobile = await visible(page.getByLabel('Mobile'));
  if ((await mobile.inputValue()) === '') await mobile.fill('0412345678');
  const name = page.getByLabel('Full name');
  if ((await name.inputValue()) === '') await name.fill(CARD.holder);
  await chooseTakeAway(page);
  await (await visible(action(page, 'Card'))).click();
  await waitForPath(page, '/order-flow/payment');
}

/**
 * From confirm-order: review, contact (with an invalid e-mail shown on the way), card payment
 * (with the coupon modal where the store allows coupons) to wait-order.
 */
export async function reviewContactAndPay(
  page: Page,
  audit: ScreenAudit,
  where: string,
  options: { coupon: boolean; delivery?: boolean },
): Promise<void> {
  await waitForPath(page, '/order-flow/confirm-order');
  await visible(text(page, 'Please Check Your Order'));
  await settle(page);
  await audit.check(`${where}-confirm-order`);
  await action(page, 'Proceed to Pay').click();

  await waitForPath(page, '/order-flow/confirm-contact');
  await visible(text(page, 'Enter Contact Details'));
  await acceptPolicy(page, audit, where);
  await audit.check(`${where}-confirm-contact`);
  // A wrong e-mail: its message is tied to the field.
  const email = page.getByLabel('Email (optional)');
  await email.fill('sam@');
  await visible(text(page, 'Please enter a valid email'));
  await expectErrorTiedTo(email, 'Please enter a valid email');
  await audit.check(`${where}-confirm-contact-email-error`);
  await email.fill('');
  await page.getByLabel('Mobile').fill('0412345678');
  await page.getByLabel('Full name').fill(CARD.holder);
  if (!options.delivery) await chooseTakeAway(page);
  await (await visible(action(page, 'Card'))).click();

  await waitForPath(page, '/order-flow/payment');
  await visible(page.getByLabel('Name on card'));
  await settle(page);
  await audit.check(`${where}-payment`);
  if (options.coupon) {
    await (await visible(action(page, 'Use a coupon'))).click();
    const coupon = await visible(dialog(page, 'Use a coupon'));
    await audit.check(`${where}-coupon-modal`);
    await coupon.getByLabel('Coupon code').fill('NOT-A-CODE');
    await action(coupon, 'Apply').click();
    await visible(coupon.getByRole('alert'));
    await audit.check(`${where}-coupon-modal-error`);
    await closeWith(page, coupon, 'Cancel');
  }
  // A card number too short: its message is tied to the field once the field is left.
  const number = page.getByLabel('Card number');
  await number.fill('4242');
  await number.press('Tab');
  await visible(text(page, 'Please enter a card number of 13 to 16 digits'));
  await expectErrorTiedTo(number, 'Please enter a card number of 13 to 16 digits');
  await audit.check(`${where}-payment-errors`);

  await payWithTestCard(page);
}

/** Confirm-contact: the first service mode (take-away) unless one is chosen. */
export async function chooseTakeAway(page: Page): Promise<void> {
  const takeAway = page.getByRole('radio').first();
  if ((await takeAway.count()) > 0 && !(await takeAway.isChecked())) await takeAway.check();
}

/** The id of the newest order of a vendor in one of the statuses, by the operations API. */
export async function newestOrder(server: TestServer, vendorId: number, status: string): Promise<number> {
  const orders = await eventually(
    () => ops<{ id: number }[]>(server, 'GET', `/vendor/${vendorId}/orders?status=${status}`),
    (list) => list.length > 0,
  );
  const newest = Math.max(...orders.map((order) => order.id));
  expect(Number.isFinite(newest), `an order of vendor ${vendorId} in ${status}`).toBe(true);
  return newest;
}

/** Moves an order as the venue's kitchen would (operations API). */
export async function moveOrder(server: TestServer, vendorId: number, orderId: number, status: string): Promise<void> {
  await ops(server, 'POST', `/vendor/${vendorId}/order/${orderId}/status`, { status });
}

/**
 * On wait-order: the receipt modal, then the kitchen marks the order ready: the 'Pick up now'
 * (or, for a delivery, "We're on our way") modal, then alert-order.
 */
export async function waitReadyAndCollect(
  page: Page,
  server: TestServer,
  audit: ScreenAudit,
  where: string,
  vendorId: number,
  delivery = false,
): Promise<void> {
  await visible(page.getByTestId('queue-position'));
  await settle(page);
  await audit.check(`${where}-wait-order`);
  await action(page, 'Email receipt').click();
  const receipt = await visible(dialog(page, 'Email my receipt'));
  const address = receipt.getByLabel('Email');
  await address.fill('sam@');
  await address.press('Tab');
  await visible(text(receipt, 'Please enter a valid email'));
  await expectErrorTiedTo(address, 'Please enter a valid email');
  await audit.check(`${where}-receipt-modal`);
  await closeWith(page, receipt, 'Cancel');

  const orderId = await newestOrder(server, vendorId, 'Waiting');
  await moveOrder(server, vendorId, orderId, 'PendingAlerted');
  const onward = delivery ? 'See my order' : 'Collect my order';
  const ready = await openDialog(page, onward);
  await audit.check(`${where}-pick-up-modal`);
  await action(ready, onward).click();
  await waitForPath(page, '/order-flow/alert-order');
  await visible(page.getByRole('heading', { level: 1, name: delivery ? "We're on our way" : 'Collect your order' }));
  await settle(page);
  await audit.check(`${where}-alert-order`);
}

/** Place-order at a store opened by its vendorId, confirm-store modal audited and confirmed. */
export async function openStoreAudited(
  page: Page,
  audit: ScreenAudit,
  where: string,
  vendorId: number,
  storeName: string,
): Promise<void> {
  await page.goto(`/order-flow/place-order?vendorId=${vendorId}`);
  await openDialog(page, 'Ordering from');
  await audit.check(`${where}-confirm-store-modal`);
  await confirmStore(page, storeName);
  await expectConfirmButton(page, 'Select Items Above');
}
