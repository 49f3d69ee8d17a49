import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContextOptions } from 'playwright-core';
import { launchChromium, newPhoneContext } from '@venue/test-harness/chromium';
import { startServerWithApps, type SubAppPath } from '../lib/app-builds.ts';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatKiB } from '../lib/table.ts';

/** Page-weight goal: the gzipped JavaScript the app loads for /start. */
export const START_JS_GOAL_BYTES = 130 * 1024;

/** gzip at zlib's default level, as a server compressing on the fly would send it. */
const gzipSize = (bytes: Buffer | Uint8Array): number => gzipSync(bytes).length;

/** The entry script and modulepreload links of the built index.html, as paths from the build root. */
export function entryScripts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*>/gi)) {
    const src = /\bsrc=["']([^"']+)["']/i.exec(match[0])?.[1];
    if (src) found.add(src);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/\brel=["']modulepreload["']/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) found.add(href);
  }
  return [...found].filter((src) => !/^(https?:)?\/\//.test(src));
}

interface Asset {
  path: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * What index.html makes the browser fetch before anything runs: entry + modulepreloads. `base` is
 * where the build is served (/staff/ for the staff display), which its paths start with.
 */
async function staticEntryWeight(dist: string, base = '/'): Promise<Asset[]> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const assets: Asset[] = [];
  for (const src of entryScripts(html)) {
    const body = await readFile(join(dist, src.startsWith(base) ? src.slice(base.length) : src.replace(/^\//, '')));
    assets.push({ path: src, bytes: body.length, gzipBytes: gzipSize(body) });
  }
  return assets;
}

/**
 * The place-order screen as a customer reaches it from a link with a store (spec §2: a vendorId
 * query selects the vendor in multi-vendor mode); without one its guard sends a fresh visitor back.
 */
export const PLACE_ORDER_PATH = '/order-flow/place-order?vendorId=2';

/** Every JavaScript response of a real page load of `path` in Chromium (lazy chunks included). */
async function loadedScripts(
  url: string,
  path: string,
  screen: BrowserContextOptions = {},
): Promise<{ assets: Asset[]; landedOn: string }> {
  const browser = await launchChromium();
  try {
    const context = await newPhoneContext(browser, screen);
    const page = await context.newPage();
    const pending: Promise<Asset | null>[] = [];
    page.on('response', (response) => {
      const contentType = response.headers()['content-type'] ?? '';
      const assetPath = new URL(response.url()).pathname;
      if (!/javascript/.test(contentType) && !assetPath.endsWith('.js')) return;
      pending.push(
        response
          .body()
          .then((body) => ({ path: assetPath, bytes: body.length, gzipBytes: gzipSize(body) }))
          .catch(() => null),
      );
    });
    await page.goto(`${url}${path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const assets = (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
    // A guard may send the page elsewhere; say where the figure was taken.
    const landedOn = new URL(page.url()).pathname;
    await context.close();
    return { assets, landedOn };
  } finally {
    await browser.close();
  }
}

const sum = (assets: Asset[]) => assets.reduce((total, asset) => total + asset.gzipBytes, 0);
const rawSum = (assets: Asset[]) => assets.reduce((total, asset) => total + asset.bytes, 0);

/** The staff display on the venue's tablet (landscape), the back office on a desktop. */
const TABLET: BrowserContextOptions = { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, isMobile: false };
const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1350, height: 940 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};

/** The apps served beside the customer app, each on its own screen. */
const SUB_APPS: { name: string; path: SubAppPath; screen: BrowserContextOptions }[] = [
  { name: 'staff display', path: '/staff', screen: TABLET },
  { name: 'back office', path: '/admin', screen: DESKTOP },
];

interface SubAppWeight {
  name: string;
  path: string;
  entry: Asset[];
  loaded: Asset[];
  landedOn: string;
}

/** First-load JavaScript of the staff display and the back office, on a server that serves them. */
async function subAppWeights(context: BenchContext): Promise<SubAppWeight[]> {
  const { server, dists } = await startServerWithApps(context.webDist);
  try {
    const weights: SubAppWeight[] = [];
    for (const app of SUB_APPS) {
      const entry = await staticEntryWeight(dists[app.path], `${app.path}/`);
      const { assets: loaded, landedOn } = await loadedScripts(server.url, app.path, app.screen);
      weights.push({ name: app.name, path: app.path, entry, loaded, landedOn });
    }
    return weights;
  } finally {
    await server.dispose();
  }
}

export const pageWeight: Section = {
  name: 'page-weight',
  description: 'gzipped JavaScript loaded for /start, /order-flow/place-order, the staff display and the back office',
  async run(context: BenchContext): Promise<SectionResult> {
    context.log('measuring page weight of /start and /order-flow/place-order…');
    const entry = await staticEntryWeight(context.webDist);
    const { assets: loaded } = await loadedScripts(context.server.url, '/start');
    const { assets: placeOrder, landedOn } = await loadedScripts(context.server.url, PLACE_ORDER_PATH);
    const entryBytes = sum(entry);
    const loadedBytes = sum(loaded);
    const placeOrderBytes = sum(placeOrder);
    context.log('measuring page weight of the staff display and the back office…');
    const subApps = await subAppWeights(context);
    const goal = formatKiB(START_JS_GOAL_BYTES);
    const reported = (measure: string, assets: Asset[]) => [
      measure,
      String(assets.length),
      formatKiB(rawSum(assets)),
      formatKiB(sum(assets)),
      '(reported)',
      '-',
    ];
    return {
      name: this.name,
      title:
        'Page weight: JavaScript for /start, /order-flow/place-order, the staff display and the back office (gzip)',
      columns: ['measure', 'files', 'raw', 'gzip', 'goal', 'met'],
      rows: [
        [
          'index.html entry + modulepreload',
          String(entry.length),
          formatKiB(rawSum(entry)),
          formatKiB(entryBytes),
          `≤ ${goal}`,
          entryBytes <= START_JS_GOAL_BYTES ? 'yes' : 'NO',
        ],
        [
          'all .js loaded by Chromium for /start',
          String(loaded.length),
          formatKiB(rawSum(loaded)),
          formatKiB(loadedBytes),
          `≤ ${goal}`,
          loadedBytes <= START_JS_GOAL_BYTES ? 'yes' : 'NO',
        ],
        [
          'all .js loaded by Chromium for /order-flow/place-order',
          String(placeOrder.length),
          formatKiB(rawSum(placeOrder)),
          formatKiB(placeOrderBytes),
          '(reported)',
          '-',
        ],
        ...subApps.flatMap((app) => [
          reported(`${app.name}: index.html entry + modulepreload`, app.entry),
          reported(`${app.name}: all .js loaded by Chromium for ${app.path}`, app.loaded),
        ]),
      ],
      notes: [
        `page weight: ${formatKiB(loadedBytes)} gzipped JS for /start vs the ${goal} goal`,
        `page weight: ${formatKiB(placeOrderBytes)} gzipped JS for ${PLACE_ORDER_PATH} (no goal set; reported)`,
        ...(landedOn === '/order-flow/place-order'
          ? []
          : [`note: ${PLACE_ORDER_PATH} ended on ${landedOn}, so its figure is not the place-order screen's`]),
        'The staff display loads at 1024×768 (its tablet), the back office on a desktop screen.',
        ...subApps.map((app) =>
          app.path === '/admin'
            ? `note: the back office is measured signed out, so its first screen is the sign-in page (ended on ${app.landedOn})`
            : `note: the staff display is measured signed out (its sign-in form; ended on ${app.landedOn})`,
        ),
      ],
      goals: [
        { description: `entry JS for /start ≤ ${goal} gzipped`, met: entryBytes <= START_JS_GOAL_BYTES },
        { description: `all JS loaded for /start ≤ ${goal} gzipped`, met: loadedBytes <= START_JS_GOAL_BYTES },
      ],
      data: {
        goalBytes: START_JS_GOAL_BYTES,
        entry,
        loaded,
        entryGzipBytes: entryBytes,
        loadedGzipBytes: loadedBytes,
        placeOrder: { path: PLACE_ORDER_PATH, landedOn, loaded: placeOrder, loadedGzipBytes: placeOrderBytes },
        subApps: subApps.map((app) => ({
          ...app,
          entryGzipBytes: sum(app.entry),
          loadedGzipBytes: sum(app.loaded),
        })),
      },
    };
  },
};
