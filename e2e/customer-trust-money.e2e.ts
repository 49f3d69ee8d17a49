import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  addItem,
  applyCoupon,
  chooseStore,
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  grandTotal,
  moveOrder,
  openCouponModal,
  payNow,
  payWithCard,
  proceedToContact,
  savedOrderId,
  uniqueName,
} from '@venue/test-harness/checkout';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { followPickUp, GRILL, pickUpModal } from './support/tracking.ts';
import { action, dialog, eventually, hidden, settle, visible, waitForPath } from './support/ui.ts';

// Issue "Customer trust", money and totals: every screen that lists a payment summary shows each
// line once and the lines add up to the Grand Total; a coupon's discount is its own line
// ('Coupon WELCOME10 −$3.50') between the order's total and the new one, and can be removed
// before paying (the server prices the order again).

interface SummaryLine {
  name: string;
  minor: number;
}

/** "$1,234.50", "−$3.50" or "-$3.50" to minor units. */
function minorOf(text: string): number {
  const match = /([-−]?)\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const minor = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -minor : minor;
}

/** The lines of the summary that ends in 'Grand Total' on the screen, in order, the Grand Total last. */
async function summaryLines(scope: Page | Locator): Promise<SummaryLine[]> {
  const list = scope.locator('dl').filter({ hasText: 'Grand Total' });
  await visible(list.first());
  const rows = await list
    .first()
    .locator(':scope > div')
    .evaluateAll((divs) =>
      divs.map((div) => ({
        name: div.querySelector('dt')?.textContent?.trim() ?? '',
        amount: div.querySelector('dd')?.textContent?.trim() ?? '',
      })),
    );
  return rows.map((row) => ({ name: row.name, minor: minorOf(row.amount) }));
}

/** Each line once, and the lines above the Grand Total add up to it. Returns the lines without the total. */
async function expectAddsUp(scope: Page | Locator, where: string): Promise<SummaryLine[]> {
  const lines = await summaryLines(scope);
  const grand = lines.at(-1)!;
  expect(grand.name, `${where}: the last line`).toBe('Grand Total');
  const above = lines.slice(0, -1);
  const names = above.map((line) => line.name);
  expect(new Set(names).size, `${where}: each line once (${names.join(', ')})`).toBe(names.length);
  expect(
    above.reduce((sum, line) => sum + line.minor, 0),
    `${where}: ${above.map((l) => `${l.name} ${l.minor}`).join(' + ')} = Grand Total ${grand.minor}`,
  ).toBe(grand.minor);
  return above;
}

describe('payment summaries add up, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('confirm-order, payment with a coupon (removed and applied again) and alert-order each list every line once, adding up', async () => {
    const page = await suite.newPage();
    await chooseStore(page, GRILL.name);
    await addItem(page, 'Onion Rings', 3);
    await (await visible(page.getByRole('button', { name: 'Confirm my order', exact: true }))).click();
    await waitForPath(page, '/order-flow/confirm-order');

    // Confirm order: items, subtotal, Grill & Bun's service fee once, Grand Total.
    const review = await expectAddsUp(page, 'confirm-order');
    expect(review.map((line) => line.name)).toEqual(['Subtotal', 'Service fee']);
    const fullMinor = review.reduce((sum, line) => sum + line.minor, 0);

    await proceedToContact(page);
    await fillContact(page, { mobile: '0412345678', fullName: uniqueName('Cora Coupon') });
    await payWithCard(page);
    expect(minorOf(await grandTotal(page))).toBe(fullMinor);

    // WELCOME10: the order's total, the coupon's line and the new Grand Total, which add up.
    await applyCoupon(await openCouponModal(page), 'WELCOME10');
    await hidden(dialog(page, 'Use a coupon'));
    const discounted = await eventually(
      () => summaryLines(page),
      (lines) => lines.some((line) => line.name === 'Coupon WELCOME10'),
    );
    const tenPercent = Math.round(fullMinor / 10);
    expect(discounted).toEqual([
      { name: 'Order total', minor: fullMinor },
      { name: 'Coupon WELCOME10', minor: -tenPercent },
      { name: 'Grand Total', minor: fullMinor - tenPercent },
    ]);
    await expectAddsUp(page, 'payment with a coupon');
    const couponRow = page.locator('dl > div').filter({ hasText: 'Coupon WELCOME10' });
    expect((await couponRow.innerText()).replace(/\s+/g, ' ')).toContain('−$');

    // The coupon modal took its opener away: focus is on the heading, wholly below the step bar.
    const heading = page.getByRole('heading', { level: 1, name: 'Enter Payment Details' });
    const clear = await page.evaluate(() => {
      const top = document.querySelector('[data-sticky-top]')!.getBoundingClientRect();
      const h1 = document.querySelector('main h1')!.getBoundingClientRect();
      return h1.top >= top.bottom - 1;
    });
    expect(clear, 'the heading is not under the step bar').toBe(true);
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await settle(page);
    await screenshot(page, 'customer-trust-payment-coupon');

    // Remove the coupon: the server prices the order again, the coupon line goes.
    await action(page, 'Remove coupon').click();
    const undone = await eventually(
      () => summaryLines(page),
      (lines) => !lines.some((line) => line.name.startsWith('Coupon')),
    );
    expect(undone).toEqual([{ name: 'Grand Total', minor: fullMinor }]);
    await visible(action(page, 'Use a coupon'));

    // Apply it again and pay the discounted total.
    await applyCoupon(await openCouponModal(page), 'welcome10');
    await eventually(
      async () => minorOf(await grandTotal(page)),
      (minor) => minor === fullMinor - tenPercent,
    );
    await fillCard(page, GOOD_CARD);
    await payNow(page);
    await expectWaitOrder(page);
    const orderId = await savedOrderId(page);

    // Ready: 'Collect my order' is a button and looks like one; alert-order's summary adds up.
    await moveOrder(suite.server, GRILL.id, orderId, 'PendingAlerted');
    const modal = await visible(pickUpModal(page), 60_000);
    const collect = modal.getByRole('button', { name: 'Collect my order', exact: true });
    await visible(collect);
    expect(await collect.evaluate((element) => element.tagName)).toBe('BUTTON');
    expect(await collect.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe('none');
    await followPickUp(page);
    await waitForPath(page, '/order-flow/alert-order');
    const summary = await visible(page.getByRole('region', { name: 'Your order' }));
    const lines = await expectAddsUp(summary, 'alert-order');
    expect(lines.map((line) => line.name)).toEqual(['Subtotal', 'Service fee', 'Coupon WELCOME10']);
    await settle(page);
    await screenshot(page, 'customer-trust-alert-order');
    expect(suite.pageErrors).toEqual([]);
  });
});
