/**
 * The queue position of an order counts the Waiting orders queued before it. With the queue time
 * and id in the index the count reads the index alone instead of every waiting order's row. The
 * new index starts with (vendor_id, order_status), so it replaces the old one. Frozen: never edit
 * after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_vendor_status_queue')
    .on('orders')
    .columns(['vendor_id', 'order_status', 'time_queued', 'id'])
    .execute();
  await db.schema.dropIndex('orders_vendor_status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_vendor_status').on('orders').columns(['vendor_id', 'order_status']).execute();
  await db.schema.dropIndex('orders_vendor_status_queue').execute();
}
