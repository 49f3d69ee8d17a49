/**
 * SQL for the takings: paid orders summed per order (items with their options, the part of them
 * marked GST-free, service charges), refunds, payments by method, and what sold per item. Each
 * query reads one range of instants, through the indexes on paid_at and refunds' created_at.
 */
import { sql, type Kysely } from 'kysely';
import { SERVICE_CHARGE_ITEM_TYPE } from '@venue/domain/payment-summary';
import type { Database } from '../../db/schema.ts';

export interface TakingsRange {
  fromMs: number;
  /** exclusive */
  toMs: number;
  /** null: every store */
  vendorIds: readonly number[] | null;
}

/** A quarter of an hour: every zone in use is offset from UTC by whole quarters. */
export const BUCKET_MS = 900_000;

/**
 * What an order paid for taxable things, exactly: items not sold GST-free less their share of the
 * coupon, plus service charges (total + discount − subtotal).
 */
const taxablePaid = sql<number>`(o.subtotal_minor - o.gst_free_minor)
  - (case when o.subtotal_minor > 0 then o.discount_minor * (o.subtotal_minor - o.gst_free_minor) * 1.0 / o.subtotal_minor else 0 end)
  + (o.total_minor + o.discount_minor - o.subtotal_minor)`;

/**
 * The range's paid orders summed per store and payment method, or per store, method and quarter
 * hour of payment: one pass over the orders table through its paid_at index, never their lines
 * or payments.
 */
export function sumPaidOrders(db: Kysely<Database>, range: TakingsRange, perQuarterHour: boolean) {
  let query = db
    .selectFrom('orders as o')
    .select(['o.vendor_id', 'o.paid_method'])
    .select(perQuarterHour ? sql<number>`o.paid_at / ${sql.lit(BUCKET_MS)}`.as('bucket') : sql<null>`null`.as('bucket'))
    .select((eb) => [
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>('o.subtotal_minor').as('gross'),
      eb.fn.sum<number>('o.discount_minor').as('discounts'),
      sql<number>`sum(o.total_minor + o.discount_minor - o.subtotal_minor)`.as('charges'),
      sql<number>`sum(${taxablePaid})`.as('taxable'),
      eb.fn.sum<number>('o.total_minor').as('paid'),
    ])
    .where('o.paid_at', '>=', range.fromMs)
    .where('o.paid_at', '<', range.toMs);
  if (range.vendorIds) query = query.where('o.vendor_id', 'in', [...range.vendorIds]);
  return perQuarterHour
    ? query.groupBy(['o.vendor_id', 'o.paid_method', sql`o.paid_at / ${sql.lit(BUCKET_MS)}`]).execute()
    : query.groupBy(['o.vendor_id', 'o.paid_method']).execute();
}

/** Refunds given in the range, with the taxable part of what their order paid (for the GST they take back). */
export function listRefundsWithSums(db: Kysely<Database>, range: TakingsRange) {
  let query = db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.vendor_id', 'r.created_at', 'r.amount_minor', 'r.method', 'r.lines', 'o.total_minor'])
    .select(taxablePaid.as('taxable'))
    .where('r.status', '=', 'Succeeded')
    .where('r.created_at', '>=', range.fromMs)
    .where('r.created_at', '<', range.toMs);
  if (range.vendorIds) query = query.where('r.vendor_id', 'in', [...range.vendorIds]);
  return query.execute();
}

/** What sold of each item in the range's paid orders: item lines with their options' lines. */
export function listItemSales(db: Kysely<Database>, range: TakingsRange) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
    .select([
      'o.vendor_id',
      sql<number | null>`coalesce(oi.menu_item_id, oi.parent_item_id)`.as('item_id'),
      sql<string>`max(case when oi.parent_item_id is null then oi.name else null end)`.as('name'),
      sql<number>`sum(case when oi.parent_item_id is null then oi.quantity else 0 end)`.as('quantity'),
      sql<number>`sum(oi.price_minor)`.as('gross'),
    ])
    .where('oi.item_type', '<>', SERVICE_CHARGE_ITEM_TYPE)
    .where('o.paid_at', '>=', range.fromMs)
    .where('o.paid_at', '<', range.toMs);
  if (range.vendorIds) query = query.where('o.vendor_id', 'in', [...range.vendorIds]);
  return query.groupBy(['o.vendor_id', sql`coalesce(oi.menu_item_id, oi.parent_item_id)`]).execute();
}

/** The menu item of some order lines (refunds by line name lines). */
export function listLineItems(db: Kysely<Database>, lineIds: readonly number[]) {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .select(['id', 'menu_item_id'])
    .where('id', 'in', [...lineIds])
    .execute();
}

/** The names of stores. */
export function listStoreNames(db: Kysely<Database>, vendorIds: readonly number[] | null) {
  let query = db.selectFrom('vendors').select(['id', 'store_name']);
  if (vendorIds) {
    if (vendorIds.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', [...vendorIds]);
  }
  return query.orderBy('id').execute();
}

/** Paid orders of the range with each line, for the orders CSV (one row per line). */
export function listOrderLinesForExport(db: Kysely<Database>, range: TakingsRange) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('vendors as v', 'v.id', 'o.vendor_id')
    .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
    .leftJoin('menu_items as m', (join) =>
      join.on((eb) => eb('m.id', '=', eb.fn.coalesce('oi.menu_item_id', 'oi.parent_item_id'))),
    )
    .select([
      'o.id as order_id',
      'o.claim_ticket',
      'o.paid_at',
      'o.order_status',
      'o.service_mode',
      'o.customer_name',
      'o.customer_mobile',
      'o.customer_email',
      'o.coupon_code',
      'o.discount_minor',
      'o.total_minor',
      'v.store_name',
      'oi.id as line_id',
      'oi.parent_item_id',
      'oi.menu_item_id',
      'oi.name',
      'oi.item_type',
      'oi.quantity',
      'oi.per_item_minor',
      'oi.price_minor',
      'oi.note',
      'm.gst_free',
    ])
    .where('o.paid_at', '>=', range.fromMs)
    .where('o.paid_at', '<', range.toMs);
  if (range.vendorIds) query = query.where('o.vendor_id', 'in', [...range.vendorIds]);
  return query.orderBy('o.paid_at').orderBy('o.id').orderBy('oi.id').execute();
}

/** The payments and refunds of some orders, for the orders CSV. */
export function listExportPayments(db: Kysely<Database>, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .select(['order_id', 'method', 'card_brand', 'card_last_four', 'amount_minor'])
    .where('order_id', 'in', [...orderIds])
    .where('status', 'in', ['Succeeded', 'Refunded'])
    .orderBy('id')
    .execute();
}

export function listExportRefunds(db: Kysely<Database>, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('refunds')
    .select(['order_id'])
    .select((eb) => eb.fn.sum<number>('amount_minor').as('amount'))
    .where('order_id', 'in', [...orderIds])
    .where('status', '=', 'Succeeded')
    .groupBy('order_id')
    .execute();
}
