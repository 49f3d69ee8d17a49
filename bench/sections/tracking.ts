/**
 * Issue 5 benchmark: a venue's worth of customers on the wait screen. Each polls its order every
 * 5 s (spec §9), signed as the app signs it, while the venue's kitchen marks orders ready through
 * the operations API; a customer who sees theirs ready sends the alerted call (alert-order) and
 * orders again, so the crowd stays the same size and orders keep being placed and completed.
 * Measured: polls answered per second, their latency, errors, and how long after the kitchen
 * marked an order ready the customer's poll showed it.
 */
import { OPS_TOKEN } from '@venue/test-harness/server';
import { onFreshServers } from '../lib/fresh-servers.ts';
import { HttpClient, type Signer } from '@venue/test-harness/http-client';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatInteger, formatMs } from '../lib/table.ts';
import { checkout, CHECKOUT_VENDOR_ID } from './checkout.ts';

export const TRACKING_CUSTOMERS = 2_000;
/** Spec §9: the wait screen reads the order every 5 s (5 s after each answer). */
export const POLL_INTERVAL_MS = 5_000;
export const TRACKING_SECONDS = 60;
/** How many orders the kitchen makes ready each second (every customer's order about once a run). */
export const READY_PER_SECOND = 30;
/** Customers paying for their first order at once while the crowd gathers. */
const SETUP_CONCURRENCY = 50;

/** Goals on SQLite: the crowd is served in full, each poll quickly, and a ready order is seen within a poll. */
export const POLL_MAX_P99_MS = 100;
export const SEEN_MAX_P99_MS = POLL_INTERVAL_MS + 1_000;

const VENDOR = CHECKOUT_VENDOR_ID;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Customer {
  consumer: Signer;
  orderId: number;
}

export interface TrackingRun {
  customers: number;
  seconds: number;
  polls: number;
  pollsPerSecond: number;
  pollP50Ms: number;
  pollP99Ms: number;
  /** polls, alerted calls, new orders and kitchen calls that failed */
  errors: number;
  firstError: string | null;
  marked: number;
  seen: number;
  seenP50Ms: number;
  seenP99Ms: number;
  ordersPlaced: number;
  ordersPerSecond: number;
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Customers with a paid order each (the crowd on the wait screen when the run starts). */
async function gather(client: HttpClient, count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: SETUP_CONCURRENCY }, async () => {
      while (started < count) {
        started += 1;
        customers.push(await checkout(client));
      }
    }),
  );
  return customers;
}

/** One run against a server: the crowd polls for `seconds` while the kitchen readies orders. */
export async function trackingRun(
  base: string,
  customers = TRACKING_CUSTOMERS,
  seconds = TRACKING_SECONDS,
  log: (message: string) => void = () => undefined,
): Promise<TrackingRun> {
  const client = new HttpClient(base, 512);
  const opsHeaders = { authorization: `Bearer ${OPS_TOKEN}` };
  log(`${customers} customers pay for an order…`);
  const crowd = await gather(client, customers);

  const pollLatencies: number[] = [];
  const seenDelays: number[] = [];
  /** order id → when the kitchen sent "ready" (performance clock) */
  const markedAt = new Map<number, number>();
  let errors = 0;
  let firstError: string | null = null;
  let ordersPlaced = 0;
  const fail = (error: unknown) => {
    errors += 1;
    firstError ??= error instanceof Error ? error.message : String(error);
  };

  log(`measuring: ${customers} customers polling every ${POLL_INTERVAL_MS / 1000} s for ${seconds} s…`);
  const started = performance.now();
  const end = started + seconds * 1000;

  const customer = async (first: Customer, index: number) => {
    // Customers arrive spread over one interval, as a crowd does, not all in the same millisecond.
    await sleep((index / crowd.length) * POLL_INTERVAL_MS);
    let current = first;
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        const answer = await client.send(
          'GET',
          `/v1/vendor/${VENDOR}/order/${current.orderId}`,
          undefined,
          current.consumer,
        );
        const answered = performance.now();
        if (answer.status !== 200) throw new Error(`GET order answered ${answer.status}: ${answer.body.slice(0, 200)}`);
        pollLatencies.push(answered - sent);
        const { orderStatus } = JSON.parse(answer.body) as { orderStatus: string };
        if (orderStatus === 'PendingAlerted') {
          const marked = markedAt.get(current.orderId);
          if (marked !== undefined) seenDelays.push(answered - marked);
          // Alert-order tells the venue it was seen; then the customer orders again and waits anew.
          await client.json(
            'POST',
            `/v1/vendor/${VENDOR}/order/${current.orderId}/alerted`,
            { orderId: current.orderId, vendorId: VENDOR, timeAlerted: new Date().toISOString() },
            current.consumer,
          );
          current = await checkout(client);
          ordersPlaced += 1;
          continue;
        }
      } catch (error) {
        fail(error);
      }
      // The next read 5 s after this answer (spec §9; the app never piles reads up).
      await sleep(Math.min(POLL_INTERVAL_MS, end - performance.now()));
    }
  };

  // The kitchen: each second the oldest waiting orders are made ready, as a kitchen display would.
  const kitchen = async () => {
    // On the clock, not a count of ticks: a slow second must not push marking past the run's end.
    for (let tick = started; performance.now() < end; tick += 1000) {
      try {
        const listed = await client.send(
          'GET',
          `/ops/v1/vendor/${VENDOR}/orders?status=Waiting&limit=${READY_PER_SECOND}`,
          undefined,
          undefined,
          opsHeaders,
        );
        if (listed.status !== 200) throw new Error(`ops list answered ${listed.status}: ${listed.body.slice(0, 200)}`);
        for (const { id } of JSON.parse(listed.body) as { id: number }[]) {
          if (performance.now() >= end) break;
          markedAt.set(id, performance.now());
          const moved = await client.send(
            'POST',
            `/ops/v1/vendor/${VENDOR}/order/${id}/status`,
            { status: 'PendingAlerted' },
            undefined,
            opsHeaders,
          );
          if (moved.status !== 200) {
            markedAt.delete(id);
            throw new Error(`ops status answered ${moved.status}: ${moved.body.slice(0, 200)}`);
          }
        }
      } catch (error) {
        fail(error);
      }
      await sleep(tick + 1000 - performance.now());
    }
  };

  await Promise.all([kitchen(), ...crowd.map(customer)]);
  const elapsed = (performance.now() - started) / 1000;
  client.close();

  pollLatencies.sort((a, b) => a - b);
  seenDelays.sort((a, b) => a - b);
  return {
    customers,
    seconds,
    polls: pollLatencies.length,
    pollsPerSecond: pollLatencies.length / elapsed,
    pollP50Ms: percentile(pollLatencies, 0.5),
    pollP99Ms: percentile(pollLatencies, 0.99),
    errors,
    firstError,
    marked: markedAt.size,
    seen: seenDelays.length,
    seenP50Ms: percentile(seenDelays, 0.5),
    seenP99Ms: percentile(seenDelays, 0.99),
    ordersPlaced,
    ordersPerSecond: ordersPlaced / elapsed,
  };
}

/** Issue 5: 2,000 customers on the wait screen, on a fresh SQLite database and (with TEST_DATABASE_URL) PostgreSQL. */
export const trackingBench: Section = {
  name: 'tracking',
  description: `${TRACKING_CUSTOMERS} customers polling their orders every 5 s while the kitchen marks orders ready`,
  async run(context: BenchContext): Promise<SectionResult> {
    // Fresh servers: the queue must hold only this crowd's orders, not those of earlier sections.
    const results = await onFreshServers(context.log, (name, server) =>
      trackingRun(server.url, TRACKING_CUSTOMERS, TRACKING_SECONDS, (message) =>
        context.log(`tracking on ${name}: ${message}`),
      ),
    );
    const sqlite = results[0]!;
    const wantedPollsPerSecond = (TRACKING_CUSTOMERS * 1000) / POLL_INTERVAL_MS;
    return {
      name: this.name,
      title: `Tracking: ${TRACKING_CUSTOMERS} customers polling every ${POLL_INTERVAL_MS / 1000} s for ${TRACKING_SECONDS} s, the kitchen readying ${READY_PER_SECOND} orders/s`,
      columns: [
        'database',
        'polls/s',
        'poll p50',
        'poll p99',
        'errors',
        'ready→seen p50',
        'ready→seen p99',
        'seen',
        'orders/s',
      ],
      rows: results.map((r) => [
        r.name,
        formatInteger(r.pollsPerSecond),
        formatMs(r.pollP50Ms),
        formatMs(r.pollP99Ms),
        formatInteger(r.errors),
        formatMs(r.seenP50Ms),
        formatMs(r.seenP99Ms),
        `${formatInteger(r.seen)} of ${formatInteger(r.marked)}`,
        formatInteger(r.ordersPerSecond),
      ]),
      notes: [
        'ready→seen: from the kitchen sending "ready" to the answer of the first poll showing it (a poll every 5 s bounds it).',
        'seen: ready orders a poll showed before the run ended, of those the kitchen marked.',
        ...(results.length === 1 ? ['PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to measure it too.'] : []),
        ...results.filter((r) => r.firstError).map((r) => `${r.name} first error: ${r.firstError}`),
      ],
      goals: [
        {
          description: `tracking on SQLite: ≥ 95 % of ${formatInteger(wantedPollsPerSecond)} polls/s answered`,
          met: sqlite.pollsPerSecond >= 0.95 * wantedPollsPerSecond,
        },
        {
          description: `tracking on SQLite: poll p99 ≤ ${POLL_MAX_P99_MS} ms`,
          met: sqlite.pollP99Ms <= POLL_MAX_P99_MS,
        },
        {
          description: `tracking on SQLite: a ready order seen within ${SEEN_MAX_P99_MS / 1000} s (p99)`,
          met: sqlite.seen > 0 && sqlite.seenP99Ms <= SEEN_MAX_P99_MS,
        },
        { description: 'tracking: no errors', met: results.every((r) => r.errors === 0) },
      ],
      data: { customers: TRACKING_CUSTOMERS, seconds: TRACKING_SECONDS, readyPerSecond: READY_PER_SECOND, results },
    };
  },
};
