/**
 * The sandbox gateway charges an access code once: at most one successful charge per code that has
 * not been refunded in full, held by a unique partial index, so two card requests for one code on
 * two connections cannot both charge it (PostgreSQL reads committed rows only, and each could read
 * the other's code as unpaid), and a charge is one statement instead of a transaction that reads
 * first. The previous release wrote a second such charge only in that race, so it keeps working.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('gateway_transactions_one_charge')
    .on('gateway_transactions')
    .column('access_code')
    .unique()
    .where(sql.ref('result_code'), '=', 1)
    .where(sql.ref('refunded'), '=', 0)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gateway_transactions_one_charge').execute();
}
