/** SQL of the back office's menu and store editor: one row at a time, each save checked against its edit version. */
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { CouponsTable, Database, MenuItemsTable, ModifiersTable, VendorsTable } from '../../db/schema.ts';
import type { EditStamp } from './catalogue.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The tables whose rows carry an edit version. */
export type VersionedTable = 'vendors' | 'menu_items' | 'modifier_groups' | 'coupons';

/** A store that is not archived. */
export function findLiveVendorRow(db: Db, vendorId: number) {
  return db.selectFrom('vendors').selectAll().where('id', '=', vendorId).where('archived', '=', 0).executeTakeFirst();
}

/** Stores that are not archived (only these ids, unless null), in the venues' display order. */
export function listLiveVendorRows(db: Db, vendorIds: readonly number[] | null) {
  if (vendorIds !== null && vendorIds.length === 0) return Promise.resolve([]);
  let query = db.selectFrom('vendors').selectAll().where('archived', '=', 0);
  if (vendorIds !== null) query = query.where('id', 'in', [...vendorIds]);
  return query.orderBy('venue_id').orderBy('display_order').orderBy('id').execute();
}

/** Live menu items per store. */
export async function countLiveItems(db: Db, vendorIds: readonly number[]): Promise<Map<number, number>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('menu_items')
    .select(['vendor_id', (eb) => eb.fn.countAll<number | string>().as('items')])
    .where('vendor_id', 'in', [...vendorIds])
    .where('archived', '=', 0)
    .groupBy('vendor_id')
    .execute();
  return new Map(rows.map((row) => [row.vendor_id, Number(row.items)]));
}

export function listVenueIds(db: Db) {
  return db.selectFrom('venues').select('id').orderBy('id').execute();
}

/** The live stores of a venue (their ids), which a coupon may name. */
export function listLiveVendorIdsOfVenue(db: Db, venueId: number) {
  return db
    .selectFrom('vendors')
    .select(['id', 'display_order'])
    .where('venue_id', '=', venueId)
    .where('archived', '=', 0)
    .orderBy('display_order', 'desc')
    .execute();
}

export function findCouponRow(db: Db, id: number) {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).where('archived', '=', 0).executeTakeFirst();
}

/** The coupon holding a code, live or archived, whichever venue it belongs to (codes are unique). */
export function findCouponRowByCode(db: Db, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Live coupons: of these stores only, or (null) every coupon. */
export function listLiveCouponRows(db: Db, vendorIds: readonly number[] | null) {
  if (vendorIds !== null && vendorIds.length === 0) return Promise.resolve([]);
  let query = db.selectFrom('coupons').selectAll().where('archived', '=', 0);
  if (vendorIds !== null) query = query.where('vendor_id', 'in', [...vendorIds]);
  return query.orderBy('id').execute();
}

/** The live coupons of one store (archived with it). */
export function listLiveCouponCodesOfVendor(db: Db, vendorId: number) {
  return db.selectFrom('coupons').select('code').where('vendor_id', '=', vendorId).where('archived', '=', 0).execute();
}

/**
 * Saves a row only if it is still at `version`: its values, when and by whom, and the version one
 * on. False when the row moved on meanwhile (or is gone): nothing was written.
 */
export async function saveAtVersion(
  db: Db,
  table: VersionedTable,
  id: number,
  version: number,
  values: Record<string, unknown>,
  stamp: EditStamp,
): Promise<boolean> {
  const result = await db
    .updateTable(table as 'menu_items')
    .set({ ...(values as Updateable<MenuItemsTable>), ...stamp, edit_version: sql<number>`edit_version + 1` })
    .where('id', '=', id)
    .where('edit_version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves a row's version on without a check (it changed through another: an item whose type was renamed). */
export async function stampRow(
  db: Db,
  table: VersionedTable,
  id: number,
  values: Record<string, unknown>,
  stamp: EditStamp,
) {
  await db
    .updateTable(table as 'menu_items')
    .set({ ...(values as Updateable<MenuItemsTable>), ...stamp, edit_version: sql<number>`edit_version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function insertVendorReturningId(db: Db, row: Insertable<VendorsTable>): Promise<number> {
  const inserted = await db.insertInto('vendors').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertMenuItemReturningId(db: Db, row: Insertable<MenuItemsTable>): Promise<number> {
  const inserted = await db.insertInto('menu_items').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertModifierGroupReturningId(db: Db, row: Record<string, unknown>): Promise<number> {
  const inserted = await db
    .insertInto('modifier_groups')
    .values(row as Insertable<Database['modifier_groups']>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertModifierReturningId(db: Db, row: Insertable<ModifiersTable>): Promise<number> {
  const inserted = await db.insertInto('modifiers').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertCouponReturningId(db: Db, row: Insertable<CouponsTable>): Promise<number> {
  const inserted = await db.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The next display order after a store's rows (or a venue's stores), in steps of 10. */
export async function nextDisplayOrder(
  db: Db,
  table: 'menu_items' | 'modifier_groups' | 'vendors',
  ownerId: number,
): Promise<number> {
  const owner = table === 'vendors' ? 'venue_id' : 'vendor_id';
  const row = await db
    .selectFrom(table as 'menu_items')
    .select((eb) => eb.fn.max<number | string | null>('display_order').as('last'))
    .where(owner as 'vendor_id', '=', ownerId)
    .executeTakeFirst();
  const last = row?.last === null || row?.last === undefined ? 0 : Number(row.last);
  return last + 10;
}
