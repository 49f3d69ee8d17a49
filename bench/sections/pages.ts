import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result as LighthouseResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium, PHONE_CONTEXT } from '@venue/test-harness/chromium';
import { chooseStore, orderAndPayByCard } from '@venue/test-harness/paid-order';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { freePort, OPS_TOKEN } from '@venue/test-harness/server';
import { eventually } from '@venue/test-harness/ui';
import { buildFloor, startServerWithApps } from '../lib/app-builds.ts';
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

/** Lighthouse runs per page, in rounds; each metric's median is reported. */
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
  seed?: (page: Page, baseURL: string) => Promise<void>;
  /** the local storage entry the app keeps its state in ('state' unless named) */
  storageKey?: string;
  /**
   * The page keeps a live event stream open, so the network never goes quiet: Lighthouse stops
   * waiting for the load after LIVE_STREAM_WAIT_MS instead of its 45 s (and warns that it did).
   */
  liveStream?: boolean;
  /** what the saved state must show before the profile is handed over (saving is throttled to 1 s) */
  seeded?: (state: SavedState) => boolean;
}

interface SavedState {
  /** the staff display's sign-in (its entry 'staffDisplay') */
  token?: string;
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

/** How Lighthouse sees a page: the slow phone (its default), the staff display's tablet, a desktop. */
type Screen = 'mobile' | 'tablet' | 'desktop';

/** What a measured page is: the floor, a customer screen, or one of the apps beside the customer app. */
type Kind = 'floor' | 'customer' | 'staff' | 'admin';

interface Target {
  kind: Kind;
  /** the row's name in the table, and the report's file name */
  label: string;
  /** origin of the server that serves the page */
  origin: string;
  path: string;
  screen: Screen;
  /** the customer screen's saved state, seeded into a profile of its own */
  pageCase?: PageCase;
}

/** One Lighthouse run's figures. */
interface RunFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  /** main-thread work (Lighthouse's mainthread-work-breakdown: script, style, layout, paint…) */
  mainThreadMs: number;
  cls: number;
  fcpMs: number;
}

interface PageFigures extends RunFigures {
  kind: Kind;
  label: string;
  path: string;
  screen: Screen;
  /** where the page ended (a route guard may send it elsewhere) */
  landedOn: string;
  /** every run's figures; the ones above are their medians, metric by metric */
  runs: RunFigures[];
  /** JavaScript files the page requested (same origin), with their gzip size */
  scripts: { url: string; transferBytes: number; gzipBytes: number }[];
  jsGzipBytes: number;
  /** bytes on the wire as the server sent them (brotli or gzip, headers included) */
  jsTransferBytes: number;
  /** runs Lighthouse could not complete (retried) */
  failedRuns: number;
  warnings: string[];
}

/** How long Lighthouse waits for a page with a live event stream to load (see PageCase.liveStream). */
const LIVE_STREAM_WAIT_MS = 10_000;

/** The store whose board the staff display shows (signed in with a staff token of its own). */
const STAFF_STORE_ID = 2;

/**
 * The staff display signed in, as a store's tablet is: a staff token made through the operations
 * API, handed over in its sign-in link (/staff#token=…), which the display keeps.
 */
const STAFF_BOARD: PageCase = {
  path: '/staff',
  storageKey: 'staffDisplay',
  liveStream: true,
  async seed(page, baseURL) {
    const made = await fetch(`${baseURL}/ops/v1/vendor/${STAFF_STORE_ID}/staff-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench tablet' }),
    });
    if (made.status !== 201) throw new Error(`making a staff token answered ${made.status}: ${await made.text()}`);
    const { signInUrl } = (await made.json()) as { signInUrl: string };
    await page.goto(new URL(signInUrl).pathname + new URL(signInUrl).hash);
  },
  seeded: (state) => typeof state.token === 'string',
};

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
    await pageCase.seed(page, baseURL);
    const key = pageCase.storageKey ?? 'state';
    const read = () =>
      page.evaluate(
        (name) => JSON.parse(window.localStorage.getItem(name) ?? '{}') as unknown,
        key,
      ) as Promise<SavedState>;
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

/** The staff display's tablet, landscape: Lighthouse's desktop settings on a 1024×768 screen. */
const TABLET_SCREEN = { mobile: false, width: 1024, height: 768, deviceScaleFactor: 1, disabled: false };

function lighthouseConfig(screen: Screen): Config | undefined {
  if (screen === 'mobile') return undefined;
  if (screen === 'desktop') return desktopConfig;
  return { ...desktopConfig, settings: { ...desktopConfig.settings, screenEmulation: TABLET_SCREEN } };
}

/**
 * One Lighthouse run on the target in a Chromium of its own on `userDataDir` (the page's seeded
 * profile). A run whose trace Chromium failed to record (a busy machine) is retried, a few times at most.
 */
async function lighthouseRun(
  context: BenchContext,
  target: Target,
  userDataDir: string,
): Promise<{ lhr: LighthouseResult; failures: string[] }> {
  const port = await freePort();
  // Debian's Chromium, started here: neither Lighthouse nor chrome-launcher looks for or fetches a browser.
  const chrome = await launchChrome({
    chromePath: ensureChromium(),
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    userDataDir,
    port,
    logLevel: 'silent',
  });
  const failures: string[] = [];
  try {
    while (failures.length <= MAX_FAILED_RUNS) {
      const result = await lighthouse(
        `${target.origin}${target.path}`,
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(target.pageCase?.liveStream ? { maxWaitForLoad: LIVE_STREAM_WAIT_MS } : {}),
          // The default reset (HTTP cache, service workers, Cache Storage) runs before every run, so
          // each is a first visit; local storage, where the app keeps its state, is not among them.
        },
        lighthouseConfig(target.screen),
      );
      const problem = !result ? 'no result' : result.lhr.runtimeError?.message;
      if (!problem && result) return { lhr: result.lhr, failures };
      failures.push(problem ?? 'no result');
      context.log(`Lighthouse run on ${target.label} failed (${problem}); trying again`);
    }
  } finally {
    chrome.kill();
  }
  throw new Error(`Lighthouse failed on ${target.label} ${failures.length} times: ${failures.join('; ')}`);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const runFigures = (lhr: LighthouseResult): RunFigures => ({
  score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
  lcpMs: numeric(lhr, 'largest-contentful-paint'),
  tbtMs: numeric(lhr, 'total-blocking-time'),
  mainThreadMs: numeric(lhr, 'mainthread-work-breakdown'),
  cls: numeric(lhr, 'cumulative-layout-shift'),
  fcpMs: numeric(lhr, 'first-contentful-paint'),
});

/** Each metric's median over the runs; the median run (Lighthouse's choice) gives the report and scripts. */
async function summarise(target: Target, lhrs: LighthouseResult[], failedRuns: number): Promise<PageFigures> {
  // A live stream's page never loads by Lighthouse's measure: that warning is expected there.
  const expected = target.pageCase?.liveStream ? /stored data|loaded too slowly/i : /stored data/i;
  const lhr = computeMedianRun(lhrs);
  await mkdir(REPORTS_DIR, { recursive: true });
  await writeFile(join(REPORTS_DIR, `${reportName(target.label)}.json`), JSON.stringify(lhr));
  const scripts = await scriptsOf(lhr, target.origin);
  const runs = lhrs.map(runFigures);
  const middle = (metric: keyof RunFigures) => median(runs.map((run) => run[metric]));
  return {
    kind: target.kind,
    label: target.label,
    path: target.path,
    screen: target.screen,
    landedOn: new URL(lhr.finalDisplayedUrl).pathname,
    score: Math.round(middle('score')),
    lcpMs: middle('lcpMs'),
    tbtMs: middle('tbtMs'),
    mainThreadMs: middle('mainThreadMs'),
    cls: middle('cls'),
    fcpMs: middle('fcpMs'),
    runs,
    scripts,
    jsGzipBytes: scripts.reduce((total, script) => total + script.gzipBytes, 0),
    jsTransferBytes: scripts.reduce((total, script) => total + script.transferBytes, 0),
    failedRuns,
    warnings: (lhr.runWarnings as unknown[]).map(String).filter((warning) => !expected.test(warning)),
  };
}

/**
 * Lighthouse on every target, RUNS_PER_PAGE rounds; each round measures the targets in the order
 * given (the floor, then the customer screens), so a busy spell of the machine weighs on both.
 */
async function measureInRounds(context: BenchContext, targets: Target[]): Promise<PageFigures[]> {
  const profiles = new Map<Target, string>();
  try {
    for (const target of targets) {
      const userDataDir = await mkdtemp(join(tmpdir(), 'venue-lighthouse-'));
      profiles.set(target, userDataDir);
      if (target.pageCase) await seedProfile(userDataDir, target.origin, target.pageCase);
    }
    const runs = new Map<Target, { lhrs: LighthouseResult[]; failed: number }>(
      targets.map((target) => [target, { lhrs: [], failed: 0 }]),
    );
    for (let round = 1; round <= RUNS_PER_PAGE; round += 1) {
      for (const target of targets) {
        context.log(`Lighthouse on ${target.label} (round ${round} of ${RUNS_PER_PAGE})…`);
        const { lhr, failures } = await lighthouseRun(context, target, profiles.get(target) ?? '');
        const done = runs.get(target);
        done?.lhrs.push(lhr);
        if (done) done.failed += failures.length;
      }
    }
    return await Promise.all(
      targets.map((target) => summarise(target, runs.get(target)?.lhrs ?? [], runs.get(target)?.failed ?? 0)),
    );
  } finally {
    for (const dir of profiles.values()) await rm(dir, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (met: boolean) => (met ? '' : ' ✗');

/** Issue 7's goals against the floor: what the customer screens may cost over the bare stack. */
export const FLOOR_GOALS = { tbtOverMs: 50, lcpOverMs: 300 } as const;

const signedMs = (ms: number) => `${ms < 0 ? '−' : '+'}${Math.abs(Math.round(ms))} ms`;
/** "page − floor, page ÷ floor"; the ratio is left out when the floor's figure is 0. */
const versusFloor = (page: number, floor: number) =>
  `${signedMs(page - floor)}, ${floor > 0 ? `${(page / floor).toFixed(2)}×` : '÷0'}`;

const SCREEN_NAMES: Record<Screen, string> = {
  mobile: '',
  tablet: ' (tablet 1024×768)',
  desktop: ' (desktop)',
};

export const pages: Section = {
  name: 'pages',
  description:
    'Lighthouse on the customer screens against a floor page of the bare stack (mobile, slow 4G, 4× CPU), the staff display (tablet) and the back office (desktop)',
  async run(context: BenchContext): Promise<SectionResult> {
    // BENCH_PAGES=/start,/staff measures only those pages (the floor with any customer screen).
    const only = process.env.BENCH_PAGES?.split(',').map((path) => path.trim());
    const wanted = (path: string) => !only || only.includes(path);
    const customer = PAGES.filter((page) => wanted(page.path));
    context.log("building the floor page (apps/web's Vite configuration) and the staff and back-office apps…");
    const floorBuild = await buildFloor();
    try {
      const { server: side } = await startServerWithApps(floorBuild.dir);
      let figures: PageFigures[];
      try {
        const customerTargets: Target[] = [
          ...(customer.length > 0
            ? [{ kind: 'floor' as const, label: 'floor', origin: side.url, path: '/', screen: 'mobile' as const }]
            : []),
          ...customer.map((pageCase) => ({
            kind: 'customer' as const,
            label: pageCase.path,
            origin: context.server.url,
            path: pageCase.path,
            screen: 'mobile' as const,
            pageCase,
          })),
        ];
        const subAppTargets: Target[] = [
          {
            kind: 'staff' as const,
            label: '/staff',
            origin: side.url,
            path: '/staff',
            screen: 'tablet' as const,
            pageCase: STAFF_BOARD,
          },
          { kind: 'admin' as const, label: '/admin', origin: side.url, path: '/admin', screen: 'desktop' as const },
        ].filter((target) => wanted(target.path));
        // floor, pages, floor, pages…: the two are compared on the same stretch of a noisy machine.
        figures = [
          ...(await measureInRounds(context, customerTargets)),
          ...(await measureInRounds(context, subAppTargets)),
        ];
      } finally {
        await side.dispose();
      }
      return report(figures);
    } finally {
      await floorBuild.dispose();
    }
  },
};

function report(figures: PageFigures[]): SectionResult {
  const floor = figures.find((page) => page.kind === 'floor');
  const goals: Goal[] = [];
  const rows = figures.map((page) => {
    const isCustomer = page.kind === 'customer';
    const met = {
      score: !isCustomer || page.score >= PAGE_GOALS.score,
      lcp: !isCustomer || page.lcpMs <= PAGE_GOALS.lcpMs,
      tbt: !isCustomer || page.tbtMs <= PAGE_GOALS.tbtMs,
      cls: !isCustomer || page.cls <= PAGE_GOALS.cls,
      js: page.path !== '/start' || page.jsGzipBytes <= PAGE_GOALS.startJsGzipBytes,
      lcpOverFloor: !isCustomer || !floor || page.lcpMs <= floor.lcpMs + FLOOR_GOALS.lcpOverMs,
      tbtOverFloor: !isCustomer || !floor || page.tbtMs <= floor.tbtMs + FLOOR_GOALS.tbtOverMs,
    };
    if (isCustomer) {
      goals.push(
        { description: `${page.path}: performance score ≥ ${PAGE_GOALS.score}`, met: met.score },
        { description: `${page.path}: LCP ≤ ${seconds(PAGE_GOALS.lcpMs)}`, met: met.lcp },
        { description: `${page.path}: TBT ≤ ${PAGE_GOALS.tbtMs} ms`, met: met.tbt },
        { description: `${page.path}: CLS ≤ ${PAGE_GOALS.cls}`, met: met.cls },
        { description: `${page.path}: landed on the page itself`, met: page.landedOn === page.path },
      );
      if (floor)
        goals.push(
          {
            description: `${page.path}: TBT ≤ floor + ${FLOOR_GOALS.tbtOverMs} ms (${formatMs(floor.tbtMs + FLOOR_GOALS.tbtOverMs)})`,
            met: met.tbtOverFloor,
          },
          {
            description: `${page.path}: LCP ≤ floor + ${FLOOR_GOALS.lcpOverMs} ms (${seconds(floor.lcpMs + FLOOR_GOALS.lcpOverMs)})`,
            met: met.lcpOverFloor,
          },
        );
    }
    if (page.path === '/start')
      goals.push({
        description: `/start: ≤ ${formatKiB(PAGE_GOALS.startJsGzipBytes)} gzipped JavaScript`,
        met: met.js,
      });
    const compared = isCustomer && floor;
    return [
      `${page.label}${SCREEN_NAMES[page.screen]}`,
      `${page.score}${mark(met.score)}`,
      `${seconds(page.lcpMs)}${mark(met.lcp)}`,
      `${formatMs(page.tbtMs)}${mark(met.tbt)}`,
      formatMs(page.mainThreadMs),
      `${page.cls.toFixed(3)}${mark(met.cls)}`,
      `${formatKiB(page.jsGzipBytes)}${mark(met.js)}`,
      String(page.scripts.length),
      seconds(page.fcpMs),
      compared ? `${versusFloor(page.lcpMs, floor.lcpMs)}${mark(met.lcpOverFloor)}` : '',
      compared ? `${versusFloor(page.tbtMs, floor.tbtMs)}${mark(met.tbtOverFloor)}` : '',
      compared ? versusFloor(page.mainThreadMs, floor.mainThreadMs) : '',
    ];
  });
  const goalRow = [
    'goal (customer screens)',
    `≥ ${PAGE_GOALS.score}`,
    `≤ ${seconds(PAGE_GOALS.lcpMs)}`,
    `≤ ${PAGE_GOALS.tbtMs} ms`,
    '',
    `≤ ${PAGE_GOALS.cls}`,
    `≤ ${formatKiB(PAGE_GOALS.startJsGzipBytes)} (/start)`,
    '',
    '',
    `≤ +${FLOOR_GOALS.lcpOverMs} ms`,
    `≤ +${FLOOR_GOALS.tbtOverMs} ms`,
    '',
  ];
  const customerRows = figures.filter((page) => page.kind === 'floor' || page.kind === 'customer').length;
  const admin = figures.find((page) => page.kind === 'admin');
  return {
    name: pages.name,
    title: `Pages: Lighthouse, median of ${RUNS_PER_PAGE} runs each; customer screens mobile (simulated slow 4G, 4× CPU slowdown) against the floor page`,
    columns: [
      'page',
      'score',
      'LCP',
      'TBT',
      'main thread',
      'CLS',
      'JS gzip',
      'JS files',
      'FCP',
      'LCP vs floor',
      'TBT vs floor',
      'main thread vs floor',
    ],
    rows: [...rows.slice(0, customerRows), goalRow, ...rows.slice(customerRows)],
    notes: [
      'floor: bench/floor (React, React Router, a heading and a button) built by apps/web/vite.config.ts and served by the same server; measured in the same rounds as the customer screens (floor, screens, floor, screens, …).',
      'Figures are each metric’s median over the runs; "vs floor" is page − floor, page ÷ floor. Main thread: Lighthouse’s main-thread work breakdown.',
      '/staff: Lighthouse’s desktop settings (throttling, no CPU slowdown) on a 1024×768 screen; /admin: Lighthouse’s desktop settings. Neither has goals; reported.',
      ...(figures.some((page) => page.kind === 'staff')
        ? [
            `/staff: signed in with a staff token of store ${STAFF_STORE_ID}, so it shows that store's live board; its event stream stays open, so Lighthouse stops waiting for the load after ${LIVE_STREAM_WAIT_MS / 1000} s.`,
          ]
        : []),
      ...(admin
        ? [
            `note: the back office is measured signed out: its first screen is the sign-in page (ended on ${admin.landedOn}).`,
          ]
        : []),
      'The customer screens are prerendered route pages (left out of the floor build), so they paint before their JavaScript runs and their FCP has no floor to compare with; the floor paints when React has rendered.',
      'JS gzip: the same-origin scripts in the Lighthouse network log, gzipped at the default level.',
      `Median reports: ${REPORTS_DIR}/<page>.json (open them in the Lighthouse viewer).`,
      ...figures
        .filter((page) => page.kind !== 'admin' && page.landedOn !== page.path)
        .map((page) => `note: ${page.label} ended on ${page.landedOn}, so its figures are not that screen's`),
      ...figures.flatMap((page) => page.warnings.map((warning) => `Lighthouse on ${page.label}: ${warning}`)),
    ],
    goals,
    data: { goals: PAGE_GOALS, floorGoals: FLOOR_GOALS, runsPerPage: RUNS_PER_PAGE, pages: figures },
  };
}
