/**
 * Receipts limited per recipient and per client address a day (issue 16): the client address a
 * receipt was asked from, and indexes to count by it and by recipient. Counted in the database,
 * which every node shares, rather than in Redis: mail to strangers must stay limited while Redis is
 * away (the rate limits fail open then), and a receipt is written here anyway.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('receipts').addColumn('client_address', 'text').execute();
  await db.schema.createIndex('receipts_email_sent_at').on('receipts').columns(['email', 'sent_at']).execute();
  await db.schema
    .createIndex('receipts_client_address_sent_at')
    .on('receipts')
    .columns(['client_address', 'sent_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('receipts_client_address_sent_at').execute();
  await db.schema.dropIndex('receipts_email_sent_at').execute();
  await db.schema.alterTable('receipts').dropColumn('client_address').execute();
}
