import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { isQueuedStatus } from '@venue/domain/order-status';
import { ops } from '@venue/test-harness/ops';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { startServer, type TestServer } from '@venue/test-harness/server';
import { getMenu } from './support/api.ts';
import { checkBooks, expectConsistentQueue, printFigures, queueSeenFrom, readBooks } from './support/books.ts';
import { CheckoutLoad } from './support/checkout-load.ts';
import { background, limitedStock, LOAD_VENDOR, loadBasket, waitUntil } from './support/resilience.ts';

/**
 * Backups and restores (docs/operations.md): customers keep paying while `npm run venue -- backup`
 * copies the live SQLite database; the backup is restored into a new file with `npm run venue --
 * restore` and a server started on it. Every order the customers were told was paid before the
 * backup began is there, paid and queued, with its events; stock is what the restored orders left;
 * the live server's own books add up too.
 */

const CUSTOMERS = 8;
/** Stock sized for about this many checkouts; the load runs until the backup is done and a few more. */
const PLANNED = 150;
const AFTER_BACKUP = 15;

const run = promisify(execFile);

/** `npm run venue -- …` on `databaseUrl`: its one line on standard error. */
async function venue(databaseUrl: string, ...args: string[]): Promise<string> {
  const { stderr } = await run(process.execPath, [join(REPO_ROOT, 'scripts/venue.mjs'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  });
  return stderr.trim();
}

/** Order id → the ids of its events in the operations event log, read from a database file. */
function orderEvents(path: string): Map<number, number[]> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select id, order_id from ops_events where order_id is not null').all() as Array<{
      id: number;
      order_id: number;
    }>;
    const events = new Map<number, number[]>();
    for (const row of rows) events.set(row.order_id, [...(events.get(row.order_id) ?? []), row.id]);
    return events;
  } finally {
    db.close();
  }
}

describe('backup during a checkout load, restored into a new server (SQLite)', () => {
  test(
    'holds every order paid before the backup began, with its events and the stock it took',
    { timeout: 120_000 },
    async () => {
      const folder = await mkdtemp(join(tmpdir(), 'venue-backup-e2e-'));
      let server: TestServer | null = null;
      let restoredServer: TestServer | null = null;
      let load: CheckoutLoad | null = null;
      try {
        server = await startServer({ env: { LOG_LEVEL: 'warn' } });
        const live = server;
        const stockPlan = limitedStock(PLANNED);
        for (const { itemId, initial } of stockPlan) {
          await ops(live, 'PATCH', `/vendor/${LOAD_VENDOR}/menu-item/${itemId}`, { currentInventory: initial });
        }

        const customers = new CheckoutLoad({ servers: [live.url], vendorId: LOAD_VENDOR, basket: loadBasket });
        load = customers;
        let stopAfter = Number.POSITIVE_INFINITY;
        const running = background(customers.run(CUSTOMERS, 10 * PLANNED, () => customers.finished >= stopAfter));
        await waitUntil(() => running.done || customers.finished >= PLANNED / 4, 'a quarter of the checkouts are done');
        expect(running.done, 'the load is still running').toBe(false);

        const paidBefore = customers.paid.map((checkout) => checkout.orderId!);
        const finishedBefore = customers.finished;
        const file = join(folder, 'backup.db');
        const backedUp = await venue(live.databaseUrl, 'backup', file);
        const finishedDuring = customers.finished - finishedBefore;
        stopAfter = customers.finished + AFTER_BACKUP;
        await running.finish();
        expect(backedUp).toMatch(/^Backed up .+ to .+backup\.db: [\d.]+ MB in [\d.]+ s, as it was at .+\.$/);
        expect(finishedDuring, 'checkouts finished while the backup ran').toBeGreaterThan(0);

        // The live server's books add up (nothing the backup did got in the way).
        const liveFigures = checkBooks(await readBooks(live.databaseUrl, LOAD_VENDOR), customers, stockPlan);

        const restoredPath = join(folder, 'restored', 'venue.db');
        const restoredLine = await venue(restoredPath, 'restore', file);
        expect(restoredLine).toMatch(/^Restored .+ \(a new file\): .+ orders, migrated to .+\. Start the server\.$/);
        restoredServer = await startServer({ databaseUrl: restoredPath, env: { LOG_LEVEL: 'warn' } });

        const books = await readBooks(restoredPath, LOAD_VENDOR);
        const status = new Map(books.orders.map((order) => [order.id, order.status]));
        for (const id of paidBefore) {
          expect(isQueuedStatus(status.get(id)), `order ${id}, paid before the backup, is paid in it`).toBe(true);
        }
        const queued = books.orders.filter((order) => isQueuedStatus(order.status));
        expect(queued.length, 'the backup is of a moment during the load').toBeLessThan(liveFigures.paidOrders);

        // The event log holds the events of every order paid before the backup.
        const events = orderEvents(restoredPath);
        for (const id of paidBefore) expect(events.get(id)?.length, `events of order ${id}`).toBeGreaterThan(0);

        // Stock is what the orders in the backup took, and the restored server serves it.
        const queuedIds = new Set(queued.map((order) => order.id));
        const menu = await getMenu(restoredServer, LOAD_VENDOR);
        for (const { itemId, initial } of stockPlan) {
          const sold = books.lines
            .filter((line) => line.menuItemId === itemId && queuedIds.has(line.orderId))
            .reduce((sum, line) => sum + line.quantity, 0);
          expect(books.stock.get(itemId), `stock of item ${itemId}: initial − sold in the backup`).toBe(initial - sold);
          expect(menu.items.find((item) => item.id === itemId)?.currentInventory, `menu stock of ${itemId}`).toBe(
            initial - sold,
          );
        }
        const queue = await queueSeenFrom(restoredServer.url, LOAD_VENDOR);
        expect(queue.statuses.size, 'the restored server queues the orders of the backup').toBe(queued.length);
        expectConsistentQueue(queue, 'restored');

        printFigures('Backup during a checkout load (SQLite)', {
          backup: backedUp,
          restore: restoredLine,
          'paid before the backup began': paidBefore.length,
          'checkouts finished while the backup ran': finishedDuring,
          'paid orders in the backup / on the live server at the end': `${queued.length} / ${liveFigures.paidOrders}`,
        });
      } catch (error) {
        if (server) console.log(`Server output (tail):\n${server.logs().slice(-4_000)}`);
        throw error;
      } finally {
        load?.close();
        await restoredServer?.dispose();
        await server?.dispose();
        await rm(folder, { recursive: true, force: true });
      }
    },
  );
});
