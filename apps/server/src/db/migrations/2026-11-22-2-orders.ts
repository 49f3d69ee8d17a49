/**
 * Consumers, orders, order items, payments, coupons and the audit log, kept minimal: later
 * migrations add the columns their features need. Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** An integer primary key the database numbers itself (never reused on SQLite). */
function identity(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  const id = identity(db);

  await db.schema
    .createTable('consumers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hmac_key', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('email', 'text')
    .addColumn('full_name', 'text')
    .addColumn('meta_data', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('consumer_id', 'text', (c) => c.references('consumers.id'))
    .addColumn('order_status', 'text', (c) => c.notNull())
    .addColumn('claim_ticket', 'text')
    .addColumn('service_mode', 'text', (c) => c.notNull().defaultTo('NotSpecified'))
    .addColumn('requested_service_time', 'bigint')
    .addColumn('time_queued', 'bigint')
    .addColumn('time_service_estimated', 'bigint')
    .addColumn('subtotal_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_address', 'text')
    .addColumn('payment_summary', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_vendor_status').on('orders').columns(['vendor_id', 'order_status']).execute();
  await db.schema.createIndex('orders_consumer_id').on('orders').column('consumer_id').execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('menu_item_id', 'integer')
    .addColumn('parent_item_id', 'integer')
    .addColumn('modifier_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('per_item_minor', 'integer', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('order_items_order_id').on('order_items').column('order_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('access_code', 'text')
    .addColumn('reference', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('response_code', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order_id').on('payments').column('order_id').execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('vendor_id', 'integer', (c) => c.references('vendors.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', id)
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['audit_log', 'coupons', 'payments', 'order_items', 'orders', 'consumers']) {
    await db.schema.dropTable(table).execute();
  }
}
