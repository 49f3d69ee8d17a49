/**
 * SQL for the sandbox gateway's own books: sessions (access codes), transactions and card tokens.
 * Charges' `result_code` and `refunded` are compared with literals, never bound values: SQLite
 * prepares a statement again on every run when a bound value could decide whether the partial
 * index gateway_transactions_one_charge applies (three times the cost of the read).
 */
import { PAYMENT_RESULT_CODES } from '@venue/contract/payment';
import { PostgresAdapter, sql, type Insertable, type Kysely, type OnConflictBuilder, type Selectable } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database, GatewayCardTokensTable, GatewaySessionsTable, GatewayTransactionsTable } from '../db/schema.ts';

/** A successful charge's result code, as a literal. */
const SUCCESS = sql.lit(PAYMENT_RESULT_CODES.success);

/**
 * The conflict a second standing charge of an access code meets: the unique index
 * gateway_transactions_one_charge, named by its predicate in literals (SQLite matches a partial
 * index only so).
 */
const unlessCharged = (oc: OnConflictBuilder<Database, 'gateway_transactions'>) =>
  oc.column('access_code').where('result_code', '=', SUCCESS).where('refunded', '=', sql.lit(0)).doNothing();

const insertSessionRow = prepared((qb: Kysely<Database>, row: Insertable<GatewaySessionsTable>) =>
  qb.insertInto('gateway_sessions').values(row),
);

export async function insertGatewaySession(db: Kysely<Database>, row: Insertable<GatewaySessionsTable>): Promise<void> {
  await insertSessionRow(db, row);
}

export function findGatewaySession(db: Kysely<Database>, accessCode: string) {
  return db.selectFrom('gateway_sessions').selectAll().where('access_code', '=', accessCode).executeTakeFirst();
}

/**
 * A card request's charge row as the gateway writes it: everything but what the access code's
 * session gives (its access code and amount).
 */
export type CardAttemptCharge = Omit<Selectable<GatewayTransactionsTable>, 'access_code' | 'amount_minor'>;

/**
 * A card request to record: the session it names (access code, amount in minor units as the
 * request's text, which must read exactly as the session's amount, and reference), its charge
 * row, and, for a successful charge, the card token stored with it.
 */
export interface CardAttempt {
  accessCode: string;
  amount: string;
  reference: string;
  charge: CardAttemptCharge;
  card: Insertable<GatewayCardTokensTable> | null;
}

/**
 * What recordCardAttempt did: whether the request named a session (access code, amount and
 * reference all its), and whether its charge was recorded (not when a successful charge of the
 * code stands, whether read first or met at the unique index by a request at the same time).
 */
export interface CardAttemptResult {
  sessionFound: boolean;
  recorded: boolean;
}

/**
 * Records a card request's charge (and, for a successful one, its card token) only if the request
 * names a session and no successful charge of that session stands. One statement on PostgreSQL;
 * on SQLite (no data-modifying WITH) a read, then the insert(s).
 */
export function recordCardAttempt(db: Kysely<Database>, attempt: CardAttempt): Promise<CardAttemptResult> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? recordCardAttemptInOneStatement(db, attempt)
    : recordCardAttemptInSteps(db, attempt);
}

async function recordCardAttemptInOneStatement(db: Kysely<Database>, attempt: CardAttempt): Promise<CardAttemptResult> {
  const { card, ...rest } = attempt;
  const { rows } = await cardAttemptStatement(db, { ...rest, card: card ?? undefined });
  const row = rows[0]!;
  return { sessionFound: Number(row.session_found) > 0, recorded: Number(row.recorded) > 0 };
}

/** recordCardAttempt's one statement (PostgreSQL), built once per shape (db/prepared.ts). */
const cardAttemptStatement = prepared(
  (
    _qb: Kysely<Database>,
    {
      accessCode,
      amount,
      reference,
      charge,
      card,
    }: Omit<CardAttempt, 'card'> & { card?: CardAttempt['card'] | undefined },
  ) => {
    // The standing check reads the snapshot; two requests at once both pass it, and the second's
    // insert then meets the first's charge at the unique index and does nothing. It names the
    // access code itself, not the session's row: joined to the session, PostgreSQL's planner may
    // walk every standing charge of the books to find this code's (one step per charge ever made).
    const token = card
      ? sql`, token as (
        insert into gateway_card_tokens
          (token, card_holder, masked_number, card_brand, expiry_month, expiry_year, created_at)
        select ${card.token}::text, ${card.card_holder}::text, ${card.masked_number}::text,
          ${card.card_brand ?? null}::text, ${card.expiry_month}::text, ${card.expiry_year}::text,
          ${card.created_at}::bigint
        from charge)`
      : sql``;
    return sql<{ session_found: string | number; recorded: string | number }>`
    with s as (
      select access_code, amount_minor from gateway_sessions
      where access_code = ${accessCode} and cast(amount_minor as text) = ${amount} and reference = ${reference}
    ), standing as (
      select 1 from gateway_transactions t
      where t.access_code = ${accessCode} and t.result_code = ${SUCCESS} and t.refunded = 0
    ), charge as (
      insert into gateway_transactions (id, access_code, kind, amount_minor, result_code, card_token,
        masked_number, card_brand, created_at, refunded, refunded_minor)
      select ${charge.id}::text, s.access_code, ${charge.kind}::text, s.amount_minor,
        ${charge.result_code}::integer, ${charge.card_token}::text, ${charge.masked_number}::text,
        ${charge.card_brand}::text, ${charge.created_at}::bigint, ${charge.refunded}::integer,
        ${charge.refunded_minor}::integer
      from s where not exists (select 1 from standing)
      on conflict (access_code) where result_code = ${SUCCESS} and refunded = 0 do nothing
      returning id
    )${token}
    select (select count(*) from s) as session_found, (select count(*) from charge) as recorded
  `;
  },
);

const findSessionOfAttempt = prepared(
  (qb: Kysely<Database>, attempt: { accessCode: string; amount: string; reference: string }) =>
    qb
      .selectFrom('gateway_sessions')
      .select(['access_code', 'amount_minor'])
      .select(
        sql<number>`(select count(*) from gateway_transactions t where t.access_code = gateway_sessions.access_code
        and t.result_code = ${SUCCESS} and t.refunded = 0)`.as('standing_charges'),
      )
      .where('access_code', '=', attempt.accessCode)
      .where(sql`cast(amount_minor as text)`, '=', attempt.amount)
      .where('reference', '=', attempt.reference),
);

const insertCardToken = prepared((qb: Kysely<Database>, card: Insertable<GatewayCardTokensTable>) =>
  qb.insertInto('gateway_card_tokens').values(card),
);

async function recordCardAttemptInSteps(db: Kysely<Database>, attempt: CardAttempt): Promise<CardAttemptResult> {
  const { accessCode, amount, reference } = attempt;
  const session = (await findSessionOfAttempt(db, { accessCode, amount, reference })).rows[0];
  if (!session) return { sessionFound: false, recorded: false };
  if (Number(session.standing_charges) > 0) return { sessionFound: true, recorded: false };
  const charge = { ...attempt.charge, access_code: session.access_code, amount_minor: session.amount_minor };
  const { card } = attempt;
  if (!card) {
    await insertGatewayTransaction(db, charge);
    return { sessionFound: true, recorded: true };
  }
  // The charge and its card's token are stored together, in one transaction of the process's connection.
  const recorded = await db.transaction().execute(async (trx) => {
    if (!(await insertChargeUnlessCharged(trx, charge))) return false;
    await insertCardToken(trx, card);
    return true;
  });
  return { sessionFound: true, recorded };
}

const successfulCharges = prepared((qb: Kysely<Database>, by: { accessCode: string }) =>
  qb
    .selectFrom('gateway_transactions')
    .selectAll()
    .where('access_code', '=', by.accessCode)
    .where('result_code', '=', SUCCESS),
);

/**
 * The access code's latest successful charge (refunded or not). A code has one, or a few once
 * refunded ones are charged again, so the latest is picked here: sorted in the statement, SQLite
 * sorted them in a temporary b-tree, whose set-up cost several times the lookup itself (once per
 * paid order, in the payment update).
 */
export async function findSuccessfulCharge(db: Kysely<Database>, accessCode: string) {
  const { rows } = await successfulCharges(db, { accessCode });
  let latest = rows[0];
  for (const row of rows) if (row.created_at > latest!.created_at) latest = row;
  return latest;
}

/** The access code's latest charge, whatever its result. */
export function findLatestCharge(db: Kysely<Database>, accessCode: string) {
  return db
    .selectFrom('gateway_transactions')
    .selectAll()
    .where('access_code', '=', accessCode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

const insertChargeRowUnlessCharged = prepared((qb: Kysely<Database>, charge: Selectable<GatewayTransactionsTable>) =>
  qb.insertInto('gateway_transactions').values(charge).onConflict(unlessCharged),
);

/**
 * Records a successful charge without a new card token (a saved card's), unless the access code
 * already has a successful charge standing (unlessCharged): answers whether it did.
 */
export async function insertChargeUnlessCharged(
  db: Kysely<Database>,
  charge: Selectable<GatewayTransactionsTable>,
): Promise<boolean> {
  const inserted = await insertChargeRowUnlessCharged(db, charge);
  return Number(inserted.numAffectedRows ?? 0) === 1;
}

export async function insertGatewayTransaction(
  db: Kysely<Database>,
  row: Selectable<GatewayTransactionsTable>,
): Promise<void> {
  await db.insertInto('gateway_transactions').values(row).execute();
}

export function findTransaction(db: Kysely<Database>, transactionId: string) {
  return db.selectFrom('gateway_transactions').selectAll().where('id', '=', transactionId).executeTakeFirst();
}

/**
 * Gives back `amountMinor` of a successful charge if that much is left of it (one statement, so two
 * refunds at once cannot both take the last of it); answers whether it did. The charge is marked
 * refunded once all of it went back.
 */
export async function refundTransaction(
  db: Kysely<Database>,
  transactionId: string,
  amountMinor: number,
): Promise<boolean> {
  const result = await db
    .updateTable('gateway_transactions')
    .set((eb) => ({
      refunded_minor: eb('refunded_minor', '+', amountMinor),
      refunded: eb
        .case()
        .when(eb('refunded_minor', '+', amountMinor), '>=', eb.ref('amount_minor'))
        .then(1)
        .else(0)
        .end(),
    }))
    .where('id', '=', transactionId)
    .where('refunded', '=', sql.lit(0))
    .where((eb) => eb(eb('refunded_minor', '+', amountMinor), '<=', eb.ref('amount_minor')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findCardToken(db: Kysely<Database>, token: string) {
  return db.selectFrom('gateway_card_tokens').selectAll().where('token', '=', token).executeTakeFirst();
}
