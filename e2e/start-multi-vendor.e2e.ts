import { describe, expect, test } from 'vitest';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, hidden, settle, text, visible, waitForPath } from './support/ui.ts';

// Spec §2 Start screen, multi-vendor mode (the shipped configuration).
describe('start screen, multi-vendor build', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('shows the venue name and both service modes (Slice Pizza Co. delivers)', async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await visible(text(page, 'Harbourside Stadium'));
    await visible(action(page, 'Order & Collect'));
    await visible(action(page, 'Order Home Delivery'));
    await settle(page);
    await screenshot(page, 'start-multi-vendor');
    expect(suite.pageErrors).toEqual([]);
  });

  test("'Order & Collect' leads to the discover-vendor route", async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await (await visible(action(page, 'Order & Collect'))).click();
    await waitForPath(page, '/order-flow/discover-vendor');
    await visible(page.getByRole('heading'));
    await settle(page);
    await screenshot(page, 'discover-vendor-multi-vendor');
  });

  test('the terms footer opens the terms and conditions; Reject and Accept both close them', async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await visible(text(page, 'Harbourside Stadium'));

    const termsLink = page.getByRole('button', { name: /terms/i }).or(page.getByRole('link', { name: /terms/i }));
    const terms = page
      .locator('[role="dialog"], [role="alertdialog"], dialog[open]')
      .filter({ has: action(page, 'Accept') });

    for (const choice of ['Accept', 'Reject']) {
      await (await visible(termsLink)).click();
      const modal = await visible(terms);
      await visible(action(modal, 'Reject'));
      // Spec §9: the terms and refund policy dated 13 April 2020.
      await visible(modal.getByText('13 April 2020'));
      if (choice === 'Accept') await screenshot(page, 'start-terms-modal');
      await action(modal, choice).click();
      await hidden(terms);
      await waitForPath(page, '/start');
    }
  });

  test("'Order Home Delivery' leads into the order flow", async () => {
    const page = await suite.newPage();
    await page.goto('/start');
    await (await visible(action(page, 'Order Home Delivery'))).click();
    // Spec §2: in multi-vendor mode the buttons lead to discover-vendor; the delivery route lists
    // the vendors able to deliver, so either is an honest reading.
    await page.waitForURL((url) => ['/order-flow/discover-vendor', '/order-flow/delivery'].includes(url.pathname), {
      timeout: 30_000,
    });
    await visible(page.getByRole('heading'));
    await screenshot(page, 'order-home-delivery-multi-vendor');
    expect(await dialog(page, 'Select preferred deliver time').count()).toBe(0);
  });
});
