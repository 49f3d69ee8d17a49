/** SQL for coupons (a venue's catalogue writes them: modules/catalogue). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Counts one use of the coupon while it has uses left; answers whether it did. */
export async function useCoupon(db: Db, code: string): Promise<boolean> {
  const used = await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('code', '=', code)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export function findCouponByCode(db: Db, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Gives back the use of a coupon a cancelled paid order took, so the customer can use it again. */
export async function returnCouponUse(db: Db, code: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
    .where('code', '=', code)
    .where('used_count', '>', 0)
    .execute();
}
