import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ops } from '@venue/test-harness/ops';
import { getMenu, menuItem } from './support/api.ts';
import {
  addWithPlus,
  confirmStore,
  confirmStoreModal,
  counterValue,
  dialogs,
  expectCounter,
  menuRow,
  openDiscover,
  plusButton,
  vendorEntry,
} from './support/ordering.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, eventually, settle, text, visible, waitForPath } from './support/ui.ts';

const GRILL_AND_BUN = 2;
const DAILY_GRIND = 4;
const VENUE_TIME_ZONE = 'Australia/Sydney';

/** The epoch ms of a wall-clock time in the venue's time zone. */
function venueInstant(year: number, month: number, day: number, hour: number, minute: number): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const format = new Intl.DateTimeFormat('en-AU', {
    timeZone: VENUE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  // Try the zone's possible offsets (AEST +10, AEDT +11) and keep the one that reads back right.
  for (const offsetHours of [10, 11]) {
    const candidate = asUtc - offsetHours * 3_600_000;
    const parts = Object.fromEntries(format.formatToParts(candidate).map((part) => [part.type, part.value]));
    if (Number(parts.hour) === hour && Number(parts.minute) === minute && Number(parts.day) === day) return candidate;
  }
  throw new Error(`${year}-${month}-${day} ${hour}:${minute} does not exist in ${VENUE_TIME_ZONE}`);
}

/** The venue-local date of the first `weekday` (0 Sunday … 6 Saturday) at least two days from now. */
function nextVenueWeekday(weekday: number): { year: number; month: number; day: number } {
  const format = new Intl.DateTimeFormat('en-AU', {
    timeZone: VENUE_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  });
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  for (let days = 2; days < 10; days += 1) {
    const parts = Object.fromEntries(
      format.formatToParts(Date.now() + days * 86_400_000).map((part) => [part.type, part.value]),
    );
    if (parts.weekday === names[weekday]) {
      return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
    }
  }
  throw new Error('no such weekday ahead');
}

/** Daily Grind's menu as the customer sees it at a venue-local instant (the page's clock is set there). */
async function menuAt(page: Page, instantMs: number): Promise<void> {
  await page.clock.install({ time: instantMs });
  await page.goto(`/order-flow/place-order?vendorId=${DAILY_GRIND}`);
  await confirmStore(page, 'Daily Grind');
  await visible(menuRow(page, 'Butter Croissant'));
  await settle(page);
}

// Spec §5 item availability and the 99 cap, §2 discover refresh and the confirm-store modal.
describe('menu rules: availability windows, 99 per item, discover refresh, choosing another store', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('an item with a breakfast window (06:00–11:00 venue time) shows at 11:00 inclusive and not at 11:01', async () => {
    const menu = await getMenu(suite.server, DAILY_GRIND);
    expect(menuItem(menu, 'Bacon & Egg Roll').visible).toBe(true);
    const monday = nextVenueWeekday(1);

    const atEleven = await suite.newPage();
    await menuAt(atEleven, venueInstant(monday.year, monday.month, monday.day, 11, 0));
    await visible(menuRow(atEleven, 'Bacon & Egg Roll'));
    await screenshot(atEleven, 'availability-breakfast-11-00');

    const afterEleven = await suite.newPage();
    await menuAt(afterEleven, venueInstant(monday.year, monday.month, monday.day, 11, 1));
    expect(await text(afterEleven, 'Bacon & Egg Roll').count(), 'hidden after its window').toBe(0);
    // Items without a window are there all day.
    await visible(menuRow(afterEleven, 'Banana Bread'));
  });

  test('a weekday-only item (afternoon tea, Monday–Friday 14:00–17:00) is hidden on a Saturday afternoon', async () => {
    const monday = nextVenueWeekday(1);
    const weekday = await suite.newPage();
    await menuAt(weekday, venueInstant(monday.year, monday.month, monday.day, 14, 0));
    await visible(menuRow(weekday, 'Scones with Jam & Cream'));

    const saturday = nextVenueWeekday(6);
    const weekend = await suite.newPage();
    await menuAt(weekend, venueInstant(saturday.year, saturday.month, saturday.day, 15, 0));
    expect(await text(weekend, 'Scones with Jam & Cream').count(), 'not on Saturdays').toBe(0);
  });

  test('99 of one item at most (Daily Grind has no burden limit)', async () => {
    const page = await suite.newPage();
    await page.goto(`/order-flow/place-order?vendorId=${DAILY_GRIND}`);
    await confirmStore(page, 'Daily Grind');
    await addWithPlus(page, 'Butter Croissant', 99);
    await expectCounter(page, 'Butter Croissant', 99);
    const plus = plusButton(menuRow(page, 'Butter Croissant'));
    if (await plus.isEnabled()) {
      await plus.click();
      await page.waitForTimeout(500);
    }
    expect(await counterValue(menuRow(page, 'Butter Croissant'))).toBe(99);
    await screenshot(page, 'limit-99-per-item');

    // The server refuses 100 of a line with a clear 4xx, never a 500.
    const response = await fetch(`${suite.server.url}/v1/vendor/${DAILY_GRIND}/calculate-order-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vendorId: DAILY_GRIND, orderItems: [{ menuItemId: 414, quantity: 100, modifiers: [] }] }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as { statusCode?: unknown; message?: unknown };
    expect(body.statusCode).toBe(response.status);
    expect(typeof body.message).toBe('string');
  });

  test('discover-vendor refreshes the stores every 30 s (a pause shows as Back Soon)', async () => {
    const page = await suite.newPage();
    await page.clock.install({ time: Date.now() });
    await openDiscover(page);
    const card = page.getByRole('listitem').filter({ hasText: 'Grill & Bun' }).first();
    await visible(card);
    expect(await card.innerText()).not.toContain('Back Soon');
    await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}`, { isPaused: true });
    try {
      await page.clock.fastForward(31_000);
      const shown = await eventually(
        () => card.innerText(),
        (value) => value.includes('Back Soon'),
        15_000,
      );
      expect(shown, 'Grill & Bun after the 30 s refresh').toContain('Back Soon');
      await screenshot(page, 'discover-refreshed-paused');
    } finally {
      await ops(suite.server, 'PATCH', `/vendor/${GRILL_AND_BUN}`, { isPaused: false });
    }
  });

  test("the server refuses what it will not sell now, and confirm-order shows the server's message", async () => {
    // The phone's clock says an item is in its window; the server's (the authority) says it is not.
    // Breakfast (06:00–11:00 daily) and afternoon tea (weekdays 14:00–17:00) never overlap, so one
    // of them is out of its window at the server's real time.
    const menu = await getMenu(suite.server, DAILY_GRIND);
    const candidates = [
      { name: 'Bacon & Egg Roll', weekday: 1, hour: 10 },
      { name: 'Scones with Jam & Cream', weekday: 1, hour: 15 },
    ];
    let refused: { name: string; weekday: number; hour: number; message: string } | null = null;
    for (const candidate of candidates) {
      const response = await fetch(`${suite.server.url}/v1/vendor/${DAILY_GRIND}/calculate-order-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          vendorId: DAILY_GRIND,
          orderItems: [{ menuItemId: menuItem(menu, candidate.name).id, quantity: 1, modifiers: [] }],
        }),
      });
      if (response.status >= 400) {
        expect(response.status, `${candidate.name} out of its window: a 4xx, never a 500`).toBeLessThan(500);
        const body = (await response.json()) as { message: string };
        refused = { ...candidate, message: body.message };
        break;
      }
    }
    expect(refused, 'one of the windowed items is refused at the real time').not.toBeNull();
    if (!refused) return;

    const page = await suite.newPage();
    const day = nextVenueWeekday(refused.weekday);
    await menuAt(page, venueInstant(day.year, day.month, day.day, refused.hour, 0));
    await addWithPlus(page, refused.name);
    await (await visible(action(page, 'Confirm my order'))).click();
    await waitForPath(page, '/order-flow/confirm-order');
    await visible(page.getByText(refused.message));
    await screenshot(page, 'confirm-order-server-refused');
    const proceed = action(page, 'Proceed to Pay');
    expect((await proceed.count()) === 0 || (await proceed.first().isDisabled()), 'no way on to pay').toBe(true);
  });

  test("the confirm-store modal's 'Choose another store' goes back to discover-vendor", async () => {
    const page = await suite.newPage();
    await openDiscover(page);
    await (await visible(vendorEntry(page, 'Grill & Bun'))).click();
    await waitForPath(page, '/order-flow/place-order');
    const modal = await visible(confirmStoreModal(page));
    await action(modal, 'Choose another store').click();
    await waitForPath(page, '/order-flow/discover-vendor');
    await visible(text(page, 'Select Your Option Below'));
    expect(await dialogs(page).count()).toBe(0);
  });
});
