import { describe, expect, test } from 'vitest';
import { HttpClient } from '@venue/test-harness/http-client';
import { ops } from '@venue/test-harness/ops';
import { createPgCluster, pgClusterUnavailable, type PgCluster } from '@venue/test-harness/pg-cluster';
import { createTestDatabase, postgresRequired, testDatabaseUrl, type TestDatabase } from '@venue/test-harness/postgres';
import { startServer, type TestServer } from '@venue/test-harness/server';
import { getMenu } from './support/api.ts';
import { checkBooks, expectConsistentQueue, printFigures, queueSeenFrom, readBooks } from './support/books.ts';
import { CheckoutLoad } from './support/checkout-load.ts';
import { background, LIMITED_ITEMS, LOAD_VENDOR, loadBasket, waitUntil } from './support/resilience.ts';

/**
 * Issue 7, nothing lost when things break — scale-out: two server processes on one PostgreSQL
 * database (started together, as replicas are), customers alternating between them call by call.
 * A crowd pays for the last units of an item at once through both; then a mixed load runs. The
 * queue must read the same from both (each Waiting order a distinct place 1..n), no stock may be
 * oversold, and every order must be visible from both processes, as must stock changes made
 * through either one.
 */

const [ALMOND_CROISSANT, BLUEBERRY_MUFFIN] = LIMITED_ITEMS;
/** Customers paying at once for the last muffins. */
const CROWD = 24;
const LAST_UNITS = 5;
/** Muffins put back on sale afterwards (through the other process). */
const RESTOCK = 20;
const ALMOND_STOCK = 12;
const CUSTOMERS = 16;
const CHECKOUTS = 100;

const url = testDatabaseUrl();
const clusterProblem = url ? null : pgClusterUnavailable();
if (!url && clusterProblem) {
  const notice = `TEST_DATABASE_URL is not set and ${clusterProblem}`;
  if (postgresRequired()) throw new Error(`REQUIRE_POSTGRES=1 but ${notice}.`);
  console.log(`Notice: skipping the scale-out test: ${notice}.`);
}

async function menuStock(server: TestServer, itemId: number): Promise<number | null | undefined> {
  return (await getMenu(server, LOAD_VENDOR)).items.find((item) => item.id === itemId)?.currentInventory;
}

describe.skipIf(!url && clusterProblem !== null)('scale-out: two server processes on one PostgreSQL database', () => {
  test(
    'queue places agree, limited stock is never oversold, every order is visible from both',
    { timeout: 170_000 },
    async () => {
      let cluster: PgCluster | null = null;
      let database: TestDatabase | null = null;
      const servers: TestServer[] = [];
      const closers: Array<{ close(): void }> = [];
      try {
        if (url) {
          database = await createTestDatabase('scaleout');
        } else {
          cluster = await createPgCluster();
          database = await createTestDatabase('scaleout', cluster.url);
        }
        const shared = database.url;
        // Both start at once on the empty database: each migrates and seeds it, or finds it done.
        servers.push(
          ...(await Promise.all([0, 1].map(() => startServer({ databaseUrl: shared, env: { LOG_LEVEL: 'warn' } })))),
        );
        const [a, b] = servers as [TestServer, TestServer];

        // Stock set through A reaches B's menu (B has it cached from a moment before).
        expect(await menuStock(b, BLUEBERRY_MUFFIN)).toBeNull();
        await ops(a, 'PATCH', `/vendor/${LOAD_VENDOR}/menu-item/${BLUEBERRY_MUFFIN}`, { currentInventory: LAST_UNITS });
        await ops(a, 'PATCH', `/vendor/${LOAD_VENDOR}/menu-item/${ALMOND_CROISSANT}`, {
          currentInventory: ALMOND_STOCK,
        });
        await waitUntil(
          async () => (await menuStock(b, BLUEBERRY_MUFFIN)) === LAST_UNITS,
          "the other process's menu shows the new stock",
          30_000,
        );

        // A crowd orders the last muffins, then all pay at the same moment through both processes.
        const customers = new CheckoutLoad({ servers: [a.url, b.url], vendorId: LOAD_VENDOR, basket: loadBasket });
        closers.push(customers);
        const crowd = Array.from({ length: CROWD }, () =>
          customers.newCheckout([{ menuItemId: BLUEBERRY_MUFFIN, quantity: 1, modifiers: [] }]),
        );
        await Promise.all(crowd.map((checkout) => customers.prepare(checkout)));
        expect(
          crowd.every((c) => c.outcome === undefined && c.charged),
          'all charged at the gateway',
        ).toBe(true);
        await Promise.all(crowd.map((checkout) => customers.settle(checkout)));
        const crowdPaid = crowd.filter((c) => c.outcome === 'paid').length;
        expect(crowdPaid, `payers who got one of the last ${LAST_UNITS}`).toBe(LAST_UNITS);
        expect(crowd.filter((c) => c.outcome === 'refunded').length).toBe(CROWD - LAST_UNITS);
        for (const server of servers) {
          await waitUntil(
            async () => (await menuStock(server, BLUEBERRY_MUFFIN)) === 0,
            `${server.url} shows the muffins sold out`,
            30_000,
          );
        }

        // Back on sale through B; A's menu follows.
        await ops(b, 'PATCH', `/vendor/${LOAD_VENDOR}/menu-item/${BLUEBERRY_MUFFIN}`, { currentInventory: RESTOCK });
        await waitUntil(
          async () => (await menuStock(a, BLUEBERRY_MUFFIN)) === RESTOCK,
          "the other process's menu shows the restock",
          30_000,
        );

        // A mixed load, each customer's calls alternating between the processes.
        await background(customers.run(CUSTOMERS, CROWD + CHECKOUTS)).finish();

        const books = await readBooks(shared, LOAD_VENDOR);
        const figures = checkBooks(books, customers, [
          { itemId: ALMOND_CROISSANT, initial: ALMOND_STOCK },
          { itemId: BLUEBERRY_MUFFIN, initial: LAST_UNITS + RESTOCK },
        ]);

        // One queue, read the same from both processes.
        const [fromA, fromB] = await Promise.all(servers.map((server) => queueSeenFrom(server.url, LOAD_VENDOR)));
        expectConsistentQueue(fromA!, 'process A');
        expectConsistentQueue(fromB!, 'process B');
        expect(fromB!.positions).toEqual(fromA!.positions);
        expect(fromB!.statuses).toEqual(fromA!.statuses);
        expect(fromA!.statuses.size).toBe(figures.paidOrders);

        // Every order is visible from both, the same, to the customer who placed it.
        const clients = servers.map((server) => new HttpClient(server.url, 16));
        closers.push(...clients.map((client) => ({ close: () => client.close() })));
        const placed = customers.checkouts.filter((c) => c.orderId !== undefined);
        const statusById = new Map(books.orders.map((o) => [o.id, o.status]));
        let lookups = 0;
        for (const checkout of placed) {
          const seen = await Promise.all(
            clients.map(async (client) => {
              const answer = await client.send(
                'GET',
                `/v1/vendor/${LOAD_VENDOR}/order/${checkout.orderId}`,
                undefined,
                checkout.consumer,
              );
              lookups += 1;
              expect(answer.status, `order ${checkout.orderId}`).toBe(200);
              const order = JSON.parse(answer.body) as { orderStatus: string; positionInQueue: number | null };
              return { orderStatus: order.orderStatus, positionInQueue: order.positionInQueue };
            }),
          );
          expect(seen[1], `order ${checkout.orderId} from both processes`).toEqual(seen[0]);
          expect(seen[0]!.orderStatus).toBe(statusById.get(checkout.orderId!));
          if (seen[0]!.orderStatus === 'Waiting') {
            expect(seen[0]!.positionInQueue).toBe(fromA!.positions.get(checkout.orderId!));
          }
        }

        // Both menus come round to the stock that is left.
        for (const server of servers) {
          for (const { itemId, after } of figures.stock) {
            await waitUntil(
              async () => (await menuStock(server, itemId)) === after,
              `${server.url} shows the stock left of item ${itemId}`,
              30_000,
            );
          }
        }
        expect(
          servers.every((server) => server.running),
          'both processes ran throughout',
        ).toBe(true);

        printFigures('Scale-out (two server processes, one PostgreSQL database)', {
          database: url ? 'a fresh database on TEST_DATABASE_URL' : 'a private PostgreSQL cluster',
          'last units paid for at once': `${CROWD} customers, ${LAST_UNITS} muffins: ${crowdPaid} paid, ${CROWD - crowdPaid} refunded`,
          'checkouts (crowd + mixed load)': figures.checkouts,
          'orders placed': figures.ordersPlaced,
          'payments succeeded (paid and queued)': figures.paidOrders,
          'sold out (at place-order / at payment)': `${figures.soldOutAtOrder} / ${figures.soldOutRefunded}`,
          'gateway charges kept / refunded': `${figures.chargesKept} / ${figures.chargesRefunded}`,
          'stock put on sale → sold → left': figures.stock
            .map((s) => `item ${s.itemId}: ${s.before} → ${s.sold} → ${s.after}`)
            .join('; '),
          'Waiting orders, same places from both processes': fromA!.positions.size,
          'orders looked up from both processes': `${placed.length} orders, ${lookups} lookups, all identical`,
          'requests sent': customers.stats.requests,
          'answers by status': customers.stats.statuses,
        });
      } catch (error) {
        for (const [i, server] of servers.entries()) {
          console.log(`Server ${i ? 'B' : 'A'} output (tail):\n${server.logs().slice(-4_000)}`);
        }
        throw error;
      } finally {
        for (const closer of closers) closer.close();
        for (const server of servers) await server.dispose();
        await database?.drop();
        await cluster?.dispose();
      }
    },
  );
});
