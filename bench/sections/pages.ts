import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium, PHONE_CONTEXT } from '@venue/test-harness/chromium';
import { chooseStore, orderAndPayByCard } from '@venue/test-harness/paid-order';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { freePort } from '@venue/test-harness/server';
import { eventually } from '@venue/test-harness/ui';
import type { BenchContext, Goal, Section, SectionResult } from '../lib/section.ts';
import { formatKiB, formatMs } from '../lib/table.ts';
import { START_JS_GOAL_BYTES } from './page-weight.ts';

/** Issue 7 goals on a slow phone (Lighthouse's default mobile: simulated slow 4G, 4× CPU slowdown). */
export const PAGE_GOALS = {
  score: 95,
  lcpMs: 2000,
  tbtMs: 100,
  cls: 0.02,
  startJsGzipBytes: START_JS_GOAL_BYTES,
} as const;

/** Lighthouse runs per page; the median run (Lighthouse's own choice, by FCP and TTI) is reported. */
const RUNS_PER_PAGE = 3;
const MAX_FAILED_RUNS = 3;

/** Where each page's median Lighthouse report goes (JSON; opens in the Lighthouse viewer). */
export const REPORTS_DIR = join(REPO_ROOT, 'bench/results/lighthouse');

/** The store the seeded pages use: its menu has pictures, and Garlic Bread has no required options. */
const STORE = 'Slice Pizza Co.';
const ITEM = 'Garlic Bread';

interface PageCase {
  path: string;
  /**
   * Brings the app's saved state (local storage 'state', spec §4 Persistence) to where a customer on
   * this page would have it, by using the app; run in the same browser profile Lighthouse then uses.
   */
  seed?: (page: Page) => Promise<void>;
  /** what the saved state must show before the profile is handed over (saving is throttled to 1 s) */
  seeded?: (state: SavedState) => boolean;
}

interface SavedState {
  order?: { vendorId?: number | null; vendorConfirmed?: boolean };
  placedOrder?: { id?: number | null; orderStatus?: string | null };
}

const PAGES: PageCase[] = [
  { path: '/start' },
  // The second screen of every multi-vendor order: the venue's stores, straight from start.
  { path: '/order-flow/discover-vendor' },
  {
    path: '/order-flow/place-order',
    seed: (page) => chooseStore(page, STORE),
    seeded: (state) => typeof state.order?.vendorId === 'number' && state.order.vendorConfirmed === true,
  },
  {
    path: '/order-flow/wait-order',
    seed: (page) => orderAndPayByCard(page, { store: STORE, item: ITEM, count: 2 }),
    seeded: (state) => state.placedOrder?.orderStatus === 'Waiting',
  },
];

interface PageFigures {
  path: string;
  /** where the page ended (a route guard may send it elsewhere) */
  landedOn: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** JavaScript files the page requested (same origin), with their gzip size */
  scripts: { url: string; transferBytes: number; gzipBytes: number }[];
  jsGzipBytes: number;
  /** bytes on the wire as the server sent them (brotli or gzip, headers included) */
  jsTransferBytes: number;
  /** runs Lighthouse could not complete (retried) */
  failedRuns: number;
  warnings: string[];
}

/** Runs the app in `userDataDir` with Playwright until the saved state is what the page needs. */
async function seedProfile(userDataDir: string, baseURL: string, pageCase: PageCase): Promise<void> {
  if (!pageCase.seed) return;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: ensureChromium(),
    args: CHROMIUM_ARGS,
    ...PHONE_CONTEXT,
    baseURL,
    timeout: 120_000,
  });
  try {
    context.setDefaultTimeout(30_000);
    context.setDefaultNavigationTimeout(60_000);
    const page = context.pages()[0] ?? (await context.newPage());
    await pageCase.seed(page);
    const read = () =>
      page.evaluate(() => JSON.parse(window.localStorage.getItem('state') ?? '{}') as unknown) as Promise<SavedState>;
    const state = await eventually(read, (value) => pageCase.seeded?.(value) ?? true, 15_000);
    if (pageCase.seeded && !pageCase.seeded(state))
      throw new Error(`the app did not save the state ${pageCase.path} needs: ${JSON.stringify(state).slice(0, 300)}`);
  } finally {
    // A clean close writes local storage to the profile on disk.
    await context.close();
  }
}

async function gzipSizeOf(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer())).length;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  mimeType?: string;
}

/** The page's own JavaScript from the network requests Lighthouse recorded. */
async function scriptsOf(lhr: LighthouseResult, origin: string): Promise<PageFigures['scripts']> {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined;
  const seen = new Set<string>();
  const scripts: PageFigures['scripts'] = [];
  for (const request of details?.items ?? []) {
    const isScript = request.resourceType === 'Script' || /javascript/.test(request.mimeType ?? '');
    if (!isScript || !request.url.startsWith(origin) || seen.has(request.url)) continue;
    seen.add(request.url);
    scripts.push({
      url: request.url.slice(origin.length),
      transferBytes: request.transferSize ?? 0,
      gzipBytes: await gzipSizeOf(request.url),
    });
  }
  return scripts;
}

const reportName = (path: string) => path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');

const numeric = (lhr: LighthouseResult, audit: string): number => lhr.audits[audit]?.numericValue ?? Number.NaN;

async function measure(context: BenchContext, pageCase: PageCase): Promise<PageFigures> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'venue-lighthouse-'));
  try {
    await seedProfile(userDataDir, context.server.url, pageCase);
    const port = await freePort();
    // Debian's Chromium, started here: neither Lighthouse nor chrome-launcher looks for or fetches a browser.
    const chrome = await launchChrome({
      chromePath: ensureChromium(),
      chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
      userDataDir,
      port,
      logLevel: 'silent',
    });
    const runs: LighthouseResult[] = [];
    const failures: string[] = [];
    try {
      // A run whose trace Chromium failed to record (a busy machine) is retried, a few times at most.
      while (runs.length < RUNS_PER_PAGE && failures.length <= MAX_FAILED_RUNS) {
        const result = await lighthouse(`${context.server.url}${pageCase.path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // The default reset (HTTP cache, service workers, Cache Storage) runs before every run, so
          // each is a first visit; local storage, where the app keeps its state, is not among them.
        });
        const problem = !result ? 'no result' : result.lhr.runtimeError?.message;
        if (problem || !result) {
          failures.push(problem ?? 'no result');
          context.log(`Lighthouse run on ${pageCase.path} failed (${problem}); trying again`);
          continue;
        }
        runs.push(result.lhr);
      }
    } finally {
      chrome.kill();
    }
    if (runs.length < RUNS_PER_PAGE)
      throw new Error(`Lighthouse failed on ${pageCase.path} ${failures.length} times: ${failures.join('; ')}`);
    const lhr = computeMedianRun(runs);
    await mkdir(REPORTS_DIR, { recursive: true });
    await writeFile(join(REPORTS_DIR, `${reportName(pageCase.path)}.json`), JSON.stringify(lhr));
    const scripts = await scriptsOf(lhr, context.server.url);
    return {
      path: pageCase.path,
      landedOn: new URL(lhr.finalDisplayedUrl).pathname,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      scripts,
      jsGzipBytes: scripts.reduce((total, script) => total + script.gzipBytes, 0),
      jsTransferBytes: scripts.reduce((total, script) => total + script.transferBytes, 0),
      failedRuns: failures.length,
      warnings: (lhr.runWarnings as unknown[]).map(String).filter((warning) => !/stored data/i.test(warning)),
    };
  } finally {
    await rm(userDataDir, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (met: boolean) => (met ? '' : ' ✗');

export const pages: Section = {
  name: 'pages',
  description: 'Lighthouse (mobile, simulated slow 4G, 4× CPU) on /start, discover-vendor, place-order and wait-order',
  async run(context: BenchContext): Promise<SectionResult> {
    const figures: PageFigures[] = [];
    // BENCH_PAGES=/start,/order-flow/discover-vendor measures only those pages.
    const only = process.env.BENCH_PAGES?.split(',').map((path) => path.trim());
    for (const pageCase of PAGES.filter((page) => !only || only.includes(page.path))) {
      context.log(`Lighthouse on ${pageCase.path} (${RUNS_PER_PAGE} runs)…`);
      figures.push(await measure(context, pageCase));
    }
    const goals: Goal[] = [];
    const rows = figures.map((page) => {
      const met = {
        score: page.score >= PAGE_GOALS.score,
        lcp: page.lcpMs <= PAGE_GOALS.lcpMs,
        tbt: page.tbtMs <= PAGE_GOALS.tbtMs,
        cls: page.cls <= PAGE_GOALS.cls,
        js: page.path !== '/start' || page.jsGzipBytes <= PAGE_GOALS.startJsGzipBytes,
      };
      goals.push(
        { description: `${page.path}: performance score ≥ ${PAGE_GOALS.score}`, met: met.score },
        { description: `${page.path}: LCP ≤ ${seconds(PAGE_GOALS.lcpMs)}`, met: met.lcp },
        { description: `${page.path}: TBT ≤ ${PAGE_GOALS.tbtMs} ms`, met: met.tbt },
        { description: `${page.path}: CLS ≤ ${PAGE_GOALS.cls}`, met: met.cls },
        { description: `${page.path}: landed on the page itself`, met: page.landedOn === page.path },
      );
      if (page.path === '/start')
        goals.push({
          description: `/start: ≤ ${formatKiB(PAGE_GOALS.startJsGzipBytes)} gzipped JavaScript`,
          met: met.js,
        });
      return [
        page.path,
        `${page.score}${mark(met.score)}`,
        `${seconds(page.lcpMs)}${mark(met.lcp)}`,
        `${formatMs(page.tbtMs)}${mark(met.tbt)}`,
        `${page.cls.toFixed(3)}${mark(met.cls)}`,
        `${formatKiB(page.jsGzipBytes)}${mark(met.js)}`,
        String(page.scripts.length),
        seconds(page.fcpMs),
      ];
    });
    return {
      name: this.name,
      title: `Pages: Lighthouse, mobile (simulated slow 4G, 4× CPU slowdown), median of ${RUNS_PER_PAGE} runs`,
      columns: ['page', 'score', 'LCP', 'TBT', 'CLS', 'JS gzip', 'JS files', 'FCP'],
      rows: [
        ...rows,
        [
          'goal',
          `≥ ${PAGE_GOALS.score}`,
          `≤ ${seconds(PAGE_GOALS.lcpMs)}`,
          `≤ ${PAGE_GOALS.tbtMs} ms`,
          `≤ ${PAGE_GOALS.cls}`,
          `≤ ${formatKiB(PAGE_GOALS.startJsGzipBytes)} (/start)`,
          '',
          '',
        ],
      ],
      notes: [
        'JS gzip: the same-origin scripts in the Lighthouse network log, gzipped at the default level.',
        `Median reports: ${REPORTS_DIR}/<page>.json (open them in the Lighthouse viewer).`,
        ...figures
          .filter((page) => page.landedOn !== page.path)
          .map((page) => `note: ${page.path} ended on ${page.landedOn}, so its figures are not that screen's`),
        ...figures.flatMap((page) => page.warnings.map((warning) => `Lighthouse on ${page.path}: ${warning}`)),
      ],
      goals,
      data: { goals: PAGE_GOALS, runsPerPage: RUNS_PER_PAGE, pages: figures },
    };
  },
};
