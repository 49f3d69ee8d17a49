/** SQL for the back office's order search: paged newest first over the orders the manager may see. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The fewest digits searched for in mobiles. */
export const MOBILE_PART_MIN = 6;

export interface OrderSearch {
  /** null: every store */
  vendorIds: readonly number[] | null;
  fromMs: number | null;
  /** exclusive */
  toMs: number | null;
  statuses: readonly string[] | null;
  /** lower-cased words matched against the customer's name and email */
  text: string | null;
  /** digits: the order number, or (MOBILE_PART_MIN or more) part of the mobile */
  digits: string | null;
  /** the last row of the previous page */
  after: { createdAt: number; id: number } | null;
  limit: number;
}

/** Orders that match, newest first, with the store's name and the money refunded on each. */
export function searchOrderRows(db: Kysely<Database>, search: OrderSearch) {
  let query = db
    .selectFrom('orders')
    .innerJoin('vendors', 'vendors.id', 'orders.vendor_id')
    .selectAll('orders')
    .select('vendors.store_name')
    .select((eb) =>
      eb
        .selectFrom('refunds')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('refunds.amount_minor'), sql<number>`0`).as('sum'))
        .whereRef('refunds.order_id', '=', 'orders.id')
        .where('refunds.status', '=', 'Succeeded')
        .as('refunded_minor'),
    );
  if (search.vendorIds) {
    if (search.vendorIds.length === 0) return Promise.resolve([]);
    query = query.where('orders.vendor_id', 'in', [...search.vendorIds]);
  }
  if (search.fromMs !== null) query = query.where('orders.created_at', '>=', search.fromMs);
  if (search.toMs !== null) query = query.where('orders.created_at', '<', search.toMs);
  if (search.statuses) query = query.where('orders.order_status', 'in', [...search.statuses]);
  const { text, digits } = search;
  if (text !== null || digits !== null) {
    query = query.where((eb) => {
      const terms = [];
      if (digits !== null) {
        if (digits.length <= 9) terms.push(eb('orders.id', '=', Number(digits)));
        // A few digits are an order number; six or more may be (part of) a mobile too.
        if (digits.length >= MOBILE_PART_MIN) terms.push(eb('orders.customer_mobile', 'like', `%${digits}%`));
      }
      if (text !== null) {
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        terms.push(sql<boolean>`lower(orders.customer_name) like ${pattern} escape '\\'`);
        terms.push(sql<boolean>`lower(orders.customer_email) like ${pattern} escape '\\'`);
      }
      return eb.or(terms);
    });
  }
  if (search.after) {
    const { createdAt, id } = search.after;
    query = query.where((eb) =>
      eb.or([
        eb('orders.created_at', '<', createdAt),
        eb.and([eb('orders.created_at', '=', createdAt), eb('orders.id', '<', id)]),
      ]),
    );
  }
  return query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(search.limit).execute();
}

/** One order with its store's name and time zone. */
export function findOrderRecord(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('vendors', 'vendors.id', 'orders.vendor_id')
    .innerJoin('venues', 'venues.id', 'vendors.venue_id')
    .selectAll('orders')
    .select(['vendors.store_name', 'venues.time_zone'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}
