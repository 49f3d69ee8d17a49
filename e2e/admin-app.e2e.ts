import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { ensureAdminBuild } from '@venue/test-harness/build-app';
import { orderAndPayByCard, TEST_CARD } from '@venue/test-harness/paid-order';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { expectNoAxeViolations } from './support/a11y.ts';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { dialog, hidden, visible, waitForPath } from './support/ui.ts';

// The back office (issue 26) on its own screens: the first admin is made with the CLI and sets a
// password from its link; the admin signs in and opens every screen and dialog at 1280×800 (axe
// finds nothing on each; a screenshot of each in e2e/screenshots/admin-*.png), and signs out.

const EMAIL = 'owner@example.com';
const PASSWORD = 'harbour lights at dusk';
const DESK = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 };

/** `npm run -s venue -- add-admin` against the server's database; its last line is the link. */
function addAdmin(databaseUrl: string): string {
  const run = spawnSync('npm', ['run', '-s', 'venue', '--', 'add-admin', '--email', EMAIL, '--name', 'Pat Owner'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  expect(last).toMatch(/\/admin\/set-password\?token=/);
  return last.trim();
}

/** Checks the screen (axe: no violations) and keeps a 1280×800 picture of it. */
async function look(page: Page, name: string) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await screenshot(page, `admin-${name}`);
  await expectNoAxeViolations(page, `the back office: ${name}`);
}

/** A desk browser signed in as the first admin, on a screen of the back office. */
async function signedIn(suite: { newPage: (options: typeof DESK) => Promise<Page> }, path: string): Promise<Page> {
  const page = await suite.newPage(DESK);
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, `/admin${path}`);
  return page;
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name });

describe('the back office: every screen and dialog at a desk', () => {
  const env: Record<string, string> = {};
  beforeAll(async () => {
    env.ADMIN_DIST = await ensureAdminBuild();
  });
  const suite = setupSuite({ build: 'multi-vendor', env });

  test('the first admin, made with the CLI, sets a password from its link and signs in', async () => {
    // an order to look at: a customer pays for one on a phone
    const phone = await suite.newPage();
    await orderAndPayByCard(phone, { store: 'Slice Pizza Co.', item: 'Garlic Bread', count: 2 });

    const link = addAdmin(suite.server.databaseUrl);
    const page = await suite.newPage(DESK);

    // the link's path on this server (PUBLIC_URL may name another host)
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await visible(page.getByRole('heading', { name: 'Set your password' }));
    await look(page, 'set-password');
    await page.getByLabel('New password').fill('too short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await visible(page.getByText('at least 12 characters', { exact: false }).last());
    expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
    await look(page, 'set-password-problem');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Type it again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();

    await visible(page.getByRole('heading', { name: 'Sign in to the back office' }));
    await visible(page.getByText('Your password is set. Sign in with it.'));
    await look(page, 'sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await visible(page.getByRole('heading', { name: 'Forgot your password?' }));
    await look(page, 'forgot-password');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    // The forgot-password screen has an Email field too: fill the sign-in form once it is the one shown.
    await visible(page.getByRole('heading', { name: 'Sign in to the back office' }));

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/admin/today');
    await visible(page.getByRole('heading', { name: 'Today' }));
    await visible(page.getByText('Pat Owner'));
    await visible(page.getByRole('table').getByText('Slice Pizza Co.'));
    await visible(page.getByText('Live', { exact: true }));
    await look(page, 'today');
  });

  test("Orders: the customer's order found, opened and refunded in part", async () => {
    const page = await signedIn(suite, '/orders');
    await visible(page.getByRole('heading', { name: 'Orders' }));
    await visible(page.getByRole('link', { name: /^Order / }));
    await look(page, 'orders');
    await page.getByLabel('Order number, name, mobile or email').fill(TEST_CARD.holder);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=Sam/);
    await page
      .getByRole('link', { name: /^Order / })
      .first()
      .click();
    await visible(page.getByRole('heading', { name: 'Items' }));
    await visible(page.getByText('Garlic Bread').first());
    await look(page, 'order');

    // Refund: more than is left is refused beside the field; $1.00 is refunded and the order read again
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await visible(dialog(page, 'Refund order 001'));
    await look(page, 'refund-dialog');
    await page.getByLabel('An amount').check();
    await page.getByLabel('Amount ($)').fill('99999');
    await page.getByLabel('Reason').fill('Garlic bread was cold');
    await page.locator('dialog[open]').getByRole('button', { name: 'Refund', exact: true }).click();
    await visible(page.getByText('is left to refund', { exact: false }));
    expect(await page.getByLabel('Amount ($)').getAttribute('aria-invalid')).toBe('true');
    await look(page, 'refund-dialog-problem');
    await page.getByLabel('Amount ($)').fill('1.00');
    await page.getByRole('button', { name: 'Refund $1.00' }).click();
    await hidden(page.locator('dialog[open]'));
    await visible(page.getByText('Refunded $1.00.'));
    await visible(page.getByRole('cell', { name: 'Garlic bread was cold' }));
    await look(page, 'order-refunded');
  });

  test('Takings: by store, by hour, by item', async () => {
    const page = await signedIn(suite, '/takings');
    await visible(page.getByRole('heading', { name: 'By store' }));
    await look(page, 'takings');
    await page.getByLabel('By', { exact: true }).selectOption('hour');
    await page.getByRole('button', { name: 'Show' }).click();
    await visible(page.getByRole('heading', { name: 'By hour of the day' }));
    await look(page, 'takings-by-hour');
    await page.getByLabel('By', { exact: true }).selectOption('item');
    await page.getByRole('button', { name: 'Show' }).click();
    await visible(page.getByRole('heading', { name: 'By item' }));
    await look(page, 'takings-by-item');
  });

  test("Menu: the stores; a store's settings, hours, item types, items and option groups; coupons", async () => {
    const page = await signedIn(suite, '/menu');
    await visible(page.getByRole('link', { name: 'Grill & Bun' }));
    await look(page, 'menu');
    await page.getByRole('link', { name: 'Grill & Bun' }).click();
    await visible(page.getByRole('heading', { name: 'Grill & Bun', level: 1 }));
    await visible(page.getByLabel('Order time (minutes)'));
    await look(page, 'store-settings');
    await page.getByLabel('Where in the venue').fill('East concourse, gate 4');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByText('Saved.'));
    await page.getByRole('link', { name: 'Opening hours' }).click();
    await visible(page.getByRole('button', { name: 'Save opening hours' }));
    await look(page, 'store-hours');
    await page.getByRole('link', { name: 'Item types' }).click();
    await visible(page.getByRole('button', { name: 'Save item types' }));
    await look(page, 'store-item-types');
    await page.getByRole('link', { name: 'Items', exact: true }).click();
    await visible(page.getByRole('button', { name: 'Add an item' }));
    await look(page, 'store-items');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await visible(page.locator('dialog[open]'));
    await page.getByLabel('Price ($)').fill('abc');
    await page.getByRole('button', { name: 'Save the item' }).click();
    await visible(page.getByText('Enter a price like 12.50.'));
    await look(page, 'item-dialog');
    await page.keyboard.press('Escape');
    await hidden(page.locator('dialog[open]'));
    await page.getByRole('link', { name: 'Option groups' }).click();
    await visible(page.getByRole('button', { name: 'Add an option group' }));
    await look(page, 'store-option-groups');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await visible(page.locator('dialog[open]'));
    await look(page, 'option-group-dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await nav(page, 'Menu').click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Coupons' }).click();
    await visible(page.getByRole('cell', { name: 'WELCOME10' }));
    await look(page, 'coupons');
    await page.getByRole('button', { name: 'Add a coupon' }).click();
    await visible(page.locator('dialog[open]'));
    await look(page, 'coupon-dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  test('Staff tokens, the catalogue and managers; a tablet; signing out', async () => {
    // Staff tokens: make one (its link and QR code shown once), revoke it
    const page = await signedIn(suite, '/staff-tokens');
    await visible(page.getByRole('heading', { name: 'Staff tokens' }));
    await look(page, 'staff-tokens');
    await page.getByRole('button', { name: 'Make a staff token' }).click();
    await page.getByLabel('Store').selectOption({ label: 'Grill & Bun' });
    await page.getByLabel('Device or person').fill('Pass tablet');
    await look(page, 'staff-token-dialog');
    await page.getByRole('button', { name: 'Make the token' }).click();
    await visible(page.getByRole('heading', { name: 'Staff token for Pass tablet' }));
    expect(await page.getByLabel('Sign-in link').inputValue()).toContain('/staff#token=vst_');
    await look(page, 'staff-token-created');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Revoke Pass tablet' }).click();
    await visible(page.getByRole('heading', { name: 'Revoke Pass tablet?' }));
    await look(page, 'staff-token-revoke');
    await page.getByRole('button', { name: 'Revoke the token' }).click();
    await visible(page.getByText('is revoked', { exact: false }));

    // Catalogue: a document with a problem is refused, every problem listed
    await nav(page, 'Catalogue').click();
    await visible(page.getByRole('heading', { name: 'Import' }));
    await page.getByLabel('Catalogue file').setInputFiles({
      name: 'catalogue.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ version: 1, venue: { id: 0 }, vendors: [], coupons: [] })),
    });
    await page.getByRole('button', { name: 'Import the catalogue' }).click();
    await visible(page.getByText(/problems? in the document/));
    await look(page, 'catalogue');

    // Managers: invite a store manager; disable them, with a confirm
    await nav(page, 'Managers').click();
    await visible(page.getByRole('cell', { name: EMAIL }));
    await look(page, 'managers');
    await page.getByRole('button', { name: 'Invite a manager' }).click();
    await visible(page.locator('dialog[open]'));
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await visible(page.getByText('Enter their name.'));
    await look(page, 'invite-dialog');
    await page.getByLabel('Name').fill('Sam Store');
    await page.getByLabel('Email').fill('sam@example.com');
    await page.getByLabel('Slice Pizza Co.').check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await visible(page.getByText('Invitation sent to sam@example.com.'));
    await page.getByRole('button', { name: 'Disable Sam Store' }).click();
    await visible(page.getByRole('heading', { name: 'Disable Sam Store?' }));
    await look(page, 'disable-dialog');
    await page.getByRole('button', { name: 'Disable account' }).click();
    await visible(page.getByText('Sam Store is disabled and signed out.'));

    // A tablet held upright (768×1024): the screens go across the top, nothing is cut off
    await page.setViewportSize({ width: 768, height: 1024 });
    await nav(page, 'Today').click();
    await visible(page.getByRole('table').getByText('Slice Pizza Co.'));
    await look(page, 'tablet-today');
    await nav(page, 'Orders').click();
    await visible(page.getByRole('link', { name: /^Order / }));
    await look(page, 'tablet-orders');
    await nav(page, 'Takings').click();
    await visible(page.getByRole('heading', { name: 'By store' }));
    await look(page, 'tablet-takings');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await page.setViewportSize(DESK.viewport);

    // Sign out everywhere asks first; 'Sign out' signs out
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await visible(page.getByRole('heading', { name: 'Sign out everywhere?' }));
    await look(page, 'sign-out-everywhere-dialog');
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Sign in to the back office' }));
    await visible(page.getByText('You are signed out.'));
    const session = await page.request.get('/admin/v1/session');
    expect(session.status()).toBe(401);
    expect(suite.pageErrors).toEqual([]);
  });
});
