/** SQL for Idempotency-Keys: one row per consumer, scope and key, with the answer once there is one. */
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { Part, prepared } from '../db/prepared.ts';
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

const insertRequestRow = prepared((qb: Kysely<Database>, row: Insertable<IdempotentRequestsTable>) =>
  qb.insertInto('idempotent_requests').values(row),
);

/** Claims the key; fails (unique index) when a request has it already. */
export async function insertIdempotentRequest(
  db: Kysely<Database>,
  row: Insertable<IdempotentRequestsTable>,
): Promise<void> {
  await insertRequestRow(db, row);
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

const keepAnswer = prepared((qb: Kysely<Database>, kept: { key: IdempotencyKeyOf; statusCode: number; body: string }) =>
  qb
    .updateTable('idempotent_requests')
    .set({ status_code: kept.statusCode, response_body: kept.body, owner: null })
    .where((eb) => eb.and(byKey(kept.key))),
);

/** Keeps the answer a retry with the key gets. */
export async function keepIdempotentAnswer(
  db: Kysely<Database>,
  key: IdempotencyKeyOf,
  statusCode: number,
  body: string,
): Promise<void> {
  await keepAnswer(db, { key: byKey(key), statusCode, body });
}

/** Frees the key (a failed request may be retried with it). */
export async function deleteIdempotentRequest(db: Kysely<Database>, key: IdempotencyKeyOf): Promise<void> {
  await db
    .deleteFrom('idempotent_requests')
    .where((eb) => eb.and(byKey(key)))
    .execute();
}

/** What a key's claim writes: the key, the request's hash, when and by whom. */
type ClaimRow = IdempotencyKeyOf & { request_hash: string; created_at: number; owner: string | null };

/**
 * PostgreSQL: the key's claim as a common table expression (`idem_claim`) of a call's first
 * statement, instead of a statement of its own: the row is inserted unless the key is held
 * already. PostgreSQL runs a data-modifying WITH whether or not the rest reads it; CLAIMED says
 * whether it claimed (1) or found the key held (0). A part, so the statement carrying it is built
 * once (db/prepared.ts).
 */
export function claimCte(row: ClaimRow): Part<ClaimRow> {
  return new Part(claimMaker, {
    consumer_id: row.consumer_id,
    scope: row.scope,
    idem_key: row.idem_key,
    request_hash: row.request_hash,
    created_at: row.created_at,
    owner: row.owner,
  });
}

const claimMaker = (row: ClaimRow) => sql`idem_claim as (insert into idempotent_requests
      (consumer_id, scope, idem_key, request_hash, status_code, response_body, created_at, owner)
    values (${row.consumer_id}, ${row.scope}, ${row.idem_key}, ${row.request_hash}, null, null, ${row.created_at},
      ${row.owner})
    on conflict (consumer_id, scope, idem_key) do nothing returning 1 as claimed)`;

/** The column a statement carrying claimCte reads whether it claimed with (a count: 1 or 0). */
export const CLAIMED = sql<number | string>`(select count(*) from idem_claim)`;

/** An SQL text expression a statement makes from values: an answer's body (see answerCte). */
export type TextPart = Part<object, RawBuilder<string>>;

interface AnswerValues {
  key: IdempotencyKeyOf;
  statusCode: number;
  body: TextPart;
  when?: Part;
}

/**
 * PostgreSQL: the key's answer as a common table expression (`idem_answer`) of a call's last
 * write, kept only `when` the condition holds (the write did what the answer says). `body` is an
 * SQL text expression, so it can carry what the statement itself makes (a new row's id).
 * ANSWERED says whether it was kept. A part, like claimCte.
 */
export function answerCte(
  key: IdempotencyKeyOf,
  statusCode: number,
  body: TextPart,
  when: Part | null,
): Part<AnswerValues> {
  return new Part(answerMaker, { key: byKey(key), statusCode, body, ...(when ? { when } : {}) });
}

const answerMaker = (v: AnswerValues, db: Kysely<Database>) => sql`idem_answer as (update idempotent_requests
      set status_code = ${v.statusCode}, response_body = ${v.body.in(db)}, owner = null
    where consumer_id = ${v.key.consumer_id} and scope = ${v.key.scope} and idem_key = ${v.key.idem_key}${
      v.when ? sql` and ${v.when.in(db)}` : sql``
    }
    returning 1 as answered)`;

/** The column a statement carrying answerCte reads whether the answer was kept with (1 or 0). */
export const ANSWERED = sql<number | string>`(select count(*) from idem_answer)`;

/**
 * A key's claim that another statement carries: its common table expression, and what the
 * statement's CLAIMED column read, to be told once it ran (even when it found no row).
 */
export interface CarriedClaim {
  readonly cte: Part;
  claimed(count: unknown): void;
}

/** A key's answer that another statement carries: its common table expression, and what ANSWERED read. */
export interface CarriedAnswer {
  readonly cte: Part;
  answered(count: unknown): void;
}

/** What a write that may carry a key's answer is given: the answer to carry, made from its SQL body. */
export interface AnswerCarrier {
  answer(body: TextPart, when: Part | null): CarriedAnswer | null;
}

/** A read of at most one row, made from values (see readOneCarryingClaim). */
export type ReadPart<R> = Part<object, RawBuilder<R>>;

const readAlone = prepared((qb: Kysely<Database>, v: { read: ReadPart<unknown> }) => v.read.in(qb));
const readBesideClaim = prepared(
  (qb: Kysely<Database>, v: { read: ReadPart<unknown>; claim: Part }) =>
    sql`with ${v.claim.in(qb)}
    select ${CLAIMED} as idem_claimed, found.* from (select 1) as one left join (${v.read.in(qb)}) as found on true`,
);

/**
 * Reads at most one row (`read`, an SQL select), carrying the key's claim when given: the row is
 * read beside the claim's CLAIMED column, which comes back whether or not the read finds the row
 * (its columns are then null), and is told to the claim before the row is answered. Built once per
 * shape (db/prepared.ts).
 */
export async function readOneCarryingClaim<R extends { id: unknown }>(
  db: Kysely<Database>,
  read: ReadPart<R>,
  claim: CarriedClaim | null,
): Promise<R | undefined> {
  if (!claim) return (await readAlone(db, { read })).rows[0] as R | undefined;
  const { rows } = await readBesideClaim(db, { read, claim: claim.cte });
  const { idem_claimed: claimed, ...row } = rows[0] as R & { idem_claimed: unknown };
  claim.claimed(claimed);
  return row.id === null ? undefined : (row as unknown as R);
}
