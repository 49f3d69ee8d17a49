/**
 * What a paid order asks of SQLite, under the bench's checkout load: starts a server (SQLite) that
 * counts its statements (bench/lib/sqlite-counter.mjs), warms it up, runs the checkout loop and
 * prints the statements per order, SQLite's time per order, and each statement's share, by time.
 *
 *   npx tsx bench/scripts/sqlite-statements.ts [--customers=20] [--seconds=8]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer, type TestServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV } from '../lib/fresh-servers.ts';
import { run } from '../sections/checkout.ts';

interface Counts {
  statements: number;
  ms: number;
  bySql: Record<string, [number, number]>;
}

const { values } = parseArgs({
  options: { customers: { type: 'string', default: '20' }, seconds: { type: 'string', default: '8' } },
});
const COUNTER = fileURLToPath(new URL('../lib/sqlite-counter.mjs', import.meta.url));

async function readCounts(server: TestServer): Promise<Counts> {
  const from = server.logs().length;
  process.kill(server.pid!, 'SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = server
      .logs()
      .slice(from)
      .split('\n')
      .find((text) => text.startsWith('sqlite-counter '));
    if (line) return JSON.parse(line.slice('sqlite-counter '.length)) as Counts;
  }
  throw new Error('the server did not print its SQLite counts');
}

const server = await startServer({ env: { ...BENCH_SERVER_ENV, NODE_OPTIONS: `--import=${COUNTER}` } });
try {
  const customers = Number(values.customers);
  await run(server.url, customers, 3);
  const before = await readCounts(server);
  const measured = await run(server.url, customers, Number(values.seconds));
  const after = await readCounts(server);
  const orders = Math.max(1, measured.orders);
  console.log(
    `${measured.orders} orders: ${((after.statements - before.statements) / orders).toFixed(2)} statements and ` +
      `${((after.ms - before.ms) / orders).toFixed(3)} ms of SQLite per order`,
  );
  const rows = Object.entries(after.bySql)
    .map(([text, [count, ms]]) => {
      const [count0, ms0] = before.bySql[text] ?? [0, 0];
      return { text, count: (count - count0) / orders, us: ((ms - ms0) * 1000) / orders };
    })
    .filter((row) => row.count >= 0.01)
    .sort((a, b) => b.us - a.us);
  for (const row of rows)
    console.log(
      `${row.count.toFixed(2).padStart(6)} × ${row.us.toFixed(1).padStart(7)} µs/order  ${row.text.slice(0, 150)}`,
    );
} finally {
  await server.dispose();
}
