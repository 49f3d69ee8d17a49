/**
 * SQL for a vendor's menu: items, modifier groups, modifiers, and the menu's version counter. Rows
 * archived by a catalogue import are not part of the menu (orders keep their own copies of names and prices).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, MenuItemsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findMenuVersion(db: Db, vendorId: number) {
  return db.selectFrom('vendors').select('menu_version').where('id', '=', vendorId).executeTakeFirst();
}

/** Marks a vendor's menu changed, so every server process rebuilds its cached copy. Call inside the changing transaction. */
export function bumpMenuVersion(db: Db, vendorId: number) {
  return db
    .updateTable('vendors')
    .set({ menu_version: sql`menu_version + 1` })
    .where('id', '=', vendorId)
    .executeTakeFirst();
}

export function listMenuItems(db: Db, vendorId: number) {
  return db
    .selectFrom('menu_items')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('archived', '=', 0)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export function listModifierGroups(db: Db, vendorId: number) {
  return db
    .selectFrom('modifier_groups')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('archived', '=', 0)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export function listModifiers(db: Db, vendorId: number) {
  return db
    .selectFrom('modifiers')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('archived', '=', 0)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export function findMenuItem(db: Db, vendorId: number, itemId: number) {
  return db
    .selectFrom('menu_items')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export type MenuItemChanges = Partial<Pick<MenuItemsTable, 'current_inventory' | 'visible' | 'inventory_changed_at'>>;

export function updateMenuItemRow(db: Db, vendorId: number, itemId: number, changes: MenuItemChanges) {
  return db
    .updateTable('menu_items')
    .set(changes)
    .where('vendor_id', '=', vendorId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/**
 * Takes `count` of an item from stock when there is that much (or it is not counted). The
 * condition sits in the UPDATE itself, so concurrent payers cannot both take the last unit. When
 * the stock changed is recorded in the same statement: an older catalogue's import keeps it.
 */
export async function takeStock(
  db: Db,
  vendorId: number,
  itemId: number,
  count: number,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('menu_items')
    .set({
      current_inventory: sql`case when current_inventory is null then null else current_inventory - ${count} end`,
      inventory_changed_at: nowMs,
    })
    .where('id', '=', itemId)
    .where('vendor_id', '=', vendorId)
    .where((eb) => eb.or([eb('current_inventory', 'is', null), eb('current_inventory', '>=', count)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Puts stock taken by an order's item lines back (a cancelled paid order), recording when (an
 * older catalogue's import keeps it). Items not counted stay uncounted.
 */
export async function returnStock(
  db: Db,
  vendorId: number,
  itemId: number,
  count: number,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('menu_items')
    .set({ current_inventory: sql`current_inventory + ${count}`, inventory_changed_at: nowMs })
    .where('id', '=', itemId)
    .where('vendor_id', '=', vendorId)
    .where('current_inventory', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
