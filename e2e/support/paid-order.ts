import type { Page } from 'playwright-core';
import { action, dialog, visible, waitForPath } from './ui.ts';

/**
 * A whole take-away order through the app as a customer places it (spec §2: discover vendor →
 * place order → confirm order → confirm contact → payment → wait order), paid with the sandbox's
 * always-successful test card (CVV 123). Free of test-runner imports, so the page benchmark can
 * use it too. Ends on the wait-order screen.
 */
export interface PaidOrderOptions {
  /** the store's name as discover-vendor lists it */
  store: string;
  /** an item without required options */
  item: string;
  count?: number;
}

export const TEST_CARD = { holder: 'Sam Lee', number: '4242424242424242', cvv: '123' } as const;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Start → 'Order & Collect' → discover-vendor → the store → its confirm-store modal confirmed. */
export async function chooseStore(page: Page, store: string): Promise<void> {
  await page.goto('/start');
  await (await visible(action(page, 'Order & Collect'))).click();
  await waitForPath(page, '/order-flow/discover-vendor');
  const name = new RegExp(escapeRegExp(store));
  await (await visible(page.getByRole('button', { name }).or(page.getByRole('link', { name })))).click();
  await waitForPath(page, '/order-flow/place-order');
  const confirm = await visible(page.locator('[role="dialog"], dialog[open]').filter({ hasText: 'Ordering from' }));
  await action(confirm, 'Confirm Store').click();
  await confirm.waitFor({ state: 'hidden' });
}

/** From a chosen store on place-order to the wait-order screen of the paid order. */
export async function orderAndPayByCard(page: Page, options: PaidOrderOptions): Promise<void> {
  await chooseStore(page, options.store);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByText(options.item, { exact: true }) })
    .first();
  const plus = row.getByRole('button', { name: /^(add one|add|increase|more|plus|\+)\b|^\+$/i }).first();
  for (let i = 0; i < (options.count ?? 1); i += 1) await (await visible(plus)).click();
  await (await visible(page.getByRole('button', { name: 'Confirm my order', exact: true }))).click();
  await waitForPath(page, '/order-flow/confirm-order');
  await (await visible(action(page, 'Proceed to Pay'))).click();
  await waitForPath(page, '/order-flow/confirm-contact');

  // The refund and data policy modal may ask first.
  const policy = dialog(page, 'Accept').or(page.getByRole('dialog').filter({ has: action(page, 'Accept') }));
  if (
    await policy
      .first()
      .waitFor({ state: 'visible', timeout: 3_000 })
      .then(() => true)
      .catch(() => false)
  )
    await action(page, 'Accept').click();
  await (await visible(page.getByLabel('Mobile'))).fill('0412345678');
  await page.getByLabel('Full name').fill(TEST_CARD.holder);
  const takeAway = page.getByRole('radio').first();
  if ((await takeAway.count()) > 0 && !(await takeAway.isChecked())) await takeAway.check();
  await (await visible(action(page, 'Card'))).click();
  await waitForPath(page, '/order-flow/payment');

  await (await visible(page.getByLabel('Name on card'))).fill(TEST_CARD.holder);
  await page.getByLabel('Card number').fill(TEST_CARD.number);
  await page.getByLabel('Month').selectOption({ index: 12 });
  await page.getByLabel('Year').selectOption({ index: 2 });
  await page.getByLabel('CVN').fill(TEST_CARD.cvv);
  await (await visible(action(page, 'Pay by Card Now'))).click();
  await waitForPath(page, '/order-flow/wait-order', undefined, 60_000);
  await visible(page.getByText('Wait and keep checking screen', { exact: true }));
}
