import type { Page } from 'playwright-core';
import {
  chooseStore,
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  orderToContact,
  payNow,
  payWithCard,
} from './checkout.ts';

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

export const TEST_CARD = GOOD_CARD;

export { chooseStore };

/** From a chosen store on place-order to the wait-order screen of the paid order. */
export async function orderAndPayByCard(page: Page, options: PaidOrderOptions): Promise<void> {
  await orderToContact(page, options);
  await fillContact(page, { mobile: '0412345678', fullName: TEST_CARD.holder });
  const takeAway = page.getByRole('radio').first();
  if ((await takeAway.count()) > 0 && !(await takeAway.isChecked())) await takeAway.check();
  await payWithCard(page);
  await fillCard(page, TEST_CARD);
  await payNow(page);
  await expectWaitOrder(page);
}
