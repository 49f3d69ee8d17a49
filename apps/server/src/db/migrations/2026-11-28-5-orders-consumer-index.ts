/**
 * Drops the index of orders by consumer alone: the unique index on (consumer id, Idempotency-Key)
 * leads with the consumer and answers every lookup the other did (a consumer's order is always
 * read with its id or its key; a consumer's removal checks its orders through the same prefix).
 * Each order paid for wrote both, one more b-tree page per commit with a random key (decision 038).
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_consumer_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_consumer_id').on('orders').column('consumer_id').execute();
}
