import { describe, expect, test } from 'vitest';
import { formatMoney } from '@venue/domain/money';
import { moveOrder, venueOrders } from '@venue/test-harness/checkout';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { DISCUSS_TEXT, GRILL, payForOrder, pickUpModal } from './support/tracking.ts';
import { action, dialog, settle, visible, waitForPath } from './support/ui.ts';

const LONG_TEST_MS = 300_000;
const ALERT = '/order-flow/alert-order';

describe('what the customer is told after a cancel or a request for help (issue 23)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test(
    'a paid card order cancelled by the kitchen shows the refund with its amount and the card, and can start again',
    async () => {
      const page = await suite.newPage();
      const order = await payForOrder(page, GRILL, { label: 'Refund Customer' });
      const paid = (await venueOrders(suite.server, GRILL.id)).find((o) => o.id === order.id)!;
      const line = `Your payment of ${formatMoney(paid.total.minorAmount)} to card ending 4242 has been refunded.`;

      await moveOrder(suite.server, GRILL.id, order.id, 'Cancelled');
      const problem = await visible(dialog(page, 'Temporary problem!'));
      await visible(problem.getByText(line, { exact: true }));
      await settle(page);
      await screenshot(page, 'refund-temporary-problem');

      await action(problem, 'Ok').click();
      await waitForPath(page, ALERT);
      const discuss = await visible(dialog(page, DISCUSS_TEXT));
      await visible(discuss.getByText(line, { exact: true }));
      await settle(page);
      await screenshot(page, 'refund-discuss-order-modal');

      await action(discuss, 'Start new order').click();
      await waitForPath(page, '/start');
    },
    LONG_TEST_MS,
  );

  test(
    "an order marked 'Needs help' and then ready moves the phone to 'Pick up now' without a reload",
    async () => {
      const page = await suite.newPage();
      const order = await payForOrder(page, GRILL, { label: 'Helped Customer' });
      await moveOrder(suite.server, GRILL.id, order.id, 'VendorSupportRequired');
      await waitForPath(page, ALERT);
      await visible(dialog(page, DISCUSS_TEXT));
      let reloads = 0;
      page.on('load', () => (reloads += 1));

      await moveOrder(suite.server, GRILL.id, order.id, 'PendingAlerted');
      const ready = await visible(pickUpModal(page), 15_000);
      await visible(ready.getByText(`Your order ${order.ticket} is ready.`, { exact: false }));
      expect(reloads).toBe(0);
      await settle(page);
      await screenshot(page, 'help-then-ready-pick-up');
      await action(ready, 'Collect my order').click();
      await visible(page.getByRole('heading', { level: 1, name: 'Collect your order' }));
    },
    LONG_TEST_MS,
  );
});
