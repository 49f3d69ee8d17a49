import { describe, expect, test } from 'vitest';
import { ops } from '@venue/test-harness/ops';
import { createTestDatabase, postgresEnabled, type TestDatabase } from '@venue/test-harness/postgres';
import { startServer, takenOver, type TestServer } from '@venue/test-harness/server';
import { getMenu } from './support/api.ts';
import { checkBooks, expectConsistentQueue, printFigures, queueSeenFrom, readBooks } from './support/books.ts';
import { CheckoutLoad } from './support/checkout-load.ts';
import { background, limitedStock, LOAD_VENDOR, loadBasket, waitUntil } from './support/resilience.ts';

/**
 * Issue 7, nothing lost when things break — crash: customers check out while the server is killed
 * with SIGKILL (no shutdown: requests in flight are cut off, transactions half done) and started
 * again on the same database; the customers' phones send their unanswered steps again with the
 * same Idempotency-Keys. Every order whose payment succeeded must then exist exactly once, paid
 * and queued, with one kept charge at the gateway, and stock must add up.
 */

const CUSTOMERS = 20;
const CHECKOUTS = 150;
/** Kill the server when this share of the checkouts has finished. */
const CRASH_POINTS = [0.2, 0.45, 0.7];

const variants: Array<{ name: string; postgres: boolean }> = [{ name: 'SQLite', postgres: false }];
if (postgresEnabled()) variants.push({ name: 'PostgreSQL', postgres: true });

describe.each(variants)('crash: kill -9 during a checkout load on $name', ({ name, postgres }) => {
  test(
    'every paid order exists once, paid and queued; no charge counted twice; stock adds up',
    { timeout: 170_000 },
    async () => {
      let database: TestDatabase | null = null;
      let server: TestServer | null = null;
      let load: CheckoutLoad | null = null;
      try {
        if (postgres) database = await createTestDatabase('crash');
        server = await startServer({
          ...(database ? { databaseUrl: database.url } : {}),
          env: { LOG_LEVEL: 'warn' },
        });
        const live = server;
        const stockPlan = limitedStock(CHECKOUTS);
        for (const { itemId, initial } of stockPlan) {
          await ops(live, 'PATCH', `/vendor/${LOAD_VENDOR}/menu-item/${itemId}`, { currentInventory: initial });
        }

        const customers = new CheckoutLoad({ servers: [live.url], vendorId: LOAD_VENDOR, basket: loadBasket });
        load = customers;
        const running = background(customers.run(CUSTOMERS, CHECKOUTS));
        const crashes: Array<{ afterCheckouts: number; requestsCutOff: number }> = [];
        for (const point of CRASH_POINTS) {
          await waitUntil(
            () => running.done || (customers.finished >= CHECKOUTS * point && customers.stats.inFlight > 0),
            `${point * 100}% of the checkouts are done and requests are in flight`,
          );
          if (running.done) break;
          const requestsCutOff = customers.stats.inFlight;
          await live.kill();
          crashes.push({ afterCheckouts: customers.finished, requestsCutOff });
          await live.start();
        }
        await running.finish();
        expect(crashes, 'crashes during the load').toHaveLength(CRASH_POINTS.length);

        const books = await readBooks(live.databaseUrl, LOAD_VENDOR);
        const figures = checkBooks(books, customers, stockPlan);
        expect(figures.paidOrders, 'some orders were paid').toBeGreaterThan(0);
        expect(
          figures.soldOutAtOrder + figures.soldOutRefunded,
          'the limited items sold out along the way',
        ).toBeGreaterThan(0);
        // The restarted server shows the stock that is left, and a queue with one place per order.
        const menu = await getMenu(live, LOAD_VENDOR);
        for (const { itemId, after } of figures.stock) {
          expect(menu.items.find((item) => item.id === itemId)?.currentInventory, `menu stock of ${itemId}`).toBe(
            after,
          );
        }
        const queue = await queueSeenFrom(live.url, LOAD_VENDOR);
        expect(queue.statuses.size).toBe(figures.paidOrders);
        expectConsistentQueue(queue, name);

        printFigures(`Crash (${name}): kill -9 during ${CHECKOUTS} checkouts by ${CUSTOMERS} concurrent customers`, {
          'crashes survived': crashes.length,
          'killed at (finished checkouts / requests cut off)': crashes
            .map((c) => `${c.afterCheckouts}/${c.requestsCutOff}`)
            .join(', '),
          'checkouts interrupted and finished by retries': customers.checkouts.filter((c) => c.retries > 0).length,
          'orders placed': figures.ordersPlaced,
          'payments succeeded (paid and queued)': figures.paidOrders,
          'sold out at place-order': figures.soldOutAtOrder,
          'sold out at payment (charge refunded)': figures.soldOutRefunded,
          'gateway charges kept / refunded': `${figures.chargesKept} / ${figures.chargesRefunded}`,
          'revenue (cents)': figures.revenueMinor,
          'stock before → sold → after': figures.stock
            .map((s) => `item ${s.itemId}: ${s.before} → ${s.sold} → ${s.after}`)
            .join('; '),
          'payment calls whose first try was cut off, taken over by their retry': takenOver(live),
          'requests sent / retried': `${customers.stats.requests} / ${customers.stats.retries}`,
          'answers by status': customers.stats.statuses,
          'orders lost or counted twice': 0,
        });
      } catch (error) {
        if (server) console.log(`Server output (tail):\n${server.logs().slice(-6_000)}`);
        throw error;
      } finally {
        load?.close();
        await server?.dispose();
        await database?.drop();
      }
    },
  );
});
