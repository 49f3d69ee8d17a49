import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseStore } from '@venue/test-harness/paid-order';
import { setupSuite } from './support/suite.ts';
import { payForOrder, PIZZA } from './support/tracking.ts';
import { eventually } from './support/ui.ts';

interface Timings {
  /** the first contentful paint, ms from navigation start (null: none yet) */
  fcp: number | null;
  /** same-origin resources the page fetched: path and start, ms from navigation start */
  resources: { path: string; startTime: number }[];
}

function timings(page: Page): Promise<Timings> {
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint', 'paint')[0]?.startTime ?? null,
    resources: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.startsWith(location.origin))
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
}

/** Resource timing of `pattern` once the page has fetched at least `count` of them. */
async function fetchedAfterPaint(page: Page, pattern: RegExp, count = 1) {
  const seen = await eventually(
    () => timings(page),
    (value) => value.fcp !== null && value.resources.filter((r) => pattern.test(r.path)).length >= count,
    20_000,
  );
  const matching = seen.resources.filter((r) => pattern.test(r.path));
  expect(seen.fcp, 'the page painted').not.toBeNull();
  expect(matching.length, `requests matching ${pattern}`).toBeGreaterThanOrEqual(count);
  return { fcp: seen.fcp!, matching };
}

// src/lib/first-paint.ts: what the first screen does not need waits until it has painted, so on a
// slow line it does not compete with the screen's code and data (docs/decisions/010-page-speed.md).
describe('requests that wait for the first paint (multi-vendor build)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('place-order: pictures and the network check start after the menu has painted; the manifest is linked then', async () => {
    const page = await suite.newPage();
    await chooseStore(page, PIZZA.name);
    const html = await (await page.request.get('/order-flow/place-order')).text();
    expect(html, 'the page itself does not link the manifest').not.toContain('rel="manifest"');
    expect(await (await page.request.get('/start')).text(), '/start links it in its HTML').toContain(
      '<link rel="manifest" href="/manifest.webmanifest">',
    );

    await page.goto('/order-flow/place-order');
    const pictures = await fetchedAfterPaint(page, /^\/v1\/displayassets\//, 2);
    for (const picture of pictures.matching)
      expect(picture.startTime, picture.path).toBeGreaterThanOrEqual(pictures.fcp);
    const check = await fetchedAfterPaint(page, /^\/v1\/time$/);
    for (const request of check.matching) expect(request.startTime).toBeGreaterThanOrEqual(check.fcp);

    // The pictures do load, with their names as text alternatives, and the app links the manifest.
    const thumbnail = page.locator('img[alt="Garlic Bread"]');
    await thumbnail.waitFor({ state: 'visible' });
    expect(
      await eventually(
        () => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        Boolean,
        15_000,
      ),
    ).toBe(true);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  });

  test('wait-order: the order is read again only after the saved order has painted', async () => {
    const page = await suite.newPage();
    const order = await payForOrder(page, PIZZA, { label: 'First Paint' });
    await page.reload();
    const reads = await fetchedAfterPaint(page, new RegExp(`^/v1/vendor/${PIZZA.id}/order/${order.id}$`));
    for (const read of reads.matching) expect(read.startTime).toBeGreaterThanOrEqual(reads.fcp);
  });
});

/** The app's libraries chunk (vite.config.ts: the 'vendor' group), not vendor-choice-*.js. */
const LIBRARIES_CHUNK = /\/assets\/vendor-[\w-]{8}\.js$/;

/**
 * Opens `path` with the app's code held back until the page's own (prerendered) heading has been
 * marked, then lets the app start and waits for it to have run `ready`. Answers whether the marked
 * element is still the heading on the page: hydrated, the app keeps the elements it found.
 */
async function headingKept(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<boolean> {
  let marked = false;
  await page.route(LIBRARIES_CHUNK, async (route) => {
    await eventually(async () => marked, Boolean, 20_000, 50);
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor({ state: 'attached' });
  await page.evaluate(() => {
    (document.querySelector('h1') as HTMLElement & { prerendered?: boolean }).prerendered = true;
  });
  marked = true;
  await ready(page);
  return page.evaluate(
    () => (document.querySelector('h1') as HTMLElement & { prerendered?: boolean }).prerendered === true,
  );
}

// docs/decisions/042-start-up-work.md: a first visit's prerendered screen is taken over by the app
// (hydrated), not thrown away and built again.
describe('prerendered screens (multi-vendor build)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('/start: the app takes over the page it came with, and its controls work', async () => {
    const page = await suite.newPage();
    const kept = await headingKept(page, '/start', async (opened) => {
      // Shown once the app runs and the stores have answered (a store delivers).
      await opened.getByRole('button', { name: 'Order Home Delivery' }).waitFor();
      await opened.getByRole('button', { name: 'Terms and Conditions' }).click();
      await opened.getByRole('dialog', { name: 'Terms and conditions' }).waitFor();
    });
    expect(kept, 'the prerendered heading is still on the page').toBe(true);
    expect(suite.pageErrors).toEqual([]);
  });

  test('discover-vendor: the store list replaces its placeholders in the page it came with', async () => {
    const page = await suite.newPage();
    const kept = await headingKept(page, '/order-flow/discover-vendor', (opened) =>
      opened
        .getByRole('button', { name: new RegExp(PIZZA.name) })
        .first()
        .waitFor(),
    );
    expect(kept, 'the prerendered heading is still on the page').toBe(true);
    expect(suite.pageErrors).toEqual([]);
  });
});
