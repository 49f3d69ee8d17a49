import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  customerOrders,
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  moveOrder,
  payNow,
  payWithCard,
  proceedToContact,
  savedOrderId,
} from '@venue/test-harness/checkout';
import { ops } from '@venue/test-harness/ops';
import { getVendor } from './support/api.ts';
import { addWithPlus, confirmStoreIfAsked, expectConfirmButton, savedBasket, vendorEntry } from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import {
  followPickUp,
  GRILL,
  payForOrder,
  pickUpModal,
  PIZZA,
  progressShown,
  progressStepOf,
  readyAlertLog,
  recordReadyAlert,
  setPageInView,
  spokenEstimate,
  testIdText,
  WAIT_HEADING,
  watchOrderReads,
} from './support/tracking.ts';
import { action, dialog, eventually, hidden, settle, text, visible, waitForPath } from './support/ui.ts';

/** Receipts land here as .eml files (the server has no SMTP_URL). */
const OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'venue-outbox-'));
/** Paying takes a while on a busy machine; the longer tests pay more than once. */
const LONG_TEST_MS = 300_000;

/** The ready alert's title (issue 5 part 8) while the page is out of view. */
const READY_TITLE = 'Your order is ready!';

describe('tracking after payment, multi-vendor build (spec §2 Wait order, Alert order; §4; §9)', () => {
  const suite = setupSuite({ build: 'multi-vendor', env: { OUTBOX_DIR } });
  afterAll(async () => rm(OUTBOX_DIR, { recursive: true, force: true }));

  /** The status the venue sees for a customer's one order at a store. */
  async function venueStatus(vendorId: number, customerName: string): Promise<string> {
    const [order] = await customerOrders(suite.server, vendorId, customerName);
    return order?.orderStatus ?? 'none';
  }

  test(
    'two customers at one store: 2nd in the queue, then 1st within a poll once the venue readies the first; ' +
      'the first is alerted in a background tab, collects on alert-order and starts a new order',
    async () => {
      // The first customer allows notifications; their page will be out of view when the order is ready.
      const first = await suite.newPage();
      await first.context().grantPermissions(['notifications']);
      await recordReadyAlert(first);
      const a = await payForOrder(first, GRILL, { label: 'First Customer' });

      const second = await suite.newPage();
      const reads = watchOrderReads(second);
      const b = await payForOrder(second, GRILL, { label: 'Second Customer' });

      // Wait order: heading, queue position, order number, estimate, progress (spec §2).
      await visible(text(second, WAIT_HEADING));
      const venueB = (await customerOrders(suite.server, GRILL.id, b.customerName))[0];
      expect(venueB?.orderStatus).toBe('Waiting');
      expect(venueB?.claimTicket, 'the order number is the claim ticket the venue sees').toBe(b.ticket);
      expect(
        await eventually(
          () => testIdText(second, 'queue-position'),
          (shown) => shown === '2',
        ),
      ).toBe('2');
      // Spec §9: the estimate of the latest read, as a range (or 'Very Soon!').
      const estimate = await eventually(
        async () => ({ shown: await testIdText(second, 'wait-estimate'), read: reads.latest() }),
        ({ shown, read }) =>
          read?.secsToServiceEstimate != null && shown === spokenEstimate(read.secsToServiceEstimate),
      );
      expect(estimate.shown).toBe(spokenEstimate(estimate.read?.secsToServiceEstimate ?? -1));
      expect(estimate.shown).toMatch(/^\d+ mins? - \d+ mins?$/);
      // Spec §4: the progress indicator's 8 steps follow the percent of the wait gone by.
      const progress = await progressShown(second);
      expect(progress.percent).toBeGreaterThanOrEqual(0);
      expect(progress.percent).toBeLessThanOrEqual(100);
      expect(progress.text).toBe(`Step ${progressStepOf(progress.percent)} of 8`);
      await settle(second);
      await screenshot(second, 'tracking-wait-order');

      // The first customer's page goes to the background; the wait screen keeps polling there.
      await visible(text(first, 'We will notify you on this phone when your order is ready.'));
      const titleBefore = await first.title();
      await setPageInView(first, false);

      await moveOrder(suite.server, GRILL.id, a.id, 'PendingAlerted');

      // The second customer's screen shows one order fewer ahead (its live stream says so, or the next read).
      expect(
        await eventually(
          () => testIdText(second, 'queue-position'),
          (shown) => shown === '1',
        ),
      ).toBe('1');

      // The first customer: 'Pick up now', and an alert that reaches a page out of view.
      const ready = await visible(pickUpModal(first), 60_000);
      await visible(ready.getByText(new RegExp(`Your order ${a.ticket} is ready`)));
      expect(
        await eventually(
          () => first.title(),
          (title) => title === READY_TITLE,
        ),
      ).toBe(READY_TITLE);
      const alert = await eventually(
        () => readyAlertLog(first),
        (log) => log.vibrations.length > 0 && log.notifications.length > 0,
      );
      expect(alert.vibrations).toEqual([[200, 100, 200, 100, 400]]);
      expect(alert.notifications).toEqual([
        { title: READY_TITLE, body: `Order ${a.ticket} is ready to collect from Grill & Bun.` },
      ]);
      expect(alert.tones, 'the two beeps').toBe(2);
      await screenshot(first, 'tracking-pick-up-modal');
      // Back in view, the title stops flashing.
      await setPageInView(first, true);
      expect(
        await eventually(
          () => first.title(),
          (title) => title === titleBefore,
        ),
      ).toBe(titleBefore);

      // Alert order: the same order number, pickup instructions, a read-only summary (spec §2).
      await followPickUp(first);
      await waitForPath(first, '/order-flow/alert-order');
      await visible(first.getByRole('heading', { level: 1, name: 'Collect your order' }));
      await visible(text(first, 'Show this order number at Grill & Bun to collect your order.'));
      expect(await testIdText(first, 'claim-ticket')).toBe(a.ticket);
      const summary = await visible(first.getByRole('region', { name: 'Your order' }));
      await visible(summary.getByRole('rowheader', { name: GRILL.item }));
      expect(await summary.getByRole('button').count(), 'the summary is read-only').toBe(0);
      expect(await summary.getByRole('textbox').count()).toBe(0);
      // Spec §7 alerted: arriving with the ready order tells the venue it was seen.
      expect(
        await eventually(
          () => venueStatus(GRILL.id, a.customerName),
          (status) => status === 'Alerted',
        ),
      ).toBe('Alerted');
      await settle(first);
      await screenshot(first, 'tracking-alert-order');

      // 'Start new order' resets to the start screen; nothing is left to track.
      await action(first, 'Start new order').click();
      await waitForPath(first, '/start');
      await visible(action(first, 'Order & Collect'));
      const basket = await eventually(
        () => savedBasket(first),
        (saved) => Object.keys(saved ?? {}).length === 0,
      );
      expect(basket ?? {}, 'the basket is empty').toEqual({});
      await first.goto('/order-flow/wait-order');
      await waitForPath(first, '/start');
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );

  test(
    'the receipt modal sends an e-mail with the order number; progress and estimate follow a controlled clock',
    async () => {
      // A short time to service, so the whole wait fits inside the signing window of a shifted clock.
      const { tts } = await getVendor(suite.server, PIZZA.id);
      await ops(suite.server, 'PATCH', `/vendor/${PIZZA.id}`, { tts: 240_000 });
      try {
        const page = await suite.newPage();
        const reads = watchOrderReads(page);
        const order = await payForOrder(page, PIZZA, { label: 'Receipt Customer' });

        // Spec §5: Send stays disabled unless the address is valid and non-empty.
        await action(page, 'Email receipt').click();
        const modal = await visible(dialog(page, 'Email my receipt'));
        const field = modal.getByLabel('Email');
        const send = modal.getByRole('button', { name: 'Send', exact: true });
        await field.fill('');
        expect(await send.isDisabled(), 'no address').toBe(true);
        await field.fill('sam@');
        await field.press('Tab');
        expect(await send.isDisabled(), 'an address without a domain').toBe(true);
        await visible(text(modal, 'Please enter a valid email'));
        const address = `receipt.${order.id}@example.com`;
        await field.fill(address);
        expect(await eventually(() => send.isEnabled(), Boolean)).toBe(true);
        await send.click();
        await hidden(modal);
        await visible(text(page, `Your receipt is on its way to ${address}.`));
        // The server writes the e-mail into its outbox: to that address, with the order number.
        const mail = await eventually(
          async () => {
            for (const name of (await readdir(OUTBOX_DIR)).filter((file) => file.endsWith('.eml'))) {
              const content = await readFile(join(OUTBOX_DIR, name), 'utf8');
              if (new RegExp(`^To: ${address.replace(/\./g, '\\.')}$`, 'm').test(content)) return content;
            }
            return '';
          },
          (content) => content !== '',
          60_000,
        );
        expect(mail, `an .eml for ${address} in ${OUTBOX_DIR}`).not.toBe('');
        expect(mail).toMatch(new RegExp(`^Subject: .*order ${order.ticket}`, 'm'));

        // Spec §9: 4 minutes to go reads as a range around it.
        const read = await eventually(
          async () => reads.latest(),
          (latest) => latest?.timing.timeQueued != null && latest.timing.timeServiceEstimated != null,
        );
        expect(read?.secsToServiceEstimate).not.toBeNull();
        const expected = () => spokenEstimate(reads.latest()?.secsToServiceEstimate ?? -1);
        const shown = await eventually(
          () => testIdText(page, 'wait-estimate'),
          (estimate) => estimate === expected(),
        );
        expect(shown).toBe(expected());
        expect(shown).toMatch(/^(\d+ mins? - \d+ mins?|Very Soon!)$/);

        // Spec §4: the page's clock held at 48 % of the wait shows step 4 (40 % to 56 %) …
        const queued = Date.parse(read!.timing.timeQueued!);
        const due = Date.parse(read!.timing.timeServiceEstimated!);
        await page.clock.setFixedTime(queued + 0.48 * (due - queued));
        const middle = await eventually(
          () => progressShown(page),
          (shown) => Math.abs(shown.percent - 48) < 0.5,
        );
        expect(Math.round(middle.percent)).toBe(48);
        expect(middle.text).toBe('Step 4 of 8');
        // … and past the estimate it is full, capped at 100.
        await page.clock.setFixedTime(due + 5_000);
        const full = await eventually(
          () => progressShown(page),
          (shown) => shown.percent === 100,
        );
        expect(full).toEqual({ percent: 100, text: 'Step 8 of 8' });
        expect(suite.pageErrors).toEqual([]);
      } finally {
        await ops(suite.server, 'PATCH', `/vendor/${PIZZA.id}`, { tts });
      }
    },
    LONG_TEST_MS,
  );

  test(
    'home delivery: the ready order says "We\'re on our way" and alert-order gives delivery instructions',
    async () => {
      const page = await suite.newPage();
      await page.goto('/start');
      await (await visible(action(page, 'Order Home Delivery'))).click();
      await waitForPath(page, '/order-flow/delivery');
      const field = await visible(page.getByRole('combobox', { name: 'Delivery address' }));
      await field.fill('12 Smith St, Parramatta');
      await (
        await visible(page.getByRole('option', { name: '12 Smith St, Parramatta NSW 2150', exact: true }))
      ).click();
      await (await visible(vendorEntry(page, PIZZA.name))).click();
      await action(await visible(dialog(page, 'Select preferred deliver time')), 'ASAP').click();
      await waitForPath(page, '/order-flow/place-order');
      await confirmStoreIfAsked(page);
      // The store's minimum delivery order is $25.00.
      await addWithPlus(page, PIZZA.item, 3);
      await (await expectConfirmButton(page, 'Confirm my order')).click();
      await proceedToContact(page);
      await fillContact(page, { mobile: '0412345678', fullName: 'Dana Delivery' });
      await payWithCard(page);
      await fillCard(page, GOOD_CARD);
      await payNow(page);
      const ticket = await expectWaitOrder(page);
      const orderId = await savedOrderId(page);

      await moveOrder(suite.server, PIZZA.id, orderId, 'PendingAlerted');
      const modal = await visible(pickUpModal(page, true), 60_000);
      await visible(modal.getByText(new RegExp(`Your order ${ticket} from Slice Pizza Co\\. is on its way to you\\.`)));
      await screenshot(page, 'tracking-delivery-on-our-way-modal');
      await followPickUp(page, true);
      await waitForPath(page, '/order-flow/alert-order');
      await visible(page.getByRole('heading', { level: 1, name: "We're on our way" }));
      await visible(page.getByText(/^Slice Pizza Co\. will deliver your order to 12 Smith St, Parramatta NSW 2150\./));
      expect(await testIdText(page, 'claim-ticket')).toBe(ticket);
      // The step header's last step reads 'Deliver' and is the current one.
      const current = await visible(page.locator('[aria-current="step"]'));
      expect((await current.innerText()).trim()).toContain('Deliver');
      await settle(page);
      await screenshot(page, 'tracking-delivery-alert-order');
      expect(suite.pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );
});
