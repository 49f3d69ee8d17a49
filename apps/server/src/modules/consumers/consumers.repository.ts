/** SQL for consumers and their saved cards. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { ConsumersTable, Database, SavedCardsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const insertConsumerRow = prepared((qb: Kysely<Database>, row: Insertable<ConsumersTable>) =>
  qb.insertInto('consumers').values(row),
);

export async function insertConsumer(db: Db, row: Insertable<ConsumersTable>): Promise<void> {
  await insertConsumerRow(db, row);
}

export function findConsumer(db: Db, id: string) {
  return db.selectFrom('consumers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateConsumerRow(db: Db, id: string, changes: Updateable<ConsumersTable>) {
  return db.updateTable('consumers').set(changes).where('id', '=', id).executeTakeFirst();
}

export function latestSavedCard(db: Db, consumerId: string) {
  return db
    .selectFrom('saved_cards')
    .selectAll()
    .where('consumer_id', '=', consumerId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function insertSavedCard(db: Db, row: Insertable<SavedCardsTable>) {
  return db.insertInto('saved_cards').values(row).execute();
}

export function findSavedCardByToken(db: Db, consumerId: string, token: string) {
  return db
    .selectFrom('saved_cards')
    .select('id')
    .where('consumer_id', '=', consumerId)
    .where('gateway_token', '=', token)
    .executeTakeFirst();
}
