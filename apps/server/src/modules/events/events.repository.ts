/**
 * SQL for the operations event log (`ops_events`). Ids must reach readers in the order they were
 * given: a reader that has seen id N never asks for anything at or below N again. PostgreSQL hands
 * out identity values when rows are inserted, not when they commit, so two writers could commit
 * ids 11 and 10 in that order; the event transaction therefore takes one advisory lock first, which
 * makes id order commit order. SQLite has one writer at a time, so its ids are in commit order.
 */
import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, OpsEventsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type EventRow = Selectable<OpsEventsTable>;

/** The PostgreSQL channel every server process LISTENs on; the payload is the new event's id. */
export const EVENTS_CHANNEL = 'ops_events';
/** The advisory lock serialising event writers (any fixed number; 'opse' in ASCII). */
const EVENT_LOG_LOCK = 0x6f707365;

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Holds the event log's writer lock until the transaction ends. Taken before the event's data is
 * read, so of two events about one order the later id always carries the later state.
 */
export async function lockEventLog(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${EVENT_LOG_LOCK})`.execute(trx);
}

/** Appends an event; on PostgreSQL every listening process is told its id when the transaction commits. */
export async function insertEvent(trx: Transaction<Database>, row: Omit<EventRow, 'id'>): Promise<EventRow> {
  const { id } = await trx.insertInto('ops_events').values(row).returning('id').executeTakeFirstOrThrow();
  const event = { ...row, id: Number(id) };
  if (isPostgres(trx)) await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(event.id)})`.execute(trx);
  return event;
}

/** Events of every vendor after an id, oldest first (what a process has not delivered yet). */
export function listEventsAfter(db: Db, afterId: number, limit: number): Promise<EventRow[]> {
  return db.selectFrom('ops_events').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** A vendor's events with afterId < id ≤ upToId, oldest first (a resuming stream's replay). */
export function listVendorEvents(
  db: Db,
  vendorId: number,
  afterId: number,
  upToId: number,
  limit: number,
): Promise<EventRow[]> {
  return db
    .selectFrom('ops_events')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('id', '>', afterId)
    .where('id', '<=', upToId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The oldest and newest ids kept (null when the log is empty). */
export async function eventIdRange(db: Db): Promise<{ oldest: number | null; newest: number | null }> {
  const row = await db
    .selectFrom('ops_events')
    .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
    .executeTakeFirst();
  const toId = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return { oldest: toId(row?.oldest), newest: toId(row?.newest) };
}

/**
 * Deletes the oldest events: those older than `createdBefore` and those beyond the newest `keep`.
 * Only ever a run of the oldest ids, and never the newest row, so "oldest id kept" tells a
 * resuming reader exactly whether anything after its id is gone. Answers how many were deleted.
 */
export async function trimEvents(db: Db, createdBefore: number, keep: number): Promise<number> {
  const { newest } = await eventIdRange(db);
  if (newest === null) return 0;
  const firstRecent = await db
    .selectFrom('ops_events')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('created_at', '>=', createdBefore)
    .executeTakeFirst();
  const recent = firstRecent?.id === null || firstRecent?.id === undefined ? newest : Number(firstRecent.id);
  const keepFrom = Math.min(Math.max(recent, newest - keep + 1), newest);
  const result = await db.deleteFrom('ops_events').where('id', '<', keepFrom).executeTakeFirst();
  return Number(result.numDeletedRows);
}
