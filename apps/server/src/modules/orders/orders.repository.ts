/** SQL for placed orders, their lines, and the vendor queue. */
import {
  sql,
  type Insertable,
  type RawBuilder,
  type Kysely,
  type QueryCreator,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import { Part, prepared } from '../../db/prepared.ts';
import type { AuditLogTable, Database, OrderItemsTable, OrdersTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An order line's columns, the id first. */
const LINE_COLUMNS = [
  'id',
  'order_id',
  'menu_item_id',
  'parent_item_id',
  'modifier_id',
  'name',
  'item_type',
  'quantity',
  'per_item_minor',
  'price_minor',
  'note',
] as const;

/** The customer's contact as the order keeps it, copied from the consumer's row by the order's insert. */
const CONTACT = ['customer_name', 'customer_mobile', 'customer_email'] as const;
type Contact = Pick<Selectable<OrdersTable>, (typeof CONTACT)[number]>;
type NewOrder = Omit<Insertable<OrdersTable>, (typeof CONTACT)[number]>;

/** The row with the contact of its consumer (`consumer_id`) as it stands, read by the insert itself. */
function withContact(row: NewOrder) {
  const of = (column: 'full_name' | 'mobile' | 'email') =>
    sql<
      string | null
    >`(select ${sql.ref(`consumers.${column}`)} from consumers where consumers.id = ${row.consumer_id})`;
  return { ...row, customer_name: of('full_name'), customer_mobile: of('mobile'), customer_email: of('email') };
}

export async function insertOrderItems(db: Db, rows: Insertable<OrderItemsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  // By position, so that each count of lines is a shape of its own (db/prepared.ts).
  const byPosition: Record<string, Insertable<OrderItemsTable>> = {};
  rows.forEach((row, i) => (byPosition[i] = row));
  await insertOrderItemRows(db, byPosition);
}

const insertOrderItemRows = prepared((qb: Kysely<Database>, rows: Record<string, Insertable<OrderItemsTable>>) =>
  qb.insertInto('order_items').values(Object.values(rows)),
);

type NewLine = Omit<Insertable<OrderItemsTable>, 'order_id'>;
/** The lines as one array per column, for `unnest` (PostgreSQL). */
type LineArrays = { [K in Exclude<(typeof LINE_COLUMNS)[number], 'id' | 'order_id'>]: Array<NewLine[K] | null> };

/** The order's insert, answering its id and the contact it copied. */
const orderInsert = (qb: QueryCreator<Database>, row: NewOrder) =>
  qb
    .insertInto('orders')
    .values(withContact(row))
    .returning(['id', ...CONTACT]);

const insertOrderRow = prepared((qb: Kysely<Database>, row: NewOrder) => orderInsert(qb, row));

const insertOrderAndLines = prepared((qb: Kysely<Database>, input: { order: NewOrder; lines: LineArrays }) => {
  const { lines } = input;
  return qb
    .with('new_order', (q) => orderInsert(q, input.order))
    .with('lines', (q) =>
      q
        .insertInto('order_items')
        .columns(LINE_COLUMNS.slice(1))
        .expression(
          sql`select new_order.id, line.menu_item_id, line.parent_item_id, line.modifier_id, line.name, line.item_type,
          line.quantity, line.per_item_minor, line.price_minor, line.note
        from new_order, unnest(
          ${lines.menu_item_id}::integer[], ${lines.parent_item_id}::integer[], ${lines.modifier_id}::integer[],
          ${lines.name}::text[], ${lines.item_type}::text[], ${lines.quantity}::integer[],
          ${lines.per_item_minor}::integer[], ${lines.price_minor}::integer[], ${lines.note}::text[]
        ) with ordinality as line(menu_item_id, parent_item_id, modifier_id, name, item_type, quantity, per_item_minor,
          price_minor, note, position)
        order by line.position`,
        ),
    )
    .selectFrom('new_order')
    .select(['id', ...CONTACT]);
});

/**
 * Inserts an order and its lines at once, with the customer's contact copied from the consumer's
 * row by the same statement; answers the order's id and that contact. On PostgreSQL that is one
 * statement (atomic by itself: one round trip instead of a read, BEGIN, two inserts and COMMIT);
 * SQLite runs the two inserts in a transaction. Lines get their ids in the order given.
 */
export async function insertOrderWithItems(
  db: Kysely<Database>,
  row: NewOrder,
  items: NewLine[],
): Promise<{ id: number } & Contact> {
  if (!isPostgres(db) || items.length === 0) {
    return db.transaction().execute(async (trx) => {
      const stored = (await insertOrderRow(trx, row)).rows[0]!;
      await insertOrderItems(
        trx,
        items.map((item) => ({ ...item, order_id: stored.id })),
      );
      return stored;
    });
  }
  const column = <K extends keyof LineArrays>(key: K) => items.map((item) => item[key] ?? null);
  const lines: LineArrays = {
    menu_item_id: column('menu_item_id'),
    parent_item_id: column('parent_item_id'),
    modifier_id: column('modifier_id'),
    name: column('name'),
    item_type: column('item_type'),
    quantity: column('quantity'),
    per_item_minor: column('per_item_minor'),
    price_minor: column('price_minor'),
    note: column('note'),
  };
  return (await insertOrderAndLines(db, { order: row, lines })).rows[0]!;
}

export function findOrder(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** Gives an order the customer's email when it was placed without one (an email given later for its mail). */
export async function setOrderEmailIfNone(db: Db, orderId: number, email: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ customer_email: email })
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('customer_email', 'is', null), eb('customer_email', '=', '')]))
    .execute();
}

/** The order when it belongs to the consumer (and the vendor, when given); undefined otherwise. */
export function findConsumerOrder(db: Db, consumerId: string, orderId: number, vendorId?: number) {
  let query = db.selectFrom('orders').selectAll().where('id', '=', orderId).where('consumer_id', '=', consumerId);
  if (vendorId !== undefined) query = query.where('vendor_id', '=', vendorId);
  return query.executeTakeFirst();
}

export function findOrderByIdempotencyKey(db: Db, consumerId: string, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('consumer_id', '=', consumerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

const updateOrderRowIfStatus = prepared(
  (qb: Kysely<Database>, change: { orderId: number; expectedStatus: string; changes: Updateable<OrdersTable> }) =>
    qb
      .updateTable('orders')
      .set(change.changes)
      .where('id', '=', change.orderId)
      .where('order_status', '=', change.expectedStatus),
);

/** Changes an order only while it has the expected status; answers how many rows changed (0 or 1). */
export async function updateOrderIfStatus(
  db: Db,
  orderId: number,
  expectedStatus: string,
  changes: Updateable<OrdersTable>,
): Promise<number> {
  const result = await updateOrderRowIfStatus(db, { orderId, expectedStatus, changes });
  return Number(result.numAffectedRows);
}

/** What a change's statement evaluates for the order's event (the event bus's ChangeSubject). */
export interface MovedSubject {
  take: Part;
  mark: Part<object, (rows: RawBuilder<unknown>) => RawBuilder<unknown>>;
}

/**
 * Moves an order that has the expected status in one statement that commits by itself
 * (PostgreSQL): the order, its audit row when given, and, given the order's event subject, the
 * subject taken and the event marked as owed. Answers the moved order read as its event shows it
 * (orderEventColumns) with the mark's version, or null when the order did not have that status:
 * then nothing is written (each part writes only for the moved row), as a transaction rolled back
 * would leave it.
 */
export async function moveOrderInOneStatement(
  db: Kysely<Database>,
  change: {
    orderId: number;
    expectedStatus: string;
    changes: Updateable<OrdersTable>;
    audit: Insertable<AuditLogTable> | null;
    subject: MovedSubject | null;
  },
): Promise<{ row: Record<string, unknown>; due: number | null } | null> {
  const { rows } = await moveOrderStatement(db, {
    orderId: change.orderId,
    expectedStatus: change.expectedStatus,
    changes: change.changes,
    audit: change.audit ?? undefined,
    subject: change.subject ?? undefined,
  });
  if (rows.length === 0) return null;
  const { move__taken: _taken, move__due: due, ...row } = rows[0]!;
  return { row, due: due === null || due === undefined ? null : Number(due) };
}

/** moveOrderInOneStatement's statement, built once per shape of its values. */
const moveOrderStatement = prepared(
  (
    qb: Kysely<Database>,
    c: {
      orderId: number;
      expectedStatus: string;
      changes: Updateable<OrdersTable>;
      audit?: Insertable<AuditLogTable> | undefined;
      subject?: MovedSubject | undefined;
    },
  ) => {
    const { audit, subject } = c;
    const order = qb
      .updateTable('orders')
      .set(c.changes)
      .where('id', '=', c.orderId)
      .where('order_status', '=', c.expectedStatus)
      .returningAll();
    return sql<Record<string, unknown>>`with o as (${order})${
      audit
        ? sql`, a as (insert into audit_log (at, actor, action, entity, entity_id, details)
        select ${audit.at}::bigint, ${audit.actor}::text, ${audit.action}::text, ${audit.entity}::text,
          ${audit.entity_id}::text, ${audit.details ?? null}::text from o)`
        : sql``
    }${subject ? sql`, d as (${subject.mark.in(qb)(sql`o`)})` : sql``}
      select ${
        subject ? sql`(select ${subject.take.in(qb)}) as move__taken, (select version from d) as move__due, ` : sql``
      }o.*, ${orderEventColumns(qb, 'o')} from o`;
  },
);

/** Menu item id → count of each item line of an order (what paying takes from stock). */
export function listItemCounts(db: Db, orderId: number) {
  return db
    .selectFrom('order_items')
    .select(['menu_item_id', sql<number>`sum(quantity)`.as('count')])
    .where('order_id', '=', orderId)
    .where('menu_item_id', 'is not', null)
    .where('parent_item_id', 'is', null)
    .groupBy('menu_item_id')
    .execute();
}

/**
 * The order's item lines that draw on counted stock, summed by menu item, with the item's name:
 * what paying must take from stock (items not counted are left out).
 */
/** Whether any item line of the order draws on counted stock. */
export function countedItems(db: Db, vendorId: number, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('menu_items')
    .select(['id', 'name'])
    .where('vendor_id', '=', vendorId)
    .where('id', 'in', itemIds)
    .where('current_inventory', 'is not', null)
    .execute();
}

/**
 * How many orders wait at the vendor `vendor` (an SQL expression): kept by triggers on orders
 * (decision 044), in one row per vendor on SQLite (migration 2026-11-28-2) and in eight on
 * PostgreSQL (migration 2026-11-28-3), so that its payments at the same moment rarely wait on
 * one another's row.
 */
function waitingAt(db: Db, vendor: RawBuilder<unknown>) {
  return isPostgres(db)
    ? sql<number>`coalesce((select sum(q.waiting) from vendor_queue_counts q where q.vendor_id = ${vendor}), 0)`
    : sql<number>`coalesce((select q.waiting from vendor_queue_counts q where q.vendor_id = ${vendor}), 0)`;
}

/**
 * How many Waiting orders of `vendor` were queued before the order queued at `timeQueued` with id
 * `orderId` (SQL expressions): its place in the queue is this plus one. It is the kept count less
 * the orders at or after it (none or few for an order just paid, the one it is asked about most)
 * and those with no queue time, instead of counting every one before it.
 */
function waitingAhead(
  db: Db,
  vendor: RawBuilder<unknown>,
  timeQueued: RawBuilder<unknown>,
  orderId: RawBuilder<unknown>,
) {
  return sql<number>`(${waitingAt(db, vendor)}
    - (select count(*) from orders w where w.vendor_id = ${vendor} and w.order_status = 'Waiting'
        and (w.time_queued, w.id) >= (${timeQueued}, ${orderId}))
    - (select count(*) from orders w where w.vendor_id = ${vendor} and w.order_status = 'Waiting'
        and w.time_queued is null))`;
}

/** Orders waiting at a vendor that were queued before the given one (its position is this plus one). */
export async function countQueuedBefore(
  db: Db,
  vendorId: number,
  timeQueued: number,
  orderId: number,
): Promise<number> {
  const { rows } = await sql<{
    ahead: number;
  }>`select ${waitingAhead(db, sql`${vendorId}`, sql`${timeQueued}`, sql`${orderId}`)} as ahead`.execute(db);
  return Number(rows[0]?.ahead ?? 0);
}

/** A Waiting order's place in one query: the orders queued before it, and its vendor's time to service. */
export async function findQueuePlace(
  db: Db,
  vendorId: number,
  timeQueued: number,
  orderId: number,
): Promise<{ ahead: number; ttsMs: number }> {
  const { rows } = await sql<{ tts_ms: number; ahead: number }>`select tts_ms,
    ${waitingAhead(db, sql`${vendorId}`, sql`${timeQueued}`, sql`${orderId}`)} as ahead
    from vendors where id = ${vendorId}`.execute(db);
  const row = rows[0];
  return { ahead: Number(row?.ahead ?? 0), ttsMs: Number(row?.tts_ms ?? 0) };
}

export type OrderLineRow = Awaited<ReturnType<typeof listOrderLines>>[number];

/**
 * One order with its lines and, while it is Waiting, how many Waiting orders of its vendor are
 * ahead of it and the vendor's time to service: what an `order` event shows, in one statement
 * (the lines as a JSON array on each engine) instead of three.
 */
export async function findOrderWithLinesAndPlace(db: Db, orderId: number): Promise<OrderWithLinesAndPlace | undefined> {
  const { rows } = await orderWithLinesAndPlace(db, { orderId });
  return rows[0] && parseOrderEventRow(rows[0]);
}

const orderWithLinesAndPlace = prepared(
  (qb: Kysely<Database>, by: { orderId: number }) =>
    sql<Record<string, unknown>>`select orders.*, ${orderEventColumns(qb, 'orders')} from orders
    where orders.id = ${by.orderId}`,
);

/** An order as its `order` event is made from: its row, its lines, and its place while Waiting. */
export interface OrderWithLinesAndPlace {
  row: Selectable<OrdersTable>;
  lines: OrderLineRow[];
  place: { ahead: number; ttsMs: number } | null;
}

/**
 * What an `order` event shows besides the order's row, as columns of a read of a row of orders
 * named `alias` (a table or a statement's returned rows): its lines (a JSON array on each engine)
 * and, while it is Waiting, how many Waiting orders of its vendor are ahead of it, with the
 * vendor's time to service. parseOrderEventRow reads them back.
 */
export function orderEventColumns(db: Db, alias: string) {
  const o = sql.raw(alias);
  const pairs = sql.raw(LINE_COLUMNS.map((c) => `'${c}', l.${c}`).join(', '));
  const lines = isPostgres(db)
    ? sql`(select coalesce(json_agg(json_build_object(${pairs}) order by l.id), '[]')::text
          from order_items l where l.order_id = ${o}.id)`
    : sql`(select json_group_array(json_object(${pairs}))
          from (select * from order_items where order_id = ${o}.id order by id) l)`;
  return sql`${lines} as event__lines,
    case when ${o}.order_status = 'Waiting' and ${o}.time_queued is not null then
      ${waitingAhead(db, sql`${o}.vendor_id`, sql`${o}.time_queued`, sql`${o}.id`)} end
      as event__ahead,
    (select v.tts_ms from vendors v where v.id = ${o}.vendor_id) as event__tts_ms`;
}

/**
 * orderEventColumns of the rows a change's statement names `o` (the orders it moved), as a part of
 * that statement (db/prepared.ts).
 */
export const MOVED_ORDER_EVENT_COLUMNS = new Part((_: object, db: Kysely<Database>) => orderEventColumns(db, 'o'), {});

/** An order's row read with orderEventColumns, split into what its event is made from. */
export function parseOrderEventRow(found: Record<string, unknown>): OrderWithLinesAndPlace {
  const { event__lines: linesJson, event__ahead: queueAhead, event__tts_ms: ttsMs, ...row } = found;
  return {
    row: row as Selectable<OrdersTable>,
    // In id order, as listOrderLines gives them (SQLite's aggregate does not promise its input's order).
    lines: (JSON.parse(String(linesJson)) as OrderLineRow[]).sort((a, b) => a.id - b.id),
    place: queueAhead === null || queueAhead === undefined ? null : { ahead: Number(queueAhead), ttsMs: Number(ttsMs) },
  };
}

/** The ids of the vendor's Waiting orders in queue order (first = next). */
export function listWaitingOrderIds(db: Db, vendorId: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('vendor_id', '=', vendorId)
    .where('order_status', '=', 'Waiting')
    .orderBy('time_queued')
    .orderBy('id')
    .execute();
}

/** The vendor's most recent ready orders (queue time and ready time), newest first, since `sinceMs`. */
export function listRecentServiceSamples(db: Db, vendorId: number, sinceMs: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['time_queued', 'time_ready'])
    .where('vendor_id', '=', vendorId)
    .where('time_ready', '>=', sinceMs)
    .where('time_queued', 'is not', null)
    .orderBy('time_ready', 'desc')
    .limit(limit)
    .execute();
}

/** The vendor's time to service and how many of its orders wait, as one query to run or add to. */
function queueFactsQuery(db: Db, vendorId: number) {
  return db
    .selectFrom('vendors')
    .select(['tts_ms', waitingAt(db, sql`vendors.id`).as('waiting')])
    .where('id', '=', vendorId);
}

/** What queueing a paid order needs of its vendor, in one query: its time to service and how many orders wait there. */
export async function findQueueFacts(
  db: Db,
  vendorId: number,
): Promise<{ ttsMs: number; waiting: number } | undefined> {
  const row = await queueFactsQuery(db, vendorId).executeTakeFirst();
  return row && { ttsMs: Number(row.tts_ms), waiting: Number(row.waiting ?? 0) };
}

export interface CountedItemCount {
  id: number;
  name: string;
  count: number;
}

/** What paying an order reads before its transaction (PaymentFactsColumns), as read. */
export interface PaymentFacts {
  ttsMs: number;
  waiting: number;
  counted: CountedItemCount[];
}

/** How paymentFactsColumns names its columns beside the row's own. */
export const PAYMENT_FACTS_PREFIX = 'facts__';

/**
 * What paying an order reads before its transaction, as columns of a read of `orders` (the row
 * named orders): its vendor's time to service, how many orders wait there, and the order's item
 * lines that draw on counted stock, summed by item (a JSON array on each engine). Another read of
 * the order can carry them (a payment's); parsePaymentFacts reads them back.
 */
export function paymentFactsColumns(db: Db) {
  const items = sql`(select m.id, m.name, sum(oi.quantity) as count from order_items oi
      inner join menu_items m on m.id = oi.menu_item_id
      where oi.order_id = orders.id and oi.parent_item_id is null and m.vendor_id = orders.vendor_id
        and m.current_inventory is not null
      group by m.id, m.name)`;
  const counted = isPostgres(db)
    ? sql`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'count', c.count)), '[]')::text
          from ${items} c)`
    : sql`(select json_group_array(json_object('id', c.id, 'name', c.name, 'count', c.count)) from ${items} c)`;
  return sql`(select v.tts_ms from vendors v where v.id = orders.vendor_id) as ${sql.raw(PAYMENT_FACTS_PREFIX)}tts_ms,
    ${waitingAt(db, sql`orders.vendor_id`)} as ${sql.raw(PAYMENT_FACTS_PREFIX)}waiting,
    ${counted} as ${sql.raw(PAYMENT_FACTS_PREFIX)}counted`;
}

/** The facts of a row read with paymentFactsColumns. */
export function parsePaymentFacts(row: Record<string, unknown>): PaymentFacts {
  const column = (name: string) => row[`${PAYMENT_FACTS_PREFIX}${name}`];
  const counted = (JSON.parse(String(column('counted') ?? '[]')) as CountedItemCount[]).map((item) => ({
    id: Number(item.id),
    name: item.name,
    count: Number(item.count),
  }));
  return { ttsMs: Number(column('tts_ms') ?? 0), waiting: Number(column('waiting') ?? 0), counted };
}

/** paymentFactsColumns of one order, read by themselves. */
export async function findPaymentFacts(db: Db, orderId: number): Promise<PaymentFacts | undefined> {
  const { rows } = await sql<Record<string, unknown>>`select ${paymentFactsColumns(db)} from orders
    where orders.id = ${orderId}`.execute(db);
  return rows[0] && parsePaymentFacts(rows[0]);
}

export function findVendorTts(db: Db, vendorId: number) {
  return db.selectFrom('vendors').select('tts_ms').where('id', '=', vendorId).executeTakeFirst();
}

/** A vendor's orders with any of the statuses, oldest in the queue first. */
export function listVendorOrders(db: Db, vendorId: number, statuses: readonly string[], limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('order_status', 'in', statuses)
    .orderBy(sql`coalesce(time_queued, created_at)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The lines of some orders, in the order they were priced. */
export function listOrderLines(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

/** Scheduled orders whose time has come: requested time no later than now plus the vendor's time to service. */
export function listDueScheduledOrders(db: Db, nowMs: number, limit: number) {
  return db
    .selectFrom('orders')
    .innerJoin('vendors', 'vendors.id', 'orders.vendor_id')
    .selectAll('orders')
    .select('vendors.tts_ms')
    .where('orders.order_status', '=', 'Scheduled')
    .where(sql<boolean>`orders.requested_service_time - vendors.tts_ms <= ${nowMs}`)
    .orderBy('orders.requested_service_time')
    .limit(limit)
    .execute();
}

/**
 * Orders of these vendors in any of the statuses, with the vendor's time to service (for the
 * kitchen simulator, which names the demo venue's stores: a real venue's orders are never read).
 */
export function listOrdersInStatus(db: Db, statuses: readonly string[], vendorIds: readonly number[], limit: number) {
  if (vendorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .innerJoin('vendors', 'vendors.id', 'orders.vendor_id')
    .selectAll('orders')
    .select('vendors.tts_ms')
    .where('orders.order_status', 'in', statuses)
    .where('orders.vendor_id', 'in', [...vendorIds])
    .orderBy('orders.time_queued')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
}

/** Records what a cancelled order gave back (JSON OrderRefund). */
export async function setOrderRefund(db: Db, orderId: number, refund: string, nowMs: number): Promise<void> {
  await db.updateTable('orders').set({ refund, updated_at: nowMs }).where('id', '=', orderId).execute();
}

/**
 * Takes the order's row lock for the rest of the transaction (PostgreSQL; SQLite's writer lock
 * already holds every row) without changing it: a change decided from what is stored (a refund
 * within what is left) is made by one transaction at a time.
 */
export async function lockOrderRow(db: Db, orderId: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
