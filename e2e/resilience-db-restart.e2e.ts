import { describe, expect, test } from 'vitest';
import { HttpClient } from '@venue/test-harness/http-client';
import { ops } from '@venue/test-harness/ops';
import { createPgCluster, pgClusterUnavailable, type PgCluster } from '@venue/test-harness/pg-cluster';
import { postgresRequired } from '@venue/test-harness/postgres';
import { OPS_TOKEN, startServer, takenOver, type TestServer } from '@venue/test-harness/server';
import { checkBooks, expectConsistentQueue, printFigures, queueSeenFrom, readBooks } from './support/books.ts';
import { CheckoutLoad, type AnswerEvent } from './support/checkout-load.ts';
import { background, limitedStock, LOAD_VENDOR, loadBasket, waitUntil } from './support/resilience.ts';

/**
 * Issue 7, nothing lost when things break — database restart: a server on a PostgreSQL cluster of
 * the test's own (the shared service is never touched) serves a light checkout load while the
 * cluster is stopped and started again. While it is down every request gets a clear 503 JSON
 * answer (no 500, no stack, no dropped connection); once it is back the same server process
 * serves again without being restarted, and the customers' retried checkouts all complete.
 */

const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The service is temporarily unavailable. Please try again shortly.',
};
const CUSTOMERS = 4;
const PAID_BEFORE_OUTAGE = 8;
const PAID_AFTER_OUTAGE = 8;
/** Answers watched while the database is down, at least. */
const OUTAGE_ANSWERS = 30;

const unavailable = pgClusterUnavailable();
if (unavailable) {
  const notice = `a private PostgreSQL cluster cannot be made here: ${unavailable}`;
  if (postgresRequired()) throw new Error(`REQUIRE_POSTGRES=1 but ${notice}.`);
  console.log(`Notice: skipping the database restart test, ${notice}.`);
}

describe.skipIf(unavailable !== null)('database restart (a private PostgreSQL cluster)', () => {
  test(
    'while PostgreSQL is down the server answers 503 JSON; afterwards it recovers by itself and nothing is lost',
    { timeout: 170_000 },
    async () => {
      let cluster: PgCluster | null = null;
      let server: TestServer | null = null;
      let load: CheckoutLoad | null = null;
      const probeClient = { current: null as HttpClient | null };
      try {
        cluster = await createPgCluster();
        const database = cluster;
        server = await startServer({ databaseUrl: database.url, env: { LOG_LEVEL: 'warn' } });
        const live = server;
        const pid = live.pid;
        const stockPlan = limitedStock(60);
        for (const { itemId, initial } of stockPlan) {
          await ops(live, 'PATCH', `/vendor/${LOAD_VENDOR}/menu-item/${itemId}`, { currentInventory: initial });
        }

        const customers = new CheckoutLoad({ servers: [live.url], vendorId: LOAD_VENDOR, basket: loadBasket });
        load = customers;
        let phase: 'before' | 'outage' | 'after' = 'before';
        const outage: AnswerEvent[] = [];
        const watch = (event: AnswerEvent) => {
          if (phase === 'outage') outage.push(event);
        };
        customers.onAnswer = watch;
        let stop = false;
        const running = background(customers.run(CUSTOMERS, 10_000, () => stop));

        await waitUntil(
          () => running.done || customers.paid.length >= PAID_BEFORE_OUTAGE,
          `${PAID_BEFORE_OUTAGE} orders are paid`,
        );
        expect(running.done, 'the load is still running').toBe(false);
        const paidBefore = customers.paid.length;

        phase = 'outage';
        await database.stop('fast');
        // The app's calls while the database is down, besides the customers' own retries.
        const probes = new HttpClient(live.url, 8);
        probeClient.current = probes;
        const someone = customers.paid[0]!;
        const probeCalls: Array<[string, string, unknown?, Record<string, string>?]> = [
          ['GET', '/v1/venue/0/vendors'],
          ['GET', `/v1/vendor/${LOAD_VENDOR}/current-menu`],
          ['POST', '/v1/consumer/create', { contact: { mobile: '+61400000000' }, name: { fullName: 'Sam Lee' } }],
          ['GET', `/ops/v1/vendor/${LOAD_VENDOR}/orders`, undefined, { authorization: `Bearer ${OPS_TOKEN}` }],
        ];
        const probed = new Map<string, number | 'network'>();
        const probe = async () => {
          for (const [method, path, payload, headers] of probeCalls) {
            const answer = await probes.send(method, path, payload, undefined, headers).catch(() => null);
            const status = answer ? answer.status : 'network';
            probed.set(`${method} ${path}`, status);
            watch({ server: live.url, method, path, status, body: answer?.body ?? '' });
          }
          const order = await probes
            .send('GET', `/v1/vendor/${LOAD_VENDOR}/order/${someone.orderId}`, undefined, someone.consumer)
            .catch(() => null);
          probed.set('GET order', order ? order.status : 'network');
          watch({
            server: live.url,
            method: 'GET',
            path: `/v1/vendor/${LOAD_VENDOR}/order/${someone.orderId}`,
            status: order ? order.status : 'network',
            body: order?.body ?? '',
          });
        };
        // Down long enough that every kind of call has met the outage (the menu may come from the
        // cache for a moment), and the customers have been refused a good number of times.
        await waitUntil(
          async () => {
            await probe();
            return outage.length >= OUTAGE_ANSWERS && [...probed.values()].every((status) => status === 503);
          },
          'every call has answered 503 while the database is down',
          60_000,
        );
        const outageStatuses: Record<string, number> = {};
        const byCall: Record<string, Record<string, number>> = {};
        for (const event of outage) {
          outageStatuses[event.status] = (outageStatuses[event.status] ?? 0) + 1;
          const call = `${event.method} ${event.path.replace(/\?.*$/, '').replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
          const statuses = (byCall[call] ??= {});
          statuses[event.status] = (statuses[event.status] ?? 0) + 1;
        }
        for (const event of outage) {
          const where = `${event.method} ${event.path} during the outage`;
          expect(event.status, where).not.toBe('network');
          if (typeof event.status === 'number' && event.status >= 500) {
            expect(event.status, where).toBe(503);
            expect(JSON.parse(event.body), where).toEqual(UNAVAILABLE);
          }
          expect(event.body, where).not.toMatch(/\bat .*\.(ts|js):\d+|node_modules|ECONNREFUSED|SQLSTATE/);
        }
        expect(live.pid, 'the server process kept running').toBe(pid);

        phase = 'after';
        await database.start();
        // The same process serves again without a restart.
        await waitUntil(async () => {
          const answer = await probes.send('GET', '/v1/venue/0/vendors').catch(() => null);
          return answer?.status === 200;
        }, 'the server answers again once PostgreSQL is back');
        const paidAtRecovery = customers.paid.length;
        await waitUntil(
          () => running.done || customers.paid.length >= paidAtRecovery + PAID_AFTER_OUTAGE,
          `${PAID_AFTER_OUTAGE} more orders are paid after the outage`,
        );
        stop = true;
        await running.finish();
        expect(live.pid, 'the server process was never restarted').toBe(pid);
        expect(live.logs()).not.toContain('[server process exited');

        const books = await readBooks(database.url, LOAD_VENDOR);
        const figures = checkBooks(books, customers, stockPlan);
        const queue = await queueSeenFrom(live.url, LOAD_VENDOR);
        expect(queue.statuses.size).toBe(figures.paidOrders);
        expectConsistentQueue(queue, 'after the restart');
        const throughOutage = customers.checkouts.filter((c) => c.retries > 0).length;
        expect(throughOutage, 'checkouts that met the outage and completed by retrying').toBeGreaterThan(0);

        printFigures('Database restart (private PostgreSQL cluster, pg_ctl stop -m fast, then start)', {
          'server process': `pid ${pid}, never restarted`,
          'orders paid before the outage': paidBefore,
          'orders paid after': figures.paidOrders - paidAtRecovery,
          'requests during the outage': outage.length,
          'their statuses': outageStatuses,
          'statuses by call': byCall,
          'checkouts that met the outage and completed by retrying': throughOutage,
          'orders placed': figures.ordersPlaced,
          'payments succeeded (paid and queued)': figures.paidOrders,
          'sold out (at place-order / at payment)': `${figures.soldOutAtOrder} / ${figures.soldOutRefunded}`,
          'gateway charges kept / refunded': `${figures.chargesKept} / ${figures.chargesRefunded}`,
          'stock before → sold → after': figures.stock
            .map((s) => `item ${s.itemId}: ${s.before} → ${s.sold} → ${s.after}`)
            .join('; '),
          'payment calls whose first try was cut off, taken over by their retry': takenOver(live),
          'orders lost': 0,
        });
      } catch (error) {
        if (server) console.log(`Server output (tail):\n${server.logs().slice(-6_000)}`);
        if (cluster) console.log(`PostgreSQL log (tail):\n${(await cluster.log()).slice(-3_000)}`);
        throw error;
      } finally {
        load?.close();
        probeClient.current?.close();
        await server?.dispose();
        await cluster?.dispose();
      }
    },
  );
});
