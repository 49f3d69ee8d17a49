/**
 * The back office's orders, refunds and takings (issue 26): refunds of their own (full or partial,
 * by line or by amount, with the reason, who gave it and the request's Idempotency-Key, once per
 * key and order; the sandbox gateway keeps how much of a charge went back, and a payment the card's
 * brand), items a venue marks GST-free and the venue's GST rate, and the indexes that keep
 * search and reports fast on a season's orders (paid orders by day, per store; the customer's
 * details as given with the order). Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: any) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    /** money given back (0 for a coupon-paid order: its use comes back instead) */
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** JSON [{ lineId, quantity }] of a refund by line; null for one by amount or in full */
    .addColumn('lines', 'text')
    /** the payment it went back to; null when nothing was charged (a coupon) */
    .addColumn('payment_id', 'integer')
    /** 'card' | 'applePay' | 'googlePay' | 'coupon' */
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('card_last_four', 'text')
    .addColumn('coupon_code', 'text')
    /** audit actor: 'manager:<id>:<name>', 'ops', 'staff:…' */
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    /** 'Succeeded', or 'Pending' while the gateway is asked (a crash leaves it for a retry with the same key) */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').columns(['order_id', 'id']).execute();
  await db.schema
    .createIndex('refunds_order_idempotency')
    .on('refunds')
    .columns(['order_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('refunds_created_at').on('refunds').columns(['created_at', 'vendor_id']).execute();

  await db.schema.alterTable('payments').addColumn('card_brand', 'text').execute();
  await db.schema
    .alterTable('gateway_transactions')
    .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('gateway_transactions').addColumn('card_brand', 'text').execute();
  await db.schema.alterTable('gateway_card_tokens').addColumn('card_brand', 'text').execute();
  await db.schema
    .alterTable('menu_items')
    .addColumn('gst_free', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** basis points: 1000 is 10 % */
  await db.schema
    .alterTable('venues')
    .addColumn('gst_rate_bp', 'integer', (c) => c.notNull().defaultTo(1000))
    .execute();

  await db.schema.createIndex('orders_paid_at').on('orders').columns(['paid_at', 'vendor_id']).execute();
  await db.schema.createIndex('orders_created_at').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_claim_ticket').on('orders').column('claim_ticket').execute();
  await db.schema.createIndex('orders_customer_mobile').on('orders').column('customer_mobile').execute();
  await db.schema.createIndex('orders_customer_email').on('orders').column('customer_email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'orders_customer_email',
    'orders_customer_mobile',
    'orders_claim_ticket',
    'orders_created_at',
    'orders_paid_at',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('venues').dropColumn('gst_rate_bp').execute();
  await db.schema.alterTable('menu_items').dropColumn('gst_free').execute();
  await db.schema.alterTable('gateway_card_tokens').dropColumn('card_brand').execute();
  await db.schema.alterTable('gateway_transactions').dropColumn('card_brand').execute();
  await db.schema.alterTable('gateway_transactions').dropColumn('refunded_minor').execute();
  await db.schema.alterTable('payments').dropColumn('card_brand').execute();
  await db.schema.dropTable('refunds').execute();
}
