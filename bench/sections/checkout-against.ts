/**
 * `npm run bench -- checkout --against <ref>`: this checkout's server and another commit's, measured
 * in turn on the same machine by the same load generator (this checkout's bench code drives both;
 * only the server differs), round after round, each server on a fresh database. Each pair gives a
 * ratio (this ÷ other) per figure; their median says what changed, their range how sure it is.
 */
import { addWorktree, thisCheckout } from '@venue/test-harness/worktree';
import type { SectionResult } from '../lib/section.ts';
import { formatInteger, formatMs } from '../lib/table.ts';
import {
  checkoutCustomers,
  formatCpuMs,
  formatRatio,
  measureSetup,
  type LevelResult,
  type Setup,
  type SetupResult,
} from './checkout.ts';

export interface AgainstOptions {
  ref: string;
  rounds: number;
  durationSeconds: number;
  connections: number;
  log(message: string): void;
}

/** A figure compared per pair. */
interface Figure {
  column: string;
  value(level: LevelResult): number | null;
  format(value: number): string;
}

const FIGURES: Figure[] = [
  { column: 'CPU ms/order', value: (l) => l.cpuMsPerOrder, format: formatCpuMs },
  { column: 'orders/s', value: (l) => l.ordersPerSecond, format: formatInteger },
  { column: 'p99', value: (l) => l.p99Ms, format: formatMs },
  { column: '÷ trivial', value: (l) => l.orderInTrivial, format: (v) => v.toFixed(1) },
  { column: 'PG round trips/order', value: (l) => l.perOrder?.queries ?? null, format: (v) => v.toFixed(1) },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One round of one database: both sides' results. */
interface Pair {
  round: number;
  database: Setup['database'];
  ours: SetupResult;
  theirs: SetupResult;
}

/** Cells "this / other = ratio", each part padded to the column's widest so the column lines up. */
function alignedCells(parts: Array<[string, string, string] | null>): string[] {
  const width = (index: 0 | 1 | 2) => Math.max(0, ...parts.map((p) => (p ? p[index].length : 0)));
  const [a, b, r] = [width(0), width(1), width(2)];
  return parts.map((p) => (p ? `${p[0].padStart(a)} / ${p[1].padStart(b)} = ${p[2].padStart(r)}` : '–'));
}

export async function checkoutAgainst(options: AgainstOptions): Promise<SectionResult> {
  const { ref, rounds, durationSeconds, connections, log } = options;
  const customers = checkoutCustomers(connections);
  const databases: Array<Setup['database']> = process.env.TEST_DATABASE_URL ? ['SQLite', 'PostgreSQL'] : ['SQLite'];
  const ours = thisCheckout();
  const worktree = await addWorktree(ref, log);
  const pairs: Pair[] = [];
  try {
    const sides = [
      { label: 'this checkout', repoRoot: undefined },
      { label: ref, repoRoot: worktree.root },
    ] as const;
    for (let round = 1; round <= rounds; round += 1) {
      for (const database of databases) {
        // A,B in odd rounds and B,A in even ones (A,B,B,A,A,B…): whoever runs second runs on a
        // machine that has been busy longer, and that falls on each side alike.
        const order = round % 2 === 1 ? [0, 1] : [1, 0];
        const results: SetupResult[] = [];
        for (const index of order) {
          const side = sides[index]!;
          const setup: Setup = { name: `${database}, 1 node`, database, nodes: 1, customers };
          results[index] = await measureSetup(setup, {
            durationSeconds,
            repoRoot: side.repoRoot,
            log: (message) => log(`round ${round} of ${rounds}, ${side.label}: ${message}`),
          });
        }
        pairs.push({ round, database, ours: results[0]!, theirs: results[1]! });
      }
    }
  } finally {
    worktree.dispose();
  }

  const groups = databases.flatMap((database) => customers.map((count) => ({ database, customers: count })));
  const rows: string[][] = [];
  const medians: Array<Record<string, unknown>> = [];
  for (const group of groups) {
    const inGroup = pairs
      .filter((pair) => pair.database === group.database)
      .map((pair) => {
        const level = (result: SetupResult) => result.levels.find((l) => l.customers === group.customers)!;
        return { round: pair.round, ours: level(pair.ours), theirs: level(pair.theirs) };
      });
    const columns = FIGURES.map((figure) => {
      const values = inGroup.map((pair) => {
        const a = figure.value(pair.ours);
        const b = figure.value(pair.theirs);
        return a === null || b === null ? null : { a, b, ratio: a / b };
      });
      const known = values.filter((v) => v !== null);
      const summary =
        known.length === 0
          ? null
          : {
              a: median(known.map((v) => v.a)),
              b: median(known.map((v) => v.b)),
              ratio: median(known.map((v) => v.ratio)),
              low: Math.min(...known.map((v) => v.ratio)),
              high: Math.max(...known.map((v) => v.ratio)),
            };
      const parts = [...values, summary].map((v): [string, string, string] | null =>
        v ? [figure.format(v.a), figure.format(v.b), formatRatio(v.ratio)] : null,
      );
      const range = summary ? `${formatRatio(summary.low)}–${formatRatio(summary.high)}` : '–';
      return { figure, cells: [...alignedCells(parts), range], summary };
    });
    const label = `${group.database}, 1 node`;
    const names = [...inGroup.map((pair) => `round ${pair.round}`), 'median', 'range of ratios'];
    names.forEach((name, index) =>
      rows.push([label, String(group.customers), name, ...columns.map((column) => column.cells[index]!)]),
    );
    medians.push({
      ...group,
      ...Object.fromEntries(columns.map((column) => [column.figure.column, column.summary])),
    });
  }

  return {
    name: 'checkout',
    title:
      `Checkout, this checkout (A) against ${ref} (B): ${rounds} round${rounds === 1 ? '' : 's'}, ` +
      `${customers.join(' and ')} concurrent customers × ${durationSeconds} s each, a fresh database per server`,
    columns: ['setup', 'customers', 'pair', ...FIGURES.map((figure) => figure.column)],
    rows,
    notes: [
      `A: this checkout, ${ours.describe}`,
      `B: ${ref}, ${worktree.describe}`,
      'Both are driven by this checkout’s load generator; only the server differs. Within a round A runs first,',
      'then B; the next round B first (A,B,B,A,A,B…), so the machine’s drift weighs on both alike.',
      'How to read it: each cell is A / B = A ÷ B. Below 1.00 A spends less than B (CPU ms/order, ÷ trivial,',
      'p99, round trips); above 1.00 A does more orders/s. The median row holds each side’s median and the',
      'median of the pair ratios. CPU ms/order and ÷ trivial are the steady figures: a median ratio whose',
      'range stays on one side of 1.00 is a real change. orders/s and p99 swing with the machine’s load:',
      'read them for large changes only. Against the same server code the ratios sit near 1.00.',
    ],
    goals: [],
    data: {
      against: { ref, commit: worktree.commit, describe: worktree.describe },
      this: ours,
      rounds,
      order: 'A,B then B,A in alternate rounds',
      durationSeconds,
      customers,
      medians,
      pairs,
    },
  };
}
