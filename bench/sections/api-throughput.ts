import autocannon, { type Result } from 'autocannon';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatInteger, formatMs } from '../lib/table.ts';

/** Issue 2 goals for the catalogue API on a 2-core machine at 50 connections. */
export const MENU_MIN_RPS = 5_000;
export const MENU_MAX_P99_MS = 50;
export const MIN_RATIO_TO_TRIVIAL = 0.5;

const WARMUP_SECONDS = 3;

interface Route {
  label: string;
  path: string;
  headers?: Record<string, string>;
  /** the trivial route every other rate is compared with */
  trivial?: boolean;
  /** the route the goals are stated for */
  goal?: boolean;
}

/**
 * The demo venue's catalogue reads beside a trivial route of the same server, so the ratio says
 * how much the real work costs rather than how fast the machine is. The gzip row shows what
 * compression adds for a browser's request (browsers always ask for it).
 */
const ROUTES: Route[] = [
  { label: 'GET /health (trivial)', path: '/health', trivial: true },
  { label: 'GET /v1/vendor/1/current-menu', path: '/v1/vendor/1/current-menu', goal: true },
  { label: 'GET /v1/venue/0/vendors', path: '/v1/venue/0/vendors' },
  {
    label: 'GET /v1/vendor/1/current-menu (gzip)',
    path: '/v1/vendor/1/current-menu',
    headers: { 'accept-encoding': 'gzip' },
  },
];

interface Measured {
  label: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
  ratioToTrivial: number;
}

async function measure(url: string, route: Route, connections: number, duration: number): Promise<Result> {
  return autocannon({ url, connections, duration, headers: route.headers ?? {}, timeout: 10 });
}

async function checkRoute(url: string, route: Route): Promise<void> {
  const response = await fetch(url, { headers: route.headers ?? {} });
  if (!response.ok)
    throw new Error(`${route.label} answered ${response.status} before the benchmark: ${await response.text()}`);
  await response.arrayBuffer();
}

export const apiThroughput: Section = {
  name: 'api',
  description: 'catalogue API throughput (autocannon on loopback)',
  async run(context: BenchContext): Promise<SectionResult> {
    const { server, connections, durationSeconds } = context;
    // Warm every route first (JIT, caches, SQLite pages), so the first measured route is not the
    // one that pays for it.
    for (const route of ROUTES) {
      const url = `${server.url}${route.path}`;
      await checkRoute(url, route);
      context.log(`warming up ${route.label}…`);
      await measure(url, route, connections, WARMUP_SECONDS);
    }
    const results: { route: Route; result: Result }[] = [];
    for (const route of ROUTES) {
      context.log(`measuring ${route.label} (${connections} connections × ${durationSeconds} s)…`);
      results.push({ route, result: await measure(`${server.url}${route.path}`, route, connections, durationSeconds) });
    }

    const trivialRate = results.find((r) => r.route.trivial)?.result.requests.average ?? 0;
    const measured: Measured[] = results.map(({ route, result }) => ({
      label: route.label,
      path: route.path,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      total: result.requests.total,
      ratioToTrivial: trivialRate > 0 ? result.requests.average / trivialRate : 0,
    }));

    const menu = measured[ROUTES.findIndex((route) => route.goal)];
    if (!menu) throw new Error('no goal route measured');
    const goals = [
      {
        description: `current-menu ≥ ${formatInteger(MENU_MIN_RPS)} req/s`,
        met: menu.requestsPerSecond >= MENU_MIN_RPS,
      },
      { description: `current-menu p99 ≤ ${MENU_MAX_P99_MS} ms`, met: menu.p99Ms <= MENU_MAX_P99_MS },
      {
        description: `current-menu ≥ ${MIN_RATIO_TO_TRIVIAL} × trivial route`,
        met: menu.ratioToTrivial >= MIN_RATIO_TO_TRIVIAL,
      },
      {
        description: 'no non-2xx answers or errors',
        met: measured.every((m) => m.non2xx === 0 && m.errors === 0 && m.timeouts === 0),
      },
    ];

    return {
      name: this.name,
      title: `API throughput: ${connections} connections × ${durationSeconds} s per route`,
      columns: ['route', 'req/s', 'p50', 'p99', 'non-2xx', 'errors', '× trivial'],
      rows: measured.map((m) => [
        m.label,
        formatInteger(m.requestsPerSecond),
        formatMs(m.p50Ms),
        formatMs(m.p99Ms),
        formatInteger(m.non2xx),
        formatInteger(m.errors + m.timeouts),
        m.ratioToTrivial.toFixed(2),
      ]),
      notes: [
        `goal: current-menu ≥ ${formatInteger(MENU_MIN_RPS)} req/s, p99 ≤ ${MENU_MAX_P99_MS} ms, ≥ ${MIN_RATIO_TO_TRIVIAL} × trivial (${formatInteger(MIN_RATIO_TO_TRIVIAL * trivialRate)} req/s this run)`,
      ],
      goals,
      data: { connections, durationSeconds, routes: measured },
    };
  },
};
