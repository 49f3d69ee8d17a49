/**
 * A vendor's queue counts (decision 044): how many orders wait, and how many are ahead of one,
 * are the same as counting the Waiting orders, through every change of an order's status. The
 * counts are kept by triggers (migrations 2026-11-28-2 on SQLite, 2026-11-28-3 on PostgreSQL, in
 * eight rows per vendor), including for orders that were waiting before they ran.
 */
import { Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateToLatest } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';
import { databases } from '../../test/databases.ts';
import { seedWhenEmpty } from '../catalogue/demo-venue.ts';
import {
  countQueuedBefore,
  findOrderWithLinesAndPlace,
  findPaymentFacts,
  findQueueFacts,
  findQueuePlace,
} from './orders.repository.ts';

describe.each(databases)('queue counts on $name', (database) => {
  let handle: Awaited<ReturnType<typeof database.create>>;
  let db: Kysely<Database>;
  let vendors: number[];

  beforeAll(async () => {
    handle = await database.create();
    db = handle.db;
    await seedWhenEmpty(db);
    vendors = (await db.selectFrom('vendors').select('id').orderBy('id').limit(2).execute()).map((v) => v.id);
    expect(vendors).toHaveLength(2);
  });
  afterAll(() => handle.dispose());

  const placeOrder = async (vendorId: number, status: string, timeQueued: number | null) =>
    (
      await db
        .insertInto('orders')
        .values({
          vendor_id: vendorId,
          consumer_id: null,
          order_status: status,
          service_mode: 'TakeAway',
          time_queued: timeQueued,
          subtotal_minor: 1000,
          total_minor: 1000,
          created_at: 1,
          updated_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** What counting the orders themselves says. */
  const counted = async (vendorId: number) => {
    const waiting = await db
      .selectFrom('orders')
      .select(['id', 'time_queued'])
      .where('vendor_id', '=', vendorId)
      .where('order_status', '=', 'Waiting')
      .execute();
    const aheadOf = (id: number) => {
      const order = waiting.find((w) => w.id === id)!;
      return waiting.filter(
        (w) =>
          w.time_queued !== null &&
          (w.time_queued < order.time_queued! || (w.time_queued === order.time_queued && w.id < order.id)),
      ).length;
    };
    return { waiting, aheadOf };
  };

  /** Every figure the repository gives agrees with counting, for both vendors and every Waiting order. */
  const expectCountsAgree = async () => {
    for (const vendorId of vendors) {
      const truth = await counted(vendorId);
      expect((await findQueueFacts(db, vendorId))?.waiting).toBe(truth.waiting.length);
      for (const order of truth.waiting) {
        expect((await findPaymentFacts(db, order.id))?.waiting).toBe(truth.waiting.length);
        if (order.time_queued === null) continue;
        const ahead = truth.aheadOf(order.id);
        expect(await countQueuedBefore(db, vendorId, order.time_queued, order.id)).toBe(ahead);
        expect((await findQueuePlace(db, vendorId, order.time_queued, order.id)).ahead).toBe(ahead);
        expect((await findOrderWithLinesAndPlace(db, order.id))?.place?.ahead).toBe(ahead);
      }
    }
  };

  it('agree with counting the Waiting orders through every change of status', async () => {
    const [first, second] = vendors as [number, number];
    const a = await placeOrder(first, 'Pending', null);
    const b = await placeOrder(first, 'Pending', null);
    const c = await placeOrder(first, 'Waiting', 1_000);
    const d = await placeOrder(second, 'Waiting', 1_000);
    // Two orders queued at the same moment: the lower id is ahead.
    const e = await placeOrder(first, 'Waiting', 1_000);
    await expectCountsAgree();

    const move = (id: number, changes: { order_status?: string; time_queued?: number | null; vendor_id?: number }) =>
      db.updateTable('orders').set(changes).where('id', '=', id).execute();
    await move(a, { order_status: 'Waiting', time_queued: 500 }); // paid, queued before the others
    await move(b, { order_status: 'Waiting', time_queued: 2_000 }); // paid, queued last
    await expectCountsAgree();
    await move(c, { order_status: 'Ready' });
    await move(c, { order_status: 'Waiting' }); // ready undone
    await move(e, { order_status: 'Cancelled' });
    await move(a, { time_queued: 3_000 }); // still Waiting: the count stays
    await expectCountsAgree();
    // A Waiting order without a queue time counts as waiting, never as ahead of another.
    await move(e, { order_status: 'Waiting', time_queued: null });
    await move(d, { vendor_id: first });
    await expectCountsAgree();
    // Several at once, and a delete.
    await db.updateTable('orders').set({ order_status: 'Collected' }).where('id', 'in', [a, c]).execute();
    await db.deleteFrom('orders').where('id', '=', b).execute();
    await expectCountsAgree();
    expect((await findQueueFacts(db, first))?.waiting).toBe(2);
  });

  it('count the orders that were waiting before the kept counts began', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before the migration is not the app's
    const anyDb = db as unknown as Kysely<any>;
    const postgres = anyDb.getExecutor().adapter instanceof PostgresAdapter;
    const schema = postgres ? (await sql<{ s: string }>`select current_schema() as s`.execute(anyDb)).rows[0]!.s : null;
    const migrator = new Migrator({
      db: anyDb,
      provider: { getMigrations: async () => MIGRATIONS },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const before = Object.keys(MIGRATIONS)
      .filter((name) => name < '2026-11-28-2-vendor-queue-counts')
      .at(-1)!;
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    await placeOrder(vendors[1]!, 'Waiting', 4_000);
    await placeOrder(vendors[1]!, 'Waiting', 4_001);
    await migrateToLatest(anyDb, schema ? { migrationTableSchema: schema } : {});
    await expectCountsAgree();
  });
});
