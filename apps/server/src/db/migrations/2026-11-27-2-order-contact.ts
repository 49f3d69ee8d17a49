/**
 * An order keeps the customer's name, mobile and email given with it (issue 23): a consumer's
 * details change when the same phone orders again under another name, and the board, the
 * operations API, receipts and emails must still show who placed each order. Orders placed before
 * this get the consumer's details as they are now: the best there is, and what they showed until
 * now. Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

const COLUMNS = [
  ['customer_name', 'full_name'],
  ['customer_mobile', 'mobile'],
  ['customer_email', 'email'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [column] of COLUMNS) await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  await db
    .updateTable('orders')
    .set((eb) =>
      Object.fromEntries(
        COLUMNS.map(([column, source]) => [
          column,
          eb.selectFrom('consumers').select(source).whereRef('consumers.id', '=', 'orders.consumer_id'),
        ]),
      ),
    )
    .where('consumer_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [column] of [...COLUMNS].reverse()) await db.schema.alterTable('orders').dropColumn(column).execute();
}
