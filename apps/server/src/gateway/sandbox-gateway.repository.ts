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

export async function markTransactionRefunded(db: Kysely<Database>, transactionId: string): Promise<void> {
  await db.updateTable('gateway_transactions').set({ refunded: 1 }).where('id', '=', transactionId).execute();
}

export async function insertCardToken(db: Kysely<Database>, row: Insertable<GatewayCardTokensTable>): Promise<void> {
  await db.insertInto('gateway_card_tokens').values(row).execute();
}

export function findCardToken(db: Kysely<Database>, token: string) {
  return db.selectFrom('gateway_card_tokens').selectAll().where('token', '=', token).executeTakeFirst();
}
