/**
 * What a server needs to pick up after a crash. `idempotent_requests.owner`: which server process
 * is running the first request of an Idempotency-Key, so a key left "still being processed" by a
 * process that died can be taken over by a retry instead of blocking it for ever. The index on
 * payments (status, created_at) lets each process find card payments charged at the gateway but
 * never settled (the app gone, or the server killed in between) without reading every payment.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotent_requests').addColumn('owner', 'text').execute();
  await db.schema.createIndex('payments_status_created').on('payments').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_status_created').execute();
  await db.schema.alterTable('idempotent_requests').dropColumn('owner').execute();
}
