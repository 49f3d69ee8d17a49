/**
 * SQL for the sandbox gateway's own books: sessions (access codes), transactions and card tokens.
 * Charges' `result_code` and `refunded` are compared with literals, never bound values: SQLite
 * prepares a statement again on every run when a bound value could decide whether the partial
 * index gateway_transactions_one_charge applies (three times the cost of the read).
 */
import { PAYMENT_RESULT_CODES } from '@venue/contract/payment';
import { PostgresAdapter, sql, type Insertable, type Kysely, type OnConflictBuilder, type Selectable } from 'kysely';
import type { Database, GatewayCardTokensTable, GatewaySessionsTable, GatewayTransactionsTable } from '../db/schema.ts';

export async function insertGatewaySession(db: Kysely<Database>, row: Insertable<GatewaySessionsTable>): Promise<void> {
  await db.insertInto('gateway_sessions').values(row).execute();
}

export function findGatewaySession(db: Kysely<Database>, accessCode: string) {
  return db.selectFrom('gateway_sessions').selectAll().where('access_code', '=', accessCode).executeTakeFirst();
}

/**
 * The session of an access code, and whether a successful charge of it stands (not refunded in
 * full): what a card request needs to know first, in one read.
 */
export async function findSessionForCharge(db: Kysely<Database>, accessCode: string) {
  const row = await db
    .selectFrom('gateway_sessions')
    .selectAll()
    .select(
      sql<number>`(select count(*) from gateway_transactions t where t.access_code = gateway_sessions.access_code
        and t.result_code = ${sql.lit(PAYMENT_RESULT_CODES.success)} and t.refunded = 0)`.as('standing_charges'),
    )
    .where('access_code', '=', accessCode)
    .executeTakeFirst();
  if (!row) return undefined;
  const { standing_charges: standing, ...session } = row;
  return { session, charged: Number(standing) > 0 };
}

/**
 * The conflict a second standing charge of an access code meets: the unique index
 * gateway_transactions_one_charge, named by its predicate in literals (SQLite matches a partial
 * index only so).
 */
const unlessCharged = (oc: OnConflictBuilder<Database, 'gateway_transactions'>) =>
  oc
    .column('access_code')
    .where('result_code', '=', sql.lit(PAYMENT_RESULT_CODES.success))
    .where('refunded', '=', sql.lit(0))
    .doNothing();

/**
 * Records a successful card charge and its card token, unless the access code already has a
 * successful charge standing (unlessCharged): answers whether it did. One statement on PostgreSQL; on SQLite one transaction of the process's connection.
 */
export async function insertCardCharge(
  db: Kysely<Database>,
  charge: Selectable<GatewayTransactionsTable>,
  card: Insertable<GatewayCardTokensTable>,
): Promise<boolean> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const rows = await db
      .with('charge', (qb) =>
        qb.insertInto('gateway_transactions').values(charge).onConflict(unlessCharged).returning('id'),
      )
      .insertInto('gateway_card_tokens')
      .columns(['token', 'card_holder', 'masked_number', 'card_brand', 'expiry_month', 'expiry_year', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('charge')
          .select([
            sql<string>`${card.token}::text`.as('token'),
            sql<string>`${card.card_holder}::text`.as('card_holder'),
            sql<string>`${card.masked_number}::text`.as('masked_number'),
            sql<string | null>`${card.card_brand ?? null}::text`.as('card_brand'),
            sql<string>`${card.expiry_month}::text`.as('expiry_month'),
            sql<string>`${card.expiry_year}::text`.as('expiry_year'),
            sql<number>`${card.created_at}::bigint`.as('created_at'),
          ]),
      )
      .returning('token')
      .execute();
    return rows.length === 1;
  }
  return db.transaction().execute(async (trx) => {
    if (!(await insertChargeUnlessCharged(trx, charge))) return false;
    await trx.insertInto('gateway_card_tokens').values(card).execute();
    return true;
  });
}

/** The access code's latest successful charge (refunded or not). */
export function findSuccessfulCharge(db: Kysely<Database>, accessCode: string) {
  return db
    .selectFrom('gateway_transactions')
    .selectAll()
    .where('access_code', '=', accessCode)
    .where('result_code', '=', sql.lit(PAYMENT_RESULT_CODES.success))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
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

/**
 * Records a successful charge without a new card token (a saved card's), unless the access code
 * already has a successful charge standing (unlessCharged): answers whether it did.
 */
export async function insertChargeUnlessCharged(
  db: Kysely<Database>,
  charge: Selectable<GatewayTransactionsTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('gateway_transactions')
    .values(charge)
    .onConflict(unlessCharged)
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
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
