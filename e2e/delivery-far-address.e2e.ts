import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { vendorEntry } from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, settle, text, visible, waitForPath } from './support/ui.ts';

// A far address must not be met with silence: a place beyond the autocomplete radius (spec §7/§9:
// 100 km around the venue) is still suggested, after the near ones, so the customer can choose it
// and be told the spec §8 out-of-range message; text that matches nothing says so next to the field.

const CANNOT_DELIVER = "Sorry, we can't deliver to your address. Please try our pick up option instead.";
const NO_MATCH = 'No matching address found. Try your suburb or postcode.';

function addressField(page: Page) {
  return page.getByRole('combobox', { name: 'Delivery address' });
}

/** The texts the delivery address field is described by (aria-describedby), in order. */
function fieldDescription(page: Page): Promise<string[]> {
  return addressField(page).evaluate((field) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? ''),
  );
}

/** Types 'Perth' (the demo venue is in Sydney), chooses Perth WA from the suggestions. */
async function choosePerth(page: Page): Promise<void> {
  const field = await visible(addressField(page));
  await field.fill('Perth');
  // Spec §9: suggestions come once typing has paused for 1000 ms.
  await (await visible(page.getByRole('option', { name: 'Perth WA 6000', exact: true }))).click();
}

/** Types text no address matches and finds the field saying so, politely and next to it. */
async function typeNonsense(page: Page, shot: string): Promise<void> {
  const field = await visible(addressField(page));
  await field.fill('zzqxw');
  const message = await visible(text(page, NO_MATCH));
  expect(await message.getAttribute('aria-live')).toBe('polite');
  expect(await fieldDescription(page)).toContain(NO_MATCH);
  expect(await page.getByRole('option').count()).toBe(0);
  await settle(page);
  await screenshot(page, shot);
  // Typing on puts the message aside until the new text has been searched.
  await field.fill('zzqxw Parramatta');
  expect(await text(page, NO_MATCH).count()).toBe(0);
}

describe('a far address, multi-vendor build (built-in address search)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  async function openDelivery(page: Page): Promise<void> {
    await page.goto('/start');
    await (await visible(action(page, 'Order Home Delivery'))).click();
    await waitForPath(page, '/order-flow/delivery');
  }

  test("typing 'Perth' offers Perth, and choosing it tells the customer the store can't deliver there", async () => {
    const page = await suite.newPage();
    await openDelivery(page);
    await choosePerth(page);
    // Told at once, before any street line: the place itself is out of range.
    await visible(text(page, CANNOT_DELIVER));
    await visible(action(page, 'Order & Collect instead'));
    expect(await vendorEntry(page, 'Slice Pizza Co.').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'delivery-far-address-multi-vendor');
    expect(suite.pageErrors).toEqual([]);
  });

  test('text no address matches says so next to the field', async () => {
    const page = await suite.newPage();
    await openDelivery(page);
    await typeNonsense(page, 'delivery-no-match-multi-vendor');
    expect(suite.pageErrors).toEqual([]);
  });
});

describe('a far address, single-vendor build of Slice Pizza Co. (VITE_VENDOR_ID=3)', () => {
  const suite = setupSuite({ build: 'single-vendor-3' });

  async function openDelivery(page: Page): Promise<void> {
    await page.goto('/start');
    await (await visible(action(page, 'Order Home Delivery'))).click();
    const modal = await visible(dialog(page, 'Select preferred deliver time'));
    await action(modal, 'ASAP').click();
    await waitForPath(page, '/order-flow/delivery');
  }

  test("typing 'Perth' offers Perth, and choosing it tells the customer the store can't deliver there", async () => {
    const page = await suite.newPage();
    await openDelivery(page);
    await choosePerth(page);
    await visible(text(page, CANNOT_DELIVER));
    expect(await action(page, 'Enter Address Above').isDisabled()).toBe(true);
    expect(await action(page, 'Proceed to Order').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'delivery-far-address-single-vendor');
    expect(suite.pageErrors).toEqual([]);
  });

  test('text no address matches says so next to the field', async () => {
    const page = await suite.newPage();
    await openDelivery(page);
    await typeNonsense(page, 'delivery-no-match-single-vendor');
    expect(suite.pageErrors).toEqual([]);
  });
});
