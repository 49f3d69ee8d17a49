import { describe, expect, test } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { chooseStore } from '@venue/test-harness/paid-order';
import { getVendor, type ApiVendor } from './support/api.ts';
import { confirmStoreIfAsked, menuRow } from './support/ordering.ts';
import { setupSuite } from './support/suite.ts';
import { GRILL, payForOrder, PIZZA } from './support/tracking.ts';
import { eventually, settle, visible } from './support/ui.ts';

/** The early script's tag in a route page (apps/web/build/early-requests.ts). */
const EARLY_SCRIPT_TAG =
  /<script src="\/assets\/early-requests-[0-9a-f]{10}\.js" async fetchpriority="high"><\/script>/g;
/** The libraries chunk every screen's code waits for (vite.config.ts: the 'vendor' group), not vendor-choice-*.js. */
const LIBRARIES_CHUNK = /\/assets\/vendor-[\w-]{8}\.js$/;
const MENU = new RegExp(`/v1/vendor/${GRILL.id}/current-menu$`);
const VENDOR_LIST = /\/v1\/venue\/\d+\/vendors$/;

/** Every request the page makes from now on whose URL matches `pattern`. */
function recordRequests(page: Page, pattern: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (pattern.test(request.url())) seen.push(request);
  });
  return seen;
}

/**
 * Holds the app's libraries chunk back until `started()` holds (at most `maxMs`): a request seen
 * while it is held was made by the page's early script, since no code of the app can run yet.
 * `held` gets, for each time the chunk is asked for, whether `started()` held before it was let through.
 */
async function holdAppCodeUntil(page: Page, started: () => boolean, maxMs = 20_000): Promise<{ held: boolean[] }> {
  const held: boolean[] = [];
  await page.route(LIBRARIES_CHUNK, async (route) => {
    const ok = await eventually(async () => started(), Boolean, maxMs, 50);
    held.push(ok);
    await route.continue();
  });
  return { held };
}

/** The state the app saved under 'state' (spec §3). */
function savedState(page: Page): Promise<{ order?: { vendorId?: number | null } } | null> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('state') ?? 'null'));
}

/** The early requests the page registered that the app has not taken (null: the early script registered none). */
function untakenEarlyRequests(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    const registry = (globalThis as Record<string, unknown>).__venueEarlyRequests;
    return registry instanceof Map ? [...registry.keys()].map(String) : null;
  });
}

// docs/decisions/013-early-requests.md: place-order and wait-order start their first requests before
// the app's code has arrived, and the app uses those answers instead of asking again.
describe('early requests of the route pages (multi-vendor build)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('place-order and wait-order pages load the early script; other pages do not', async () => {
    const page = await suite.newPage();
    for (const path of ['/order-flow/place-order', '/order-flow/wait-order']) {
      const html = await (await page.request.get(path)).text();
      expect(html.match(EARLY_SCRIPT_TAG), path).toHaveLength(1);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.search(EARLY_SCRIPT_TAG), `${path}: in the head`).toBeGreaterThan(-1);
      const firstPreload = head.indexOf('rel="modulepreload"');
      if (firstPreload > -1)
        expect(head.search(EARLY_SCRIPT_TAG), `${path}: before the preloads`).toBeLessThan(firstPreload);
      const src = /src="(\/assets\/early-requests-[0-9a-f]{10}\.js)"/.exec(html)![1]!;
      const script = await page.request.get(src);
      expect(script.ok(), src).toBe(true);
      expect((await script.body()).byteLength, 'the early script stays small').toBeLessThan(8 * 1024);
    }
    for (const path of ['/start', '/order-flow/discover-vendor', '/order-flow/confirm-order']) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).not.toContain('early-requests');
    }
  });

  test('a fresh load of place-order asks for the menu and the vendor list once each, early, and shows the menu', async () => {
    const page = await suite.newPage();
    await chooseStore(page, GRILL.name);
    await visible(menuRow(page, GRILL.item));
    // The store is in the saved state the early script reads.
    expect(
      (
        await eventually(
          () => savedState(page),
          (state) => state?.order?.vendorId === GRILL.id,
        )
      )?.order,
    ).toEqual(expect.objectContaining({ vendorId: GRILL.id }));

    const menus = recordRequests(page, MENU);
    const vendorLists = recordRequests(page, VENDOR_LIST);
    const appCode = await holdAppCodeUntil(page, () => menus.length > 0 && vendorLists.length > 0);
    await page.reload();
    await confirmStoreIfAsked(page);
    await visible(menuRow(page, GRILL.item));
    await settle(page);

    expect(appCode.held, 'the menu and vendor list were asked for before the app’s code arrived').toEqual([true]);
    expect(menus.map((request) => request.url())).toHaveLength(1);
    expect(vendorLists.map((request) => request.url())).toHaveLength(1);
    expect(menus[0]!.method()).toBe('GET');
    expect(vendorLists[0]!.method()).toBe('GET');
    expect(await menus[0]!.response().then((response) => response?.status())).toBe(200);
    // The app took both answers.
    expect(await untakenEarlyRequests(page)).toEqual([]);
  });

  test('place-order?vendorId= asks early for the named store’s menu, once', async () => {
    const page = await suite.newPage();
    await chooseStore(page, GRILL.name);
    await visible(menuRow(page, GRILL.item));
    await eventually(
      () => savedState(page),
      (state) => state?.order?.vendorId === GRILL.id,
    );

    const otherMenus = recordRequests(page, new RegExp(`/v1/vendor/${PIZZA.id}/current-menu$`));
    const vendorLists = recordRequests(page, VENDOR_LIST);
    const appCode = await holdAppCodeUntil(page, () => otherMenus.length > 0 && vendorLists.length > 0);
    await page.goto(`/order-flow/place-order?vendorId=${PIZZA.id}`);
    await confirmStoreIfAsked(page);
    await visible(menuRow(page, PIZZA.item));
    await settle(page);
    expect(appCode.held).toEqual([true]);
    expect(otherMenus).toHaveLength(1);
    expect(vendorLists).toHaveLength(1);
    expect(await untakenEarlyRequests(page)).toEqual([]);
  });

  test("a fresh load of wait-order after paying loads the store's location picture once, early", async () => {
    const vendor = (await getVendor(suite.server, GRILL.id)) as ApiVendor & {
      displayAssets: { locationImageAssetId: number | null };
    };
    const assetId = vendor.displayAssets.locationImageAssetId;
    expect(assetId, 'the demo store has a location picture').not.toBeNull();
    const picture = new RegExp(`/v1/displayassets/${assetId}/transformed/350x$`);

    const page = await suite.newPage();
    await payForOrder(page, GRILL, { label: 'Early Picture' });
    await visible(page.locator(`img[src$="/displayassets/${assetId}/transformed/350x"]`));

    const pictures = recordRequests(page, picture);
    const appCode = await holdAppCodeUntil(page, () => pictures.length > 0);
    await page.reload();
    const image = await visible(page.locator(`img[src$="/displayassets/${assetId}/transformed/350x"]`));
    expect(
      await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), Boolean),
      'the picture shows',
    ).toBe(true);
    await settle(page);

    expect(appCode.held, 'the picture was asked for before the app’s code arrived').toEqual([true]);
    expect(pictures.map((request) => request.url())).toHaveLength(1);
    // No API request was started early for wait-order.
    expect(await untakenEarlyRequests(page)).toBeNull();
  }, 300_000);
});
