/**
 * PostgreSQL: how many orders wait at each vendor, kept by triggers on `orders` as on SQLite
 * (migration 2026-11-28-2), in eight rows per vendor (by order id) instead of one, so that payments
 * at one vendor at the same moment rarely update the same row. Paying an order and its event each
 * counted the vendor's Waiting orders, reading every one of them from the table as well as from the
 * index: the dearest statements of an order behind a long queue (decision 044). Frozen: never edit
 * after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** How many rows each vendor's count is spread over (an order's row: its id modulo this). */
const SHARDS = 8;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Writers of orders (a previous release's nodes, during a rolling upgrade) wait until the counts
  // are filled and the triggers in place, so no change falls between the two.
  await sql`lock table orders in share mode`.execute(db);
  await sql`create table vendor_queue_counts (
    vendor_id integer not null,
    shard integer not null,
    waiting integer not null,
    primary key (vendor_id, shard)
  )`.execute(db);
  await sql`create function orders_queue_count() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.order_status = 'Waiting' then
        update vendor_queue_counts set waiting = waiting - 1
          where vendor_id = old.vendor_id and shard = old.id % ${sql.lit(SHARDS)};
      end if;
      if tg_op <> 'DELETE' and new.order_status = 'Waiting' then
        insert into vendor_queue_counts (vendor_id, shard, waiting) values (new.vendor_id, new.id % ${sql.lit(SHARDS)}, 1)
          on conflict (vendor_id, shard) do update set waiting = vendor_queue_counts.waiting + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_queue_count_insert after insert on orders
    for each row when (new.order_status = 'Waiting') execute function orders_queue_count()`.execute(db);
  await sql`create trigger orders_queue_count_delete after delete on orders
    for each row when (old.order_status = 'Waiting') execute function orders_queue_count()`.execute(db);
  await sql`create trigger orders_queue_count_update after update of order_status, vendor_id on orders
    for each row when ((old.order_status = 'Waiting' or new.order_status = 'Waiting')
      and (old.order_status is distinct from new.order_status or old.vendor_id is distinct from new.vendor_id))
    execute function orders_queue_count()`.execute(db);
  await sql`insert into vendor_queue_counts (vendor_id, shard, waiting)
    select vendor_id, id % ${sql.lit(SHARDS)}, count(*) from orders where order_status = 'Waiting'
    group by vendor_id, id % ${sql.lit(SHARDS)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const trigger of ['orders_queue_count_insert', 'orders_queue_count_delete', 'orders_queue_count_update'])
    await sql`drop trigger ${sql.raw(trigger)} on orders`.execute(db);
  await sql`drop function orders_queue_count()`.execute(db);
  await sql`drop table vendor_queue_counts`.execute(db);
}
