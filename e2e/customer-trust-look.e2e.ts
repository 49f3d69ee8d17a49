import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseStore, fillContact, orderToContact, reviewAndProceed } from '@venue/test-harness/checkout';
import { confirmStoreIfAsked, addWithPlus, expectConfirmButton, vendorEntry } from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { GRILL } from './support/tracking.ts';
import { action, dialog, settle, visible, waitForPath } from './support/ui.ts';

// Issue "Customer trust", look and accessibility: fields are never left partly under the fixed
// bars whatever moved focus to them (WCAG 2.4.12); the menu's first screen shows at least three
// items at 390×844 with pictures sharp on a 2× screen; the delivery address shows once.

/** Puts a field with its middle on the top edge of the fixed action bar, so half of it is hidden. */
async function halfUnderBar(page: Page, label: string): Promise<void> {
  await page.getByLabel(label).evaluate((field) => {
    const bar = document.querySelector('main + div')!.getBoundingClientRect();
    const rect = field.getBoundingClientRect();
    window.scrollBy(0, rect.top + rect.height / 2 - bar.top);
  });
}

/** How the field sits against the sticky top and the action bar (CSS px; positive = clear). */
async function clearance(page: Page, label: string): Promise<{ belowTop: number; aboveBar: number }> {
  return page.getByLabel(label).evaluate((field) => {
    const rect = field.getBoundingClientRect();
    const top = document.querySelector('[data-sticky-top]')!.getBoundingClientRect();
    const bar = document.querySelector('main + div')!.getBoundingClientRect();
    return { belowTop: rect.top - top.bottom, aboveBar: bar.top - rect.bottom };
  });
}

async function expectWhollyClear(page: Page, label: string, how: string): Promise<void> {
  let last = { belowTop: 0, aboveBar: -1 };
  for (let tries = 0; tries < 20; tries += 1) {
    await page.waitForTimeout(100);
    last = await clearance(page, label);
    if (last.aboveBar >= 0 && last.belowTop >= 0) break;
  }
  expect(last.aboveBar, `${label} (${how}) is clear of the action bar`).toBeGreaterThanOrEqual(0);
  expect(last.belowTop, `${label} (${how}) is clear of the sticky top`).toBeGreaterThanOrEqual(0);
}

describe('look and accessibility, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  for (const width of [390, 320]) {
    test(`at ${width} px a field focused by a tap, or by moving to the next field, ends wholly clear of the 'Pay With' bar`, async () => {
      const page = await suite.newPage({ viewport: { width, height: 844 } });
      await orderToContact(page, { store: GRILL.name, item: 'Onion Rings' });
      await fillContact(page, { mobile: '0412345678', fullName: 'Tess Tap' });

      // A tap on the visible half of the field (focus was on another field).
      await page.getByLabel('Mobile').focus();
      await halfUnderBar(page, 'Full name');
      const box = (await page.getByLabel('Full name').boundingBox())!;
      await page.touchscreen.tap(box.x + 20, box.y + box.height / 4);
      await expectWhollyClear(page, 'Full name', 'tapped');

      // The keyboard's next key: focus moves to a field the bar half covers.
      await page.getByLabel('Mobile').focus();
      await halfUnderBar(page, 'Full name');
      await page.getByLabel('Full name').evaluate((field) => (field as HTMLInputElement).focus());
      await expectWhollyClear(page, 'Full name', 'focused by script');
      expect(suite.pageErrors).toEqual([]);
    });
  }

  test('the first screen of the menu shows three whole items, with pictures sharp on a 2× screen', async () => {
    const page = await suite.newPage();
    await chooseStore(page, GRILL.name);
    const whole = await page.evaluate(() => {
      const top = document.querySelector('[data-sticky-top]')!.getBoundingClientRect().bottom;
      const bar = document.querySelector('main + div')!.getBoundingClientRect().top;
      return [...document.querySelectorAll('[data-menu-item]')].filter((item) => {
        const rect = item.getBoundingClientRect();
        return rect.top >= top && rect.bottom <= bar;
      }).length;
    });
    expect(whole, 'whole items between the header and the action bar').toBeGreaterThanOrEqual(3);

    const picture = page.locator('[data-menu-item] img').first();
    await visible(picture);
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-menu-item] img');
      return Boolean(image?.complete && image.naturalWidth > 0);
    });
    const shown = await picture.evaluate((image: HTMLImageElement) => ({
      srcset: image.srcset,
      chosen: Number(/transformed\/(\d+)x$/.exec(image.currentSrc)?.[1] ?? 0),
      css: image.getBoundingClientRect().width,
    }));
    expect(shown.srcset).toMatch(/200x 200w/);
    expect(shown.chosen, 'the picture chosen has the pixels of a 2× screen').toBeGreaterThanOrEqual(shown.css * 2);
    await settle(page);
    await screenshot(page, 'customer-trust-menu-first-screen');
    expect(suite.pageErrors).toEqual([]);
  });

  test('confirm-contact shows a delivery address once', async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await (await visible(action(page, 'Order Home Delivery'))).click();
    await waitForPath(page, '/order-flow/delivery');
    const field = await visible(page.getByRole('combobox', { name: 'Delivery address' }));
    await field.fill('12 Smith St, Parramatta');
    await (await visible(page.getByRole('option', { name: '12 Smith St, Parramatta NSW 2150', exact: true }))).click();
    await (await visible(vendorEntry(page, 'Slice Pizza Co.'))).click();
    await action(await visible(dialog(page, 'Select preferred deliver time')), 'ASAP').click();
    await waitForPath(page, '/order-flow/place-order');
    await confirmStoreIfAsked(page);
    await addWithPlus(page, 'Garlic Bread', 3);
    await expectConfirmButton(page, 'Confirm my order');
    await reviewAndProceed(page);
    const address = await visible(page.getByText('Deliver to', { exact: true }).locator('..'));
    const shown = (await address.innerText()).replace(/\s+/g, ' ');
    expect(shown.match(/12 Smith St/g), `"${shown}"`).toHaveLength(1);
    expect(shown.match(/Parramatta/g), `"${shown}"`).toHaveLength(1);
    await settle(page);
    await screenshot(page, 'customer-trust-delivery-contact');
    expect(suite.pageErrors).toEqual([]);
  });
});
