/** Reading the basket (spec §3 userOrder): lines, totals, limits and the API's order lines. */
import type { Money } from '@venue/contract/common';
import type { OrderItem } from '@venue/contract/order-payment';
import { basketItemCount, basketTotal, type TotalLine } from '@venue/domain/basket';
import type { LimitState } from '@venue/domain/limits';

/** A chosen modifier of a basket entry. */
export interface BasketModifier {
  id: number;
  name: string;
  price: Money;
  groupId: number;
  /** how many of this option each unit of the entry carries (1) */
  count: number;
}

/** One basket entry (spec §3 userOrder entries). */
export interface BasketEntry {
  id: number;
  count: number;
  price: Money;
  name: string;
  itemType: string;
  burden: number;
  isRestricted: boolean;
  modifiers: BasketModifier[];
}

/** userOrder: entries by item name, then by option key (the chosen modifiers, see optionKey). */
export type UserOrder = Record<string, Record<string, BasketEntry>>;

/** The item facts a basket entry copies from the menu. */
export interface BasketItemInfo {
  id: number;
  name: string;
  price: Money;
  itemType: string;
  burden: number;
  isRestricted: boolean;
}

/** A new count for one line; 0 removes it. */
export interface LineChange {
  name: string;
  key: string;
  count: number;
}

/** One line of the basket with its place in userOrder. */
export interface BasketLine {
  name: string;
  key: string;
  entry: BasketEntry;
}

/** An item's lines in the basket, with their option keys. */
export function linesOf(userOrder: UserOrder, name: string): { key: string; entry: BasketEntry }[] {
  return Object.entries(userOrder[name] ?? {}).map(([key, entry]) => ({ key, entry }));
}

/** Every line, item by item in the order they were first added. */
export function basketLines(userOrder: UserOrder): BasketLine[] {
  return Object.entries(userOrder).flatMap(([name, lines]) =>
    Object.entries(lines).map(([key, entry]) => ({ name, key, entry })),
  );
}

function totalLine(entry: BasketEntry): TotalLine {
  return {
    count: entry.count,
    priceMinor: entry.price.minorAmount,
    modifiers: entry.modifiers.map((modifier) => ({ priceMinor: modifier.price.minorAmount, count: modifier.count })),
  };
}

/** What a line costs in minor units, options included. */
export function entryTotalMinor(entry: BasketEntry): number {
  return basketTotal([totalLine(entry)]);
}

/** The basket total in minor units (spec §5). */
export function basketTotalMinor(userOrder: UserOrder): number {
  return basketTotal(basketLines(userOrder).map((line) => totalLine(line.entry)));
}

/** How many items the basket holds. */
export function basketCount(userOrder: UserOrder): number {
  return basketItemCount(basketLines(userOrder).map((line) => line.entry));
}

/** Sum of burden × count: what the vendor's maxBurdenPerOrder limits. */
export function burdenOf(userOrder: UserOrder): number {
  return basketLines(userOrder).reduce((sum, { entry }) => sum + entry.burden * entry.count, 0);
}

/** How many of an item the basket holds, over all its option choices. */
export function itemCountOf(userOrder: UserOrder, name: string): number {
  return Object.values(userOrder[name] ?? {}).reduce((sum, entry) => sum + entry.count, 0);
}

/** What the limits (packages/domain limits.ts) look at before one more of a line is added. */
export function limitStateFor(userOrder: UserOrder, name: string, key: string): LimitState {
  let restrictedCount = 0;
  for (const { entry } of basketLines(userOrder)) if (entry.isRestricted) restrictedCount += entry.count;
  return {
    orderBurden: burdenOf(userOrder),
    restrictedCount,
    itemCountInOrder: itemCountOf(userOrder, name),
    lineCount: userOrder[name]?.[key]?.count ?? 0,
  };
}

/** The changes that bring an item down to its stock, taking from its lines from the last one back. */
export function reduceToStock(userOrder: UserOrder, name: string, stock: number): LineChange[] {
  const lines = Object.entries(userOrder[name] ?? {});
  let excess = itemCountOf(userOrder, name) - Math.max(0, stock);
  const changes: LineChange[] = [];
  for (let index = lines.length - 1; index >= 0 && excess > 0; index -= 1) {
    const [key, entry] = lines[index]!;
    const cut = Math.min(entry.count, excess);
    changes.push({ name, key, count: entry.count - cut });
    excess -= cut;
  }
  return changes;
}

/**
 * The order lines for calculate-order-payment and place-order (spec §7). The special order note
 * travels once, on the first line, so the kitchen reads it once.
 */
export function orderItemsOf(userOrder: UserOrder, note = ''): OrderItem[] {
  const trimmed = note.trim();
  return basketLines(userOrder).map(({ entry }, index) => ({
    name: entry.name,
    ...(index === 0 && trimmed ? { note: trimmed } : {}),
    itemType: entry.itemType,
    menuItemId: entry.id,
    quantity: entry.count,
    modifiers: entry.modifiers.map((modifier) => ({
      quantity: modifier.count,
      modifierId: modifier.id,
      name: modifier.name,
    })),
  }));
}
