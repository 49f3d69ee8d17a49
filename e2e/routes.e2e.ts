import { describe, expect, test } from 'vitest';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { settle, text, visible, waitForPath } from './support/ui.ts';

/** Spec §2 "Known paths". */
const KNOWN_PATHS = [
  '/start',
  '/order-flow/delivery',
  '/order-flow/discover-vendor',
  '/order-flow/place-order',
  '/order-flow/confirm-order',
  '/order-flow/confirm-contact',
  '/order-flow/payment',
  '/order-flow/wait-order',
  '/order-flow/alert-order',
];

/** Spec §2 step numbers (payment 1, wait-order 2, alert-order 3, all others 0) as header labels. */
const STEP_LABELS = ['Order', 'Pay', 'Track', 'Collect'];
const CURRENT_STEP: Record<string, string> = {
  '/order-flow/payment': 'Pay',
  '/order-flow/wait-order': 'Track',
  '/order-flow/alert-order': 'Collect',
};

describe('routes and redirects (spec §2)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test.each([
    ['/', '/start', ''],
    ['/?vendorId=2', '/start', '?vendorId=2'],
    ['/anything?x=1', '/start', '?x=1'],
    ['/some/deeper/path?x=1&y=two', '/start', '?x=1&y=two'],
  ])('%s redirects to the home route keeping the query string (%s%s)', async (from, pathname, search) => {
    const page = await suite.newPage();
    await page.goto(from);
    const url = await waitForPath(page, pathname, search);
    expect(url.pathname + url.search).toBe(pathname + search);
    await visible(text(page, 'Harbourside Stadium'));
  });

  test('an unknown order-flow path redirects to the home route', async () => {
    const page = await suite.newPage();
    await page.goto('/order-flow/nope');
    const url = await waitForPath(page, '/start');
    expect(url.pathname).toBe('/start');
    await visible(text(page, 'Harbourside Stadium'));
  });

  test.each(KNOWN_PATHS)(
    '%s renders a page with a heading (in the flow, the step header at its step), never a blank page',
    async (path) => {
      const page = await suite.newPage();
      await page.goto(path);
      // Order-flow screens may redirect by their guards (no vendor, no order): judge where we land.
      await visible(page.getByRole('heading'));
      await settle(page);
      const bodyText = (await page.locator('body').innerText()).trim();
      expect(bodyText.length, `visible text at ${page.url()}`).toBeGreaterThan(0);
      await screenshot(page, `route-${path.replaceAll('/', '-')}`);
      const landed = new URL(page.url()).pathname;
      if (landed.startsWith('/order-flow/')) {
        // In the flow the step header is always there, its current step the page's step number.
        for (const label of STEP_LABELS) await visible(text(page, label));
        const current = await visible(page.locator('[aria-current="step"]'));
        expect((await current.innerText()).trim(), `current step at ${landed}`).toContain(
          CURRENT_STEP[landed] ?? 'Order',
        );
      }
      expect(suite.pageErrors).toEqual([]);
    },
  );

  test('the step header reads Order, Pay, Track, Collect on an order-flow page, Order marked current', async () => {
    const page = await suite.newPage();
    await page.goto('/order-flow/discover-vendor');
    await waitForPath(page, '/order-flow/discover-vendor');
    for (const label of STEP_LABELS) {
      await visible(text(page, label));
    }
    // Discover-vendor is step 0 (spec §2), marked for screen readers with aria-current="step".
    const current = await visible(page.locator('[aria-current="step"]'));
    expect((await current.innerText()).trim()).toContain('Order');
    await screenshot(page, 'step-header-discover-vendor');
  });
});
