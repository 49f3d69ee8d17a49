/** SQL for payments. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function insertPayment(db: Db, row: Insertable<PaymentsTable>) {
  return db.insertInto('payments').values(row).returning('id').executeTakeFirstOrThrow();
}

export function findPayment(db: Db, paymentId: number, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** The order's card payments still waiting to be settled, newest first (each holds a gateway access code). */
export function listUnsettledCardPayments(db: Db, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'Initiated')
    .where('access_code', 'is not', null)
    .orderBy('id', 'desc')
    .execute();
}

/** Changes a payment only while it has the expected status; answers whether it did. */
export async function updatePaymentIfStatus(
  db: Db,
  paymentId: number,
  expectedStatus: string,
  changes: Updateable<PaymentsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set(changes)
    .where('id', '=', paymentId)
    .where('status', '=', expectedStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The order's succeeded payments: what a cancelled order gives back. */
export function listSucceededPayments(db: Db, orderId: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'transaction_id', 'amount_minor', 'method', 'card_last_four'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'Succeeded')
    .execute();
}

/**
 * Initiated payments created at or before `createdBefore`, after the cursor (created_at, id), in
 * that order: the next batch an unreported-payment sweep checks.
 */
export function listInitiatedPaymentsAfter(
  db: Db,
  cursor: { createdAt: number; id: number },
  createdBefore: number,
  limit: number,
) {
  const { createdAt, id } = cursor;
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'Initiated')
    .where('created_at', '<=', createdBefore)
    .where((eb) =>
      eb.or([eb('created_at', '>', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)])]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}
