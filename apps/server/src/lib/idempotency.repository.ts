/** SQL for Idempotency-Keys: one row per consumer, scope and key, with the answer once there is one. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, IdempotentRequestsTable } from '../db/schema.ts';

export type IdempotentRequestRow = Selectable<IdempotentRequestsTable>;

/** The key a request is run under. */
export interface IdempotencyKeyOf {
  consumer_id: string;
  scope: string;
  idem_key: string;
}

/** The row's key columns, exactly (an object filter matches every property it is given). */
const byKey = (key: IdempotencyKeyOf): IdempotencyKeyOf => ({
  consumer_id: key.consumer_id,
  scope: key.scope,
  idem_key: key.idem_key,
});

/** Claims the key; fails (unique index) when a request has it already. */
export async function insertIdempotentRequest(
  db: Kysely<Database>,
  row: Insertable<IdempotentRequestsTable>,
): Promise<void> {
  await db.insertInto('idempotent_requests').values(row).execute();
}

export function findIdempotentRequest(db: Kysely<Database>, key: IdempotencyKeyOf) {
  return db
    .selectFrom('idempotent_requests')
    .selectAll()
    .where((eb) => eb.and(byKey(key)))
    .executeTakeFirst();
}

/**
 * Gives an unanswered request's key to `owner`, only while it is still unanswered and as it was
 * read (the same start and owner); answers whether it did.
 */
export async function takeOverIdempotentRequest(
  db: Kysely<Database>,
  existing: IdempotentRequestRow,
  owner: string,
  nowMs: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('idempotent_requests')
    .set({ owner, created_at: nowMs })
    .where('id', '=', existing.id)
    .where('status_code', 'is', null)
    .where('created_at', '=', existing.created_at)
    .where((eb) => (existing.owner === null ? eb('owner', 'is', null) : eb('owner', '=', existing.owner)))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Keeps the answer a retry with the key gets. */
export async function keepIdempotentAnswer(
  db: Kysely<Database>,
  key: IdempotencyKeyOf,
  statusCode: number,
  body: string,
): Promise<void> {
  await db
    .updateTable('idempotent_requests')
    .set({ status_code: statusCode, response_body: body, owner: null })
    .where((eb) => eb.and(byKey(key)))
    .execute();
}

/** Frees the key (a failed request may be retried with it). */
export async function deleteIdempotentRequest(db: Kysely<Database>, key: IdempotencyKeyOf): Promise<void> {
  await db
    .deleteFrom('idempotent_requests')
    .where((eb) => eb.and(byKey(key)))
    .execute();
}
