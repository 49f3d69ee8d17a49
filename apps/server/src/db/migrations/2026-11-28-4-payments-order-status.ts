/**
 * An order's payments by status in one index (order id, then status) instead of by order id alone.
 * Asked whether an order has a card payment still Initiated, PostgreSQL without statistics (a new
 * database, or one autovacuum never analysed) combined the order-id index with the status index,
 * and read every payment ever made in that status on each payment update (decision 047). The new
 * index answers the order-id lookups the old one did. Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('payments_order_status').on('payments').columns(['order_id', 'status']).execute();
  await db.schema.dropIndex('payments_order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('payments_order_id').on('payments').column('order_id').execute();
  await db.schema.dropIndex('payments_order_status').execute();
}
