/** SQL for coupons. */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CouponsTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findCouponByCode(db: Db, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

export function insertCoupons(db: Db, rows: Insertable<CouponsTable>[]) {
  return db.insertInto('coupons').values(rows).execute();
}

export async function hasCoupons(db: Db): Promise<boolean> {
  return (await db.selectFrom('coupons').select('id').limit(1).executeTakeFirst()) !== undefined;
}
