/**
 * SQL for the operations event log (`ops_events`). Ids must reach readers in the order they were
 * given: a reader that has seen id N never asks for anything at or below N again. PostgreSQL hands
 * out identity values when rows are inserted, not when they commit, so two writers could commit
 * ids 11 and 10 in that order; the insert therefore takes one advisory lock first, held until it
 * commits, which makes id order commit order. SQLite has one writer at a time, so its ids are in
 * commit order.
 *
 * Events owed (`ops_events_due`, PostgreSQL only): a change that must be told marks its subject in
 * its own transaction or statement (markEventDue, dueMark), with a version new at every mark; the
 * event's insert deletes the mark whose version was read with the subject's lock (so before the
 * event's data), never a later one. A process killed between a change and its event leaves the
 * mark, and a sweep (listDueEvents) publishes the event from it. SQLite has one process: when it
 * comes back every display re-reads, so nothing is marked there.
 */
import { isPostgres } from '../../db/dialect.ts';
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { Part, prepared } from '../../db/prepared.ts';
import type { Database, OpsEventsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type EventRow = Selectable<OpsEventsTable>;

/** The PostgreSQL channel every server process LISTENs on; the payload is the new event's id. */
export const EVENTS_CHANNEL = 'ops_events';
/** The advisory lock serialising event inserts (any fixed number; 'opse' in ASCII). */
const EVENT_LOG_LOCK = 0x6f707365;

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
    if (take && lock) {
      // The mark read with the lock is at least as old as the data read after it: the event's
      // insert deletes that one (a change marked later keeps its own, see insertEvent).
      const { rows } = await takeSubjectReadingMark(connection, { subject });
      const due = rows[0]?.due;
      lock.due = due === null || due === undefined ? null : Number(due);
    }
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
  use: (db: Kysely<Database>, lock: SubjectLock | null, take: Part | null) => Promise<T>,
): Promise<T> {
  if (!isPostgres(db)) return use(db, null, null);
  return db.connection().execute(async (connection) => {
    const lock: SubjectLock = { subject, released: false, due: null, nothingToSend: false };
    try {
      return await use(connection, lock, new Part(takeSubject, { subject }));
    } finally {
      if (!lock.released) {
        // Nothing to send (the subject is gone): its mark goes too. After a failure it stays, for the sweep.
        await unlockSubject(connection, { subject, due: lock.nothingToSend ? lock.due : null });
      }
    }
  });
}

/** A subject's lock held on a PostgreSQL connection; insertEvent can let it go in its own statement. */
export interface SubjectLock {
  readonly subject: string;
  released: boolean;
  /** the version of the subject's mark (ops_events_due) its event may delete; null: none */
  due: number | null;
  /** set when the event has nothing to send: the mark is deleted as the lock is let go */
  nothingToSend: boolean;
}

/** withEventSubjectTakenBy's `take`: an expression taking the subject's lock. */
const takeSubject = (v: { subject: string }) => sql`pg_advisory_lock(${EVENT_LOG_LOCK}, hashtext(${v.subject}))`;

/** The subject's lock (withEventSubjectTakenBy's `take`), with the version of its mark. */
const takeSubjectReadingMark = prepared(
  (_qb: Kysely<Database>, lock: { subject: string }) =>
    sql<{
      due: string | number | null;
    }>`select pg_advisory_lock(${EVENT_LOG_LOCK}, hashtext(${lock.subject}::text)) as taken,
    (select version from ops_events_due where subject = ${lock.subject}::text) as due`,
);

const unlockSubject = prepared(
  (_qb: Kysely<Database>, lock: { subject: string; due: number | null }) =>
    sql`with cleared as (delete from ops_events_due where subject = ${lock.subject}::text and version = ${lock.due}::bigint
      returning 1)
    select pg_advisory_unlock(${EVENT_LOG_LOCK}, hashtext(${lock.subject}::text)) from (select count(*) from cleared) as mark`,
);

/** What an owed event is about: its subject and the event's store, order and type. */
export interface DueAbout {
  subject: string;
  vendorId: number;
  orderId: number | null;
  type: string;
}

/**
 * The mark of an owed event (PostgreSQL), answering its `version`: by itself (`rows` null), or as
 * a data-modifying WITH body of a change's own statement, marking the subject once for each row of
 * `rows` (the statement's returned rows, by name; none, no mark).
 */
export const dueMark = (rows: RawBuilder<unknown> | null, about: DueAbout, dueAt: number): RawBuilder<unknown> =>
  sql`insert into ops_events_due (subject, vendor_id, order_id, type, due_at)
    select ${about.subject}::text, ${about.vendorId}::integer, ${about.orderId}::integer, ${about.type}::text, ${dueAt}::bigint
    ${rows ? sql`from ${rows}` : sql``}
    on conflict (subject) do update set version = excluded.version, due_at = excluded.due_at
    returning version`;

const dueMarkMaker =
  (v: { about: DueAbout; dueAt: number }) =>
  (rows: RawBuilder<unknown>): RawBuilder<unknown> =>
    dueMark(rows, v.about, v.dueAt);
/** dueMark of the rows a change's statement names, as a part of that statement (db/prepared.ts). */
export const dueMarkOf = (about: DueAbout, dueAt: number) => new Part(dueMarkMaker, { about, dueAt });

const markDue = prepared((_qb: Kysely<Database>, mark: { about: DueAbout; dueAt: number }) =>
  dueMark(null, mark.about, mark.dueAt),
);

/**
 * Marks an event as owed, in the change's own transaction (PostgreSQL; nothing on SQLite): the
 * sweep publishes it at `dueAt` unless the event's insert deleted the mark first.
 */
export async function markEventDue(db: Db, about: DueAbout, dueAt: number): Promise<void> {
  if (!isPostgres(db)) return;
  await markDue(db, { about, dueAt });
}

/**
 * The version of the subject's mark as it is now (null: none), read by a statement of its own once
 * the subject is held: the lock's statement may read it as it was before it waited for the lock.
 * It waits for a delete under way (the event's insert lets the subject go before it commits), so
 * a mark whose event was just written reads as gone.
 */
export async function readMark(db: Db, subject: string): Promise<number | null> {
  const row = await db
    .selectFrom('ops_events_due')
    .select('version')
    .where('subject', '=', subject)
    .forShare()
    .executeTakeFirst();
  return row ? Number(row.version) : null;
}

/** Marks past their time (their event was never written), oldest first. */
export function listDueEvents(db: Db, now: number, limit: number) {
  return db
    .selectFrom('ops_events_due')
    .selectAll()
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
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
  prepared((qb: Kysely<Database>, event: { row: Omit<EventRow, 'id'>; subject?: string; due?: number | null }) => {
    const { row } = event;
    return sql<{ id: number }>`
    with locked as (select pg_advisory_xact_lock(${EVENT_LOG_LOCK}::bigint)),${
      unlock
        ? sql`
    cleared as (delete from ops_events_due where subject = ${event.subject}::text and version = ${event.due}::bigint
      returning 1),`
        : sql``
    }
    inserted as (
      insert into ops_events (vendor_id, order_id, type, data, created_at, trace_parent)
      select ${row.vendor_id}::integer, ${row.order_id}::integer, ${row.type}::text, ${row.data}::text, ${row.created_at}::bigint,
        ${row.trace_parent}::text
      from locked
      returning id
    )
    select id, pg_notify(${EVENTS_CHANNEL}, id::text)${
      unlock
        ? // Read from cleared, so the mark is deleted (its row locked) before the subject is let go.
          sql`, (select pg_advisory_unlock(${EVENT_LOG_LOCK}, hashtext(${event.subject}))
            from inserted, (select count(*) from cleared) as mark) as unlocked`
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
 * its data now, and its insert still waits for the log's lock, so for this commit. The same
 * statement deletes the subject's mark of the version the lock was taken with (lock.due).
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
    ? await insertEventAndUnlock(db, { row, subject: lock.subject, due: lock.due })
    : await insertEventLocked(db, { row });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('ops_events: the insert answered no id');
  if (lock) lock.released = true;
  return { ...row, id: Number(id) };
}

/** Events of every vendor after an id, oldest first (what a process has not delivered yet). */
export async function listEventsAfter(db: Db, afterId: number, limit: number): Promise<EventRow[]> {
  return (await eventsAfter(db, { afterId, limit })).rows;
}

const eventsAfter = prepared((qb: Kysely<Database>, by: { afterId: number; limit: number }) =>
  qb.selectFrom('ops_events').selectAll().where('id', '>', by.afterId).orderBy('id').limit(by.limit),
);

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

/** The statement eventIdRange runs (its own, so a test can read how the database plans it). */
export const eventIdRangeQuery = (db: Db) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('ops_events')
      .select((events) => events.fn.min('id').as('id'))
      .as('oldest'),
    eb
      .selectFrom('ops_events')
      .select((events) => events.fn.max('id').as('id'))
      .as('newest'),
  ]);

/**
 * The oldest and newest ids kept (null when the log is empty). Each end is a subquery of its own:
 * SQLite reads a lone min() or max() of the key from one end of its index, but a statement asking
 * for both walks the whole log (100,000 events: about 8 ms of the server's one thread, at every
 * staff display's resume and every trim).
 */
export async function eventIdRange(db: Db): Promise<{ oldest: number | null; newest: number | null }> {
  const row = await eventIdRangeQuery(db).executeTakeFirst();
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
