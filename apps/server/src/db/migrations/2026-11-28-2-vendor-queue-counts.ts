/**
 * SQLite: how many orders wait at each vendor, kept by triggers on `orders` instead of counted
 * each time. Paying an order and its event each counted the vendor's Waiting orders, a count that
 * grows with the queue (docs/decisions/044-kept-queue-counts.md). The triggers keep the count
 * whoever writes the orders, this release or the previous one. PostgreSQL keeps counting: a row
 * every payment of a vendor updates would make its concurrent payments wait on one another.
 * Frozen: never edit after release.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any>, never the app's types */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table vendor_queue_counts (
    vendor_id integer primary key,
    waiting integer not null
  )`.execute(db);
  await sql`create trigger orders_queue_count_insert after insert on orders
    when new.order_status = 'Waiting'
    begin
      insert into vendor_queue_counts (vendor_id, waiting) values (new.vendor_id, 1)
        on conflict (vendor_id) do update set waiting = waiting + 1;
    end`.execute(db);
  await sql`create trigger orders_queue_count_delete after delete on orders
    when old.order_status = 'Waiting'
    begin
      update vendor_queue_counts set waiting = waiting - 1 where vendor_id = old.vendor_id;
    end`.execute(db);
  await sql`create trigger orders_queue_count_update after update of order_status, vendor_id on orders
    when (old.order_status = 'Waiting' or new.order_status = 'Waiting')
      and (old.order_status is not new.order_status or old.vendor_id is not new.vendor_id)
    begin
      update vendor_queue_counts set waiting = waiting - 1
        where vendor_id = old.vendor_id and old.order_status = 'Waiting';
      insert into vendor_queue_counts (vendor_id, waiting) select new.vendor_id, 1 where new.order_status = 'Waiting'
        on conflict (vendor_id) do update set waiting = waiting + 1;
    end`.execute(db);
  // After the triggers: a change made meanwhile is in the count read here or kept by them after.
  await sql`insert into vendor_queue_counts (vendor_id, waiting)
    select vendor_id, count(*) from orders where order_status = 'Waiting' group by vendor_id
    on conflict (vendor_id) do update set waiting = excluded.waiting`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const trigger of ['orders_queue_count_insert', 'orders_queue_count_delete', 'orders_queue_count_update'])
    await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
  await sql`drop table vendor_queue_counts`.execute(db);
}
