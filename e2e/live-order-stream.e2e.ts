import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { moveOrder } from '@venue/test-harness/checkout';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { followPickUp, GRILL, payForOrder, pickUpModal, testIdText, watchOrderReads } from './support/tracking.ts';
import { eventually, visible, waitForPath } from './support/ui.ts';

/**
 * Issue 15 part 1: the wait screen follows GET /v1/order/{orderId}/events while it can (the
 * ready alert the moment the kitchen marks the order, queue places as the orders ahead move) and
 * falls back to the spec's polling (every 5 s) when the stream cannot be had.
 */

const LONG_TEST_MS = 300_000;
const ORDER_STREAM = /\/v1\/order\/\d+\/events/;

/** A message the page's EventSource received, as the DevTools protocol reports it. */
interface StreamMessage {
  eventName: string;
  order: { id: number; orderStatus: string; positionInQueue: number | null };
  at: number;
}

/** Records the `order` messages of the page's order streams (DevTools protocol, Network domain). */
async function watchStreamMessages(page: Page): Promise<{ all: StreamMessage[]; session: CDPSession }> {
  const all: StreamMessage[] = [];
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  session.on('Network.eventSourceMessageReceived', (message) => {
    if (message.eventName !== 'order') return;
    all.push({
      eventName: message.eventName,
      order: JSON.parse(message.data) as StreamMessage['order'],
      at: Date.now(),
    });
  });
  return { all, session };
}

const nextMessage = (messages: StreamMessage[], match: (order: StreamMessage['order']) => boolean) =>
  eventually(
    async () => messages.find((message) => match(message.order)) ?? null,
    (found) => found !== null,
    60_000,
  );

describe("the wait screen follows the order's live stream (multi-vendor build)", () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test(
    "queue places and 'Pick up now' arrive by the stream, with no order read in between",
    async () => {
      const first = await suite.newPage();
      const a = await payForOrder(first, GRILL, { label: 'Stream First' });

      const second = await suite.newPage();
      const stream = await watchStreamMessages(second);
      const reads = watchOrderReads(second);
      const b = await payForOrder(second, GRILL, { label: 'Stream Second' });
      // The stream's first message: the order as it stands, second in the queue.
      await nextMessage(stream.all, (order) => order.id === b.id && order.positionInQueue === 2);
      expect(
        await eventually(
          () => testIdText(second, 'queue-position'),
          (shown) => shown === '2',
        ),
      ).toBe('2');
      const readsBefore = reads.all.length;

      // The kitchen readies the order ahead: the second customer moves up without reading the order.
      await moveOrder(suite.server, GRILL.id, a.id, 'PendingAlerted');
      await nextMessage(stream.all, (order) => order.id === b.id && order.positionInQueue === 1);
      expect(
        await eventually(
          () => testIdText(second, 'queue-position'),
          (shown) => shown === '1',
        ),
      ).toBe('1');
      await visible(pickUpModal(first), 60_000);

      // And readies theirs: 'Pick up now' comes with the stream's message.
      await moveOrder(suite.server, GRILL.id, b.id, 'PendingAlerted');
      await nextMessage(stream.all, (order) => order.id === b.id && order.orderStatus === 'PendingAlerted');
      const modal = await visible(pickUpModal(second), 60_000);
      await visible(modal.getByText(new RegExp(`Your order ${b.ticket} is ready`)));
      expect(reads.all.length, 'no order read was needed while the stream was live').toBe(readsBefore);
      await screenshot(second, 'live-stream-pick-up');
      await followPickUp(second);
      await waitForPath(second, '/order-flow/alert-order');
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );

  test(
    "without the stream the wait screen polls every 5 s, and 'Pick up now' still appears",
    async () => {
      const page = await suite.newPage();
      let refused = 0;
      await page.route(ORDER_STREAM, async (route) => {
        refused += 1;
        await route.abort('connectionrefused');
      });
      const reads = watchOrderReads(page);
      const order = await payForOrder(page, GRILL, { label: 'No Stream' });
      await visible(page.getByTestId('queue-position'));
      expect(
        await eventually(
          async () => refused,
          (count) => count >= 1,
        ),
      ).toBeGreaterThanOrEqual(1);
      // Reads go on every 5 s (give or take a busy machine): two more within 30 s.
      const since = Date.now();
      await reads.after(since);
      const later = Date.now();
      await reads.after(later + 1_000);

      await moveOrder(suite.server, GRILL.id, order.id, 'PendingAlerted');
      await visible(pickUpModal(page), 60_000);
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );
});
