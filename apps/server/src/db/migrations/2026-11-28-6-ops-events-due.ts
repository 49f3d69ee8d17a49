/**
 * Events owed (an outbox, decision 018): a change that must be told writes a row here in its own
 * transaction or statement, and its event's insert deletes it. A process killed between the two
 * leaves the row, and any process's sweep publishes the event from it. `version` is new at every
 * mark (a sequence on PostgreSQL), so an event deletes only the mark whose change it read. Only
 * PostgreSQL writes here: with SQLite there is one process, whose displays re-read everything when
 * it comes back. Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await sql`create sequence ops_events_due_version`.execute(db);
  await db.schema
    .createTable('ops_events_due')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) =>
      postgres ? c.notNull().defaultTo(sql`nextval('ops_events_due_version')`) : c.notNull().defaultTo(0),
    )
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ops_events_due').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop sequence ops_events_due_version`.execute(db);
}
