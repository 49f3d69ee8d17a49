/** Migration 2026-11-27-2-order-contact: orders placed before it keep their consumer's details as they were then. */
import { Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../test/databases.ts';
import { MIGRATIONS, migrateToLatest } from './migrate.ts';
import { seedWhenEmpty } from '../modules/catalogue/demo-venue.ts';

describe.each(databases)('order contact migration on $name', (database) => {
  let handle: Awaited<ReturnType<typeof database.create>>;
  beforeAll(async () => {
    handle = await database.create();
    await seedWhenEmpty(handle.db);
  });
  afterAll(() => handle.dispose());

  it("gives every existing order its consumer's name, mobile and email", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before the migration is not the app's
    const db = handle.db as unknown as Kysely<any>;
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const schema = postgres ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : null;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => MIGRATIONS },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const before = Object.keys(MIGRATIONS)
      .filter((name) => name < '2026-11-27-2-order-contact')
      .at(-1)!;
    const down = await migrator.migrateTo(before);
    expect(down.error).toBeUndefined();

    const vendor = await db.selectFrom('vendors').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('consumers')
      .values([
        {
          id: 'c_mei',
          hmac_key: 'k',
          mobile: '0412345678',
          email: 'mei@example.com',
          full_name: 'Mei Chen',
          created_at: 1,
          updated_at: 1,
        },
        { id: 'c_none', hmac_key: 'k', mobile: null, email: null, full_name: null, created_at: 1, updated_at: 1 },
      ])
      .execute();
    const order = (consumer: string | null) => ({
      vendor_id: vendor.id,
      consumer_id: consumer,
      order_status: 'Waiting',
      service_mode: 'TakeAway',
      created_at: 1,
      updated_at: 1,
    });
    const ids: number[] = [];
    for (const consumer of ['c_mei', 'c_none', null]) {
      ids.push((await db.insertInto('orders').values(order(consumer)).returning('id').executeTakeFirstOrThrow()).id);
    }

    await migrateToLatest(db, schema ? { migrationTableSchema: schema } : {});
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'customer_name', 'customer_mobile', 'customer_email'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map(({ id: _id, ...contact }) => contact)).toEqual([
      { customer_name: 'Mei Chen', customer_mobile: '0412345678', customer_email: 'mei@example.com' },
      { customer_name: null, customer_mobile: null, customer_email: null },
      { customer_name: null, customer_mobile: null, customer_email: null },
    ]);
  });
});
