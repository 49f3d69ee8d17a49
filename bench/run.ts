/**
 * `npm run bench`: starts the real server (fresh SQLite file, loopback) and runs each benchmark
 * section against it, printing a table per section and writing the figures to bench/results/.
 *
 * Options: --only=api,page-weight (or the names alone: `npm run bench -- pages`)
 *          --duration=10 (s per route)   --connections=50   --strict (exit 1 when a goal is missed)
 *          --against=<git ref> [--rounds=3]: checkout only, this checkout's server against that
 *          commit's, in alternating rounds (sections/checkout-against.ts)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild } from '@venue/test-harness/build-app';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { startServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV } from './lib/fresh-servers.ts';
import type { BenchContext, Section, SectionResult } from './lib/section.ts';
import { formatTable } from './lib/table.ts';
import { apiThroughput } from './sections/api-throughput.ts';
import { backupBench } from './sections/backup.ts';
import { calculateOrderPayment } from './sections/calculate-order-payment.ts';
import { catalogueImport } from './sections/catalogue-import.ts';
import { checkoutBench } from './sections/checkout.ts';
import { checkoutAgainst } from './sections/checkout-against.ts';
import { opsEventsBench } from './sections/ops-events.ts';
import { pageWeight } from './sections/page-weight.ts';
import { pages } from './sections/pages.ts';
import { trackingBench } from './sections/tracking.ts';
import { liveTrackersBench } from './sections/live-trackers.ts';
import { takingsBench } from './sections/takings.ts';

/** Every section, in the order they run. New benchmarks (checkout, polling, Lighthouse) go here. */
const SECTIONS: Section[] = [
  apiThroughput,
  pageWeight,
  calculateOrderPayment,
  checkoutBench,
  trackingBench,
  liveTrackersBench,
  opsEventsBench,
  pages,
  catalogueImport,
  takingsBench,
  backupBench,
];

const RESULTS_DIR = join(REPO_ROOT, 'bench/results');

function options() {
  const { values, positionals } = parseArgs({
    options: {
      only: { type: 'string' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      strict: { type: 'boolean', default: false },
      against: { type: 'string' },
      rounds: { type: 'string', default: '3' },
    },
    allowPositionals: true,
  });
  const durationSeconds = Number(values.duration);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(durationSeconds) || durationSeconds <= 0)
    throw new Error('--duration must be a whole number of seconds');
  if (!Number.isInteger(connections) || connections <= 0) throw new Error('--connections must be a whole number');
  if (!Number.isInteger(rounds) || rounds <= 0) throw new Error('--rounds must be a whole number');
  const named = [...(values.only?.split(',') ?? []), ...positionals].map((name) => name.trim()).filter(Boolean);
  const wanted = named.length > 0 ? named : undefined;
  const unknown = wanted?.filter((name) => !SECTIONS.some((section) => section.name === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`unknown section(s) ${unknown.join(', ')}; known: ${SECTIONS.map((s) => s.name).join(', ')}`);
  if (values.against !== undefined && wanted?.some((name) => name !== checkoutBench.name))
    throw new Error('--against compares the checkout section only: npm run bench -- checkout --against=<ref>');
  if (values.against === '') throw new Error('--against needs a git ref (a commit, branch or tag)');
  const sections = wanted ? SECTIONS.filter((section) => wanted.includes(section.name)) : SECTIONS;
  return { durationSeconds, connections, sections, strict: values.strict, against: values.against, rounds };
}

function print(result: SectionResult): void {
  console.log(`\n${result.title}\n`);
  console.log(formatTable(result.columns, result.rows));
  for (const note of result.notes) console.log(note);
  for (const goal of result.goals) console.log(`  ${goal.met ? 'met   ' : 'MISSED'}  ${goal.description}`);
}

const log = (message: string) => console.error(`· ${message}`);

const machine = () => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
});

/** Writes the figures to bench/results/<time>.json and latest.json. */
async function writeReport(report: Record<string, unknown>, results: SectionResult[]): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const text = `${JSON.stringify(
    {
      date: new Date().toISOString(),
      ...report,
      sections: Object.fromEntries(results.map((r) => [r.name, { goals: r.goals, data: r.data }])),
    },
    null,
    2,
  )}\n`;
  const file = join(RESULTS_DIR, `${stamp}.json`);
  await writeFile(file, text);
  await writeFile(join(RESULTS_DIR, 'latest.json'), text);
  console.log(`Results written to ${file}`);
}

/** --against: the checkout section, this checkout's server against another commit's. */
async function compare(ref: string, rounds: number, durationSeconds: number, connections: number): Promise<void> {
  const host = machine();
  console.log(
    `Checkout compared with ${ref} on ${host.cpus} × ${host.cpuModel}, ${host.memoryGiB} GiB, Node ${host.node}`,
  );
  const loadBefore = loadavg()[0] ?? 0;
  const result = await checkoutAgainst({ ref, rounds, durationSeconds, connections, log });
  print(result);
  await writeReport({ machine: host, loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 }, against: ref }, [
    result,
  ]);
}

async function main(): Promise<void> {
  const { durationSeconds, connections, sections, strict, against, rounds } = options();
  if (against !== undefined) return compare(against, rounds, durationSeconds, connections);

  log('building the web app (skipped when unchanged)…');
  const webDist = await ensureBuild('multi-vendor');
  log('starting the server…');
  const server = await startServer({
    webDist,
    env: BENCH_SERVER_ENV,
  });
  const host = machine();
  console.log(
    `Benchmarks on ${host.cpus} × ${host.cpuModel}, ${host.memoryGiB} GiB, Node ${host.node}; server ${server.url} (SQLite)`,
  );
  const loadBefore = loadavg()[0] ?? 0;
  if (loadBefore > host.cpus / 2) {
    console.log(
      `Warning: the machine is busy (load average ${loadBefore.toFixed(2)} on ${host.cpus} cores); figures will read low.`,
    );
  }

  const results: SectionResult[] = [];
  try {
    const context: BenchContext = { server, webDist, durationSeconds, connections, log };
    for (const section of sections) {
      const result = await section.run(context);
      results.push(result);
      print(result);
    }
  } catch (error) {
    console.error(`Server output (tail):\n${server.logs().slice(-4000)}`);
    throw error;
  } finally {
    await server.dispose();
  }

  const loadAfter = loadavg()[0] ?? 0;
  const goals = results.flatMap((result) => result.goals);
  const met = goals.filter((goal) => goal.met).length;
  console.log(`\nGoals met: ${met} of ${goals.length}`);

  await writeReport({ machine: host, loadAverage: { before: loadBefore, after: loadAfter } }, results);
  if (strict && met < goals.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
