import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { customerOrders, moveOrder } from '@venue/test-harness/checkout';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import {
  DISCUSS_TEXT,
  GRILL,
  payByCard,
  payForOrder,
  pickUpModal,
  testIdText,
  WAIT_HEADING,
  watchOrderReads,
} from './support/tracking.ts';
import { action, dialog, eventually, hidden, settle, text, visible, waitForPath } from './support/ui.ts';

const LONG_TEST_MS = 300_000;
const WAIT = '/order-flow/wait-order';
const ALERT = '/order-flow/alert-order';

/** The status the app saved for its placed order (local storage 'state', saved at most once a second). */
function savedStatus(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('state');
    const status = raw
      ? (JSON.parse(raw) as { placedOrder?: { orderStatus?: unknown } }).placedOrder?.orderStatus
      : null;
    return typeof status === 'string' ? status : null;
  });
}

/** Opens `path` afresh (a reload from the saved state) and returns the path the app settles on. */
async function openAfresh(page: Page, path: string, expected: string): Promise<string> {
  await page.goto(path);
  await waitForPath(page, expected);
  return new URL(page.url()).pathname;
}

/** Every path the page's main frame has shown, in order (history changes included). */
function watchPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

describe('problems and route guards while tracking, multi-vendor build (spec §2 Route guards, §4, §8)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test.each(['VendorSupportRequired', 'Cancelled'] as const)(
    "the venue sets %s right after the payment: alert-order, 'We need to discuss your order with you at the shop' and 'Get Help'",
    async (status) => {
      const page = await suite.newPage();
      const paths = watchPaths(page);
      // The payment's answer is held until the venue has moved the just-queued order (spec §4:
      // the app then reads the order and finds the status while it is still on the payment screen).
      let moved = false;
      await page.route('**/v1/vendor/*/order/*/payment/*/update', async (route) => {
        const response = await route.fetch();
        const [, vendorId, orderId] = /\/vendor\/(\d+)\/order\/(\d+)\//.exec(new URL(route.request().url()).pathname)!;
        if (response.ok() && !moved) {
          await moveOrder(suite.server, Number(vendorId), Number(orderId), status);
          moved = true;
        }
        await route.fulfill({ response });
      });
      const { customerName } = await payByCard(page, GRILL, { label: `Support ${status}` });
      await waitForPath(page, ALERT, undefined, 90_000);
      expect(moved, 'the venue moved the order while the payment answer was held').toBe(true);
      expect(paths, 'straight from payment to alert-order').not.toContain(WAIT);

      const discuss = await visible(dialog(page, DISCUSS_TEXT));
      await visible(discuss.getByText(/^Please come to Grill & Bun and show your order number \d+\.$/));
      const ticket = (await discuss.innerText()).match(/order number (\d+)/)?.[1] ?? '';
      expect(ticket).not.toBe('');
      await settle(page);
      await screenshot(page, `tracking-discuss-order-modal-${status}`);
      await action(discuss, 'Get Help').click();
      const help = await visible(dialog(page, 'Get Help'));
      expect(await help.getByRole('link', { name: /\d/ }).first().getAttribute('href')).toMatch(/^tel:\+?\d+$/);
      await visible(help.getByText(ticket, { exact: true }));
      await settle(page);
      if (status === 'VendorSupportRequired') await screenshot(page, 'tracking-get-help-modal');
      await action(help, 'Close').click();
      await hidden(help);
      // Closed, the screen says it and keeps 'Get Help'; the order number is there to show.
      await visible(page.getByRole('heading', { level: 1, name: DISCUSS_TEXT }));
      await visible(action(page, 'Get Help'));
      expect(await testIdText(page, 'claim-ticket')).toBe(ticket);
      expect((await customerOrders(suite.server, GRILL.id, customerName))[0]?.orderStatus).toBe(status);
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );

  test(
    "the venue cancels a waiting order: 'Temporary problem!', and Ok leads to alert-order",
    async () => {
      const page = await suite.newPage();
      const order = await payForOrder(page, GRILL, { label: 'Cancelled Customer' });
      await visible(page.getByTestId('queue-position'));
      await moveOrder(suite.server, GRILL.id, order.id, 'Cancelled');
      const problem = await visible(dialog(page, 'Temporary problem!'), 60_000);
      await visible(
        problem.getByText('Grill & Bun could not complete your order. Please see the staff at the shop about it.'),
      );
      await screenshot(page, 'tracking-temporary-problem-modal');
      await action(problem, 'Ok').click();
      await waitForPath(page, ALERT);
      await visible(dialog(page, DISCUSS_TEXT));
      expect(await testIdText(page, 'claim-ticket')).toBe(order.ticket);
      expect((await customerOrders(suite.server, GRILL.id, order.customerName))[0]?.orderStatus).toBe('Cancelled');
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );

  test(
    'route guards by status: a waiting order keeps every route on wait-order (a reload keeps tracking); ' +
      'a finished one sends them to alert-order; without an order the tracking routes go to start',
    async () => {
      const page = await suite.newPage();
      const reads = watchOrderReads(page);
      const order = await payForOrder(page, GRILL, { label: 'Guarded Customer' });
      await visible(page.getByTestId('queue-position'));

      // Spec §2: Paid, Scheduled or Waiting: every route except wait-order redirects to it.
      const since = Date.now();
      for (const path of ['/start', '/order-flow/discover-vendor', '/order-flow/place-order?vendorId=2', ALERT]) {
        expect(await openAfresh(page, path, WAIT), path).toBe(WAIT);
      }
      // The reloaded wait screen tracks the same order: its number, its place in the queue.
      await visible(text(page, WAIT_HEADING));
      expect(
        await eventually(
          () => testIdText(page, 'claim-ticket'),
          (shown) => shown === order.ticket,
        ),
      ).toBe(order.ticket);
      await visible(page.getByTestId('queue-position'));
      // The reloaded screen read the order itself; from then on its live stream carries the news
      // (it reads again every 5 s only while the stream is down, decision 021).
      await reads.after(since);

      // Collected without the customer seeing the alert (Serviced): the pick-up modal still shows.
      await moveOrder(suite.server, GRILL.id, order.id, 'Serviced');
      await visible(pickUpModal(page), 60_000);
      expect(
        await eventually(
          () => savedStatus(page),
          (status) => status === 'Serviced',
        ),
      ).toBe('Serviced');

      // Spec §2: a finished status sends the other routes to alert-order; wait-order moves on at once (§4).
      for (const path of [
        '/start',
        '/order-flow/delivery',
        '/order-flow/discover-vendor',
        '/order-flow/place-order',
        '/order-flow/confirm-order',
        '/order-flow/confirm-contact',
        '/order-flow/payment',
        WAIT,
      ]) {
        expect(await openAfresh(page, path, ALERT), path).toBe(ALERT);
      }
      await visible(page.getByRole('heading', { level: 1, name: 'Collect your order' }));
      expect(await testIdText(page, 'claim-ticket')).toBe(order.ticket);

      // A customer with no order: the tracking routes fall back to the start screen.
      const fresh = await suite.newPage();
      for (const path of [WAIT, ALERT]) {
        expect(await openAfresh(fresh, path, '/start'), path).toBe('/start');
      }
      await visible(action(fresh, 'Order & Collect'));
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );
});
