/** SQL for refunds: money given back on an order, once per Idempotency-Key. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, RefundsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function insertRefund(db: Db, row: Insertable<RefundsTable>) {
  return db.insertInto('refunds').values(row).returning('id').executeTakeFirstOrThrow();
}

export function findRefund(db: Db, refundId: number) {
  return db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
}

export function findRefundByKey(db: Db, orderId: number, key: string) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The refunds of some orders (pending ones too), oldest first. */
export function listRefundsOfOrders(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('refunds').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

/** Marks a Pending refund given; answers whether it was still Pending (another process may have settled it). */
export async function setRefundSucceeded(db: Db, refundId: number): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ status: 'Succeeded' })
    .where('id', '=', refundId)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a refund still Pending (a reservation the gateway never took); answers whether it did. */
export async function deletePendingRefund(db: Db, refundId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('refunds')
    .where('id', '=', refundId)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Refunds still Pending that were reserved at or before `createdBefore`, oldest first. */
export function listPendingRefunds(db: Db, createdBefore: number, limit: number) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'Pending')
    .where('created_at', '<=', createdBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A payment's refunds (pending ones too). */
export function listRefundsOfPayment(db: Db, paymentId: number) {
  return db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();
}

/** The order's payments that took money or a coupon, with what shows of them. */
export function listOrderPayments(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .select([
      'id',
      'order_id',
      'status',
      'amount_minor',
      'method',
      'transaction_id',
      'card_last_four',
      'card_brand',
      'created_at',
    ])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}
