/**
 * Checkout: idempotent order placing, coupons with validity windows and usage limits, payments
 * with their method and gateway token, saved cards (masked number and gateway token only, never
 * a card number), and the sandbox gateway's own records. Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

function identity(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  const id = identity(db);
  await db.schema.alterTable('orders').addColumn('idempotency_key', 'text').execute();
  await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('campaign_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('attributes', 'text').execute();
  await db.schema.alterTable('orders').addColumn('order_origin', 'text').execute();
  await db.schema.alterTable('orders').addColumn('paid_at', 'bigint').execute();
  await db.schema
    .createIndex('orders_consumer_idempotency')
    .on('orders')
    .columns(['consumer_id', 'idempotency_key'])
    .unique()
    .execute();

  await db.schema
    .alterTable('payments')
    .addColumn('method', 'text', (c) => c.notNull().defaultTo('card'))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('save_payment_method', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('payments').addColumn('message', 'text').execute();
  await db.schema.createIndex('payments_access_code').on('payments').column('access_code').unique().execute();

  await db.schema.alterTable('coupons').addColumn('valid_from', 'bigint').execute();
  await db.schema.alterTable('coupons').addColumn('valid_until', 'bigint').execute();
  await db.schema.alterTable('coupons').addColumn('usage_limit', 'integer').execute();
  await db.schema
    .alterTable('coupons')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('coupons')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('saved_cards')
    .addColumn('id', 'integer', id)
    .addColumn('consumer_id', 'text', (c) => c.notNull().references('consumers.id'))
    .addColumn('gateway_token', 'text', (c) => c.notNull())
    .addColumn('card_name', 'text', (c) => c.notNull())
    .addColumn('masked_number', 'text', (c) => c.notNull())
    .addColumn('expiry_month', 'text', (c) => c.notNull())
    .addColumn('expiry_year', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_cards_consumer_id').on('saved_cards').column('consumer_id').execute();

  // The sandbox gateway's own books: what a real gateway keeps on its side.
  await db.schema
    .createTable('gateway_sessions')
    .addColumn('access_code', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('gateway_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('access_code', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('result_code', 'integer', (c) => c.notNull())
    .addColumn('card_token', 'text')
    .addColumn('masked_number', 'text')
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gateway_transactions_access_code')
    .on('gateway_transactions')
    .column('access_code')
    .execute();
  await db.schema
    .createTable('gateway_card_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('card_holder', 'text', (c) => c.notNull())
    .addColumn('masked_number', 'text', (c) => c.notNull())
    .addColumn('expiry_month', 'text', (c) => c.notNull())
    .addColumn('expiry_year', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['gateway_card_tokens', 'gateway_transactions', 'gateway_sessions', 'saved_cards']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('payments_access_code').execute();
  await db.schema.dropIndex('orders_consumer_idempotency').execute();
  for (const column of ['valid_from', 'valid_until', 'usage_limit', 'used_count', 'description']) {
    await db.schema.alterTable('coupons').dropColumn(column).execute();
  }
  for (const column of ['method', 'save_payment_method', 'message']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
  for (const column of [
    'idempotency_key',
    'coupon_code',
    'discount_minor',
    'campaign_id',
    'attributes',
    'order_origin',
    'paid_at',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
