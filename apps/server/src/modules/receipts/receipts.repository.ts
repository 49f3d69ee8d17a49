/** SQL for sent receipts. */
import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
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
  kind?: 'receipt' | 'refund' | `refund:${number}`,
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

/** One limit a mail must fit under: at most `max` sent since `sinceMs` that match. */
export interface MailCountLimit {
  match: { order_id: number } | { email: string } | { client_address: string };
  sinceMs: number;
  kind?: 'receipt' | 'refund';
  max: number;
}

/** At most `max` different recipients of one order's receipts (the new one counted unless it is one of them). */
export interface MailRecipientsLimit {
  orderId: number;
  max: number;
}

/** The advisory lock space of mail limits (any fixed number; 'rcpt' in ASCII). */
const MAIL_LIMIT_LOCK = 0x72637074;

/**
 * Counts a mail about to be sent, if it fits under every limit: the counts and the insert run in
 * one transaction holding a lock on each thing counted (PostgreSQL advisory locks on the order,
 * the recipient and the client address, taken in one order so two requests never wait on each
 * other in a circle; SQLite serialises its writers anyway), so requests arriving together each see
 * the others and no limit is passed. Answers the new row's id, or the first limit it would break.
 */
export async function insertReceiptWithin(
  db: Kysely<Database>,
  row: Insertable<ReceiptsTable>,
  limits: readonly MailCountLimit[],
  recipients: MailRecipientsLimit | null,
): Promise<{ id: number } | { exceeded: MailCountLimit | MailRecipientsLimit }> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      const subjects = [...new Set(limits.map((limit) => JSON.stringify(limit.match)))].sort();
      for (const subject of subjects) {
        await sql`select pg_advisory_xact_lock(${MAIL_LIMIT_LOCK}, hashtext(${subject}))`.execute(trx);
      }
    }
    for (const limit of limits) {
      if ((await countReceiptsSince(trx, limit.match, limit.sinceMs, limit.kind)) >= limit.max)
        return { exceeded: limit };
    }
    if (recipients) {
      const sentTo = await trx
        .selectFrom('receipts')
        .select('email')
        .distinct()
        .where('order_id', '=', recipients.orderId)
        .where('kind', '=', 'receipt')
        .execute();
      const known = sentTo.some((sent) => sent.email === row.email);
      if (!known && sentTo.length >= recipients.max) return { exceeded: recipients };
    }
    const { id } = await trx.insertInto('receipts').values(row).returning('id').executeTakeFirstOrThrow();
    return { id: Number(id) };
  });
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
