import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ensureBuild } from '@venue/test-harness/build-app';
import { ops } from '@venue/test-harness/ops';
import { orderAndPayByCard } from '@venue/test-harness/paid-order';
import { startServer } from '@venue/test-harness/server';
import { screenshot } from './support/screenshots.ts';
import { setupSuite } from './support/suite.ts';
import { action, dialog, eventually, hidden, text, visible } from './support/ui.ts';

// Issue 7 part 3: an installable app whose service worker keeps the app shell, so a reload with
// no network shows the app, the order being tracked and 'Connection troubles!' (spec §2 Modals,
// §8) instead of the browser's error page.
const VENUE = 'Harbourside Stadium';
const TROUBLES = 'Connection troubles!';
const HAVING_TROUBLE = `Having trouble connecting to ${VENUE}.`;
const CHECK_NETWORK = 'Please check your WiFi or 3G/4G network strength then refresh the page.';
/** The app re-checks the connection every 5 s while it is failing; room for a busy machine. */
const RECOVERY_TIMEOUT_MS = 45_000;
const CACHE_PREFIX = 'app-shell-';

interface ShellBuild {
  version: string;
  precache: string[];
}

/** The build the served sw.js carries (its version and app-shell files). */
async function servedWorkerBuild(baseUrl: string): Promise<ShellBuild> {
  const source = await (await fetch(`${baseUrl}/sw.js`)).text();
  const match = /const BUILD = (\{.*\});/.exec(source);
  if (!match?.[1]) throw new Error('sw.js carries no build');
  return JSON.parse(match[1]) as ShellBuild;
}

/** Waits until the service worker is active and controls the page. */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 60_000,
  });
}

/** The app-shell caches the page's origin holds. */
function shellCaches(page: Page): Promise<string[]> {
  return page.evaluate(
    (prefix) => caches.keys().then((names) => names.filter((name) => name.startsWith(prefix))),
    CACHE_PREFIX,
  );
}

/** The paths held in an app-shell cache. */
function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(
    (name) =>
      caches
        .open(name)
        .then((cache) => cache.keys())
        .then((requests) => requests.map((request) => new URL(request.url).pathname)),
    cacheName,
  );
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex'), 'PNG signature').toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectConnectionTroubles(page: Page): Promise<void> {
  const modal = await visible(dialog(page, TROUBLES), 60_000);
  await visible(text(modal, HAVING_TROUBLE));
  await visible(text(modal, CHECK_NETWORK));
}

describe('installable app with an offline app shell (multi-vendor build)', () => {
  const suite = setupSuite({ build: 'multi-vendor' });

  test('the manifest names the venue, links icons that load, and Chromium finds the app installable', async () => {
    const base = suite.server.url;
    const response = await fetch(`${base}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: VENUE,
      short_name: 'Harbourside',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0b4f6c',
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, base));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toMatch(/immutable/);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width, height });
    }

    const worker = await fetch(`${base}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    const page = await suite.newPage({ serviceWorkers: 'allow' });
    const start = await page.goto('/start');
    expect(start?.headers()['cache-control']).toBe('no-cache');
    await visible(page.getByRole('heading', { name: VENUE }));
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const touch = await fetch(new URL(touchIcon ?? '/missing', base));
    expect(touch.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toEqual({ width: 180, height: 180 });

    // Chromium's own reading of the manifest: no parse errors, and nothing stands in the way of installing.
    const cdp = await page.context().newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    expect(parsed.url).toBe(`${base}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    await waitForWorker(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A test context is an incognito profile, where nothing installs; every other check must pass.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    expect(suite.pageErrors).toEqual([]);
  });

  test('the service worker caches this build’s app shell, never the API, and controls the page', async () => {
    const page = await suite.newPage({ serviceWorkers: 'allow' });
    await page.goto('/start');
    await visible(action(page, 'Order & Collect'));
    await waitForWorker(page);
    const build = await servedWorkerBuild(suite.server.url);
    expect(await shellCaches(page)).toEqual([`${CACHE_PREFIX}${build.version}`]);
    const cached = await eventually(
      () => cachedPaths(page, `${CACHE_PREFIX}${build.version}`),
      (paths) => paths.length === build.precache.length,
    );
    expect(cached.sort()).toEqual([...build.precache].sort());
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/manifest.webmanifest');
    expect(cached.some((path) => path.endsWith('.js'))).toBe(true);
    // The stores were loaded from /v1 on this visit; none of it is kept.
    expect(cached.filter((path) => path.startsWith('/v1/') || path.startsWith('/ops/'))).toEqual([]);
    expect(suite.pageErrors).toEqual([]);
  });

  test("a reload of /start with no network shows the app and 'Connection troubles!', and it recovers online", async () => {
    const page = await suite.newPage({ serviceWorkers: 'allow' });
    await page.goto('/start');
    await visible(action(page, 'Order & Collect'));
    await waitForWorker(page);

    await page.context().setOffline(true);
    // Without the worker this reload fails with net::ERR_INTERNET_DISCONNECTED and Chromium's offline page.
    await page.reload();
    await visible(page.getByRole('heading', { name: VENUE }));
    await expectConnectionTroubles(page);
    await screenshot(page, 'offline-start');

    await page.context().setOffline(false);
    await hidden(dialog(page, TROUBLES), RECOVERY_TIMEOUT_MS);
    await (await visible(action(page, 'Order & Collect'))).click();
    const store = /Slice Pizza Co\./;
    await visible(page.getByRole('button', { name: store }).or(page.getByRole('link', { name: store })));
  });

  test('a reload of a tracked order on wait-order with no network shows the order, and tracking resumes online', async () => {
    const page = await suite.newPage({ serviceWorkers: 'allow' });
    await orderAndPayByCard(page, { store: 'Slice Pizza Co.', item: 'Garlic Bread', count: 2 });
    const ticket = page.getByTestId('claim-ticket');
    const claimTicket = await eventually(
      async () => (await ticket.innerText()).trim(),
      (value) => /^\d+$/.test(value),
    );
    await waitForWorker(page);
    // The app saves its state at most once a second; wait until the tracked order is in it.
    const saved = await eventually(
      () =>
        page.evaluate(() => {
          const state = JSON.parse(localStorage.getItem('state') ?? '{}') as {
            placedOrder?: { id?: number; vendorId?: number; orderStatus?: string };
          };
          return state.placedOrder ?? {};
        }),
      (order) => order.orderStatus === 'Waiting',
      15_000,
    );
    expect(saved.orderStatus).toBe('Waiting');

    await page.context().setOffline(true);
    await page.reload();
    await visible(text(page, 'Wait and keep checking screen'));
    await expectConnectionTroubles(page);
    expect((await ticket.innerText()).trim()).toBe(claimTicket);
    await screenshot(page, 'offline-wait-order');

    // Back online, the kitchen marks the order ready: the modal goes and the wait screen calls the customer.
    await page.context().setOffline(false);
    await ops(suite.server, 'POST', `/vendor/${saved.vendorId}/order/${saved.id}/status`, { status: 'PendingAlerted' });
    await hidden(dialog(page, TROUBLES), RECOVERY_TIMEOUT_MS);
    await visible(dialog(page, 'Pick up now'), RECOVERY_TIMEOUT_MS);
    expect(suite.pageErrors).toEqual([]);
  });

  test('a new build’s service worker replaces the old build’s cache', async () => {
    const [first, second] = await Promise.all([ensureBuild('multi-vendor'), ensureBuild('multi-vendor-notes')]);
    const webDist = await mkdtemp(join(tmpdir(), 'venue-pwa-deploy-'));
    const deploy = async (build: string) => {
      for (const entry of await readdir(webDist)) await rm(join(webDist, entry), { recursive: true, force: true });
      await cp(build, webDist, { recursive: true });
    };
    await deploy(first);
    const server = await startServer({ webDist });
    try {
      const page = await suite.newPage({ serviceWorkers: 'allow', baseURL: server.url });
      await page.goto('/start');
      await waitForWorker(page);
      const old = await servedWorkerBuild(server.url);
      expect(await shellCaches(page)).toEqual([`${CACHE_PREFIX}${old.version}`]);

      // A new release is deployed while the customer has the app open.
      await deploy(second);
      const next = await servedWorkerBuild(server.url);
      expect(next.version).not.toBe(old.version);
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
      );
      const names = await eventually(
        () => shellCaches(page),
        (value) => value.length === 1 && value[0] === `${CACHE_PREFIX}${next.version}`,
        60_000,
      );
      expect(names).toEqual([`${CACHE_PREFIX}${next.version}`]);

      // Offline, a reload now opens the new build's shell.
      await page.context().setOffline(true);
      await page.reload();
      await visible(page.getByRole('heading', { name: VENUE }));
      const entry = await page.locator('script[type="module"][src]').first().getAttribute('src');
      expect(next.precache).toContain(entry);
      expect(old.precache).not.toContain(entry);
      await page.context().setOffline(false);
    } finally {
      await server.dispose();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});
