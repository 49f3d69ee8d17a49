/** A vendor's menu as the API shows it, and the stock and visibility changes operators make. */
import type { Availability, Menu, MenuItem, Modifier, ModifierGroup } from '@venue/contract/menu';
import { toMoney } from '@venue/domain/money';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MenuItemsTable } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { EventPublisher } from '../events/event-bus.ts';
import {
  bumpMenuVersion as bumpMenuVersionRow,
  findMenuItem,
  findMenuVersion,
  listMenuItems,
  listModifierGroups,
  listModifiers,
  type MenuItemChanges,
  returnStock as returnStockRow,
  takeStock as takeStockRow,
  updateMenuItemRow,
} from './menu.repository.ts';

function parseIds(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

function parseAvailability(text: string | null): Availability {
  if (text === null) return null;
  try {
    return JSON.parse(text) as Availability;
  } catch {
    // Unreadable windows must not make an item orderable around the clock.
    return {};
  }
}

export function toMenuItem(row: Selectable<MenuItemsTable>): MenuItem {
  return {
    id: row.id,
    vendorId: row.vendor_id,
    name: row.name,
    description: row.description,
    price: toMoney(row.price_minor),
    itemType: row.item_type,
    displayOrder: row.display_order,
    visible: row.visible === 1,
    currentInventory: row.current_inventory,
    burden: row.burden,
    isRestricted: row.is_restricted === 1,
    displayAssetId: row.display_asset_id,
    modifierGroupsIds: parseIds(row.modifier_group_ids),
    availability: parseAvailability(row.availability),
  };
}

/**
 * The whole current menu of a vendor, hidden entries included (marked `visible: false`) so the
 * app can tell a hidden item from a deleted one when it rebuilds a basket. One menu per vendor:
 * the menu id is the vendor id.
 */
export async function buildMenu(db: Kysely<Database>, vendorId: number): Promise<Menu> {
  return (await buildMenuWithFacts(db, vendorId)).menu;
}

/**
 * The menu, and what pricing needs of it that customers are never sent: the items sold without
 * GST (an order keeps what it paid for them, for the takings' GST).
 */
export async function buildMenuWithFacts(
  db: Kysely<Database>,
  vendorId: number,
): Promise<{ menu: Menu; gstFreeItemIds: Set<number> }> {
  const [items, groups, modifiers] = await Promise.all([
    listMenuItems(db, vendorId),
    listModifierGroups(db, vendorId),
    listModifiers(db, vendorId),
  ]);
  const modifierIdsByGroup = new Map<number, number[]>();
  for (const modifier of modifiers) {
    const ids = modifierIdsByGroup.get(modifier.group_id) ?? [];
    ids.push(modifier.id);
    modifierIdsByGroup.set(modifier.group_id, ids);
  }
  const menu: Menu = {
    id: vendorId,
    vendorId,
    items: items.map(toMenuItem),
    modifiers: modifiers.map((row): Modifier => ({
      id: row.id,
      name: row.name,
      price: toMoney(row.price_minor),
      visible: row.visible === 1,
      displayOrder: row.display_order,
      groupId: row.group_id,
    })),
    modifierGroups: groups.map((row): ModifierGroup => ({
      id: row.id,
      name: row.name,
      modifierIds: modifierIdsByGroup.get(row.id) ?? [],
      minimumChoices: row.minimum_choices,
      maximumChoices: row.maximum_choices,
      defaultModifierId: row.default_modifier_id,
      visible: row.visible === 1,
      displayOrder: row.display_order,
      selectionRequiredText: row.selection_required_text,
    })),
  };
  return { menu, gstFreeItemIds: new Set(items.filter((row) => row.gst_free === 1).map((row) => row.id)) };
}

/** The menu version of a vendor; 404 when the vendor does not exist. */
export async function menuVersion(db: Kysely<Database>, vendorId: number): Promise<number> {
  const row = await findMenuVersion(db, vendorId);
  if (!row) throw notFound(`Vendor ${vendorId} not found`);
  return row.menu_version;
}

export interface MenuItemPatch {
  currentInventory?: number | null | undefined;
  visible?: boolean | undefined;
}

/**
 * Sets an item's stock (null: not counted) or visibility, marks the menu changed and records who
 * did it; a real change becomes a `menu-item` event once committed. The caller drops its cached
 * menu afterwards.
 */
export async function updateMenuItem(
  db: Kysely<Database>,
  events: EventPublisher,
  vendorId: number,
  itemId: number,
  patch: MenuItemPatch,
  actor: string,
  nowMs: number,
): Promise<MenuItem> {
  const changes: MenuItemChanges = {};
  if (patch.currentInventory !== undefined) changes.current_inventory = patch.currentInventory;
  if (patch.visible !== undefined) changes.visible = patch.visible ? 1 : 0;
  let changed = false;
  const item = await db.transaction().execute(async (trx) => {
    if (!(await findMenuVersion(trx, vendorId))) throw notFound(`Vendor ${vendorId} not found`);
    const existing = await findMenuItem(trx, vendorId, itemId);
    if (!existing) throw notFound(`Menu item ${itemId} not found for vendor ${vendorId}`);
    changed = Object.entries(changes).some(([column, value]) => existing[column as keyof MenuItemChanges] !== value);
    // Stock is a live value: when it really changed is kept, so an import of a catalogue exported
    // before then leaves it as staff set it (docs/decisions/028-catalogue-live-values.md).
    if (changes.current_inventory !== undefined && changes.current_inventory !== existing.current_inventory)
      changes.inventory_changed_at = nowMs;
    if (Object.keys(changes).length > 0) await updateMenuItemRow(trx, vendorId, itemId, changes);
    await bumpMenuVersion(trx, vendorId);
    await recordAudit(trx, {
      at: nowMs,
      actor,
      action: 'menu-item.update',
      entity: 'menu_item',
      entityId: String(itemId),
      details: { vendorId, ...patch },
    });
    const updated = await findMenuItem(trx, vendorId, itemId);
    if (!updated) throw notFound(`Menu item ${itemId} not found for vendor ${vendorId}`);
    return toMenuItem(updated);
  });
  if (changed) await publishMenuItemsChanged(events, vendorId, [itemId]);
  return item;
}

/**
 * A `menu-item` event per item, each with the item as it is when the event is written (stock or
 * visibility changed: an operator's patch, a paid order, a cancellation, a catalogue import).
 * Call after the change has committed.
 */
export async function publishMenuItemsChanged(
  events: EventPublisher,
  vendorId: number,
  itemIds: Iterable<number>,
): Promise<void> {
  for (const itemId of new Set(itemIds)) {
    await events.publish({
      vendorId,
      type: 'menu-item',
      data: async (db) => {
        const row = await findMenuItem(db, vendorId, itemId);
        return row ? toMenuItem(row) : null;
      },
    });
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes `count` of an item from stock when there is that much (or it is not counted), inside the
 * paying transaction; answers whether it could. Concurrent payers never both take the last unit.
 */
export function takeStock(db: Db, vendorId: number, itemId: number, count: number, nowMs: number): Promise<boolean> {
  return takeStockRow(db, vendorId, itemId, count, nowMs);
}

/** Puts back stock an order took (a cancelled paid order); answers whether the item is counted. */
export function returnStock(db: Db, vendorId: number, itemId: number, count: number, nowMs: number): Promise<boolean> {
  return returnStockRow(db, vendorId, itemId, count, nowMs);
}

/** Marks a vendor's menu changed inside the changing transaction, so every process rebuilds its cached copy. */
export async function bumpMenuVersion(db: Db, vendorId: number): Promise<void> {
  await bumpMenuVersionRow(db, vendorId);
}
