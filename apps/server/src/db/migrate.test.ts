/**
 * Migrations on a PostgreSQL database that holds other schemas with Kysely's bookkeeping tables
 * (another app's, a test's or a benchmark's): the server migrates its own schema all the same.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/test-env.ts';
import { openDatabase } from './database.ts';
import { databaseNotReadyReason, migrateToLatest } from './migrate.ts';

async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

describe.runIf(TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it("migrate a schema of their own while another schema holds Kysely's tables, and say it is ready", async () => {
    const [first, second] = [0, 1].map(() => `t_migrate_${randomBytes(6).toString('hex')}`);
    await admin(`create schema ${first}; create schema ${second}`);
    const url = TEST_DATABASE_URL!;
    const one = openDatabase({ kind: 'postgres', url }, { searchPath: first, poolSize: 2 });
    const two = openDatabase({ kind: 'postgres', url }, { searchPath: second, poolSize: 2 });
    try {
      // As the server migrates: no schema named.
      await migrateToLatest(one.db);
      await migrateToLatest(two.db);
      expect(await databaseNotReadyReason(two.db)).toBeNull();
      const tables = await two.db
        .selectFrom('information_schema.tables' as never)
        .select('table_schema' as never)
        .where('table_name' as never, '=', 'kysely_migration' as never)
        // Only these two: other test files make schemas of their own meanwhile.
        .where('table_schema' as never, 'in', [first, second] as never)
        .execute();
      expect((tables as Array<{ table_schema: string }>).map((t) => t.table_schema).sort()).toEqual(
        [first, second].sort(),
      );
    } finally {
      await one.close();
      await two.close();
      await admin(`drop schema if exists ${first} cascade; drop schema if exists ${second} cascade`);
    }
  });
});
