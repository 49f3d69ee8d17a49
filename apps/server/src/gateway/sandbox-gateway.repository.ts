/** SQL for the sandbox gateway's own books: sessions (access codes), transactions and card tokens. */
import { PAYMENT_RESULT_CODES } from '@venue/contract/payment';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, GatewayCardTokensTable, GatewaySessionsTable, GatewayTransactionsTable } from '../db/schema.ts';

export async function insertGatewaySession(db: Kysely<Database>, row: Insertable<GatewaySessionsTable>): Promise<void> {
  await db.insertInto('gateway_sessions').values(row).execute();
}

export function findGatewaySession(db: Kysely<Database>, accessCode: string) {
  return db.selectFrom('gateway_sessions').selectAll().where('access_code', '=', accessCode).executeTakeFirst();
}

/** The access code's latest successful charge (refunded or not). */
export function findSuccessfulCharge(db: Kysely<Database>, accessCode: string) {
  return db
    .selectFrom('gateway_transactions')
    .selectAll()
    .where('access_code', '=', accessCode)
    .where('result_code', '=', PAYMENT_RESULT_CODES.success)
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
    .where('refunded', '=', 0)
    .where((eb) => eb(eb('refunded_minor', '+', amountMinor), '<=', eb.ref('amount_minor')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertCardToken(db: Kysely<Database>, row: Insertable<GatewayCardTokensTable>): Promise<void> {
  await db.insertInto('gateway_card_tokens').values(row).execute();
}

export function findCardToken(db: Kysely<Database>, token: string) {
  return db.selectFrom('gateway_card_tokens').selectAll().where('token', '=', token).executeTakeFirst();
}
