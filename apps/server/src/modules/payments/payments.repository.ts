/** SQL for payments. */
import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import {
  PAYMENT_FACTS_PREFIX,
  paymentFactsColumns,
  parsePaymentFacts,
  type PaymentFacts,
} from '../orders/order-changes.ts';
import { Part, prepared } from '../../db/prepared.ts';
import type { AuditLogTable, Database, OrdersTable, PaymentsTable, SavedCardsTable } from '../../db/schema.ts';
import {
  ANSWERED,
  readOneCarryingClaim,
  type AnswerCarrier,
  type CarriedClaim,
} from '../../lib/idempotency.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

const paymentInsert = (qb: Kysely<Database>, row: Insertable<PaymentsTable>) =>
  qb.insertInto('payments').values(row).returning('id');
const insertPaymentRow = prepared(paymentInsert);

/** An answer's body carrying the new payment's id as its `id` (insertPayment). */
const withPaymentId = (v: { json: string }) =>
  sql<string>`jsonb_set(${v.json}::jsonb, '{id}', to_jsonb((select id from p)))::text`;

const insertPaymentAnswering = prepared(
  (qb: Kysely<Database>, v: { row: Insertable<PaymentsTable>; answer: Part }) =>
    sql<{ id: number; answered: unknown }>`with p as (${paymentInsert(qb, v.row)}), ${v.answer.in(qb)}
    select (select id from p) as id, ${ANSWERED} as answered`,
);

/**
 * Inserts a payment; answers its id. Given an Idempotency-Key's answer to carry (PostgreSQL), the
 * same statement keeps `result`, with the new payment's id as its `id`, as the call's answer.
 */
export async function insertPayment(
  db: Db,
  row: Insertable<PaymentsTable>,
  answering: { key: AnswerCarrier; result: object } | null = null,
): Promise<{ id: number }> {
  const carried = answering?.key.answer(new Part(withPaymentId, { json: JSON.stringify(answering.result) }), null);
  if (!carried) return (await insertPaymentRow(db, row)).rows[0]!;
  const { rows } = await insertPaymentAnswering(db, { row, answer: carried.cte });
  const found = rows[0]!;
  carried.answered(found.answered);
  return { id: found.id };
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

/** How findConsumerOrderAndPayment names the payment's columns beside the order's. */
const PAYMENT_PREFIX = 'payment__';
const PAYMENT_SELECT = sql.raw(
  PAYMENT_COLUMNS.map((column) => `payments.${column} as ${PAYMENT_PREFIX}${column}`).join(', '),
);

/**
 * The order's store as a condition, when given. The two reads below run on every paying call and
 * every poll of an order: they are written as SQL, since Kysely's builder took longer to build and
 * compile them than SQLite took to answer (90 against 27 µs for the joined read).
 */
const ofVendor = (vendorId: number | undefined) =>
  vendorId === undefined ? sql`` : sql` and orders.vendor_id = ${vendorId}`;

/** The read of findConsumerOrderAndPayment (with paying's facts, or without). */
const orderAndPaymentRead =
  (facts: boolean) =>
  (
    v: { consumerId: string; orderId: number; paymentId: number; vendorId?: number | undefined },
    db: Kysely<Database>,
  ) =>
    sql<Record<string, unknown> & { id: unknown }>`select orders.*, ${PAYMENT_SELECT}${
      facts ? sql`, ${paymentFactsColumns(db)}` : sql``
    } from orders
    left join payments on payments.order_id = orders.id and payments.id = ${v.paymentId}
    where orders.id = ${v.orderId} and orders.consumer_id = ${v.consumerId}${ofVendor(v.vendorId)}`;
const orderAndPayment = orderAndPaymentRead(false);
const orderAndPaymentWithFacts = orderAndPaymentRead(true);

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
  options: { claim?: CarriedClaim | null; facts?: boolean } = {},
): Promise<
  | { order: Selectable<OrdersTable>; payment: Selectable<PaymentsTable> | undefined; facts: PaymentFacts | null }
  | undefined
> {
  const row = await readOneCarryingClaim(
    db,
    new Part(options.facts ? orderAndPaymentWithFacts : orderAndPayment, { consumerId, orderId, paymentId, vendorId }),
    options.claim ?? null,
  );
  if (!row) return undefined;
  // Split into new objects (deleting keys from the row would slow every later read of it).
  const order: Record<string, unknown> = {};
  const payment: Record<string, unknown> = {};
  for (const key in row) {
    if (key.startsWith(PAYMENT_PREFIX)) payment[key.slice(PAYMENT_PREFIX.length)] = row[key];
    else if (!key.startsWith(PAYMENT_FACTS_PREFIX)) order[key] = row[key];
  }
  return {
    order: order as Selectable<OrdersTable>,
    payment: payment.id === null || payment.id === undefined ? undefined : (payment as Selectable<PaymentsTable>),
    facts: options.facts ? parsePaymentFacts(row) : null,
  };
}

/** The consumer's saved card as a payment offers it again. */
export type OfferedCard = Pick<
  Selectable<SavedCardsTable>,
  'card_name' | 'masked_number' | 'expiry_month' | 'expiry_year'
>;

/** The read of findConsumerOrderFlaggingUnsettled (with the saved card, or without). */
const orderFlaggingUnsettledRead =
  (savedCard: boolean) => (v: { consumerId: string; orderId: number; vendorId?: number | undefined }) => {
    const card = savedCard
      ? sql`, saved.card_name as saved__card_name, saved.masked_number as saved__masked_number,
        saved.expiry_month as saved__expiry_month, saved.expiry_year as saved__expiry_year`
      : sql``;
    const cardJoin = savedCard
      ? sql` left join saved_cards saved
        on saved.id = (select max(s.id) from saved_cards s where s.consumer_id = orders.consumer_id)`
      : sql``;
    return sql<
      Selectable<OrdersTable> & { unsettled_card_payments: unknown } & Partial<
          Record<`saved__${keyof OfferedCard}`, string | null>
        >
    >`select orders.*,
      exists (select 1 from payments where payments.order_id = orders.id and payments.status = 'Initiated'
        and payments.access_code is not null) as unsettled_card_payments${card}
    from orders${cardJoin} where orders.id = ${v.orderId} and orders.consumer_id = ${v.consumerId}${ofVendor(v.vendorId)}`;
  };
const orderFlaggingUnsettled = orderFlaggingUnsettledRead(false);
const orderFlaggingUnsettledWithCard = orderFlaggingUnsettledRead(true);

/**
 * The consumer's order (of the store, when given), and whether it has card payments still waiting
 * to be settled (listUnsettledCardPayments), in one read; with `savedCard`, also the card the
 * consumer saved last (initiate-payment offers it), and carrying an Idempotency-Key's claim when
 * given one.
 */
export async function findConsumerOrderFlaggingUnsettled(
  db: Db,
  consumerId: string,
  orderId: number,
  vendorId?: number,
  options: { claim?: CarriedClaim | null; savedCard?: boolean } = {},
): Promise<{ order: Selectable<OrdersTable>; unsettled: boolean; savedCard: OfferedCard | null } | undefined> {
  const row = await readOneCarryingClaim(
    db,
    new Part(options.savedCard ? orderFlaggingUnsettledWithCard : orderFlaggingUnsettled, {
      consumerId,
      orderId,
      vendorId,
    }),
    options.claim ?? null,
  );
  if (!row) return undefined;
  const {
    unsettled_card_payments: unsettled,
    saved__card_name: cardName,
    saved__masked_number: maskedNumber,
    saved__expiry_month: expiryMonth,
    saved__expiry_year: expiryYear,
    ...order
  } = row;
  const savedCard =
    cardName === null || cardName === undefined
      ? null
      : {
          card_name: cardName,
          masked_number: maskedNumber as string,
          expiry_month: expiryMonth as string,
          expiry_year: expiryYear as string,
        };
  return { order, unsettled: Boolean(unsettled), savedCard };
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

/** PostgreSQL's SQLSTATE for a division by zero: settleInOneStatement's refusal. */
const DIVISION_BY_ZERO = '22012';

/**
 * Settles a payment that takes no stock and no coupon in one statement (PostgreSQL): the payment
 * moves from Initiated, then, only if it did, the order from Pending, then, only if that did, the
 * audit row is written (PostgreSQL runs a data-modifying WITH whether or not it is read). A payment that moved while its order did not makes the statement fail
 * (a division by zero in its last line), so nothing of it is written, as a transaction rolled
 * back would leave it. Answers 'settled', 'settled-elsewhere' (the payment was not Initiated:
 * another request settled it) or 'order-not-pending'.
 */
export async function settleInOneStatement(
  db: Kysely<Database>,
  change: {
    paymentId: number;
    payment: Updateable<PaymentsTable>;
    orderId: number;
    order: Updateable<OrdersTable>;
    audit: Insertable<AuditLogTable>;
    /** an Idempotency-Key's answer to keep when the order moves: the call's result */
    answering?: { key: AnswerCarrier; result: object } | null;
    /**
     * The order's event: what the statement evaluates for it (an expression taking the event's
     * subject, and the event marked as owed once the order moved: a WITH body of the moved rows,
     * answering the mark's version), and the columns that read the moved order as the event shows
     * it (for the rows named `o`). Parts, so the statement is built once (db/prepared.ts).
     */
    event?: { subject: SettledSubject | null; columns: Part } | null;
  },
): Promise<{
  result: 'settled' | 'settled-elsewhere' | 'order-not-pending';
  order: Record<string, unknown> | null;
  /** the version of the event's mark, when the order moved */
  due: number | null;
}> {
  const { event } = change;
  const carried =
    change.answering?.key.answer(new Part(jsonText, { json: JSON.stringify(change.answering.result) }), ORDER_MOVED) ??
    null;
  try {
    const { rows } = await settleStatement(db, {
      paymentId: change.paymentId,
      payment: change.payment,
      orderId: change.orderId,
      order: change.order,
      audit: change.audit,
      answer: carried?.cte,
      columns: event?.columns,
      subject: event?.subject ?? undefined,
    });
    const {
      settle__moved: count,
      settle__answered: answered,
      settle__consistent: _c,
      settle__taken: _t,
      settle__due: due,
      ...row
    } = rows[0]!;
    carried?.answered(answered);
    if (Number(count) !== 1) return { result: 'settled-elsewhere', order: null, due: null };
    return {
      result: 'settled',
      order: event && row.id !== null && row.id !== undefined ? row : null,
      due: due === null || due === undefined ? null : Number(due),
    };
  } catch (error) {
    if ((error as { code?: unknown }).code === DIVISION_BY_ZERO)
      return { result: 'order-not-pending', order: null, due: null };
    throw error;
  }
}

/** What the settlement evaluates for the order's event (the event bus's ChangeSubject). */
interface SettledSubject {
  take: Part;
  mark: Part<object, (rows: RawBuilder<unknown>) => RawBuilder<unknown>>;
}

/** An SQL text value: the call's answer as JSON. */
const jsonText = (v: { json: string }) => sql<string>`${v.json}`;
/** The settlement's answer is kept only if the order moved. */
const ORDER_MOVED = new Part(() => sql`exists (select 1 from o)`, {});

/** settleInOneStatement's statement, built once per shape of its values. */
const settleStatement = prepared(
  (
    qb: Kysely<Database>,
    c: {
      paymentId: number;
      payment: Updateable<PaymentsTable>;
      orderId: number;
      order: Updateable<OrdersTable>;
      audit: Insertable<AuditLogTable>;
      answer?: Part | undefined;
      columns?: Part | undefined;
      subject?: SettledSubject | undefined;
    },
  ) => {
    const { audit, answer, columns, subject } = c;
    const payment = qb
      .updateTable('payments')
      .set(c.payment)
      .where('id', '=', c.paymentId)
      .where('status', '=', 'Initiated')
      .returning('id');
    const order = qb
      .updateTable('orders')
      .set(c.order)
      .where('id', '=', c.orderId)
      .where('order_status', '=', 'Pending')
      .where(sql<boolean>`exists (select 1 from p)`)
      .returningAll();
    // The moved order's row and its event's columns, when asked for: a row comes back either way.
    const moved = columns
      ? sql`, ${subject ? sql`(select ${subject.take.in(qb)})` : sql`null`} as settle__taken,
      ${subject ? sql`(select version from d)` : sql`null`} as settle__due, o.*, ${columns.in(qb)}`
      : sql``;
    return sql<Record<string, unknown>>`with p as (${payment}), o as (${order}),
      a as (insert into audit_log (at, actor, action, entity, entity_id, details)
        select ${audit.at}::bigint, ${audit.actor}::text, ${audit.action}::text, ${audit.entity}::text,
          ${audit.entity_id}::text, ${audit.details ?? null}::text from o)${answer ? sql`, ${answer.in(qb)}` : sql``}${
            subject ? sql`, d as (${subject.mark.in(qb)(sql`o`)})` : sql``
          }
      select (select count(*) from p) as settle__moved, ${answer ? ANSWERED : sql`0`} as settle__answered,
        1 / (case when (select count(*) from p) = (select count(*) from o) then 1 else 0 end) as settle__consistent${moved}
      from (select 1) as one${columns ? sql` left join o on true` : sql``}`;
  },
);

const updatePaymentRowIfStatus = prepared(
  (qb: Kysely<Database>, change: { paymentId: number; expectedStatus: string; changes: Updateable<PaymentsTable> }) =>
    qb
      .updateTable('payments')
      .set(change.changes)
      .where('id', '=', change.paymentId)
      .where('status', '=', change.expectedStatus),
);

/** Changes a payment only while it has the expected status; answers whether it did. */
export async function updatePaymentIfStatus(
  db: Db,
  paymentId: number,
  expectedStatus: string,
  changes: Updateable<PaymentsTable>,
): Promise<boolean> {
  const result = await updatePaymentRowIfStatus(db, { paymentId, expectedStatus, changes });
  return Number(result.numAffectedRows) === 1;
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
