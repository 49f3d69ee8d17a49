/**
 * Where a page's start-up main-thread time goes: loads each page in Chromium with the CPU slowed
 * 4× (DevTools Emulation.setCPUThrottlingRate, as Lighthouse's mobile settings assume), records a
 * performance trace and a JavaScript CPU profile, and prints the main thread's tasks of 50 ms or
 * more (what Total Blocking Time counts) with what ran in each: scripts evaluated, functions
 * called, style, layout and paint, and the JavaScript functions that took the most time.
 *
 * Usage: node --import tsx bench/scripts/startup-trace.ts <webDist> [path…]
 *   e.g. node --import tsx bench/scripts/startup-trace.ts e2e/.builds/multi-vendor /start /order-flow/discover-vendor
 * TRACE_RUNS=3 loads each page that many times (a fresh browser context each, so a first visit).
 * TRACE_OUT=dir keeps each run's trace (Chrome's trace format, opens in the DevTools Performance panel).
 * TRACE_STORE='Slice Pizza Co.' chooses that store in the app first (as the pages bench does for
 * place-order), then clears the HTTP cache, so the traced load is a first visit with a chosen store.
 * TRACE_CPU and TRACE_LONG_MS change the slowdown (4) and the listed tasks' least length (50 ms).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium, PHONE_CONTEXT } from '@venue/test-harness/chromium';
import { chooseStore } from '@venue/test-harness/paid-order';
import { startServer } from '@venue/test-harness/server';

const CPU_SLOWDOWN = Number(process.env.TRACE_CPU ?? 4);
/** Tasks this long or longer are listed (TRACE_LONG_MS; 50 ms, what Total Blocking Time counts). */
const LONG_TASK_MS = Number(process.env.TRACE_LONG_MS ?? 50);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^$/, '(page)');

async function collect(session: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolveDone) => session.once('Tracing.tracingComplete', () => resolveDone()));
  await session.send('Tracing.end');
  await done;
  return events;
}

/** The page's main thread: the one that parsed the page's HTML (headless Chromium has renderers of its own too). */
function mainThread(events: TraceEvent[], pageUrl: string): { pid: number; tid: number } {
  const parse = events.find((event) => {
    const data = (event.args?.beginData ?? event.args?.data ?? {}) as { url?: unknown };
    return event.name === 'ParseHTML' && typeof data.url === 'string' && data.url.startsWith(pageUrl);
  });
  if (!parse) throw new Error(`the trace has no parse of ${pageUrl}`);
  return { pid: parse.pid, tid: parse.tid };
}

function describe(event: TraceEvent): string {
  const data = (event.args?.data ?? event.args?.beginData ?? {}) as Record<string, unknown>;
  const url = typeof data.url === 'string' ? shortUrl(data.url) : '';
  const fn = typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : '';
  const type = typeof data.type === 'string' ? ` ${data.type}` : '';
  return `${event.name}${type}${fn}${url ? ` ${url}` : ''}`;
}

/** The JavaScript functions with the most self time between `from` and `to` (trace microseconds). */
function hotFunctions(profile: Profile | null, from: number, to: number, top = 8): string[] {
  if (!profile) return [];
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < from || time > to) continue;
    const node = byId.get(profile.samples[index] ?? -1);
    if (!node) continue;
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? delta));
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, us]) => `${(us / 1000).toFixed(1).padStart(6)} ms  ${key}`);
}

async function tracePage(baseUrl: string, path: string, run: number, outDir?: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, timeout: 120_000 });
  try {
    const context = await browser.newContext({ ...PHONE_CONTEXT, serviceWorkers: 'allow', baseURL: baseUrl });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    const store = process.env.TRACE_STORE;
    if (store) {
      await chooseStore(page, store);
      // The app saves its state at most once a second.
      await page.waitForTimeout(1_500);
      await page.goto('about:blank');
      await session.send('Network.clearBrowserCache');
    }
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Tracing.start', {
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'v8',
          'blink.user_timing',
          'loading',
          'toplevel',
          '__metadata',
        ],
      },
      transferMode: 'ReportEvents',
    });
    await session.send('Profiler.start');
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3_000);
    const { profile } = (await session.send('Profiler.stop')) as { profile: Profile };
    const events = await collect(session);
    if (outDir) {
      await mkdir(outDir, { recursive: true });
      const name = `${path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')}-${run}`;
      await writeFile(join(outDir, `${name}.trace.json`), JSON.stringify({ traceEvents: events }));
      await writeFile(join(outDir, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    const main = mainThread(events, `${baseUrl}${path}`);
    const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
    const navigationStart =
      events.find((event) => event.name === 'navigationStart' && event.pid === main.pid)?.ts ??
      Math.min(...onMain.map((event) => event.ts));
    const at = (ts: number) => `${((ts - navigationStart) / 1000).toFixed(0).padStart(5)} ms`;
    const marks = onMain
      .filter((event) => ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(event.name))
      .map((event) => `${event.name} at ${at(event.ts)}`);
    const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ph === 'X');
    const long = tasks.filter((task) => (task.dur ?? 0) / 1000 >= LONG_TASK_MS);
    const total = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000;
    const fcp = onMain.find((event) => event.name === 'firstContentfulPaint')?.ts ?? navigationStart;
    // Total Blocking Time's way: each task's time beyond 50 ms, counted from the first contentful paint.
    const blockingAfterFcp = tasks.reduce((sum, task) => {
      const end = task.ts + (task.dur ?? 0);
      const length = (end - Math.max(task.ts, fcp)) / 1000;
      return end > fcp && length > 50 ? sum + length - 50 : sum;
    }, 0);
    console.log(`\n=== ${path} (run ${run}, CPU ${CPU_SLOWDOWN}× slower) ===`);
    console.log(`${marks.join(', ')}`);
    console.log(
      `main-thread tasks: ${tasks.length}, ${total.toFixed(0)} ms in all; ${long.length} of ≥ ${LONG_TASK_MS} ms; blocking after the first contentful paint (time beyond 50 ms of each task): ${blockingAfterFcp.toFixed(0)} ms`,
    );
    for (const task of long) {
      const start = task.ts;
      const end = task.ts + (task.dur ?? 0);
      console.log(`\n  task at ${at(start)}, ${((task.dur ?? 0) / 1000).toFixed(0)} ms:`);
      const inside = onMain
        .filter(
          (event) => event !== task && event.ph === 'X' && event.ts >= start && event.ts + (event.dur ?? 0) <= end,
        )
        .filter((event) => (event.dur ?? 0) >= 2_000)
        .filter((event) =>
          /^(EvaluateScript|v8\.compile|v8\.evaluateModule|v8\.compileModule|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|ParseHTML|ParseAuthorStyleSheet|UpdateLayoutTree|Layout|Paint|PrePaint|Commit|RunMicrotasks|v8\.run|V8\.GC.*|MajorGC|MinorGC|HitTest|XHRReadyStateChange|ResourceReceivedData|v8\.produceModuleCache|v8\.parseOnBackground|Decode.*|CompositeLayers|UpdateLayer|ScheduleStyleRecalculation|InvalidateLayout|ProfileCall)$/.test(
            event.name,
          ),
        );
      for (const event of inside.slice(0, 25)) {
        const depth = inside.filter(
          (outer) =>
            outer !== event && outer.ts <= event.ts && outer.ts + (outer.dur ?? 0) >= event.ts + (event.dur ?? 0),
        ).length;
        console.log(
          `    ${'  '.repeat(depth)}${((event.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${describe(event)}`,
        );
      }
      for (const line of hotFunctions(profile, start, end)) console.log(`      self ${line}`);
    }
  } finally {
    await browser.close();
  }
}

const [webDist, ...paths] = process.argv.slice(2);
if (!webDist) throw new Error('usage: startup-trace.ts <webDist> [path…]');
const runs = Number(process.env.TRACE_RUNS ?? 1);
const server = await startServer({ webDist: resolve(webDist) });
try {
  for (const path of paths.length > 0 ? paths : ['/start', '/order-flow/discover-vendor']) {
    for (let run = 1; run <= runs; run += 1) await tracePage(server.url, path, run, process.env.TRACE_OUT);
  }
} finally {
  await server.dispose();
}
