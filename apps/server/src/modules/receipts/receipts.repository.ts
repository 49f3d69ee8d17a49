/** SQL for sent receipts. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, ReceiptsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Mail sent since `sinceMs` to one order, recipient or client address (each column is indexed
 * with sent_at): receipts and refund emails, or only those of one `kind`.
 */
export async function countReceiptsSince(
  db: Db,
  match: { order_id: number } | { email: string } | { client_address: string },
  sinceMs: number,
  kind?: 'receipt' | 'refund',
): Promise<number> {
  let query = db
    .selectFrom('receipts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => eb.and(match))
    .where('sent_at', '>', sinceMs);
  if (kind) query = query.where('kind', '=', kind);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The store and venue a receipt names: store name and phone, venue name and time zone. */
export function findReceiptPlace(db: Db, vendorId: number) {
  return db
    .selectFrom('vendors')
    .innerJoin('venues', 'venues.id', 'vendors.venue_id')
    .select(['vendors.store_name', 'vendors.phone_number', 'venues.name as venue_name', 'venues.time_zone'])
    .where('vendors.id', '=', vendorId)
    .executeTakeFirstOrThrow();
}

/** Counts a receipt about to be sent; answers its id. */
export function insertReceipt(db: Db, row: Insertable<ReceiptsTable>) {
  return db.insertInto('receipts').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Forgets a receipt whose sending failed. */
export async function deleteReceipt(db: Db, receiptId: number): Promise<void> {
  await db.deleteFrom('receipts').where('id', '=', receiptId).execute();
}

/** Records the mail server's id of a sent receipt. */
export async function setReceiptMessageId(db: Db, receiptId: number, messageId: string | null): Promise<void> {
  await db.updateTable('receipts').set({ message_id: messageId }).where('id', '=', receiptId).execute();
}
