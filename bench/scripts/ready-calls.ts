/**
 * What the kitchen's ready call and the customer's alerted call cost on PostgreSQL, per call: round
 * trips and transactions (the server's own count, PG_COUNTER_ENV), the server's and PostgreSQL's
 * CPU (from /proc), and the latency of `--at-once` calls sent together, as a rush at the pass
 * would send them. Each round starts a server on a fresh database, pays for enough orders, warms
 * up on the first batches, then makes the rest ready, `--at-once` at a time, then sends their
 * alerted calls the same way.
 *
 * With `--against <ref>` the other commit is checked out in a scratch folder and the two builds
 * alternate, round by round (the first build of each round alternates too), and each pair's ratio
 * (this build ÷ the other) is printed: the figures to trust on a noisy machine.
 *
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/scripts/ready-calls.ts [--against=<ref>]
 *     [--rounds=4] [--at-once=30] [--batches=10] [--warm-up=2]
 */
import { parseArgs } from 'node:util';
import { HttpClient, type Signer } from '@venue/test-harness/http-client';
import { OPS_TOKEN, startServer } from '@venue/test-harness/server';
import { addWorktree, type Worktree } from '@venue/test-harness/worktree';
import { BENCH_SERVER_ENV } from '../lib/fresh-servers.ts';
import { countsBetween, measureCpu, PG_COUNTER_ENV, readPgCounter } from '../lib/pg-profile.ts';
import { CHECKOUT_VENDOR_ID, checkout } from '../sections/checkout.ts';

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    'at-once': { type: 'string', default: '30' },
    batches: { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '2' },
  },
});
if (!process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL: these calls are measured on PostgreSQL.');
const rounds = Number(values.rounds);
const atOnce = Number(values['at-once']);
const batches = Number(values.batches);
const warmUp = Number(values['warm-up']);
const log = (message: string) => process.stderr.write(`${message}\n`);

interface CallFigures {
  roundTrips: number;
  transactions: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  p50Ms: number;
  p99Ms: number;
}
type Figures = Record<'ready' | 'alerted', CallFigures>;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(repoRoot: string | undefined): Promise<Figures> {
  const server = await startServer({
    database: 'postgres',
    ...(repoRoot ? { repoRoot } : {}),
    env: { ...BENCH_SERVER_ENV, ...PG_COUNTER_ENV },
  });
  const client = new HttpClient(server.url, atOnce);
  try {
    const paid: Array<{ consumer: Signer; orderId: number }> = [];
    const total = atOnce * (batches + warmUp);
    while (paid.length < total) {
      paid.push(
        ...(await Promise.all(Array.from({ length: Math.min(20, total - paid.length) }, () => checkout(client)))),
      );
    }
    const ready = (order: { orderId: number }) =>
      client.json(
        'POST',
        `/ops/v1/vendor/${CHECKOUT_VENDOR_ID}/order/${order.orderId}/status`,
        { status: 'PendingAlerted' },
        undefined,
        { authorization: `Bearer ${OPS_TOKEN}` },
      );
    const alerted = (order: { consumer: Signer; orderId: number }) =>
      client.json(
        'POST',
        `/v1/vendor/${CHECKOUT_VENDOR_ID}/order/${order.orderId}/alerted`,
        { orderId: order.orderId, vendorId: CHECKOUT_VENDOR_ID, timeAlerted: new Date().toISOString() },
        order.consumer,
      );
    const warm = paid.slice(0, atOnce * warmUp);
    const measured = paid.slice(warm.length);
    for (let i = 0; i < warm.length; i += atOnce) await Promise.all(warm.slice(i, i + atOnce).map(ready));
    for (let i = 0; i < warm.length; i += atOnce) await Promise.all(warm.slice(i, i + atOnce).map(alerted));

    const calls = async (call: (order: (typeof paid)[number]) => Promise<unknown>): Promise<CallFigures> => {
      const before = await readPgCounter(server);
      const stop = await measureCpu({ servers: [server.pid!], haproxy: false });
      const latencies: number[] = [];
      for (let i = 0; i < measured.length; i += atOnce) {
        const started = performance.now();
        await Promise.all(measured.slice(i, i + atOnce).map(call));
        latencies.push(performance.now() - started);
      }
      const cpu = await stop();
      const counts = countsBetween([before], [await readPgCounter(server)]);
      if (!counts) throw new Error('the server did not report its PostgreSQL round trips');
      latencies.sort((a, b) => a - b);
      const perCall = (value: number) => value / measured.length;
      return {
        roundTrips: perCall(counts.queries),
        transactions: perCall(counts.transactions),
        serverCpuMs: perCall(cpu.cores.servers! * cpu.seconds * 1000),
        postgresCpuMs: perCall(cpu.cores.PostgreSQL! * cpu.seconds * 1000),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
      };
    };
    return { ready: await calls(ready), alerted: await calls(alerted) };
  } finally {
    client.close();
    await server.dispose();
  }
}

const COLUMNS: Array<[keyof CallFigures, string, number]> = [
  ['roundTrips', 'round trips', 1],
  ['transactions', 'transactions', 2],
  ['serverCpuMs', 'server CPU ms', 2],
  ['postgresCpuMs', 'PostgreSQL CPU ms', 2],
  ['p50Ms', `batch p50 ms`, 0],
  ['p99Ms', `batch p99 ms`, 0],
];

function describe(name: string, figures: Figures): string {
  return (['ready', 'alerted'] as const)
    .map(
      (call) =>
        `  ${name} ${call.padEnd(7)} ` +
        COLUMNS.map(([key, label, digits]) => `${label} ${figures[call][key].toFixed(digits)}`).join(' · '),
    )
    .join('\n');
}

let other: Worktree | null = null;
try {
  if (values.against) other = await addWorktree(values.against, log);
  log(`${atOnce} calls at once, ${batches} batches measured after ${warmUp} of warm-up, ${rounds} round(s)`);
  const ratios: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round += 1) {
    const builds: Array<[string, string | undefined]> = [['this', undefined]];
    if (other) builds.splice(round % 2, 0, ['other', other.root]);
    const results: Record<string, Figures> = {};
    for (const [name, root] of builds) results[name] = await measure(root);
    console.log(`round ${round + 1}`);
    for (const [name] of builds) console.log(describe(name.padEnd(5), results[name]!));
    if (other) {
      const line: string[] = [];
      for (const call of ['ready', 'alerted'] as const) {
        for (const [key, label] of COLUMNS) {
          const [mine, theirs] = [results.this![call][key], results.other![call][key]];
          if (mine === 0 && theirs === 0) continue; // none in either build (transactions): no ratio
          const ratio = mine / theirs;
          (ratios[`${call} ${label}`] ??= []).push(ratio);
          line.push(`${call} ${label} ${ratio.toFixed(2)}`);
        }
      }
      console.log(`  this ÷ other: ${line.join(' · ')}`);
    }
  }
  if (other) {
    console.log(`this ÷ ${other.describe}, median of ${rounds} pairs (range):`);
    for (const [label, values] of Object.entries(ratios)) {
      const sorted = [...values].sort((a, b) => a - b);
      const median =
        sorted.length % 2
          ? sorted[(sorted.length - 1) / 2]!
          : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
      console.log(`  ${label.padEnd(32)} ${median.toFixed(2)} (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})`);
    }
  }
} finally {
  other?.dispose();
}
