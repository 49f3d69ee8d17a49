/** SQL for payments. */
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, OrdersTable, PaymentsTable } from '../../db/schema.ts';

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

const LISTED = [
  'id',
  'order_id',
  'status',
  'amount_minor',
  'access_code',
  'reference',
  'transaction_id',
  'response_code',
  'created_at',
  'updated_at',
  'method',
  'save_payment_method',
  'message',
  'card_last_four',
  'card_brand',
] as const satisfies ReadonlyArray<keyof PaymentsTable>;
/**
 * Every column of payments, for reading a payment beside another table's row: a column added to
 * the table and not to this list fails to compile (the type is never).
 */
const PAYMENT_COLUMNS: [Exclude<keyof PaymentsTable, (typeof LISTED)[number]>] extends [never] ? typeof LISTED : never =
  LISTED;

/**
 * The consumer's order (of the store, when given) and one payment of it, in one read: the order is
 * undefined when the consumer has no such order, the payment when the order has no such payment.
 */
export async function findConsumerOrderAndPayment(
  db: Db,
  consumerId: string,
  orderId: number,
  paymentId: number,
  vendorId?: number,
): Promise<{ order: Selectable<OrdersTable>; payment: Selectable<PaymentsTable> | undefined } | undefined> {
  let query = db
    .selectFrom('orders')
    .leftJoin('payments', (join) => join.onRef('payments.order_id', '=', 'orders.id').on('payments.id', '=', paymentId))
    .selectAll('orders')
    .select((eb) => PAYMENT_COLUMNS.map((column) => eb.ref(`payments.${column}`).as(`payment__${column}`)))
    .where('orders.id', '=', orderId)
    .where('orders.consumer_id', '=', consumerId);
  if (vendorId !== undefined) query = query.where('orders.vendor_id', '=', vendorId);
  const row = (await query.executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const payment: Record<string, unknown> = {};
  for (const column of PAYMENT_COLUMNS) {
    payment[column] = row[`payment__${column}`];
    delete row[`payment__${column}`];
  }
  return {
    order: row as Selectable<OrdersTable>,
    payment: payment.id === null || payment.id === undefined ? undefined : (payment as Selectable<PaymentsTable>),
  };
}

/**
 * The consumer's order (of the store, when given), and whether it has card payments still waiting
 * to be settled (listUnsettledCardPayments), in one read.
 */
export async function findConsumerOrderFlaggingUnsettled(
  db: Db,
  consumerId: string,
  orderId: number,
  vendorId?: number,
): Promise<{ order: Selectable<OrdersTable>; unsettled: boolean } | undefined> {
  let query = db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.order_id', '=', 'orders.id')
            .where('payments.status', '=', 'Initiated')
            .where('payments.access_code', 'is not', null),
        )
        .as('unsettled_card_payments'),
    )
    .where('orders.id', '=', orderId)
    .where('orders.consumer_id', '=', consumerId);
  if (vendorId !== undefined) query = query.where('orders.vendor_id', '=', vendorId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const { unsettled_card_payments: unsettled, ...order } = row;
  return { order, unsettled: Boolean(unsettled) };
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
