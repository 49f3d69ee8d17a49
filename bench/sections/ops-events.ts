/**
 * Issue 14 benchmark: a venue's staff displays on the live event stream. 100 streams are open on
 * one store (GET /ops/v1/vendor/{vendorId}/events) while a driver pays for orders and moves them
 * (ready, then collected) through the API. Measured: for every change and every stream, the time
 * from the change's API answer to the stream reading its `order` event (0 when the event came
 * first), and any event a stream never received.
 */
import { request, type IncomingMessage } from 'node:http';
import { SseParser } from '@venue/client/sse-parser';
import { OPS_TOKEN } from '@venue/test-harness/server';
import { onFreshServers } from '../lib/fresh-servers.ts';
import { HttpClient } from '@venue/test-harness/http-client';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatInteger, formatMs } from '../lib/table.ts';
import { checkout, CHECKOUT_VENDOR_ID } from './checkout.ts';

export const EVENT_STREAMS = 100;
export const EVENTS_SECONDS = 20;
/** Orders paid and moved at once (each: pay → ready → collected). */
const DRIVERS = 4;
/** Time allowed after the run for the last events to arrive before they count as lost. */
const SETTLE_MS = 2_000;
/** Issue 14 goal on SQLite. */
export const DELIVERY_MAX_P99_MS = 250;

const VENDOR = CHECKOUT_VENDOR_ID;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export interface OpsEventsRun {
  streams: number;
  seconds: number;
  changes: number;
  changesPerSecond: number;
  /** change × stream pairs measured */
  deliveries: number;
  lost: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  firstError: string | null;
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** One stream: records when it first read each (order, status) event. */
function openStream(base: string, seen: Map<string, number>): Promise<{ close: () => void }> {
  const url = new URL(`/ops/v1/vendor/${VENDOR}/events`, base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { accept: 'text/event-stream', authorization: `Bearer ${OPS_TOKEN}` },
        agent: false,
      },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          reject(new Error(`events answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let ready = false;
        /** when the chunk that completed an event arrived */
        let at = 0;
        const parser = new SseParser({
          event: (event) => {
            if (event.type === 'order') {
              const { id, orderStatus } = JSON.parse(event.data) as { id: number; orderStatus: string };
              const key = `${id}:${orderStatus}`;
              if (!seen.has(key)) seen.set(key, at);
            } else if (event.type === 'ready' && !ready) {
              ready = true;
              resolve({ close: () => req.destroy() });
            }
          },
        });
        res.on('data', (chunk: string) => {
          at = performance.now();
          parser.push(chunk);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** One run against a server: `streams` displays watch while the driver works for `seconds`. */
export async function opsEventsRun(
  base: string,
  streams = EVENT_STREAMS,
  seconds = EVENTS_SECONDS,
  log: (message: string) => void = () => undefined,
): Promise<OpsEventsRun> {
  const client = new HttpClient(base, 64);
  const opsHeaders = { authorization: `Bearer ${OPS_TOKEN}` };
  log(`opening ${streams} event streams…`);
  const seenByStream = Array.from({ length: streams }, () => new Map<string, number>());
  const open = await Promise.all(seenByStream.map((seen) => openStream(base, seen)));

  /** `${orderId}:${status}` → when the API answered the change */
  const answered = new Map<string, number>();
  let errors = 0;
  let firstError: string | null = null;
  const fail = (error: unknown) => {
    errors += 1;
    firstError ??= error instanceof Error ? error.message : String(error);
  };
  const move = async (orderId: number, status: string) => {
    const moved = await client.send(
      'POST',
      `/ops/v1/vendor/${VENDOR}/order/${orderId}/status`,
      { status },
      undefined,
      opsHeaders,
    );
    if (moved.status !== 200) throw new Error(`ops status answered ${moved.status}: ${moved.body.slice(0, 200)}`);
    answered.set(`${orderId}:${status}`, performance.now());
  };

  log(`measuring: ${DRIVERS} drivers paying for and moving orders for ${seconds} s…`);
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: DRIVERS }, async () => {
      while (performance.now() < end) {
        try {
          const { orderId } = await checkout(client);
          answered.set(`${orderId}:Waiting`, performance.now());
          await move(orderId, 'PendingAlerted');
          await move(orderId, 'Serviced');
        } catch (error) {
          fail(error);
          await sleep(100);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await sleep(SETTLE_MS);
  for (const stream of open) stream.close();
  client.close();

  const latencies: number[] = [];
  let lost = 0;
  for (const [key, at] of answered) {
    for (const seen of seenByStream) {
      const received = seen.get(key);
      if (received === undefined) lost += 1;
      else latencies.push(Math.max(0, received - at));
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    streams,
    seconds,
    changes: answered.size,
    changesPerSecond: answered.size / elapsed,
    deliveries: latencies.length,
    lost,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
    errors,
    firstError,
  };
}

/** Issue 14: 100 staff streams on one store, on a fresh SQLite database and (with TEST_DATABASE_URL) PostgreSQL. */
export const opsEventsBench: Section = {
  name: 'ops-events',
  description: `${EVENT_STREAMS} staff event streams on one store while orders are paid and moved`,
  async run(context: BenchContext): Promise<SectionResult> {
    const results = await onFreshServers(context.log, (name, server) =>
      opsEventsRun(server.url, EVENT_STREAMS, EVENTS_SECONDS, (message) =>
        context.log(`ops events on ${name}: ${message}`),
      ),
    );
    const sqlite = results[0]!;
    return {
      name: this.name,
      title: `Ops events: ${EVENT_STREAMS} staff streams on one store for ${EVENTS_SECONDS} s, ${DRIVERS} drivers paying for and moving orders`,
      columns: ['database', 'changes/s', 'deliveries', 'lost', 'p50', 'p99', 'max', 'errors'],
      rows: results.map((r) => [
        r.name,
        formatInteger(r.changesPerSecond),
        formatInteger(r.deliveries),
        formatInteger(r.lost),
        formatMs(r.p50Ms),
        formatMs(r.p99Ms),
        formatMs(r.maxMs),
        formatInteger(r.errors),
      ]),
      notes: [
        "p50/p99/max: from the change's API answer (payment update or status change) to the stream reading its order event, over every change × stream (0 when the event came first).",
        'lost: change × stream pairs with no event by the end of the run.',
        ...(results.length === 1 ? ['PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to measure it too.'] : []),
        ...results.filter((r) => r.firstError).map((r) => `${r.name} first error: ${r.firstError}`),
      ],
      goals: [
        {
          description: `ops events on SQLite: delivery p99 ≤ ${DELIVERY_MAX_P99_MS} ms with ${EVENT_STREAMS} streams`,
          met: sqlite.deliveries > 0 && sqlite.p99Ms <= DELIVERY_MAX_P99_MS,
        },
        { description: 'ops events: none lost, no errors', met: results.every((r) => r.lost === 0 && r.errors === 0) },
      ],
      data: { streams: EVENT_STREAMS, seconds: EVENTS_SECONDS, drivers: DRIVERS, results },
    };
  },
};
