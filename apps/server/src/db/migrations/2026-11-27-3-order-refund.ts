/**
 * What a cancelled order gave back, so the customer can be told (issue 23): the refund on the
 * order (amount, how it was paid, the card's last four digits or the coupon), the last four digits
 * of the card each payment was charged to (what the gateway tells of a charge), and refund emails
 * counted with the receipts (the same daily limits per recipient) but apart from them (one per
 * order). Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refund', 'text').execute();
  await db.schema.alterTable('payments').addColumn('card_last_four', 'text').execute();
  await db.schema
    .alterTable('receipts')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('receipt'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('receipts').dropColumn('kind').execute();
  await db.schema.alterTable('payments').dropColumn('card_last_four').execute();
  await db.schema.alterTable('orders').dropColumn('refund').execute();
}
