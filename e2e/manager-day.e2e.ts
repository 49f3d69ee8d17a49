import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  addItem,
  expectWaitOrder,
  fillCard,
  fillContact,
  GOOD_CARD,
  grandTotal,
  payNow,
  payWithCard,
  proceedToContact,
  savedOrderId,
} from '@venue/test-harness/checkout';
import { newPhoneContext } from '@venue/test-harness/chromium';
import { FIRST_DAY_VENUE } from '@venue/test-harness/first-day-venue';
import { emailsTo } from '@venue/test-harness/outbox';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { twoTonePng } from '@venue/test-harness/png';
import { snapshotSubAppBuild } from '@venue/test-harness/sub-app-snapshot';
import { expectNoAxeViolations } from './support/a11y.ts';
import { CheckoutLoad } from './support/checkout-load.ts';
import { openOptions, tapOption } from './support/ordering.ts';
import { screenshot, slug } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, eventually, hidden, visible, waitForPath } from './support/ui.ts';

// A store manager's day in the back office (issue 26, 'Tests'), in Chromium from an empty database
// (DEMO_VENUE=off): the CLI makes the first admin, who sets a password, imports a catalogue written
// for this test (two stores) on the Catalogue screen and invites a store manager for one of them on
// the Managers screen. The manager sets his password from the invitation email, changes a price and
// adds an item with a picture and a required option group; makes a staff token for his store's
// tablet. A phone orders the new item and the repriced one at the new prices and pays by card; the
// tablet takes the ticket to ready and collected. The manager finds the order by the customer's
// mobile, refunds one line; the customer's refund email is in the outbox; the day's takings show
// gross, refunds and net as the prices make them, and the CSVs download and add up. Another store's
// order stays closed to him, on screen and in the API. Every back-office screen and dialog: a
// 1280×800 screenshot (e2e/screenshots/manager-day-*.png) and axe with nothing found.

const LONG_TEST_MS = 300_000;

const OWNER = { email: 'owner@harbourhall.example', name: 'Olive Owner', password: 'harbour lights at dusk' };
const MANAGER = { email: 'nick.noodles@harbourhall.example', name: 'Nick Noodles', password: 'steam rising off pho' };
const CUSTOMER = { fullName: 'Priya Patel', mobile: '0413 579 246', email: 'priya.patel@example.com' };
const REFUND_REASON = 'Noodles arrived cold';

// The catalogue written for this test: the venue the `first-day` web build is made for (its ids and
// name), with two stores of its own.
const NOODLES = { id: 7101, name: 'Harbour Noodle House' } as const;
const GELATO = { id: 7102, name: 'Quay Gelato Bar' } as const;
const PHO = { id: 710101, name: 'Beef Pho', price: 1650, newPrice: 1790 } as const;
const LAKSA = { id: 710102, name: 'Chicken Laksa', price: 1800 } as const;
const SPRING_ROLLS = { id: 710103, name: 'Spring Rolls', price: 900 } as const;
const CUP = { id: 710201, name: 'Two Scoop Cup', price: 850 } as const;
const AFFOGATO = { id: 710202, name: 'Affogato', price: 750 } as const;
/** What the manager adds: an item with a picture and a required choice of noodles. */
const DAN_DAN = { name: 'Dan Dan Noodles', price: 1550, description: 'Sesame, chilli oil and pork mince.' } as const;
const NOODLE_TYPE = {
  name: 'Noodle type',
  options: [
    { name: 'Wheat noodles', price: 0 },
    { name: 'Rice noodles', price: 120 },
  ],
} as const;
const RICE = NOODLE_TYPE.options[1];

// The phone's order: one Dan Dan Noodles with rice noodles, two Beef Pho at the new price.
const DAN_DAN_LINE = DAN_DAN.price + RICE.price; // 16.70
const PHO_COUNT = 2;
const ORDER_TOTAL = DAN_DAN_LINE + PHO_COUNT * PHO.newPrice; // 52.50
const REFUND = DAN_DAN_LINE; // the Dan Dan line, with its option
const NET = ORDER_TOTAL - REFUND; // 35.80
/** GST is included at 10 %: 1/11 of what was kept. */
const GST = Math.round(NET / 11); // 3.25

const ALL_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekday) => ({
  weekday,
  opens: '00:00',
  closes: '24:00',
}));

function catalogue() {
  const store = (id: number, storeName: string, location: string) => ({
    id,
    storeName,
    phoneNumber: '(03) 9000 7100',
    location,
    geoLocation: { latitude: -37.8206, longitude: 144.9648 },
    tts: 600_000,
    vendorOrderConfiguration: { availableServiceModes: ['TakeAway'], defaultOrderServiceMode: 'TakeAway' },
    openingHours: ALL_DAY,
  });
  return {
    version: 1,
    venue: {
      id: FIRST_DAY_VENUE.id,
      clientId: FIRST_DAY_VENUE.clientId,
      name: FIRST_DAY_VENUE.name,
      timeZone: 'Australia/Melbourne',
      address: '2 River Walk, Southbank VIC 3006',
      geoLocation: { latitude: -37.8206, longitude: 144.9648 },
    },
    vendors: [
      {
        ...store(NOODLES.id, NOODLES.name, 'Stall 1, by the water'),
        itemTypes: ['Noodles', 'Sides'],
        items: [
          { id: PHO.id, name: PHO.name, price: PHO.price, itemType: 'Noodles', displayOrder: 10 },
          {
            id: LAKSA.id,
            name: LAKSA.name,
            price: LAKSA.price,
            itemType: 'Noodles',
            displayOrder: 20,
            modifierGroupsIds: [7111],
          },
          {
            id: SPRING_ROLLS.id,
            name: SPRING_ROLLS.name,
            price: SPRING_ROLLS.price,
            itemType: 'Sides',
            displayOrder: 30,
          },
        ],
        modifierGroups: [{ id: 7111, name: 'Extra toppings', minimumChoices: 0, maximumChoices: 2, displayOrder: 10 }],
        modifiers: [
          { id: 711101, name: 'Fried tofu', price: 200, displayOrder: 10, groupId: 7111 },
          { id: 711102, name: 'Soft egg', price: 250, displayOrder: 20, groupId: 7111 },
        ],
      },
      {
        ...store(GELATO.id, GELATO.name, 'Stall 2, by the gate'),
        itemTypes: ['Gelato', 'Coffee'],
        items: [
          { id: CUP.id, name: CUP.name, price: CUP.price, itemType: 'Gelato', displayOrder: 10 },
          { id: AFFOGATO.id, name: AFFOGATO.name, price: AFFOGATO.price, itemType: 'Coffee', displayOrder: 20 },
        ],
      },
    ],
    coupons: [],
  };
}

/** "$52.50": cents as the back office and the app show them. */
const dollars = (minor: number) => `$${(minor / 100).toFixed(2)}`;

const DESK: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
};
const TABLET: BrowserContextOptions = {
  viewport: { width: 1024, height: 768 },
  isMobile: false,
  hasTouch: true,
};

/**
 * `node scripts/venue.mjs add-admin` (what `npm run venue` runs) against the server's database; its
 * last line is the set-password link.
 */
function addFirstAdmin(databaseUrl: string): string {
  const run = spawnSync(
    process.execPath,
    ['scripts/venue.mjs', 'add-admin', '--email', OWNER.email, '--name', OWNER.name],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  const last = run.stdout.trim().split('\n').at(-1)?.trim() ?? '';
  expect(last).toMatch(/\/admin\/set-password\?token=[\w-]+$/);
  return last;
}

/** A link's path and query on the test server (the link may name PUBLIC_URL's host or none). */
const onThisServer = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

/** The back office's side navigation. */
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name, exact: true });

/** The figure a Takings tile shows under its label ("Gross" → "$52.50"). */
async function tile(page: Page, label: string): Promise<string> {
  const term = page.locator('dl.tiles dt').filter({ hasText: new RegExp(`^${label}$`) });
  return (await visible(term)).evaluate((element) => (element.nextElementSibling?.textContent ?? '').trim());
}

/** RFC 4180 CSV (quoted fields, CRLF) into rows of cells; a leading byte-order mark is dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A CSV as records keyed by its header. */
function csvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const [header = [], ...rows] = parseCsv(text);
  for (const row of rows)
    expect(row, `a CSV row has as many cells as the header (${header.join(',')})`).toHaveLength(header.length);
  return {
    header,
    records: rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']))),
  };
}

/** Dollars in a CSV cell ("35.8") as cents. */
const cents = (cell: string | undefined) => Math.round(Number(cell) * 100);

/** Clicks a download link and returns the downloaded file's name and text. */
async function download(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), link.click()]);
  const failure = await file.failure();
  expect(failure, `the download of ${file.suggestedFilename()}`).toBeNull();
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

describe("a store manager's day in the back office, from the first admin to the day's takings", () => {
  const env: Record<string, string> = { DEMO_VENUE: 'off' };
  let outbox = '';
  const snapshots: Array<{ dispose(): Promise<void> }> = [];
  beforeAll(async () => {
    const [admin, staff] = await Promise.all([snapshotSubAppBuild('admin'), snapshotSubAppBuild('staff')]);
    snapshots.push(admin, staff);
    env.ADMIN_DIST = admin.dir;
    env.STAFF_DIST = staff.dir;
    outbox = await mkdtemp(join(tmpdir(), 'venue-manager-day-outbox-'));
    env.OUTBOX_DIR = outbox;
  });
  afterAll(async () => {
    if (outbox) await rm(outbox, { recursive: true, force: true });
    for (const snapshot of snapshots) await snapshot.dispose();
  });
  const suite = setupSuite({ build: 'first-day', env });

  // The people's browsers live through the whole day (the suite's pages last one test).
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  /** the page of the step now running, for the screen at a failure */
  let lastPage: Page | null = null;
  const openPage = async (options: BrowserContextOptions = {}) => {
    const context = await newPhoneContext(suite.browser, { baseURL: suite.server.url, ...options });
    contexts.push(context);
    const page = await context.newPage();
    lastPage = page;
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${String(error.stack ?? error)}`));
    return page;
  };
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  // One day, told in order: after a failed step the rest would only fail for it.
  let failed = false;
  beforeEach((context) => {
    if (failed) context.skip();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    failed = true;
    if (lastPage && !lastPage.isClosed()) {
      const path = await screenshot(lastPage, `failed-manager-day-${slug(task.name)}`).catch(() => null);
      if (path) console.log(`Screen at failure: ${path} (${lastPage.url()})`);
    }
    if (pageErrors.length > 0) console.log(`Page errors:\n${pageErrors.join('\n')}`);
  });

  /** Every back-office screen and dialog: a 1280×800 picture, and axe finds nothing. */
  const look = async (page: Page, name: string) => {
    lastPage = page;
    await screenshot(page, `manager-day-${name}`);
    await expectNoAxeViolations(page, `the back office: ${name}`);
  };

  let owner: Page;
  let manager: Page;
  let phone: Page;
  let tablet: Page;
  let staffLink = '';
  let ticketNumber = '';
  let orderId = 0;

  test(
    'the CLI makes the first admin, who sets a password and imports the catalogue on the Catalogue screen',
    async () => {
      const link = addFirstAdmin(suite.server.databaseUrl);
      owner = await openPage(DESK);
      await owner.goto(onThisServer(link));
      await visible(owner.getByRole('heading', { name: 'Set your password' }));
      await look(owner, 'owner-set-password');
      await owner.getByLabel('New password').fill(OWNER.password);
      await owner.getByLabel('Type it again').fill(OWNER.password);
      await owner.getByRole('button', { name: 'Set password' }).click();
      await visible(owner.getByText('Your password is set. Sign in with it.'));
      await owner.getByLabel('Email').fill(OWNER.email);
      await owner.getByLabel('Password').fill(OWNER.password);
      await look(owner, 'owner-sign-in');
      await owner.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(owner, '/admin/today');
      await visible(owner.getByRole('heading', { name: 'Today' }));
      await visible(owner.getByText(OWNER.name));
      await look(owner, 'owner-today-empty-venue');

      // The catalogue, as a file the admin chooses.
      await nav(owner, 'Catalogue').click();
      await visible(owner.getByRole('heading', { name: 'Catalogue', level: 1 }));
      await look(owner, 'owner-catalogue');
      const importFile = async () => {
        await owner.getByLabel('Catalogue file').setInputFiles({
          name: 'harbour-hall.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify(catalogue(), null, 2)),
        });
        await owner.getByRole('button', { name: 'Import the catalogue' }).click();
        const outcome = await visible(
          owner.getByText(/^Imported/).or(owner.getByRole('alert').filter({ hasText: /\S/ })),
          60_000,
        );
        return (await outcome.innerText()).trim();
      };
      // An empty installation takes the document's venue: no venue has to exist first.
      const said = await importFile();
      expect(said).toMatch(/^Imported/);
      const done = owner.getByRole('table', { name: 'What the import did' });
      const created = async (kind: string) =>
        (
          await done
            .getByRole('row')
            .filter({ has: owner.getByRole('rowheader', { name: kind, exact: true }) })
            .innerText()
        )
          .split(/\t|\n/)
          .map((cell) => cell.trim())
          .filter(Boolean);
      expect(await created('Stores')).toEqual(['Stores', '2', '0', '0', '0']);
      expect(await created('Items')).toEqual(['Items', '5', '0', '0', '0']);
      expect(await created('Option groups')).toEqual(['Option groups', '1', '0', '0', '0']);
      expect(await created('Options')).toEqual(['Options', '2', '0', '0', '0']);
      await look(owner, 'owner-catalogue-imported');

      // The venue's stores are on the menu now.
      await nav(owner, 'Menu').click();
      await visible(owner.getByRole('link', { name: NOODLES.name }));
      await visible(owner.getByRole('link', { name: GELATO.name }));
      await look(owner, 'owner-menu-stores');
    },
    LONG_TEST_MS,
  );

  test(
    'the admin invites a store manager for one store; the invitation email carries the set-password link',
    async () => {
      lastPage = owner;
      await nav(owner, 'Managers').click();
      await visible(owner.getByRole('cell', { name: OWNER.email }));
      await look(owner, 'owner-managers');
      await owner.getByRole('button', { name: 'Invite a manager' }).click();
      const invite = await visible(dialog(owner, 'Invite a manager'));
      await invite.getByLabel('Name').fill(MANAGER.name);
      await invite.getByLabel('Email').fill(MANAGER.email);
      await invite.getByRole('radio', { name: /^Store manager/ }).check();
      // The stores the import made, to choose from.
      // Read again on the way to this screen: the import's stores are offered without a reload.
      const noodles = invite.getByRole('checkbox', { name: NOODLES.name });
      await noodles.check();
      expect(await invite.getByRole('checkbox', { name: GELATO.name }).isChecked()).toBe(false);
      await look(owner, 'owner-invite-dialog');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await visible(owner.getByText(`Invitation sent to ${MANAGER.email}.`));
      const row = owner.getByRole('row').filter({ has: owner.getByRole('cell', { name: MANAGER.email }) });
      await visible(row.getByText('Invited', { exact: true }));
      expect(await row.innerText()).toContain(NOODLES.name);
      expect(await row.innerText()).not.toContain(GELATO.name);
      await look(owner, 'owner-managers-invited');
    },
    LONG_TEST_MS,
  );

  test(
    'the manager sets his password from the email, and sees only his store',
    async () => {
      const [email] = await emailsTo(outbox, MANAGER.email, (mail) => /set-password\?token=/.test(mail.text));
      expect(email, `an invitation to ${MANAGER.email} in the outbox`).toBeDefined();
      expect(email!.text).toContain(FIRST_DAY_VENUE.name);
      const link = /https?:\/\/[^\s"<>]+\/admin\/set-password\?token=[\w-]+/.exec(email!.text)?.[0];
      expect(link, 'the set-password link in the invitation').toBeTruthy();

      manager = await openPage(DESK);
      await manager.goto(onThisServer(link!));
      await visible(manager.getByRole('heading', { name: 'Set your password' }));
      await look(manager, 'set-password');
      await manager.getByLabel('New password').fill(MANAGER.password);
      await manager.getByLabel('Type it again').fill(MANAGER.password);
      await manager.getByRole('button', { name: 'Set password' }).click();
      await visible(manager.getByText('Your password is set. Sign in with it.'));
      await manager.getByLabel('Email').fill(MANAGER.email);
      await manager.getByLabel('Password').fill(MANAGER.password);
      await manager.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(manager, '/admin/today');
      await visible(manager.getByRole('heading', { name: 'Today' }));
      await visible(manager.getByText(MANAGER.name));
      await visible(manager.getByText('Store manager'));
      expect(await nav(manager, 'Catalogue').count(), 'the catalogue is the admin’s').toBe(0);
      expect(await nav(manager, 'Managers').count(), 'managers are the admin’s').toBe(0);
      await look(manager, 'today');

      await nav(manager, 'Menu').click();
      await visible(manager.getByRole('link', { name: NOODLES.name }));
      expect(await manager.getByRole('link', { name: GELATO.name }).count(), 'only his store').toBe(0);
      await look(manager, 'menu');
    },
    LONG_TEST_MS,
  );

  test(
    'the manager changes a price, adds a required option group, and an item with a picture and that group',
    async () => {
      lastPage = manager;
      await manager.getByRole('link', { name: NOODLES.name }).click();
      await visible(manager.getByRole('heading', { name: NOODLES.name, level: 1 }));
      const parts = manager.getByRole('navigation', { name: `${NOODLES.name}: parts` });
      await look(manager, 'store-settings');

      // A price: Beef Pho from $16.50 to $17.90.
      await parts.getByRole('link', { name: 'Items', exact: true }).click();
      const phoRow = manager.getByRole('row').filter({ hasText: PHO.name });
      await visible(phoRow.getByText(dollars(PHO.price)));
      await look(manager, 'store-items');
      await manager.getByRole('button', { name: `Edit ${PHO.name}` }).click();
      const edit = await visible(dialog(manager, `Edit ${PHO.name}`));
      expect(await edit.getByLabel('Price ($)').inputValue()).toBe('16.50');
      await edit.getByLabel('Price ($)').fill('17.90');
      await look(manager, 'edit-item-dialog');
      await edit.getByRole('button', { name: 'Save the item' }).click();
      await hidden(manager.locator('dialog[open]'));
      await visible(phoRow.getByText(dollars(PHO.newPrice)));

      // A required option group with two options.
      await parts.getByRole('link', { name: 'Option groups', exact: true }).click();
      await visible(manager.getByRole('table', { name: `Option groups of ${NOODLES.name}` }));
      await look(manager, 'store-option-groups');
      await manager.getByRole('button', { name: 'Add an option group' }).click();
      const group = await visible(dialog(manager, 'Add an option group'));
      await group.getByLabel('Name', { exact: true }).fill(NOODLE_TYPE.name);
      await group.getByLabel('Fewest choices').fill('1');
      await group.getByLabel('Most choices').fill('1');
      await group.getByRole('button', { name: 'Add an option' }).click();
      const rows = group.locator('.option-row');
      await eventually(
        () => rows.count(),
        (count) => count === NOODLE_TYPE.options.length,
      );
      for (const [index, option] of NOODLE_TYPE.options.entries()) {
        await group.getByLabel(`Option ${index + 1}`, { exact: true }).fill(option.name);
        await rows
          .nth(index)
          .getByLabel('Price ($)')
          .fill((option.price / 100).toFixed(2));
      }
      await look(manager, 'add-option-group-dialog');
      await group.getByRole('button', { name: 'Add the group' }).click();
      await hidden(manager.locator('dialog[open]'));
      const groupRow = manager.getByRole('row').filter({ hasText: NOODLE_TYPE.name });
      await visible(groupRow.getByText('Required, 1', { exact: true }));
      expect(await groupRow.innerText()).toContain(`${RICE.name} (${dollars(RICE.price)})`);
      await look(manager, 'store-option-groups-added');

      // An item with a picture and that group.
      await parts.getByRole('link', { name: 'Items', exact: true }).click();
      await manager.getByRole('button', { name: 'Add an item' }).click();
      const item = await visible(dialog(manager, 'Add an item'));
      await item.getByLabel('Name', { exact: true }).fill(DAN_DAN.name);
      await item.getByLabel('Item type').selectOption('Noodles');
      await item.getByLabel('Price ($)').fill((DAN_DAN.price / 100).toFixed(2));
      await item.getByLabel('Description').fill(DAN_DAN.description);
      await item.getByRole('checkbox', { name: NOODLE_TYPE.name }).check();
      await item.getByLabel('Upload a picture').setInputFiles({
        name: 'dan-dan-noodles.png',
        mimeType: 'image/png',
        buffer: twoTonePng(64, 48, [196, 64, 32], [250, 214, 120]),
      });
      const preview = await visible(item.getByRole('img', { name: 'Picture: the picture now chosen' }));
      await eventually(
        () => preview.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
        (width) => Number(width) > 0,
      );
      await look(manager, 'add-item-dialog');
      await item.getByRole('button', { name: 'Add the item' }).click();
      await hidden(manager.locator('dialog[open]'));
      const danDanRow = manager.getByRole('row').filter({ hasText: DAN_DAN.name });
      await visible(danDanRow.getByText(dollars(DAN_DAN.price)));
      expect(await danDanRow.innerText()).toContain('1 option groups');
      const thumb = danDanRow.locator('img.thumb');
      await eventually(
        () => thumb.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
        (width) => Number(width) > 0,
      );
      await look(manager, 'store-items-added');
    },
    LONG_TEST_MS,
  );

  test(
    "the manager makes a staff token for his store's tablet on the Staff tokens screen",
    async () => {
      lastPage = manager;
      await nav(manager, 'Staff tokens').click();
      await visible(manager.getByRole('heading', { name: 'Staff tokens', level: 1 }));
      await visible(manager.getByText('No staff tokens yet.'));
      await look(manager, 'staff-tokens');
      await manager.getByRole('button', { name: 'Make a staff token' }).click();
      const make = await visible(dialog(manager, 'Make a staff token'));
      // His one store is chosen for him.
      expect(await make.getByLabel('Store').locator('option:checked').innerText()).toBe(NOODLES.name);
      await make.getByLabel('Device or person').fill('Noodle pass tablet');
      await look(manager, 'make-staff-token-dialog');
      await make.getByRole('button', { name: 'Make the token' }).click();
      const made = await visible(dialog(manager, 'Staff token for Noodle pass tablet'));
      staffLink = await made.getByLabel('Sign-in link').inputValue();
      expect(staffLink).toMatch(/\/staff#token=vst_/);
      await look(manager, 'staff-token-made-dialog');
      await made.getByRole('button', { name: 'Done' }).click();
      await hidden(manager.locator('dialog[open]'));
      const row = manager.getByRole('row').filter({ hasText: 'Noodle pass tablet' });
      await visible(row.getByText('Works', { exact: true }));
      expect(await row.innerText()).toContain(NOODLES.name);
    },
    LONG_TEST_MS,
  );

  test(
    'a phone orders the new item with its required option and the repriced one, and pays by card',
    async () => {
      phone = await openPage();
      await phone.goto('/start');
      await (await visible(action(phone, 'Order & Collect'))).click();
      await waitForPath(phone, '/order-flow/discover-vendor');
      await (
        await visible(
          phone
            .getByRole('button', { name: new RegExp(NOODLES.name) })
            .or(phone.getByRole('link', { name: new RegExp(NOODLES.name) })),
        )
      ).click();
      await waitForPath(phone, '/order-flow/place-order');
      const confirmStore = await visible(
        phone.locator('[role="dialog"], dialog[open]').filter({ hasText: 'Ordering from' }),
      );
      await action(confirmStore, 'Confirm Store').click();
      await hidden(confirmStore);

      // The menu: the new price, and the new item at its price.
      const menuEntry = (name: string) =>
        phone
          .getByRole('listitem')
          .filter({ has: phone.getByText(name, { exact: true }) })
          .first();
      await visible(menuEntry(PHO.name).getByText(dollars(PHO.newPrice)));
      expect(await menuEntry(PHO.name).innerText()).not.toContain(dollars(PHO.price));
      await visible(menuEntry(DAN_DAN.name).getByText(dollars(DAN_DAN.price)));
      await screenshot(phone, 'manager-day-phone-menu');
      await expectNoAxeViolations(phone, 'the phone: the menu with the new item');

      // The required option: adding without it is refused; with rice noodles it is added.
      const options = await openOptions(phone, DAN_DAN.name);
      await visible(options.getByText(NOODLE_TYPE.name, { exact: true }));
      await action(options, 'Add to Order').click();
      const missing = await visible(dialog(phone, 'Missing options'));
      await visible(missing.getByText(NOODLE_TYPE.name));
      const missingOk = action(missing, 'Ok');
      if ((await missingOk.count()) > 0) await missingOk.click();
      else await phone.keyboard.press('Escape');
      await hidden(dialog(phone, 'Missing options'));
      await tapOption(options, RICE.name);
      await screenshot(phone, 'manager-day-phone-options');
      await expectNoAxeViolations(phone, 'the phone: the options of the new item');
      await action(options, 'Add to Order').click();
      await hidden(options);
      await addItem(phone, PHO.name, PHO_COUNT);

      await (await visible(phone.getByRole('button', { name: 'Confirm my order', exact: true }))).click();
      await waitForPath(phone, '/order-flow/confirm-order');
      expect(await grandTotal(phone), 'the order at the new prices, with the option').toBe(dollars(ORDER_TOTAL));
      await screenshot(phone, 'manager-day-phone-confirm-order');
      await proceedToContact(phone);
      await fillContact(phone, CUSTOMER);
      await payWithCard(phone);
      await fillCard(phone, { ...GOOD_CARD, holder: CUSTOMER.fullName });
      await payNow(phone);
      ticketNumber = await expectWaitOrder(phone);
      orderId = await savedOrderId(phone);
      await screenshot(phone, 'manager-day-phone-wait-order');
    },
    LONG_TEST_MS,
  );

  test(
    "the store's tablet, signed in with the manager's token, takes the order to ready and collected",
    async () => {
      tablet = await openPage(TABLET);
      await tablet.goto(onThisServer(staffLink));
      await visible(tablet.getByRole('heading', { level: 1, name: NOODLES.name }));
      const ticket = tablet
        .locator('article.ticket')
        .filter({ has: tablet.getByRole('heading', { name: `Order ${ticketNumber}` }) });
      const card = await visible(ticket);
      const shown = await card.innerText();
      expect(shown).toContain(CUSTOMER.fullName);
      expect(shown).toContain(DAN_DAN.name);
      expect(shown).toContain(RICE.name);
      expect(shown).toContain(`${PHO_COUNT}× ${PHO.name}`);
      await screenshot(tablet, 'manager-day-staff-board');
      await expectNoAxeViolations(tablet, 'the staff display board');

      await action(ticket, 'Ready').click();
      await visible(ticket.and(tablet.locator('section.column-ready article.ticket')));
      await action(ticket, 'Collected').click();
      await eventually(
        () => ticket.count(),
        (count) => count === 0,
      );
      expect(await ticket.count(), 'the collected ticket leaves the board').toBe(0);
    },
    LONG_TEST_MS,
  );

  test(
    "the manager finds the order by the customer's mobile and refunds one line; the customer is emailed",
    async () => {
      lastPage = manager;
      await nav(manager, 'Orders').click();
      await visible(manager.getByRole('heading', { name: 'Orders', level: 1 }));
      await manager.getByLabel('Order number, name, mobile or email').fill(CUSTOMER.mobile.replace(/\s/g, ''));
      await manager.getByRole('button', { name: 'Search' }).click();
      await visible(manager.getByRole('heading', { name: /^1 order, newest first/ }));
      const found = manager
        .getByRole('row')
        .filter({ has: manager.getByRole('link', { name: `Order ${ticketNumber}` }) });
      expect(await found.innerText()).toContain(CUSTOMER.fullName);
      expect(await found.innerText()).toContain(dollars(ORDER_TOTAL));
      await visible(found.getByText('Collected', { exact: true }));
      await look(manager, 'orders-found-by-mobile');

      await found.getByRole('link', { name: `Order ${ticketNumber}` }).click();
      await waitForPath(manager, `/admin/orders/${orderId}`);
      await visible(manager.getByRole('heading', { name: `Order ${ticketNumber}`, level: 1 }));
      const items = manager.getByRole('region', { name: 'Items' });
      await visible(items.getByText(DAN_DAN.name));
      await visible(items.getByText(`+ ${RICE.name} (${dollars(RICE.price)})`));
      const totalRow = items
        .getByRole('row')
        .filter({ has: manager.getByRole('rowheader', { name: 'Total', exact: true }) });
      expect(await totalRow.innerText()).toContain(dollars(ORDER_TOTAL));
      await visible(
        manager
          .getByText('Card: Visa ending 4242')
          .or(manager.getByText(/ending 4242/))
          .first(),
      );
      await visible(manager.getByRole('region', { name: 'Customer' }).getByText(CUSTOMER.email));
      await look(manager, 'order');

      await manager.getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = await visible(dialog(manager, `Refund order ${ticketNumber}`));
      await visible(refund.getByText(dollars(ORDER_TOTAL)).first());
      await refund.getByRole('radio', { name: 'Some items' }).check();
      await refund.getByLabel(`How many ${DAN_DAN.name} to refund`).fill('1');
      await refund.getByLabel('Reason').fill(REFUND_REASON);
      const give = refund.getByRole('button', { name: `Refund ${dollars(REFUND)}` });
      await visible(give);
      await look(manager, 'refund-dialog');
      await give.click();
      await hidden(manager.locator('dialog[open]'));
      await visible(manager.getByText(`Refunded ${dollars(REFUND)}.`));
      const refunds = manager.getByRole('region', { name: 'Refunds' });
      const given = refunds.getByRole('row').filter({ hasText: REFUND_REASON });
      await visible(given);
      expect(await given.innerText()).toContain(`1× ${DAN_DAN.name}`);
      expect(await given.innerText()).toContain(dollars(REFUND));
      expect(await given.innerText()).toContain(MANAGER.name);
      const payments = await manager.getByRole('region', { name: 'Payments' }).innerText();
      expect(payments).toContain(`left to refund ${dollars(NET)}`);
      await visible(items.getByText('1 refunded'));
      await look(manager, 'order-refunded');

      const [mail] = await emailsTo(outbox, CUSTOMER.email, (email) => /refunded/i.test(email.text));
      expect(mail, `a refund email to ${CUSTOMER.email}`).toBeDefined();
      expect(mail!.text).toContain(`${dollars(REFUND)} has been refunded to your card ending 4242.`);
      expect(mail!.text).toContain(REFUND_REASON);
    },
    LONG_TEST_MS,
  );

  test(
    "the day's takings show gross, refunds and net as the prices make them; the CSVs download and add up",
    async () => {
      lastPage = manager;
      await nav(manager, 'Takings').click();
      await visible(manager.getByRole('heading', { name: 'By store' }));
      expect(await tile(manager, 'Orders')).toBe('1');
      expect(await tile(manager, 'Gross')).toBe(dollars(ORDER_TOTAL));
      expect(await tile(manager, 'Discounts')).toBe(dollars(0));
      expect(await tile(manager, 'Service charges')).toBe(dollars(0));
      expect(await tile(manager, 'Refunds')).toBe(dollars(REFUND));
      expect(await tile(manager, 'Net')).toBe(dollars(NET));
      expect(await tile(manager, 'GST included')).toBe(dollars(GST));
      const byStore = manager.getByRole('table', { name: /Takings by store/ });
      await visible(byStore.getByText(NOODLES.name));
      expect(await byStore.getByText(GELATO.name).count(), 'only his store').toBe(0);
      await look(manager, 'takings');

      // The report as CSV: a row for the store and the total, each adding up.
      const report = await download(manager, manager.getByRole('link', { name: 'Download CSV', exact: true }));
      expect(report.name).toMatch(/\.csv$/);
      const takings = csvRecords(report.text);
      expect(takings.header).toEqual([
        'From',
        'To',
        'Store',
        'Orders',
        'Gross sales',
        'Coupon discounts',
        'Service charges',
        'Refunds',
        'Net',
        'GST included',
        'Average order',
      ]);
      expect(takings.records.map((row) => row.Store)).toEqual([NOODLES.name, 'Total']);
      for (const row of takings.records) {
        expect(
          cents(row['Gross sales']) -
            cents(row['Coupon discounts']) +
            cents(row['Service charges']) -
            cents(row.Refunds),
          `gross − discounts + charges − refunds = net (${row.Store})`,
        ).toBe(cents(row.Net));
      }
      const total = takings.records.at(-1)!;
      expect(cents(total['Gross sales'])).toBe(ORDER_TOTAL);
      expect(cents(total.Refunds)).toBe(REFUND);
      expect(cents(total.Net)).toBe(NET);
      expect(cents(total['GST included'])).toBe(GST);
      expect(total.Orders).toBe('1');

      // The orders as CSV: one row per line, adding up to what the order cost.
      const lines = await download(manager, manager.getByRole('link', { name: 'Download orders CSV' }));
      const orders = csvRecords(lines.text);
      for (const column of [
        'Order',
        'Store',
        'Mobile',
        'Email',
        'Line',
        'Item',
        'Quantity',
        'Line total',
        'Order total',
      ])
        expect(orders.header).toContain(column);
      const ours = orders.records.filter((row) => row.Order === ticketNumber);
      expect(ours.map((row) => `${row.Line}: ${row.Quantity}× ${row.Item} ${row['Line total']}`).sort()).toEqual(
        [
          `Item: ${PHO_COUNT}× ${PHO.name} ${(PHO_COUNT * PHO.newPrice) / 100}`,
          `Item: 1× ${DAN_DAN.name} ${DAN_DAN.price / 100}`,
          `Option: 1× ${RICE.name} ${RICE.price / 100}`,
        ].sort(),
      );
      expect(ours.reduce((sum, row) => sum + cents(row['Line total']), 0)).toBe(ORDER_TOTAL);
      for (const row of ours) {
        expect(cents(row['Order total'])).toBe(ORDER_TOTAL);
        expect(cents(row['Order refunded'])).toBe(REFUND);
        expect(row.Store).toBe(NOODLES.name);
      }
      expect(
        orders.records.every((row) => row.Store === NOODLES.name),
        'only his store’s orders',
      ).toBe(true);
    },
    LONG_TEST_MS,
  );

  test(
    "another store's order stays closed to him: refused on screen, 403 from the API",
    async () => {
      // A customer of the gelato bar pays through the API, as the app does.
      const customers = new CheckoutLoad({
        servers: [suite.server.url],
        vendorId: GELATO.id,
        basket: () => [{ menuItemId: CUP.id, quantity: 1, modifiers: [] }],
      });
      const checkout = await customers.checkout(customers.newCheckout()).finally(() => customers.close());
      expect(checkout.outcome).toBe('paid');
      const gelatoOrder = checkout.orderId!;

      // The admin finds it by the customer's name…
      await nav(owner, 'Orders').click();
      await owner.getByLabel('Order number, name, mobile or email').fill('Load Customer');
      await owner.getByRole('button', { name: 'Search' }).click();
      await visible(owner.getByRole('heading', { name: /^1 order, newest first/ }));
      await visible(owner.getByRole('cell', { name: GELATO.name }));
      // …he does not find it among his…
      await nav(manager, 'Orders').click();
      await manager.getByLabel('Order number, name, mobile or email').fill('Load Customer');
      await manager.getByRole('button', { name: 'Search' }).click();
      await visible(manager.getByRole('heading', { name: /^No orders found/ }));
      // …nor to be opened by its address.
      await manager.goto(`/admin/orders/${gelatoOrder}`);
      const refused = await visible(manager.getByRole('alert').filter({ hasText: 'Could not read the order' }));
      expect(await refused.innerText()).toContain('This store is not one of yours.');
      expect(await manager.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
      await look(manager, 'other-store-order-refused');

      const answer = await manager.request.get(`/admin/v1/orders/${gelatoOrder}`);
      expect(answer.status(), await answer.text()).toBe(403);
      const own = await manager.request.get(`/admin/v1/orders/${orderId}`);
      expect(own.status(), 'his own order, with the same cookie').toBe(200);

      expect(pageErrors).toEqual([]);
    },
    LONG_TEST_MS,
  );
});
