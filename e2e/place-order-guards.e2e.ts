import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ops } from '@venue/test-harness/ops';
import { getVendor } from './support/api.ts';
import {
  addWithPlus,
  confirmButton,
  confirmStore,
  expectConfirmButton,
  expectCounter,
  expectSavedBasket,
  menuRow,
} from './support/ordering.ts';
import { reviewRow } from './support/review.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, hidden, settle, text, visible, waitForPath } from './support/ui.ts';

const GRILL_AND_BUN = 2;
const SOLD_OUT_TITLE = "We've sold out!";
const SOLD_OUT_TEXT = 'We apologise that the below items are no longer available for your order!';

/** Place-order at Grill & Bun with `items` (name → count) in the basket, store confirmed. */
async function basketAtGrillAndBun(page: Page, items: Record<string, number>): Promise<void> {
  await page.goto(`/order-flow/place-order?vendorId=${GRILL_AND_BUN}`);
  await confirmStore(page, 'Grill & Bun');
  for (const [name, count] of Object.entries(items)) await addWithPlus(page, name, count);
  await expectSavedBasket(page, items);
}

// Spec §2 place-order confirm button labels, guard modal and transition guards; §8 sold-out removal.
describe('place-order buttons, transition guards and sold-out removal', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test("'Select Items Above' is disabled on an empty basket, 'Confirm my order' once an item is in", async () => {
    const page = await suite.newPage();
    await page.goto(`/order-flow/place-order?vendorId=${GRILL_AND_BUN}`);
    await confirmStore(page, 'Grill & Bun');
    const empty = await expectConfirmButton(page, 'Select Items Above');
    expect(await empty.isDisabled()).toBe(true);
    await addWithPlus(page, 'Onion Rings');
    const ready = await expectConfirmButton(page, 'Confirm my order');
    expect(await ready.isEnabled()).toBe(true);
    // Taking the only item out again brings the disabled label back.
    await menuRow(page, 'Onion Rings')
      .getByRole('button', { name: /^(remove one|remove|decrease|minus)\b/i })
      .click();
    await expectCounter(page, 'Onion Rings', 0);
    expect(await (await expectConfirmButton(page, 'Select Items Above')).isDisabled()).toBe(true);
  });

  test("a paused store: 'Back Soon' disabled and the 'Back Soon!' guard modal, Ok → home", async () => {
    const page = await suite.newPage();
    await basketAtGrillAndBun(page, { 'Onion Rings': 1 });
    await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}`, { isPaused: true });
    try {
      expect((await getVendor(suite.server, GRILL_AND_BUN)).isPaused).toBe(true);
      await page.reload();
      const guard = await visible(dialog(page, 'Back Soon!'));
      const button = await expectConfirmButton(page, 'Back Soon');
      expect(await button.isDisabled(), "'Back Soon' is disabled").toBe(true);
      await screenshot(page, 'guard-back-soon');
      await action(guard, 'Ok').click();
      await waitForPath(page, '/start');
      await hidden(dialog(page, 'Back Soon!'));
    } finally {
      await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}`, { isPaused: false });
    }
  });

  test("a closed store: 'We are closed' disabled and the 'We have closed' guard modal, Ok → home", async () => {
    const page = await suite.newPage();
    await basketAtGrillAndBun(page, { 'Onion Rings': 1 });
    await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}`, { isOpen: false });
    try {
      expect((await getVendor(suite.server, GRILL_AND_BUN)).isOpen).toBe(false);
      await page.reload();
      const guard = await visible(dialog(page, 'We have closed'));
      const button = await expectConfirmButton(page, 'We are closed');
      expect(await button.isDisabled(), "'We are closed' is disabled").toBe(true);
      await screenshot(page, 'guard-we-have-closed');
      await action(guard, 'Ok').click();
      await waitForPath(page, '/start');
      await hidden(dialog(page, 'We have closed'));
    } finally {
      await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}`, { isOpen: true });
    }
  });

  test.each(['/order-flow/place-order', '/order-flow/confirm-order'])(
    '%s with no store chosen and no items redirects to start or discover',
    async (path) => {
      const page = await suite.newPage();
      await page.goto(path);
      await page.waitForURL((url) => ['/start', '/order-flow/discover-vendor'].includes(url.pathname), {
        timeout: 30_000,
      });
      await visible(page.getByRole('heading'));
    },
  );

  test('a menu fetch failure blocks the step: no review until the menu loads again', async () => {
    const page = await suite.newPage();
    await basketAtGrillAndBun(page, { 'Onion Rings': 1 });
    await page.route('**/v1/vendor/*/current-menu', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Try again' }),
      }),
    );
    await confirmButton(page).click();
    await page.waitForTimeout(3_000);
    await screenshot(page, 'menu-fetch-failed');
    // Blocked: whatever the address bar says, the review and its 'Proceed to Pay' do not show.
    expect(await text(page, 'Please Check Your Order').count(), 'the review does not show').toBe(0);
    expect(await action(page, 'Proceed to Pay').count(), "no 'Proceed to Pay'").toBe(0);

    // Once the menu loads again the step can be taken.
    await page.unroute('**/v1/vendor/*/current-menu');
    const retry = action(page, 'Try again');
    if ((await retry.count()) > 0) await retry.click();
    else await confirmButton(page).click();
    await waitForPath(page, '/order-flow/confirm-order');
    await visible(text(page, 'Please Check Your Order'));
  });

  test("sold out after it was added: entering confirm-order lists it in 'We've sold out!' and removes it", async () => {
    const page = await suite.newPage();
    await basketAtGrillAndBun(page, { 'Onion Rings': 2, 'Family Pack': 1 });
    const onionRings = 213;
    await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}/menu-item/${onionRings}`, { currentInventory: 0 });
    try {
      await confirmButton(page).click();
      const modal = await visible(dialog(page, SOLD_OUT_TITLE));
      await visible(text(modal, SOLD_OUT_TEXT));
      await visible(modal.getByText('Onion Rings'));
      expect(await modal.getByText('Family Pack').count(), 'only the sold-out item is listed').toBe(0);
      await screenshot(page, 'sold-out-on-confirm-order');
      await expectSavedBasket(page, { 'Family Pack': 1 });
      const ok = action(modal, 'Ok');
      if ((await ok.count()) > 0) await ok.click();
      else await page.keyboard.press('Escape');
      await hidden(dialog(page, SOLD_OUT_TITLE));
      await settle(page);
      // Wherever the guard leaves the customer, the basket no longer holds it.
      const path = new URL(page.url()).pathname;
      if (path === '/order-flow/confirm-order') {
        await visible(reviewRow(page, 'Family Pack'));
        expect(await text(page, 'Onion Rings').count()).toBe(0);
      } else {
        expect(path).toBe('/order-flow/place-order');
        await expectCounter(page, 'Family Pack', 1);
        await visible(text(menuRow(page, 'Onion Rings'), 'Sold Out'));
      }
      await expectSavedBasket(page, { 'Family Pack': 1 });
    } finally {
      await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}/menu-item/${onionRings}`, { currentInventory: null });
    }
  });

  test("sold out after it was added: reloading place-order lists it in 'We've sold out!', shows 'Sold Out', removes it", async () => {
    const page = await suite.newPage();
    await basketAtGrillAndBun(page, { 'Garden Salad': 1, 'Onion Rings': 1 });
    const gardenSalad = 214;
    await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}/menu-item/${gardenSalad}`, { currentInventory: 0 });
    try {
      await page.reload();
      const modal = await visible(dialog(page, SOLD_OUT_TITLE));
      await visible(text(modal, SOLD_OUT_TEXT));
      await visible(modal.getByText('Garden Salad'));
      await screenshot(page, 'sold-out-on-place-order');
      const ok = action(modal, 'Ok');
      if ((await ok.count()) > 0) await ok.click();
      else await page.keyboard.press('Escape');
      await hidden(dialog(page, SOLD_OUT_TITLE));
      await expectSavedBasket(page, { 'Onion Rings': 1 });
      const row = await visible(menuRow(page, 'Garden Salad'));
      await visible(text(row, 'Sold Out'));
      await expectCounter(page, 'Onion Rings', 1);
      await screenshot(page, 'sold-out-label');
    } finally {
      await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}/menu-item/${gardenSalad}`, { currentInventory: null });
    }
  });
});
