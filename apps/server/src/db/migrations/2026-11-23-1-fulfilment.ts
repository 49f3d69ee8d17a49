/**
 * Fulfilment: when an order was made ready, collected and seen by the customer (the queue's
 * recent service times come from these), and the receipts e-mailed. Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

function identity(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('time_ready', 'bigint').execute();
  await db.schema.alterTable('orders').addColumn('time_serviced', 'bigint').execute();
  await db.schema.alterTable('orders').addColumn('time_alerted', 'bigint').execute();
  await db.schema.createIndex('orders_vendor_time_ready').on('orders').columns(['vendor_id', 'time_ready']).execute();
  await db.schema
    .createIndex('orders_status_requested_time')
    .on('orders')
    .columns(['order_status', 'requested_service_time'])
    .execute();

  await db.schema
    .createTable('receipts')
    .addColumn('id', 'integer', identity(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text')
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('receipts_order_id').on('receipts').columns(['order_id', 'sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('receipts').execute();
  await db.schema.dropIndex('orders_status_requested_time').execute();
  await db.schema.dropIndex('orders_vendor_time_ready').execute();
  await db.schema.alterTable('orders').dropColumn('time_alerted').execute();
  await db.schema.alterTable('orders').dropColumn('time_serviced').execute();
  await db.schema.alterTable('orders').dropColumn('time_ready').execute();
}
