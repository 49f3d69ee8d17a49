/**
 * An order keeps what it paid for items sold without GST (as priced, options included) and the
 * method of the payment that paid it, so the takings read the orders table alone and the GST of a
 * sale follows the item's flag when it was sold. Orders placed before are filled from their lines,
 * the items' flags now and their payments. Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('gst_free_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE orders SET gst_free_minor = (
      SELECT coalesce(sum(oi.price_minor), 0) FROM order_items oi
      JOIN menu_items m ON m.id = coalesce(oi.menu_item_id, oi.parent_item_id)
      WHERE oi.order_id = orders.id AND m.gst_free = 1 AND oi.item_type <> 'ServiceCharge'
    )
    WHERE EXISTS (SELECT 1 FROM menu_items WHERE gst_free = 1)`.execute(db);
  await db.schema.alterTable('orders').addColumn('paid_method', 'text').execute();
  await sql`
    UPDATE orders SET paid_method = (
      SELECT p.method FROM payments p WHERE p.order_id = orders.id AND p.status IN ('Succeeded', 'Refunded')
      ORDER BY p.id DESC LIMIT 1
    )
    WHERE paid_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('paid_method').execute();
  await db.schema.alterTable('orders').dropColumn('gst_free_minor').execute();
}
