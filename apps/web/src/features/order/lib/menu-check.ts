/** The basket against the current menu: what is gone, what is short (spec §2 guards, §4 reorder). */
import type { Menu, MenuItem } from '@venue/contract/menu';
import { MAX_ITEM_COUNT } from '@venue/domain/limits';
import { groupsOf, isItemOrderable } from '@venue/domain/menu-visibility';
import { missingRequiredGroups, optionKey } from '@venue/domain/modifier-selection';
import { indexMenu, type MenuIndex } from '../../../lib/menu-index';
import {
  basketLines,
  itemCountOf,
  reduceToStock,
  type BasketModifier,
  type LineChange,
  type UserOrder,
} from './basket';

/** Whether an item can be put in a basket now: shown on the menu and not sold out. */
function inStockAndShown(
  item: MenuItem | undefined,
  index: MenuIndex,
  instantMs: number,
  timeZone: string,
): item is MenuItem {
  return (
    item !== undefined &&
    item.currentInventory !== 0 &&
    isItemOrderable(item, index.groups, index.modifiers, instantMs, timeZone)
  );
}

/** Whether a modifier can still be chosen for an item: it and its group are visible and the group is the item's. */
function modifierStillOffered(item: MenuItem, modifierId: number, index: MenuIndex): boolean {
  const modifier = index.modifiers.get(modifierId);
  if (!modifier?.visible) return false;
  const group = index.groups.get(modifier.groupId);
  return group !== undefined && group.visible && item.modifierGroupsIds.includes(group.id);
}

export interface BasketCheck {
  /** lines to remove (count 0) or cut to stock */
  changes: LineChange[];
  /** names of the items affected, for the 'We've sold out!' modal */
  soldOut: string[];
}

/**
 * What the basket must lose against the current menu: lines whose item is gone, hidden, outside its
 * hours, sold out, or whose options are no longer offered; and items over their stock, cut to it.
 * `instantMs` is when the order is for (the preferred time, or now).
 */
export function checkBasket(userOrder: UserOrder, menu: Menu, instantMs: number, timeZone: string): BasketCheck {
  const index = indexMenu(menu);
  const changes: LineChange[] = [];
  const soldOut = new Set<string>();
  const removed = new Set<string>();

  for (const { name, key, entry } of basketLines(userOrder)) {
    const item = index.items.get(entry.id);
    const offered =
      inStockAndShown(item, index, instantMs, timeZone) &&
      entry.modifiers.every((modifier) => modifierStillOffered(item, modifier.id, index));
    if (!offered) {
      changes.push({ name, key, count: 0 });
      removed.add(`${name}\u0000${key}`);
      soldOut.add(name);
    }
  }

  for (const name of Object.keys(userOrder)) {
    const id = Object.values(userOrder[name] ?? {})[0]?.id;
    const stock = id === undefined ? null : (index.items.get(id)?.currentInventory ?? null);
    if (stock === null) continue;
    // Count only the lines that stay.
    const remaining: UserOrder = {
      [name]: Object.fromEntries(
        Object.entries(userOrder[name] ?? {}).filter(([key]) => !removed.has(`${name}\u0000${key}`)),
      ),
    };
    if (itemCountOf(remaining, name) <= stock) continue;
    changes.push(...reduceToStock(remaining, name, stock));
    soldOut.add(name);
  }
  return { changes, soldOut: [...soldOut] };
}

/**
 * The last order rebuilt against the current menu (spec §4 Reorder): only visible, in-stock items,
 * only visible options of visible groups, current prices; an item whose required options are gone
 * is left out; counts are cut to the stock and the per-item maximum.
 */
export function reorderBasket(lastOrder: UserOrder, menu: Menu, instantMs: number, timeZone: string): UserOrder {
  const index = indexMenu(menu);
  const result: UserOrder = {};
  for (const { entry } of basketLines(lastOrder)) {
    const item = index.items.get(entry.id);
    if (!inStockAndShown(item, index, instantMs, timeZone)) continue;
    const kept: BasketModifier[] = entry.modifiers.flatMap((chosen) => {
      if (!modifierStillOffered(item, chosen.id, index)) return [];
      const modifier = index.modifiers.get(chosen.id)!;
      return [
        { id: modifier.id, name: modifier.name, price: modifier.price, groupId: modifier.groupId, count: chosen.count },
      ];
    });
    const ids = kept.map((modifier) => modifier.id);
    if (missingRequiredGroups(groupsOf(item, index.groups), ids).length > 0) continue;

    const key = optionKey(ids);
    const lines = (result[item.name] ??= {});
    const room = item.currentInventory === null ? Infinity : item.currentInventory - itemCountOf(result, item.name);
    const existing = lines[key]?.count ?? 0;
    const count = Math.min(entry.count, room, MAX_ITEM_COUNT - existing);
    if (count <= 0) continue;
    lines[key] = {
      id: item.id,
      name: item.name,
      price: item.price,
      itemType: item.itemType,
      burden: item.burden,
      isRestricted: item.isRestricted,
      count: existing + count,
      modifiers: kept,
    };
  }
  for (const name of Object.keys(result)) if (Object.keys(result[name]!).length === 0) delete result[name];
  return result;
}
