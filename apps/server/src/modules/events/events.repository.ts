/**
 * SQL for the operations event log (`ops_events`). Ids must reach readers in the order they were
 * given: a reader that has seen id N never asks for anything at or below N again. PostgreSQL hands
 * out identity values when rows are inserted, not when they commit, so two writers could commit
 * ids 11 and 10 in that order; the insert therefore takes one advisory lock first, held until it
 * commits, which makes id order commit order. SQLite has one writer at a time, so its ids are in
 * commit order.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { Database, OpsEventsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type EventRow = Selectable<OpsEventsTable>;

/** The PostgreSQL channel every server process LISTENs on; the payload is the new event's id. */
export const EVENTS_CHANNEL = 'ops_events';
/** The advisory lock serialising event inserts (any fixed number; 'opse' in ASCII). */
const EVENT_LOG_LOCK = 0x6f707365;

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs `use` holding a lock on one subject's events (an order, a vendor's switches, its menu
 * items) across the processes that share the database: the event's data is read and its row
 * inserted under it, so of two events about one thing the later id always carries the later state,
 * while events about different things do not wait for each other. On PostgreSQL it is a session
 * lock on one connection, without a transaction, so the insert (see insertEvent) commits by itself;
 * it is released after, whatever happened (and by PostgreSQL if the connection is lost). Two-key
 * advisory locks are a space apart from the log's one-key lock; subjects whose hashes collide only
 * wait for each other. SQLite has one process, whose event bus holds the subject itself: nothing
 * to take here.
 */
export async function withEventSubjectLock<T>(
  db: Kysely<Database>,
  subject: string,
  use: (db: Kysely<Database>, lock: SubjectLock | null) => Promise<T>,
): Promise<T> {
  return withEventSubjectTakenBy(db, subject, async (connection, lock, take) => {
    if (take) await sql`select ${take}`.execute(connection);
    return use(connection, lock);
  });
}

/**
 * withEventSubjectLock for a change whose own statement takes the subject's lock (PostgreSQL):
 * `use` gets the connection and `take`, an SQL expression that takes the lock, to put in that
 * statement (null on SQLite: nothing to take). The lock is let go by the event's insert
 * (insertEvent) or, when no event was inserted, after `use` (letting go of a lock a failed
 * statement never took does nothing).
 */
export async function withEventSubjectTakenBy<T>(
  db: Kysely<Database>,
  subject: string,
  use: (db: Kysely<Database>, lock: SubjectLock | null, take: RawBuilder<unknown> | null) => Promise<T>,
): Promise<T> {
  if (!isPostgres(db)) return use(db, null, null);
  return db.connection().execute(async (connection) => {
    const lock: SubjectLock = { subject, released: false };
    try {
      return await use(connection, lock, sql`pg_advisory_lock(${EVENT_LOG_LOCK}, hashtext(${subject}))`);
    } finally {
      if (!lock.released) {
        await sql`select pg_advisory_unlock(${EVENT_LOG_LOCK}, hashtext(${subject}))`.execute(connection);
      }
    }
  });
}

/** A subject's lock held on a PostgreSQL connection; insertEvent can let it go in its own statement. */
export interface SubjectLock {
  readonly subject: string;
  released: boolean;
}

const insertEventRow = prepared((qb: Kysely<Database>, row: Omit<EventRow, 'id'>) =>
  qb.insertInto('ops_events').values(row).returning('id'),
);

/**
 * PostgreSQL: the event's insert under the event log's lock, taken before the row (and its id) is
 * made (the insert reads from `locked`), with its NOTIFY; and, given the subject, the release of
 * the subject's lock once the row is in.
 */
const insertEventUnder = (unlock: boolean) =>
  prepared((qb: Kysely<Database>, event: { row: Omit<EventRow, 'id'>; subject?: string }) => {
    const { row } = event;
    return sql<{ id: number }>`
    with locked as (select pg_advisory_xact_lock(${EVENT_LOG_LOCK}::bigint)),
    inserted as (
      insert into ops_events (vendor_id, order_id, type, data, created_at, trace_parent)
      select ${row.vendor_id}::integer, ${row.order_id}::integer, ${row.type}::text, ${row.data}::text, ${row.created_at}::bigint,
        ${row.trace_parent}::text
      from locked
      returning id
    )
    select id, pg_notify(${EVENTS_CHANNEL}, id::text)${
      unlock
        ? sql`, (select pg_advisory_unlock(${EVENT_LOG_LOCK}, hashtext(${event.subject})) from inserted) as unlocked`
        : sql``
    } from inserted`;
  });
const insertEventLocked = insertEventUnder(false);
const insertEventAndUnlock = insertEventUnder(true);

/**
 * Appends an event. On PostgreSQL one statement, committed by itself, takes the log's lock,
 * inserts and NOTIFYs (every listening process is told the id as it commits): the lock that
 * serialises every event writer of every process is held only while that statement runs and
 * commits, never across a round trip to this process. Given the subject's lock (its connection's),
 * the same statement lets it go once the row is in: the next publisher about the subject may read
 * its data now, and its insert still waits for the log's lock, so for this commit.
 */
export async function insertEvent(
  db: Db,
  row: Omit<EventRow, 'id'>,
  lock: SubjectLock | null = null,
): Promise<EventRow> {
  if (!isPostgres(db)) {
    const { id } = (await insertEventRow(db, row)).rows[0]!;
    return { ...row, id: Number(id) };
  }
  const { rows } = lock
    ? await insertEventAndUnlock(db, { row, subject: lock.subject })
    : await insertEventLocked(db, { row });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('ops_events: the insert answered no id');
  if (lock) lock.released = true;
  return { ...row, id: Number(id) };
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
