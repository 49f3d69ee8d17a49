import { randomUUID } from 'node:crypto';
import { haproxyUnavailable, startHaproxy, type Haproxy } from '@venue/test-harness/haproxy';
import { HttpClient, type Signer } from '@venue/test-harness/http-client';
import { createTestSchema, type TestSchema } from '@venue/test-harness/postgres';
import { startServer, type TestServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV } from '../lib/fresh-servers.ts';
import {
  countsBetween,
  measureCpu,
  PG_COUNTER_ENV,
  readPgCounter,
  sampleWaits,
  withApplicationName,
  type CpuSplit,
  type PgCounts,
} from '../lib/pg-profile.ts';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatInteger, formatMs } from '../lib/table.ts';

/** Issue 4 goals on SQLite at 50 concurrent customers. */
export const CHECKOUT_MIN_ORDERS_PER_SECOND = 300;
export const CHECKOUT_MAX_P99_MS = 250;
/** Issue 15 goals on PostgreSQL with two nodes behind HAProxy, 50 concurrent customers. */
export const CHECKOUT_PG_NODES_MIN_ORDERS_PER_SECOND = 400;
export const CHECKOUT_PG_NODES_MAX_P99_MS = 300;
const WARMUP_SECONDS = 3;

/** The store every benchmark checkout orders from (Daily Grind). */
export const CHECKOUT_VENDOR_ID = 4;
/** An uncounted item, so stock never runs out during the run. */
const BASKET = { orderItems: [{ menuItemId: 414, quantity: 2 }], serviceMode: 'TakeAway', orderOrigin: 'bench' };

/** One customer's whole checkout: consumer, order, payment, gateway card request, update. Answers who paid for what. */
export async function checkout(client: HttpClient): Promise<{ consumer: Signer; orderId: number }> {
  const call = <T>(method: string, path: string, payload?: unknown, signer?: Signer) =>
    client.json<T>(method, path, payload, signer);
  const consumer = await call<Signer>('POST', '/v1/consumer/create', {
    contact: { mobile: '+61400000000', email: 'bench@example.com' },
    name: { fullName: 'Bench Customer' },
  });
  // One key per checkout, as the app makes one per order attempt (place-order requires it).
  const order = await client.json<{ id: number }>(
    'POST',
    `/v1/vendor/${CHECKOUT_VENDOR_ID}/place-order`,
    BASKET,
    consumer,
    { 'Idempotency-Key': `bench-${randomUUID()}` },
  );
  // The app sends a key with each call that takes or settles money, too.
  const payment = await client.json<{
    id: number;
    accessCode: string;
    reference: string;
    formActionUrl: string;
    totalPrice: { minorAmount: number };
  }>('POST', `/v1/vendor/${CHECKOUT_VENDOR_ID}/order/${order.id}/initiate-payment`, {}, consumer, {
    'Idempotency-Key': `bench-${randomUUID()}`,
  });
  const query = new URLSearchParams({
    currency: 'AUD',
    verification: payment.accessCode,
    amount: String(payment.totalPrice.minorAmount),
    reference: payment.reference,
    format: 'json',
    card_holder: 'Bench Customer',
    card_number: '4242424242424242',
    cvv: '123',
    expiry_month: '12',
    expiry_year: '2035',
    callback: 'cb',
  });
  const result = await call<{ r: number; id: string }>('GET', `${new URL(payment.formActionUrl).pathname}?${query}`);
  if (result.r !== 1) throw new Error(`gateway answered ${result.r}`);
  const outcome = await client.json<{ successful: boolean }>(
    'POST',
    `/v1/vendor/${CHECKOUT_VENDOR_ID}/order/${order.id}/payment/${payment.id}/update`,
    { savePaymentMethod: false, messages: [], responseCode: '1', transactionStatus: true, transactionId: result.id },
    consumer,
    { 'Idempotency-Key': `bench-${randomUUID()}` },
  );
  if (!outcome.successful) throw new Error('payment not settled');
  return { consumer, orderId: order.id };
}

interface Run {
  orders: number;
  errors: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  firstError: string | null;
}

export async function run(base: string, customers: number, seconds: number): Promise<Run> {
  const client = new HttpClient(base, customers);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: customers }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await checkout(client);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  client.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    orders: latencies.length,
    errors,
    ordersPerSecond: latencies.length / elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    firstError,
  };
}

/** One measured setup: a database, how many server nodes, and HAProxy in front when more than one. */
interface Setup {
  name: string;
  database: 'SQLite' | 'PostgreSQL';
  nodes: number;
}

interface SetupResult extends Run {
  name: string;
  nodes: number;
  /** PostgreSQL: what the servers asked of it per order, and what its connections were doing */
  perOrder: { queries: number; transactions: number; queryMs: number; poolWaitMs: number } | null;
  /** share of sampled connection-moments by state (running, Lock:advisory, idle in transaction …) */
  waits: Record<string, number> | null;
  /** connections busy on average (not idle) */
  busyConnections: number | null;
  cpu: CpuSplit;
}

/** PostgreSQL connections per server process in the measured setups (the server's default). */
const POOL_SIZE = 10;
const APPLICATION_NAME = 'bench-checkout';

/**
 * Starts a setup on a fresh database: its servers one after the other (the first migrates and
 * seeds), HAProxy in front of several. PostgreSQL servers count their round trips (pg-profile.ts).
 */
async function startSetup(setup: Setup): Promise<{
  url: string;
  servers: TestServer[];
  haproxy: Haproxy | null;
  databaseUrl: string | null;
  dispose: () => Promise<void>;
}> {
  let schema: TestSchema | null = null;
  let databaseUrl: string | null = null;
  if (setup.database === 'PostgreSQL') {
    schema = await createTestSchema('bench');
    databaseUrl = withApplicationName(schema.url, APPLICATION_NAME);
  }
  const servers: TestServer[] = [];
  let haproxy: Haproxy | null = null;
  const dispose = async () => {
    await haproxy?.stop();
    for (const server of servers) await server.dispose();
    await schema?.drop();
  };
  try {
    for (let i = 0; i < setup.nodes; i += 1) {
      servers.push(
        await startServer({
          ...(databaseUrl ? { databaseUrl } : {}),
          env: {
            ...BENCH_SERVER_ENV,
            ...(databaseUrl ? { ...PG_COUNTER_ENV, DATABASE_POOL_SIZE: String(POOL_SIZE) } : {}),
            // Behind HAProxy, as docs/deploy.md runs the nodes.
            ...(setup.nodes > 1 ? { TRUST_PROXY: '1' } : {}),
          },
        }),
      );
    }
    if (setup.nodes > 1) {
      haproxy = await startHaproxy({ backends: servers.map((server) => ({ host: '127.0.0.1', port: server.port })) });
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return { url: haproxy?.url ?? servers[0]!.url, servers, haproxy, databaseUrl, dispose };
}

async function measureSetup(setup: Setup, context: BenchContext): Promise<SetupResult> {
  const { connections, durationSeconds } = context;
  context.log(`starting ${setup.name} on a fresh database…`);
  const started = await startSetup(setup);
  try {
    context.log(`warming up checkout on ${setup.name}…`);
    await run(started.url, connections, WARMUP_SECONDS);
    const pg = started.databaseUrl !== null;
    const before = pg ? await Promise.all(started.servers.map(readPgCounter)) : [];
    const waits = started.databaseUrl ? await sampleWaits(started.databaseUrl, APPLICATION_NAME, 25) : null;
    const cpu = await measureCpu({
      servers: started.servers.map((server) => server.pid!),
      haproxy: started.haproxy !== null,
    });
    context.log(`measuring checkout on ${setup.name} (${connections} customers × ${durationSeconds} s)…`);
    const result = await run(started.url, connections, durationSeconds);
    const split = await cpu();
    const sampled = await waits?.stop();
    const counts: PgCounts | null = pg
      ? countsBetween(before, await Promise.all(started.servers.map(readPgCounter)))
      : null;
    const per = (value: number) => value / Math.max(1, result.orders);
    return {
      ...result,
      name: setup.name,
      nodes: setup.nodes,
      perOrder: counts && {
        queries: per(counts.queries),
        transactions: per(counts.transactions),
        queryMs: per(counts.queryMs),
        poolWaitMs: per(counts.poolWaitMs),
      },
      waits: sampled?.shares ?? null,
      busyConnections: sampled?.meanBusy ?? null,
      cpu: split,
    };
  } finally {
    await started.dispose();
  }
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * Issue 4 and 15: whole checkouts per second and their p99 at 50 concurrent customers, each setup
 * on a fresh database: SQLite on one node; with TEST_DATABASE_URL, PostgreSQL on one node and on
 * two behind HAProxy (Debian's haproxy, packages/test-harness/src/haproxy.ts), with the PostgreSQL
 * round trips per order, what the database connections were doing, and where the machine's CPU went.
 */
export const checkoutBench: Section = {
  name: 'checkout',
  description: 'checkout runs: consumer, place order, initiate payment, gateway purchase, update',
  async run(context: BenchContext): Promise<SectionResult> {
    const { connections, durationSeconds } = context;
    const setups: Setup[] = [{ name: 'SQLite, 1 node', database: 'SQLite', nodes: 1 }];
    const skipped: string[] = [];
    if (!process.env.TEST_DATABASE_URL) {
      skipped.push('PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to measure it too.');
    } else {
      setups.push({ name: 'PostgreSQL, 1 node', database: 'PostgreSQL', nodes: 1 });
      const noHaproxy = haproxyUnavailable();
      if (noHaproxy) skipped.push(`PostgreSQL with 2 nodes skipped: ${noHaproxy}.`);
      else setups.push({ name: 'PostgreSQL, 2 nodes + HAProxy', database: 'PostgreSQL', nodes: 2 });
    }
    const results: SetupResult[] = [];
    for (const setup of setups) results.push(await measureSetup(setup, context));
    const sqlite = results[0]!;
    const twoNodes = results.find((r) => r.nodes === 2);
    return {
      name: this.name,
      title: `Checkout: ${connections} concurrent customers × ${durationSeconds} s (5 calls per order)`,
      columns: ['setup', 'orders/s', 'p50', 'p99', 'orders', 'errors', 'PG round trips/order', 'PG transactions/order'],
      rows: results.map((r) => [
        r.name,
        formatInteger(r.ordersPerSecond),
        formatMs(r.p50Ms),
        formatMs(r.p99Ms),
        formatInteger(r.orders),
        formatInteger(r.errors),
        r.perOrder ? r.perOrder.queries.toFixed(1) : '–',
        r.perOrder ? r.perOrder.transactions.toFixed(1) : '–',
      ]),
      notes: [
        ...skipped,
        ...results.map(
          (r) =>
            `${r.name}: CPU cores busy ${Object.entries(r.cpu.cores)
              .map(([part, cores]) => `${part} ${cores.toFixed(2)}`)
              .join(', ')}`,
        ),
        ...results
          .filter((r) => r.perOrder && r.waits)
          .map(
            (r) =>
              `${r.name}: per order ${formatMs(r.perOrder!.queryMs)} waiting on PostgreSQL answers, ` +
              `${formatMs(r.perOrder!.poolWaitMs)} for a pooled connection (${POOL_SIZE} per node); ` +
              `connections ${r.busyConnections!.toFixed(1)} busy on average: ${Object.entries(r.waits!)
                .filter(([, share]) => share >= 0.01)
                .map(([state, share]) => `${state} ${percent(share)}`)
                .join(', ')}`,
          ),
        ...results.filter((r) => r.firstError).map((r) => `${r.name} first error: ${r.firstError}`),
      ],
      goals: [
        {
          description: `checkout on SQLite ≥ ${CHECKOUT_MIN_ORDERS_PER_SECOND} orders/s`,
          met: sqlite.ordersPerSecond >= CHECKOUT_MIN_ORDERS_PER_SECOND,
        },
        { description: `checkout on SQLite p99 ≤ ${CHECKOUT_MAX_P99_MS} ms`, met: sqlite.p99Ms <= CHECKOUT_MAX_P99_MS },
        ...(twoNodes
          ? [
              {
                description: `checkout on PostgreSQL, 2 nodes + HAProxy ≥ ${CHECKOUT_PG_NODES_MIN_ORDERS_PER_SECOND} orders/s`,
                met: twoNodes.ordersPerSecond >= CHECKOUT_PG_NODES_MIN_ORDERS_PER_SECOND,
              },
              {
                description: `checkout on PostgreSQL, 2 nodes + HAProxy p99 ≤ ${CHECKOUT_PG_NODES_MAX_P99_MS} ms`,
                met: twoNodes.p99Ms <= CHECKOUT_PG_NODES_MAX_P99_MS,
              },
            ]
          : []),
        { description: 'checkout: no errors', met: results.every((r) => r.errors === 0) },
      ],
      data: { connections, durationSeconds, poolSize: POOL_SIZE, results },
    };
  },
};
