/**
 * Where a paid order's server CPU goes: starts a server (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL and `--postgres`) with V8's CPU profiler on, warms it up, runs the checkout
 * loop for a while, stops the server (which writes its profile) and prints the profile's self time
 * by part (our code by file, packages by name, Node's internals, garbage collection) and its
 * hottest functions, per order.
 *
 *   npx tsx bench/scripts/cpu-profile.ts [--postgres] [--customers=20] [--seconds=10] [--top=40]
 *
 * Only the samples taken while the measured loop ran are counted: start-up (module loading,
 * compiling) and the warm-up stay out of the figures, which would otherwise spread seconds of
 * loading over the orders. V8 stamps samples with the monotonic clock, as `process.hrtime` reads it.
 *
 * The profile itself stays in the printed folder, for Chrome DevTools' Performance panel. V8
 * samples the main thread by the clock: a native call's share (SQLite's statements, a socket's
 * writev) is the time the thread spent in it, waiting included, not only CPU; the bench's
 * `CPU ms/order` is the process's own CPU time.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV } from '../lib/fresh-servers.ts';
import { run } from '../sections/checkout.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    customers: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '40' },
  },
});
const customers = Number(values.customers);
const seconds = Number(values.seconds);
const dir = mkdtempSync(join(tmpdir(), 'venue-cpu-profile-'));

const server = await startServer({
  ...(values.postgres ? { database: 'postgres' as const } : {}),
  env: BENCH_SERVER_ENV,
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200'],
});
let orders = 0;
const window = { from: 0, to: 0 };
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
try {
  await run(server.url, customers, 3);
  window.from = nowUs();
  const measured = await run(server.url, customers, seconds);
  window.to = nowUs();
  orders = measured.orders;
  console.log(`${orders} orders (${measured.ordersPerSecond.toFixed(0)}/s, ${measured.errors} errors)`);
} finally {
  await server.dispose();
}

// CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (the others are
// workers: tsx's loader, the WAL checkpointer).
const file = readdirSync(dir).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
if (!file) throw new Error(`no profile was written in ${dir}`);
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;

/** The part a frame belongs to: our file, a package, Node's internals, or V8's own. */
function partOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return `(${functionName || 'anonymous'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const own = /\/(apps|packages)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

const selfUs = new Map<number, number>();
let stamp = profile.startTime;
for (let i = 0; i < profile.samples.length; i += 1) {
  const delta = profile.timeDeltas[i] ?? 0;
  stamp += delta;
  if (stamp < window.from || stamp > window.to) continue;
  const id = profile.samples[i]!;
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
}
const byPart = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0 || node.callFrame.functionName === '(idle)') continue;
  total += us;
  const part = partOf(node.callFrame);
  byPart.set(part, (byPart.get(part) ?? 0) + us);
  const name = `${node.callFrame.functionName || '(anonymous)'}  ${part}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
}

const perOrder = (us: number) => (orders > 0 ? us / 1000 / orders : 0);
const print = (title: string, entries: Map<string, number>, limit: number) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(
      `  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${perOrder(us).toFixed(3).padStart(7)} ms/order  ${name}`,
    );
  }
};
console.log(`busy (not idle): ${perOrder(total).toFixed(2)} ms per order; profile: ${join(dir, file)}`);
print('self time by part', byPart, 40);
print('hottest functions (self time)', byFunction, Number(values.top));
