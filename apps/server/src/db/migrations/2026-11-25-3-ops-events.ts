/**
 * The operations event log behind GET /ops/v1/vendor/{vendorId}/events: every order, vendor and
 * menu-item event, with an id that only grows, so a staff display that lost its connection resumes
 * from the last id it saw (Last-Event-ID). Rows are trimmed from the oldest end. `data` is the
 * event's JSON text. (vendor_id, id) serves a vendor's replay; created_at the trimming by age.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('ops_events')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ops_events_vendor_id').on('ops_events').columns(['vendor_id', 'id']).execute();
  await db.schema.createIndex('ops_events_created_at').on('ops_events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ops_events').execute();
}
