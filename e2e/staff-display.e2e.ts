import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ensureStaffBuild } from '@venue/test-harness/build-app';
import {
  addItem,
  chooseStore,
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  payNow,
  payWithCard,
  reviewAndProceed,
} from '@venue/test-harness/checkout';
import { OPS_TOKEN } from '@venue/test-harness/server';
import { expectNoAxeViolations, expectTouchTargets } from './support/a11y.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { followPickUp, pickUpModal } from './support/tracking.ts';
import { action, eventually, settle, visible, waitForPath } from './support/ui.ts';

// The venue's side (issue "The venue side"): a venue goes from an empty database to taking and
// fulfilling orders with no code change. Its catalogue (written for this test, not the demo) is
// imported through the operations API with a picture it uploads; a staff token signs a tablet in
// to the staff display; a phone orders and pays; the tablet shows the ticket live, bumps it to
// ready (the phone's wait screen moves to 'Pick up now') and collected; it pauses the store
// ('Back Soon' for customers) and marks an item sold out ('Sold Out').

const VENDOR = { id: 21, name: 'Noodle Bar' };
const ALL_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekday) => ({
  weekday,
  opens: '00:00',
  closes: '24:00',
}));

/** An 8×8 PNG (orange), as a venue would upload a picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWP4UKGBFTEMLQkARRFkAUQKeTAAAAAASUVORK5CYII=',
  'base64',
);

function catalogue(pictureId: number) {
  return {
    version: 1,
    venue: {
      id: 0,
      clientId: 1,
      name: 'Riverside Arena',
      timeZone: 'Australia/Sydney',
      address: '1 River Road, Parramatta NSW 2150',
      geoLocation: { latitude: -33.8151, longitude: 151.0017 },
    },
    vendors: [
      {
        id: VENDOR.id,
        storeName: VENDOR.name,
        phoneNumber: '(02) 9000 2100',
        location: 'North stand, level 2',
        displayAssets: { thumbnailAssetId: pictureId, locationImageAssetId: null },
        geoLocation: { latitude: -33.8152, longitude: 151.0018 },
        tts: 600_000,
        vendorOrderConfiguration: { availableServiceModes: ['TakeAway'], defaultOrderServiceMode: 'TakeAway' },
        openingHours: ALL_DAY,
        itemTypes: ['Noodles', 'Sides'],
        items: [
          {
            id: 2101,
            name: 'Beef Pho',
            description: 'Rice noodles in a slow beef broth.',
            price: 1650,
            itemType: 'Noodles',
            displayOrder: 10,
            displayAssetId: pictureId,
          },
          {
            id: 2102,
            name: 'Spring Rolls',
            description: 'Three crisp vegetable rolls.',
            price: 900,
            itemType: 'Sides',
            displayOrder: 20,
            currentInventory: 10,
          },
        ],
      },
    ],
    coupons: [],
  };
}

async function opsFetch(url: string, path: string, init: RequestInit = {}, token = OPS_TOKEN): Promise<Response> {
  return fetch(`${url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    signal: AbortSignal.timeout(30_000),
  });
}

/** The staff display's ticket of an order, by its number. */
function ticket(page: Page, number: string) {
  return page.locator('article.ticket').filter({ has: page.getByRole('heading', { name: `Order ${number}` }) });
}

describe('the venue side: a catalogue imported, a staff token, the live board and the customer', () => {
  const env: Record<string, string> = { DEMO_VENUE: 'off' };
  beforeAll(async () => {
    env.STAFF_DIST = await ensureStaffBuild();
  });
  const suite = setupSuite({ build: 'multi-vendor', env });
  let signInUrl = '';
  let staffToken = '';

  test('an empty database: the venue imports its catalogue with an uploaded picture and makes a staff token', async () => {
    const before = await fetch(`${suite.server.url}/v1/venue/0/vendors`);
    const listed = before.ok ? ((await before.json()) as unknown[]) : [];
    expect(listed, 'no demo stores with DEMO_VENUE=off').toEqual([]);

    const upload = await opsFetch(suite.server.url, '/ops/v1/display-assets', {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: PNG,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const { id: pictureId } = (await upload.json()) as { id: number };

    const put = await opsFetch(suite.server.url, '/ops/v1/venue/0/catalogue', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(catalogue(pictureId)),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const picture = await fetch(`${suite.server.url}/v1/displayassets/${pictureId}/transformed/100x`);
    expect(picture.status).toBe(200);

    const made = await opsFetch(suite.server.url, `/ops/v1/vendor/${VENDOR.id}/staff-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Pass tablet' }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    ({ signInUrl, token: staffToken } = (await made.json()) as { signInUrl: string; token: string });
    expect(signInUrl).toContain('/staff#token=');
  });

  test('a phone orders; the tablet shows the ticket live, bumps it ready (Pick up now), collected (undone once) and collected', async () => {
    const tablet = await suite.newPage({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true });
    await tablet.goto(signInUrl.replace(/^https?:\/\/[^/]+/, ''));
    await visible(tablet.getByRole('heading', { level: 1, name: VENDOR.name }));
    await visible(tablet.getByText('Live', { exact: true }));
    expect(tablet.url(), 'the token leaves the address').not.toContain('token=');
    expect(await tablet.locator('article.ticket').count()).toBe(0);

    const phone = await suite.newPage();
    await chooseStore(phone, VENDOR.name);
    await addItem(phone, 'Beef Pho', 2);
    await reviewAndProceed(phone);
    await fillContact(phone, { mobile: '0412345678', fullName: 'Noor Noodle' });
    await payWithCard(phone);
    await fillCard(phone, GOOD_CARD);
    await payNow(phone);
    const number = await expectWaitOrder(phone);

    // Live: the ticket arrives without a reload, with the customer and the items.
    const card = await visible(ticket(tablet, number));
    expect(await card.innerText()).toContain('Noor Noodle');
    expect(await card.innerText()).toContain('2× Beef Pho');
    await settle(tablet);
    await screenshot(tablet, 'staff-display-board');
    await expectNoAxeViolations(tablet, 'the staff display board');
    await expectTouchTargets(tablet, 'the staff display board');

    // Keyboard: the ticket takes focus and Enter makes it ready.
    await card.focus();
    await tablet.keyboard.press('Enter');
    const readyColumn = tablet.locator('section.column-ready');
    await visible(ticket(tablet, number).and(readyColumn.locator('article.ticket')));

    // The customer's wait screen moves to 'Pick up now'.
    await visible(pickUpModal(phone), 60_000);
    await followPickUp(phone);
    await waitForPath(phone, '/order-flow/alert-order');

    // Collected by mistake: the ticket leaves the board, and 'Undo' brings it back, ready as it was.
    await action(ticket(tablet, number), 'Collected').click();
    await eventually(
      () => ticket(tablet, number).count(),
      (count) => count === 0,
    );
    await visible(tablet.getByText(`Order ${number} collected`));
    await tablet.getByRole('button', { name: `Undo: order ${number} collected` }).click();
    await visible(ticket(tablet, number).and(readyColumn.locator('article.ticket')));

    // Collected: the ticket leaves the board.
    await action(ticket(tablet, number), 'Collected').click();
    await eventually(
      () => ticket(tablet, number).count(),
      (count) => count === 0,
    );
    expect(await ticket(tablet, number).count()).toBe(0);
    expect(suite.pageErrors).toEqual([]);
  });

  test("the tablet pauses the store ('Back Soon' for customers) and marks an item sold out ('Sold Out')", async () => {
    const tablet = await suite.newPage({ viewport: { width: 1024, height: 768 }, isMobile: false });
    await tablet.goto('/staff');
    await tablet.getByLabel('Staff token').fill(staffToken);
    await action(tablet, 'Sign in').click();
    await visible(tablet.getByRole('heading', { level: 1, name: VENDOR.name }));
    await action(tablet, 'Store controls').click();
    await action(tablet, 'Pause (Back Soon)').click();
    await visible(tablet.getByText('paused (customers see Back Soon)'));

    const phone = await suite.newPage();
    await phone.goto(`/order-flow/place-order?vendorId=${VENDOR.id}`);
    await visible(phone.getByText(/Back Soon/).first());

    await action(tablet, 'Resume orders').click();
    await visible(tablet.getByText('open', { exact: true }));
    await tablet.getByRole('button', { name: 'Mark Spring Rolls sold out' }).click();
    await visible(tablet.getByRole('button', { name: 'Restock Spring Rolls' }));
    await settle(tablet);
    await screenshot(tablet, 'staff-display-controls');
    await expectNoAxeViolations(tablet, 'the staff display controls');

    const customer = await suite.newPage();
    await chooseStore(customer, VENDOR.name);
    const row = customer.getByRole('listitem').filter({ has: customer.getByText('Spring Rolls', { exact: true }) });
    await visible(row.getByText('Sold Out', { exact: true }));
    expect(suite.pageErrors).toEqual([]);
  });

  test('a revoked token signs the tablet out at once', async () => {
    const tablet = await suite.newPage({ viewport: { width: 1024, height: 768 }, isMobile: false });
    await tablet.goto('/staff');
    await tablet.getByLabel('Staff token').fill(staffToken);
    await action(tablet, 'Sign in').click();
    await visible(tablet.getByRole('heading', { level: 1, name: VENDOR.name }));
    const list = (await (
      await opsFetch(suite.server.url, `/ops/v1/vendor/${VENDOR.id}/staff-tokens`)
    ).json()) as Array<{ id: number }>;
    for (const { id } of list) {
      await opsFetch(suite.server.url, `/ops/v1/vendor/${VENDOR.id}/staff-tokens/${id}`, { method: 'DELETE' });
    }
    // The stream ends at its next heartbeat (15 s) and the board signs out and says why.
    await visible(tablet.getByText(/signed out/i).first(), 60_000);
    await visible(tablet.getByLabel('Staff token'));
  });
});
