/**
 * Issue 15 benchmark: a stadium's worth of customers on the wait screen, each following its order
 * by its live stream (GET /v1/order/{orderId}/events, signed in the query as the app's EventSource
 * opens it) while the kitchen marks 30 orders ready a second through the operations API. A customer
 * whose stream shows the order ready sends the alerted call, orders again and follows the new
 * order, so the crowd stays the same size. Measured: from the kitchen's call to the stream
 * showing it (ready→seen), the server's memory per open stream, and errors. Run on one node with
 * SQLite, and on two nodes sharing PostgreSQL behind HAProxy (when TEST_DATABASE_URL is set and
 * haproxy is installed).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { SseParser } from '@venue/client/sse-parser';
import { signedQueryBase } from '@venue/domain/request-signature';
import { haproxyUnavailable, startHaproxy, type Haproxy } from '@venue/test-harness/haproxy';
import { OPS_TOKEN, startServer, type TestServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV } from '../lib/fresh-servers.ts';
import { HttpClient, type Signer } from '@venue/test-harness/http-client';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatInteger, formatMs } from '../lib/table.ts';
import { checkout, CHECKOUT_VENDOR_ID } from './checkout.ts';

export const LIVE_CUSTOMERS = Number(process.env.LIVE_TRACKERS_CUSTOMERS ?? 10_000);
export const LIVE_SECONDS = 60;
export const READY_PER_SECOND = 30;
/** Goal: a ready order reaches its customer's stream within 1 s (p99). */
export const SEEN_MAX_P99_MS = 1_000;
/** How long after the last ready call a marked order may still arrive before it counts as lost. */
const LATE_LIMIT_MS = 15_000;
/** Customers paying for their first order at once while the crowd gathers. */
const SETUP_CONCURRENCY = 50;
/** Streams opened a second while the crowd connects (as a crowd arrives, not in one instant). */
const OPEN_PER_SECOND = 2_000;

const VENDOR = CHECKOUT_VENDOR_ID;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

interface Customer {
  consumer: Signer;
  orderId: number;
}

export interface LiveRun {
  setup: string;
  customers: number;
  /** of the crowd's first streams, those that delivered their first message */
  connected: number;
  marked: number;
  seen: number;
  seenP50Ms: number;
  seenP99Ms: number;
  seenMaxMs: number;
  /** the kitchen's "ready" calls: how long the operations API took to answer them */
  readyCallP50Ms: number;
  readyCallP99Ms: number;
  /** order messages the crowd received in the run (queue places and statuses) */
  messages: number;
  ordersPlaced: number;
  /** server memory (RSS) per open stream, KiB: (RSS with the crowd connected − RSS before) / streams */
  kibPerStream: number | null;
  errors: number;
  firstError: string | null;
}

/** The stream's address signed in its query, as the app's EventSource opens it. */
function streamPath(customer: Customer): string {
  const path = `/v1/order/${customer.orderId}/events`;
  const timestamp = String(Date.now());
  const signature = createHmac('sha1', customer.consumer.hmacKey)
    .update(signedQueryBase(path, timestamp))
    .digest('base64');
  const query = new URLSearchParams({ consumerId: customer.consumer.id, timestamp, signature });
  return `${path}?${query}`;
}

/** Resident memory of processes, in KiB (Linux). */
function rssKib(pids: number[]): number | null {
  let total = 0;
  for (const pid of pids) {
    try {
      const line = readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .find((l) => l.startsWith('VmRSS:'));
      total += Number(line?.match(/\d+/)?.[0] ?? NaN);
    } catch {
      return null;
    }
  }
  return Number.isFinite(total) ? total : null;
}

/**
 * One customer's stream: a socket of its own (as each phone has), read with as little work as the
 * load generator can afford: only whether a message says the order is ready is looked at.
 */
function follow(
  base: URL,
  customer: Customer,
  handlers: { onFirst: () => void; onMessage: () => void; onReady: () => void; onError: (error: Error) => void },
): ClientRequest {
  let first = true;
  let done = false;
  const fail = (error: Error) => {
    if (done) return;
    done = true;
    handlers.onError(error);
  };
  const req = request(
    {
      host: base.hostname,
      port: Number(base.port),
      path: streamPath(customer),
      headers: { accept: 'text/event-stream' },
      agent: false,
    },
    (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        fail(new Error(`the stream answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      const parser = new SseParser({
        event: (event) => {
          if (event.type !== 'order') return;
          if (first) {
            first = false;
            handlers.onFirst();
          }
          handlers.onMessage();
          if (event.data.includes('"orderStatus":"PendingAlerted"') && !done) {
            done = true;
            handlers.onReady();
          }
        },
      });
      res.on('data', (chunk: string) => parser.push(chunk));
      res.on('end', () => fail(new Error('the stream ended before the order was ready')));
      res.on('error', (error) => fail(error));
    },
  );
  req.on('error', (error) => fail(error));
  req.end();
  return req;
}

/** One run: `customers` follow their orders for `seconds` through `base` while the kitchen readies orders. */
export async function liveRun(
  setup: string,
  base: string,
  serverPids: () => number[],
  customers = LIVE_CUSTOMERS,
  seconds = LIVE_SECONDS,
  log: (message: string) => void = () => undefined,
): Promise<LiveRun> {
  const client = new HttpClient(base, 256);
  const baseUrl = new URL(base);
  const opsHeaders = { authorization: `Bearer ${OPS_TOKEN}` };
  let errors = 0;
  let firstError: string | null = null;
  const fail = (error: unknown) => {
    errors += 1;
    firstError ??= error instanceof Error ? error.message : String(error);
  };

  log(`${customers} customers pay for an order…`);
  const crowd: Customer[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: SETUP_CONCURRENCY }, async () => {
      while (started < customers) {
        started += 1;
        crowd.push(await checkout(client));
      }
    }),
  );

  const rssBefore = rssKib(serverPids());
  const open = new Set<ClientRequest>();
  const markedAt = new Map<number, number>();
  const seenDelays: number[] = [];
  /** how long the kitchen's "ready" calls took to answer */
  const readyCalls: number[] = [];
  let connected = 0;
  let messages = 0;
  let ordersPlaced = 0;
  let measuring = false;
  let end = Number.POSITIVE_INFINITY;
  let allConnected: () => void = () => undefined;
  const everyoneConnected = new Promise<void>((resolve) => (allConnected = resolve));

  const watch = (customer: Customer, firstOrder: boolean) => {
    const req = follow(baseUrl, customer, {
      onFirst: () => {
        if (!firstOrder) return;
        connected += 1;
        if (connected === customers) allConnected();
      },
      onMessage: () => {
        messages += 1;
      },
      onReady: () => {
        const marked = markedAt.get(customer.orderId);
        if (marked !== undefined) seenDelays.push(performance.now() - marked);
        open.delete(req);
        req.destroy();
        if (measuring && performance.now() < end) void reorder(customer);
      },
      onError: (error) => {
        open.delete(req);
        // Streams still open when the run ends are closed by the bench itself.
        if (performance.now() < end) fail(error);
      },
    });
    open.add(req);
  };

  // Alert-order tells the venue it was seen; then the customer orders again and follows that one.
  const reorder = async (customer: Customer) => {
    try {
      await client.json(
        'POST',
        `/v1/vendor/${VENDOR}/order/${customer.orderId}/alerted`,
        { orderId: customer.orderId, vendorId: VENDOR, timeAlerted: new Date().toISOString() },
        customer.consumer,
      );
      const next = await checkout(client);
      ordersPlaced += 1;
      if (performance.now() < end) watch(next, false);
    } catch (error) {
      fail(error);
    }
  };

  log(`${customers} customers open their order's stream…`);
  const connectStarted = performance.now();
  for (const [index, customer] of crowd.entries()) {
    if (index > 0 && index % (OPEN_PER_SECOND / 10) === 0) await sleep(100);
    watch(customer, true);
  }
  await Promise.race([everyoneConnected, sleep(120_000)]);
  log(`${connected} of ${customers} streams live after ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`);
  // Let the server settle (the last streams' first messages, timers) before reading its memory.
  await sleep(2_000);
  const rssConnected = rssKib(serverPids());
  const kibPerStream =
    rssBefore !== null && rssConnected !== null && connected > 0 ? (rssConnected - rssBefore) / connected : null;

  log(`measuring: the kitchen readies ${READY_PER_SECOND} orders/s for ${seconds} s…`);
  measuring = true;
  const measureStart = performance.now();
  end = measureStart + seconds * 1000;
  for (let tick = measureStart; performance.now() < end; tick += 1000) {
    try {
      const listed = await client.json<{ id: number }[]>(
        'GET',
        `/ops/v1/vendor/${VENDOR}/orders?status=Waiting&limit=${READY_PER_SECOND}`,
        undefined,
        undefined,
        opsHeaders,
      );
      await Promise.all(
        listed.map(async ({ id }) => {
          const sent = performance.now();
          markedAt.set(id, sent);
          const moved = await client.send(
            'POST',
            `/ops/v1/vendor/${VENDOR}/order/${id}/status`,
            { status: 'PendingAlerted' },
            undefined,
            opsHeaders,
          );
          readyCalls.push(performance.now() - sent);
          if (moved.status !== 200) {
            markedAt.delete(id);
            throw new Error(`ops status answered ${moved.status}: ${moved.body.slice(0, 200)}`);
          }
        }),
      );
    } catch (error) {
      fail(error);
    }
    await sleep(tick + 1000 - performance.now());
  }
  // Every order marked ready gets up to LATE_LIMIT_MS after the kitchen stops to arrive; one that
  // arrives late still counts, with its delay, so a slow tail shows in p99 instead of as a loss.
  const waitUntil = performance.now() + LATE_LIMIT_MS;
  while (seenDelays.length < markedAt.size && performance.now() < waitUntil) await sleep(100);
  measuring = false;
  for (const req of open) req.destroy();
  client.close();

  // A marked order whose stream never said so counts as lost (an error).
  const lost = markedAt.size - seenDelays.length;
  if (lost > 0) fail(new Error(`${lost} orders marked ready were never seen on their stream`));
  seenDelays.sort((a, b) => a - b);
  readyCalls.sort((a, b) => a - b);
  return {
    readyCallP50Ms: percentile(readyCalls, 0.5),
    readyCallP99Ms: percentile(readyCalls, 0.99),
    setup,
    customers,
    connected,
    marked: markedAt.size,
    seen: seenDelays.length,
    seenP50Ms: percentile(seenDelays, 0.5),
    seenP99Ms: percentile(seenDelays, 0.99),
    seenMaxMs: seenDelays.at(-1) ?? 0,
    messages,
    ordersPlaced,
    kibPerStream,
    errors,
    firstError,
  };
}

/** This machine's hard limit of open files per process (HAProxy needs two per connection it passes on). */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const hard = line?.trim().split(/\s+/)[4];
  return hard === undefined || hard === 'unlimited' ? Number.POSITIVE_INFINITY : Number(hard);
}

/** HAProxy's connection limit on this machine, and the customers that leaves room for (the bench's own client uses up to 256 more). */
function haproxyCapacity(): { maxconn: number; customers: number } {
  const maxconn = Math.min(LIVE_CUSTOMERS * 2 + 1_000, Math.floor((openFilesLimit() - 100) / 2));
  return { maxconn, customers: Math.min(LIVE_CUSTOMERS, maxconn - 500) };
}

/** Two server processes on one fresh PostgreSQL database behind HAProxy. */
async function twoNodesBehindHaproxy(
  log: (message: string) => void,
  maxconn: number,
): Promise<{ url: string; pids: () => number[]; dispose: () => Promise<void> }> {
  const first = await startServer({ database: 'postgres', env: BENCH_SERVER_ENV });
  const second = await startServer({ databaseUrl: first.databaseUrl, env: BENCH_SERVER_ENV });
  let proxy: Haproxy | undefined;
  try {
    proxy = await startHaproxy({
      backends: [
        { host: '127.0.0.1', port: first.port },
        { host: '127.0.0.1', port: second.port },
      ],
      maxconn,
    });
  } catch (error) {
    await second.dispose();
    await first.dispose();
    throw error;
  }
  log(`HAProxy at ${proxy.url} in front of ${first.url} and ${second.url}`);
  const servers: TestServer[] = [first, second];
  return {
    url: proxy.url,
    pids: () => servers.map((s) => s.pid).filter((pid): pid is number => pid !== null),
    dispose: async () => {
      await proxy?.stop();
      await second.dispose();
      await first.dispose();
    },
  };
}

export const liveTrackersBench: Section = {
  name: 'live-trackers',
  description: `${LIVE_CUSTOMERS} customers following their orders by live stream while the kitchen marks ${READY_PER_SECOND} orders/s ready`,
  async run(context: BenchContext): Promise<SectionResult> {
    const results: LiveRun[] = [];
    const notes: string[] = [];
    const sqlite = await startServer({ env: BENCH_SERVER_ENV });
    try {
      results.push(
        await liveRun(
          '1 node, SQLite',
          sqlite.url,
          () => (sqlite.pid === null ? [] : [sqlite.pid]),
          LIVE_CUSTOMERS,
          LIVE_SECONDS,
          (message) => context.log(`live trackers on SQLite: ${message}`),
        ),
      );
    } finally {
      await sqlite.dispose();
    }
    const missing = !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : (haproxyUnavailable() ?? null);
    if (missing) {
      notes.push(`2 nodes on PostgreSQL behind HAProxy skipped: ${missing}.`);
    } else {
      const capacity = haproxyCapacity();
      if (capacity.customers < LIVE_CUSTOMERS) {
        notes.push(
          `2 nodes: ${formatInteger(capacity.customers)} customers, as many as HAProxy can pass on here (two open files per connection, ${formatInteger(openFilesLimit())} per process).`,
        );
      }
      const pair = await twoNodesBehindHaproxy(context.log, capacity.maxconn);
      try {
        results.push(
          await liveRun(
            '2 nodes, PostgreSQL, HAProxy',
            pair.url,
            pair.pids,
            capacity.customers,
            LIVE_SECONDS,
            (message) => context.log(`live trackers on 2 nodes: ${message}`),
          ),
        );
      } finally {
        await pair.dispose();
      }
    }
    return {
      name: this.name,
      title: `Live trackers: ${formatInteger(LIVE_CUSTOMERS)} customer streams, the kitchen readying ${READY_PER_SECOND} orders/s for ${LIVE_SECONDS} s`,
      columns: [
        'setup',
        'streams live',
        'ready→seen p50',
        'ready→seen p99',
        'max',
        'ready call p50/p99',
        'seen',
        'messages',
        'orders',
        'KiB/stream',
        'errors',
      ],
      rows: results.map((r) => [
        r.setup,
        `${formatInteger(r.connected)} of ${formatInteger(r.customers)}`,
        formatMs(r.seenP50Ms),
        formatMs(r.seenP99Ms),
        formatMs(r.seenMaxMs),
        `${formatMs(r.readyCallP50Ms)} / ${formatMs(r.readyCallP99Ms)}`,
        `${formatInteger(r.seen)} of ${formatInteger(r.marked)}`,
        formatInteger(r.messages),
        formatInteger(r.ordersPlaced),
        r.kibPerStream === null ? 'n/a' : r.kibPerStream.toFixed(1),
        formatInteger(r.errors),
      ]),
      notes: [
        'ready→seen: from the kitchen sending "ready" to the customer\'s stream reading it; ready call: the operations API\'s answer to that call (30 sent at once each second).',
        "KiB/stream: the server processes' resident memory with every stream open, less before they opened, per stream.",
        'messages: order messages read by the crowd (first state, queue places as orders ahead leave, ready).',
        ...notes,
        ...results.filter((r) => r.firstError).map((r) => `${r.setup} first error: ${r.firstError}`),
      ],
      goals: results.flatMap((r) => [
        {
          description: `live trackers, ${r.setup}: every stream live, ready seen within ${SEEN_MAX_P99_MS / 1000} s (p99)`,
          met: r.connected === r.customers && r.seen > 0 && r.seenP99Ms <= SEEN_MAX_P99_MS,
        },
        { description: `live trackers, ${r.setup}: no errors`, met: r.errors === 0 },
      ]),
      data: { customers: LIVE_CUSTOMERS, seconds: LIVE_SECONDS, readyPerSecond: READY_PER_SECOND, results },
    };
  },
};
