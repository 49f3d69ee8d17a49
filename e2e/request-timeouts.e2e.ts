import { describe, expect, test } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { moveOrder } from '@venue/test-harness/checkout';
import { setupSuite } from './support/suite.ts';
import { GRILL, payForOrder, pickUpModal } from './support/tracking.ts';
import { eventually, visible } from './support/ui.ts';

// A request the network swallows (no answer, no error) must not stop the wait screen's polling for
// good: the app's API client gives up on a call after its timeout (15 s, apps/web/src/lib/
// api-client.ts), which counts as a 'Network Error', and spec §4 polling carries on after those.
// Polling is what the wait screen falls back to when the order's live stream cannot be had, so
// here the network refuses the stream too.

const LONG_TEST_MS = 300_000;
/** The app's timeout for an ordinary call. */
const APP_REQUEST_TIMEOUT_MS = 15_000;
/** Spec §9: the wait screen reads the order every 5 s. */
const POLLING_INTERVAL_MS = 5_000;
/** How many order reads in a row the network holds open. */
const HELD_READS = 2;

const ORDER_READ = /\/v1\/vendor\/\d+\/order\/\d+$/;
/** GET /v1/order/{orderId}/events, the order's live stream */
const ORDER_STREAM = /\/v1\/order\/\d+\/events/;
const isOrderRead = (request: Request) =>
  request.method() === 'GET' && ORDER_READ.test(new URL(request.url()).pathname);

/** Counts the order reads in flight at once (of those sent from now on), and the most there ever were. */
function watchReadsInFlight(page: Page): { most: () => number; failed: () => number } {
  const inFlight = new Set<Request>();
  let most = 0;
  let failed = 0;
  page.on('request', (request) => {
    if (!isOrderRead(request)) return;
    inFlight.add(request);
    most = Math.max(most, inFlight.size);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => {
    if (inFlight.delete(request)) failed += 1;
  });
  return { most: () => most, failed: () => failed };
}

describe('a request that never answers (customer trust: no timeout on API calls)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test(
    "the wait screen's order reads are held open: polling goes on, and 'Pick up now' still appears",
    async () => {
      const page = await suite.newPage();
      await page.route(ORDER_STREAM, (route) => route.abort('connectionrefused'));
      const order = await payForOrder(page, GRILL, { label: 'Held Read Customer' });

      const reads = watchReadsInFlight(page);
      // From now on the next order reads get no answer at all, as on a dead mobile cell or behind
      // a proxy that keeps the connection open; the ones after them go through.
      const heldAt: number[] = [];
      await page.route(ORDER_READ, async (route) => {
        if (route.request().method() === 'GET' && heldAt.length < HELD_READS) {
          heldAt.push(Date.now());
          return; // never fulfilled, never aborted
        }
        await route.continue();
      });
      await eventually(
        async () => heldAt.length,
        (count) => count >= 1,
        POLLING_INTERVAL_MS * 4,
      );
      expect(heldAt.length, 'the wait screen read the order and the network held it').toBe(1);

      await moveOrder(suite.server, GRILL.id, order.id, 'PendingAlerted');
      const shownWithin = HELD_READS * (APP_REQUEST_TIMEOUT_MS + POLLING_INTERVAL_MS) + 60_000;
      await visible(pickUpModal(page), shownWithin);
      const readyAfterMs = Date.now() - heldAt[0]!;

      expect(heldAt.length, 'each held read was followed by the next').toBe(HELD_READS);
      // The app gave up on each held read itself, after its timeout, and only then read again.
      expect(heldAt[1]! - heldAt[0]!).toBeGreaterThanOrEqual(APP_REQUEST_TIMEOUT_MS);
      expect(readyAfterMs).toBeGreaterThanOrEqual(HELD_READS * APP_REQUEST_TIMEOUT_MS);
      expect(reads.failed(), 'the held reads ended as failures (timeouts)').toBe(HELD_READS);
      expect(reads.most(), 'never two reads of the order at once').toBe(1);
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );
});
