import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signedQueryBase } from '@venue/domain/request-signature';
import { ensureStaffBuild, snapshotBuild } from '@venue/test-harness/build-app';
import { launchChromium, newPhoneContext } from '@venue/test-harness/chromium';
import {
  DOCUMENTED_CONFIG,
  haproxyConfig,
  recipeNodeEnv,
  startHaproxy,
  type Haproxy,
} from '@venue/test-harness/haproxy';
import { HttpClient } from '@venue/test-harness/http-client';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { createTestDatabase, type TestDatabase } from '@venue/test-harness/postgres';
import { freePort, OPS_TOKEN, startServer, type TestServer } from '@venue/test-harness/server';
import { checkBooks, printFigures, readBooks } from './support/books.ts';
import { CheckoutLoad, type Checkout } from './support/checkout-load.ts';
import { background, LOAD_VENDOR, loadBasket, waitUntil } from './support/resilience.ts';
import { screenshot } from './support/screenshots.ts';
import { ResumingEventStream } from './support/sse.ts';
import { visible } from './support/ui.ts';
import { haproxySkipReason } from './support/haproxy-skip.ts';

/**
 * Issue 15, several nodes for real: the recipe of docs/deploy.md — HAProxy (Debian's package) in
 * front of two server processes on one PostgreSQL database — with everything going through
 * HAProxy. Customers place and pay orders (signed, with Idempotency-Keys, sent again on no answer
 * as the app does), some holding their order's event stream open; the staff display's event
 * stream is open in Node (resuming with Last-Event-ID) and in Chromium (/staff). Mid-run one node
 * is killed (kill -9), brought back, and then the other is stopped gracefully (SIGTERM, drain);
 * the streams move to the node that is left and the orders go on. Then the kitchen makes every
 * order ready through the operations API. Nothing may be lost or doubled: every paid order is in
 * the books once, the staff streams read every event of the store's log exactly once, in order,
 * and each customer's stream sees its order ready. The only 5xx a client may get is HAProxy's 502
 * for a request the killed node was answering, and answers are lost only then (the app sends those
 * requests again with their keys); the drain (DRAIN_DELAY_MS) loses none.
 *
 * Needs TEST_DATABASE_URL and haproxy; without either it is skipped with a notice, unless
 * REQUIRE_POSTGRES=1 (as in CI, which installs haproxy) makes that a failure.
 */

/** Customers checking out at once. */
const CUSTOMERS = 4;
/** Checkouts in each stretch: with both nodes up, through the kill, through the drain. */
const STRETCH = 10;
/**
 * Customers at once while a node drains: more than the streams it holds by then, so that
 * leastconn sends it requests too and some are in flight when it is told to stop.
 */
const DRAIN_CUSTOMERS = 16;
/** Customers who keep their order's event stream open. */
const WATCHED = 8;
/** A draining node tells its streams to reconnect within this (apps/server/src/lib/drain.ts: 250 ms + up to 1 s). */
const DRAIN_RETRY_MAX_MS = 1_250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const skipReason = haproxySkipReason('load-balancer', { postgres: true });

describe('the HAProxy recipe', () => {
  test('docs/deploy.md shows the configuration this test runs', async () => {
    const doc = await readFile(join(REPO_ROOT, 'docs/deploy.md'), 'utf8');
    const block = /```haproxy\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block, 'a ```haproxy block in docs/deploy.md').toBeDefined();
    expect(block).toBe(haproxyConfig(DOCUMENTED_CONFIG));
  });
});

type Phase =
  | 'both nodes up'
  | 'kill -9 until HAProxy takes the node out'
  | 'one node (killed one away)'
  | 'both nodes up again'
  | 'SIGTERM until the node exits'
  | 'one node (drained one away)'
  | 'kitchen';

/** The one stretch in which a client may get a 5xx: HAProxy's 502 for requests the killed node was answering. */
const KILL_WINDOW: Phase = 'kill -9 until HAProxy takes the node out';
/**
 * While a node drains, it answers every request (each answer closing its connection) until
 * HAProxy has marked it down, and only then stops accepting: no client sees a 5xx or a lost answer.
 */
const DRAIN_WINDOW: Phase = 'SIGTERM until the node exits';

interface Answer {
  phase: Phase;
  status: number | 'network';
  what: string;
}

/** A customer's order stream, signed in the query as the app's EventSource signs it. */
function orderStream(
  baseUrl: string,
  checkout: Checkout,
  onAnswer: (status: number | null) => void,
): ResumingEventStream {
  const path = `/v1/order/${checkout.orderId}/events`;
  const consumer = checkout.consumer!;
  return new ResumingEventStream({
    onAnswer,
    url: () => {
      const timestamp = String(Date.now());
      const signature = createHmac('sha1', consumer.hmacKey).update(signedQueryBase(path, timestamp)).digest('base64');
      return `${baseUrl}${path}?${new URLSearchParams({ consumerId: consumer.id, timestamp, signature })}`;
    },
  });
}

function statusesSeen(stream: ResumingEventStream): string[] {
  return stream.ofType('order').map((event) => (JSON.parse(event.data) as { orderStatus: string }).orderStatus);
}

/** The ops_events log of a store from an id on, as the database holds it. */
async function eventLog(databaseUrl: string, vendorId: number, afterId: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 15_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from ops_events where vendor_id = $1 and id > $2 order by id',
      [vendorId, afterId],
    );
    return rows.map((row) => Number(row.id));
  } finally {
    await client.end();
  }
}

/** The staff display's ticket of an order, by its claim ticket. */
function ticket(page: Page, claimTicket: string) {
  return page.locator('article.ticket').filter({ has: page.getByRole('heading', { name: `Order ${claimTicket}` }) });
}

describe.skipIf(skipReason !== null)('two nodes behind HAProxy on one PostgreSQL database', () => {
  test(
    'kill -9 one node, then drain the other: streams move, orders go on, nothing is lost or doubled',
    { timeout: 240_000 },
    async () => {
      let database: TestDatabase | null = null;
      const servers: TestServer[] = [];
      let lb: Haproxy | null = null;
      let browser: Browser | null = null;
      let build: Awaited<ReturnType<typeof snapshotBuild>> | null = null;
      const streams: ResumingEventStream[] = [];
      const closers: Array<{ close(): void }> = [];
      let stopLoad = false;
      try {
        database = await createTestDatabase('lb');
        build = await snapshotBuild('multi-vendor');
        // The recipe's settings, equal on every node; PUBLIC_URL is HAProxy's address.
        const lbPort = await freePort();
        const env = {
          ...recipeNodeEnv(`http://127.0.0.1:${lbPort}`),
          WEB_DIST: build.dir,
          STAFF_DIST: await ensureStaffBuild(),
        };
        const shared = database.url;
        servers.push(...(await Promise.all([0, 1].map(() => startServer({ databaseUrl: shared, env })))));
        lb = await startHaproxy({
          port: lbPort,
          backends: servers.map((server) => ({ host: '127.0.0.1', port: server.port })),
        });
        const balancer = lb;
        const nodeOf = (name: string | null) => servers[balancer.serverNames.indexOf(name ?? '')];

        let phase: Phase = 'both nodes up';
        const answers: Answer[] = [];
        const record = (status: number | 'network', what: string) => answers.push({ phase, status, what });

        // A store's staff token, as the venue makes one for the kitchen's tablet.
        const made = await fetch(`${lb.url}/ops/v1/vendor/${LOAD_VENDOR}/staff-tokens`, {
          method: 'POST',
          headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Kitchen tablet' }),
        });
        expect(made.status, await made.clone().text()).toBe(201);
        const { token: staffToken, signInUrl } = (await made.json()) as { token: string; signInUrl: string };
        expect(signInUrl.startsWith(lb.url), 'sign-in links name the public address').toBe(true);

        // Staff streams, one on each node: with leastconn the second goes to the other node (a third
        // is opened only if that node's health check was late just then).
        const staffStreams: ResumingEventStream[] = [];
        const staffNodes = () => new Set(staffStreams.map((stream) => stream.connection!.servedBy));
        while (staffNodes().size < 2 && staffStreams.length < 6) {
          const stream = new ResumingEventStream({
            url: () => `${balancer.url}/ops/v1/vendor/${LOAD_VENDOR}/events`,
            headers: () => ({ authorization: `Bearer ${staffToken}` }),
            onAnswer: (status) => record(status ?? 'network', 'staff stream'),
          });
          streams.push(stream);
          staffStreams.push(stream);
          await stream.until(() => stream.ofType('ready').length > 0, 'staff stream live');
        }
        expect(staffNodes().size, 'a staff stream on each node').toBe(2);
        /** where each staff stream's events begin: the id of its first `ready` */
        const firstReady = staffStreams.map((stream) => Number(stream.ofType('ready')[0]!.id));

        // The staff display in Chromium, signed in by its link.
        browser = await launchChromium();
        const context = await newPhoneContext(browser, {
          baseURL: lb.url,
          viewport: { width: 1280, height: 900 },
          isMobile: false,
          hasTouch: true,
        });
        const board = await context.newPage();
        const pageErrors: string[] = [];
        board.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error)));
        /** the node of the staff display's own event stream */
        let boardStreamOn: string | null = null;
        board.on('response', (response) => {
          record(response.status(), `staff display ${response.url()}`);
          if (response.url().endsWith('/events')) boardStreamOn = response.headers()['x-served-by'] ?? null;
        });
        await board.goto(signInUrl.slice(lb.url.length));
        await visible(board.getByText('Live', { exact: true }));

        // Customers, all through HAProxy; a paid customer keeps the order's stream open.
        const customers = new CheckoutLoad({ servers: [lb.url], vendorId: LOAD_VENDOR, basket: loadBasket });
        closers.push(customers);
        customers.onAnswer = ({ status, method, path }) => record(status, `${method} ${path}`);
        const watched: Array<{ checkout: Checkout; stream: ResumingEventStream }> = [];
        let quota = 0;
        const customer = async () => {
          while (!stopLoad) {
            if (customers.checkouts.length >= quota) {
              await sleep(50);
              continue;
            }
            const checkout = customers.newCheckout();
            await customers.checkout(checkout);
            if (checkout.outcome === 'paid' && watched.length < WATCHED) {
              const stream = orderStream(balancer.url, checkout, (status) =>
                record(status ?? 'network', 'order stream'),
              );
              streams.push(stream);
              watched.push({ checkout, stream });
            }
          }
        };
        const crowds = [background(Promise.all(Array.from({ length: CUSTOMERS }, customer)))];
        /** Customers run until the test stops them: one that ended has failed. */
        const failed = () => crowds.some((crowd) => crowd.done);
        const rethrow = async () => {
          for (const crowd of crowds) if (crowd.done) await crowd.finish();
        };
        /** Lets `count` more checkouts start and waits until every one has finished. */
        const stretch = async (count: number, what: string, duringStretch?: () => Promise<void>) => {
          quota += count;
          await duringStretch?.();
          await waitUntil(() => failed() || customers.finished >= quota, what, 120_000);
          await rethrow();
        };
        /** Waits until requests are on their way, so a node stops with some in flight. */
        const inFlight = async () => {
          await waitUntil(() => failed() || customers.stats.inFlight >= 2, 'requests in flight', 30_000);
          return customers.stats.inFlight;
        };
        const streamsOn = (name: string) =>
          streams.filter((stream) => stream.connected && stream.connection!.servedBy === name);
        const liveElsewhere = (stream: ResumingEventStream, from: number, name: string) =>
          stream.connections.slice(from).some((c) => c.status === 200 && c.servedBy !== null && c.servedBy !== name);

        // 1. Both nodes up.
        await stretch(STRETCH, 'the first checkouts finished');
        for (const { stream } of watched)
          await stream.until(() => statusesSeen(stream).length > 0, 'order stream live');
        const watchedOn = new Map<string, number>();
        for (const { stream } of watched) {
          const name = stream.connection!.servedBy ?? '?';
          watchedOn.set(name, (watchedOn.get(name) ?? 0) + 1);
        }

        // 2. kill -9 the node of the first staff stream while checkouts are under way.
        const killedName = staffStreams[0]!.connection!.servedBy!;
        const killed = nodeOf(killedName)!;
        const survivorName = lb.serverNames.find((name) => name !== killedName)!;
        const survivor = nodeOf(survivorName)!;
        let inFlightAtKill = 0;
        let takenOutMs = 0;
        let onKilled: Array<{ stream: ResumingEventStream; from: number }> = [];
        await stretch(STRETCH, 'the checkouts through the kill finished', async () => {
          inFlightAtKill = await inFlight();
          onKilled = streamsOn(killedName).map((stream) => ({ stream, from: stream.connections.length }));
          phase = KILL_WINDOW;
          const killedAt = Date.now();
          await killed.kill();
          await balancer.waitForServer(killedName, 'DOWN');
          takenOutMs = Date.now() - killedAt;
          phase = 'one node (killed one away)';
        });
        expect(onKilled.length, `streams on ${killedName} when it was killed`).toBeGreaterThanOrEqual(1);
        for (const { stream, from } of onKilled) {
          expect(stream.connections[from - 1]!.end, 'a killed node cuts its streams').toBe('cut');
          await stream.until(() => liveElsewhere(stream, from, killedName), `a stream moved off ${killedName}`);
        }

        // 3. The killed node comes back; then the other is stopped gracefully while checkouts run.
        await killed.start();
        await lb.waitForServer(killedName, 'UP');
        phase = 'both nodes up again';
        let inFlightAtDrain = 0;
        let drainMs = 0;
        let onDrained: Array<{ stream: ResumingEventStream; from: number }> = [];
        crowds.push(background(Promise.all(Array.from({ length: DRAIN_CUSTOMERS - CUSTOMERS }, customer))));
        await stretch(DRAIN_CUSTOMERS, 'the checkouts through the drain finished', async () => {
          // HAProxy counts every open request and stream per node: wait until the node to be
          // stopped has a request beyond its streams (ours and the staff display's).
          await waitUntil(
            async () => {
              if (failed()) return true;
              const open = (await balancer.stats()).get(survivorName)?.current ?? 0;
              inFlightAtDrain = open - streamsOn(survivorName).length - (boardStreamOn === survivorName ? 1 : 0);
              return inFlightAtDrain >= 1;
            },
            `a request in flight on ${survivorName}`,
            60_000,
          );
          onDrained = streamsOn(survivorName).map((stream) => ({ stream, from: stream.connections.length }));
          phase = DRAIN_WINDOW;
          const stoppedAt = Date.now();
          await survivor.stop();
          drainMs = Date.now() - stoppedAt;
          phase = 'one node (drained one away)';
        });
        expect(survivor.logs(), 'the drained node exits by itself, with 0').toContain('[server process exited: 0]');
        expect(onDrained.length, `streams on ${survivorName} when it was stopped`).toBeGreaterThanOrEqual(1);
        for (const { stream, from } of onDrained) {
          const drained = stream.connections[from - 1]!;
          expect(drained.end, 'a draining node ends its streams').toBe('ended');
          expect(drained.retryHints.at(-1), 'and tells them to reconnect soon').toBeLessThanOrEqual(DRAIN_RETRY_MAX_MS);
          await stream.until(() => liveElsewhere(stream, from, survivorName), `a stream moved off ${survivorName}`);
        }
        stopLoad = true;
        for (const crowd of crowds) await crowd.finish();

        // Nothing lost or doubled: every order a customer was told was paid is in the books once.
        const books = await readBooks(shared, LOAD_VENDOR);
        const figures = checkBooks(books, customers, []);
        const paid = customers.paid;
        expect(paid.length).toBe(figures.paidOrders);

        // 4. The drained node is back; the kitchen makes every order ready (through either node).
        await survivor.start();
        await lb.waitForServer(survivorName, 'UP');
        phase = 'kitchen';
        const kitchen = new HttpClient(lb.url, 4);
        closers.push({ close: () => kitchen.close() });
        for (const checkout of paid) {
          const answer = await kitchen.send(
            'POST',
            `/ops/v1/vendor/${LOAD_VENDOR}/order/${checkout.orderId}/status`,
            { status: 'PendingAlerted' },
            undefined,
            { authorization: `Bearer ${staffToken}` },
          );
          record(answer.status, 'POST …/status');
          expect(answer.status, answer.body).toBe(200);
        }

        // Each watching customer sees the order ready, on whichever node the stream now is.
        for (const { checkout, stream } of watched) {
          await stream.until(
            () => statusesSeen(stream).includes('PendingAlerted'),
            `customer ${checkout.index} sees order ${checkout.orderId} ready`,
          );
        }
        // The staff streams read the store's event log whole: every event once, in order, none missed.
        for (const stream of staffStreams) {
          await stream.until(
            () =>
              paid.every((checkout) =>
                stream.ofType('order').some((event) => {
                  const order = JSON.parse(event.data) as { id: number; orderStatus: string };
                  return order.id === checkout.orderId && order.orderStatus === 'PendingAlerted';
                }),
              ),
            'a staff stream saw every order ready',
          );
        }
        const log = await eventLog(shared, LOAD_VENDOR, Math.min(...firstReady));
        for (const [i, stream] of staffStreams.entries()) {
          const expected = log.filter((id) => id > firstReady[i]!);
          await stream.until(
            () => stream.events.some((event) => Number(event.id) >= log.at(-1)!),
            `staff stream ${i} reached the end of the log`,
          );
          const seen = stream.events.filter((e) => e.type !== 'ready').map((e) => Number(e.id));
          expect(
            stream.events.filter((e) => e.type === 'reset'),
            'no stream was told to start again',
          ).toEqual([]);
          expect(seen, `staff stream ${i}: the events of the log, each once, in order`).toEqual(expected);
          for (const checkout of paid) {
            const statuses = stream
              .ofType('order')
              .map((event) => JSON.parse(event.data) as { id: number; orderStatus: string })
              .filter((order) => order.id === checkout.orderId)
              .map((order) => order.orderStatus);
            expect(statuses, `staff stream ${i}: order ${checkout.orderId} paid, then ready`).toEqual([
              'Waiting',
              'PendingAlerted',
            ]);
          }
        }

        // The staff display caught up too: every paid order's ticket is in its Ready column.
        const readyColumn = board.locator('section.column-ready');
        await visible(board.getByText('Live', { exact: true }));
        const tickets = new Map(books.orders.map((order) => [order.id, order.claimTicket!]));
        for (const checkout of paid) {
          await visible(readyColumn.locator('article.ticket').and(ticket(board, tickets.get(checkout.orderId!)!)));
        }
        await screenshot(board, 'load-balancer-staff-display');
        expect(pageErrors).toEqual([]);

        // No 5xx reached a client outside the kill window, and there only HAProxy's 502 for a
        // request the killed node was answering (sent again, with its Idempotency-Key). The drain
        // loses nothing: the node answers until HAProxy has taken it out (decision 025).
        const fiveHundreds = answers.filter((a) => typeof a.status === 'number' && a.status >= 500);
        expect(
          fiveHundreds.filter((a) => a.phase !== KILL_WINDOW),
          '5xx outside the kill -9 window (none in the drain)',
        ).toEqual([]);
        expect(
          fiveHundreds.filter((a) => a.status !== 502),
          'in the kill -9 window only 502 (a request cut off)',
        ).toEqual([]);
        const broken = answers.filter((a) => a.status === 'network');
        expect(
          broken.filter((a) => a.phase !== KILL_WINDOW),
          'no answer lost outside the kill -9 window (none in the drain)',
        ).toEqual([]);

        const byPhase: Record<string, Record<string, number>> = {};
        for (const answer of answers) {
          const row = (byPhase[answer.phase] ??= {});
          row[answer.status] = (row[answer.status] ?? 0) + 1;
        }
        const haproxyStats = Object.fromEntries(
          [...(await lb.stats()).entries()].map(([name, s]) => [
            name,
            {
              connections: s.total,
              '5xx': s.http5xx,
              'cut off': s.responseErrors,
              'connect errors': s.connectErrors,
              retries: s.retries,
              redispatched: s.redispatches,
            },
          ]),
        );
        const reconnections = (list: ResumingEventStream[]) =>
          list.reduce((sum, stream) => sum + stream.connections.length - 1, 0);
        // HAProxy's own log of answers a node cut off (a stream, or a 502) or answered with a 5xx.
        const haproxyTrouble: Record<string, number> = {};
        for (const line of lb.logs().split('\n')) {
          const found = / venue_nodes\/\S+ \S+ (-?\d+) \d+ - - (\S+) .*"(\S+)" "(\S+)" "HTTP/.exec(line);
          if (!found || (found[2] === '----' && !found[1]!.startsWith('5'))) continue;
          const key = `${found[1]} ${found[2]} ${found[3]} ${found[4]!.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
          haproxyTrouble[key] = (haproxyTrouble[key] ?? 0) + 1;
        }
        printFigures('Load balancer (HAProxy, two nodes, one PostgreSQL database)', {
          'killed (kill -9) / drained (SIGTERM)': `${killedName} / ${survivorName}`,
          'kill -9 → HAProxy took the node out (ms)': takenOutMs,
          'SIGTERM → the node exited (ms)': drainMs,
          'checkouts / paid': `${figures.checkouts} / ${figures.paidOrders}`,
          'customer order streams (per node at the start)': `${watched.length} ${JSON.stringify(Object.fromEntries(watchedOn))}`,
          'streams on the killed node / on the drained node': `${onKilled.length} / ${onDrained.length}`,
          'requests in flight: all at kill -9 / on the drained node at SIGTERM': `${inFlightAtKill} / ${inFlightAtDrain}`,
          'reconnections: staff streams / customer streams': `${reconnections(staffStreams)} / ${reconnections(watched.map((w) => w.stream))}`,
          'staff stream events read (each stream)': log.length,
          'order events published by a sweep, owed by a change its node did not publish (decision 018)': servers
            .map((server) => server.logs().split('its change left owed').length - 1)
            .reduce((sum, count) => sum + count, 0),
          '5xx that reached a client (kill and drain windows only)': fiveHundreds.length,
          'answers lost (connection closed): in the kill window / in the drain window': `${
            broken.filter((a) => a.phase === KILL_WINDOW).length
          } / ${broken.filter((a) => a.phase === DRAIN_WINDOW).length}`,
          'requests sent again by customers': customers.stats.retries,
          'answers by phase': byPhase,
          'HAProxy per node': haproxyStats,
          "HAProxy's log: answers cut off or 5xx (status, termination state, request)": haproxyTrouble,
        });
      } catch (error) {
        for (const [i, server] of servers.entries()) {
          console.log(`Server ${i + 1} output (tail):\n${server.logs().slice(-4_000)}`);
        }
        if (lb) console.log(`HAProxy output (tail):\n${lb.logs().slice(-6_000)}`);
        throw error;
      } finally {
        stopLoad = true;
        for (const closer of closers) closer.close();
        await Promise.all(streams.map((stream) => stream.close()));
        await browser?.close().catch(() => undefined);
        await lb?.stop();
        await build?.dispose();
        for (const server of servers) await server.dispose();
        await database?.drop();
      }
    },
  );
});
