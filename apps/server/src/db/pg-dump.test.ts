// PostgreSQL backups as README ("Running on PostgreSQL") and docs/operations.md give them: a
// database with paid orders and the stored VAPID keys is dumped with pg_dump and restored with
// pg_restore into a new database, which must hold the same rows, the same migrations and settings,
// and identity sequences that go on after the restored ids. Runs with TEST_DATABASE_URL only.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { paidTestOrder, simpleOrderLine } from '../test/checkout.ts';
import { databases } from '../test/databases.ts';
import { createTestConsumer } from '../test/signed-requests.ts';
import { TEST_DATABASE_URL } from '../test/test-env.ts';
import { useTestApp, type TestApp } from '../test/test-app.ts';

const postgres = databases.find((database) => database.name === 'postgres');

/** A PostgreSQL client program: on PATH, or in Debian's versioned folders. */
function pgProgram(name: string): string {
  for (const folder of (process.env.PATH ?? '').split(':'))
    if (folder && existsSync(join(folder, name))) return join(folder, name);
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : [];
  for (const version of versions) {
    const path = join('/usr/lib/postgresql', version, 'bin', name);
    if (existsSync(path)) return path;
  }
  throw new Error(`${name} is not installed (Debian: apt-get install -y postgresql-client)`);
}

/** Tables compared row for row; the first column orders them. */
const TABLES = [
  'kysely_migration',
  'server_settings',
  'venues',
  'vendors',
  'menu_items',
  'consumers',
  'orders',
  'order_items',
  'payments',
  'gateway_transactions',
  'receipts',
  'ops_events',
];

async function rowsOf(client: pg.Client, schema: string) {
  const rows: Record<string, unknown[]> = {};
  for (const table of TABLES)
    rows[table] = (await client.query(`select * from "${schema}"."${table}" order by 1`)).rows;
  return rows;
}

describe.skipIf(!postgres)('pg_dump and pg_restore of a database with paid orders', () => {
  const ctx = postgres ? useTestApp(postgres) : ({} as TestApp);
  const folder = mkdtempSync(join(tmpdir(), 'venue-pg-dump-'));
  const restoredName = `venue_restore_${randomBytes(6).toString('hex')}`;
  const base = new URL(TEST_DATABASE_URL ?? 'postgres://unset');
  const restoredUrl = Object.assign(new URL(base), { pathname: `/${restoredName}` }).toString();

  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${restoredName} with (force)`);
    await admin.end();
  });

  it('restores the same orders, migrations, VAPID keys and settings, with sequences that go on after them', async () => {
    const { app, database } = ctx;
    const vendorId = 1;
    const line = await simpleOrderLine(app, vendorId);
    for (let i = 0; i < 3; i += 1) await paidTestOrder(app, await createTestConsumer(app), vendorId, [line]);
    const { publicKey } = (await app.inject({ method: 'GET', url: '/v1/push/public-key' })).json() as {
      publicKey: string;
    };
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    const schema = rows[0]!.schema;

    // As the README gives them, with --schema because the test database holds every test's schema.
    const dump = join(folder, 'venue.dump');
    execFileSync(pgProgram('pg_dump'), [
      '--format=custom',
      '--no-owner',
      `--schema=${schema}`,
      `--file=${dump}`,
      base.toString(),
    ]);
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database ${restoredName}`);
    await admin.end();
    execFileSync(pgProgram('pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, dump]);

    const original = new pg.Client({ connectionString: base.toString() });
    const restored = new pg.Client({ connectionString: restoredUrl });
    await original.connect();
    await restored.connect();
    try {
      const before = await rowsOf(original, schema);
      const after = await rowsOf(restored, schema);
      expect(before.orders!.filter((order) => (order as { paid_at: unknown }).paid_at !== null)).toHaveLength(3);
      expect(before.ops_events!.length).toBeGreaterThan(0);
      expect(JSON.stringify(before.server_settings)).toContain(publicKey);
      for (const table of TABLES) expect(after[table], table).toEqual(before[table]);

      for (const table of ['orders', 'ops_events']) {
        const { rows: next } = await restored.query<{ next: string; last: string }>(
          `select nextval(pg_get_serial_sequence('"${schema}"."${table}"', 'id')) as next,
                  (select max(id) from "${schema}"."${table}") as last`,
        );
        expect(Number(next[0]!.next), `the next id of ${table}`).toBeGreaterThan(Number(next[0]!.last));
      }
    } finally {
      await original.end();
      await restored.end();
    }
  });
});
