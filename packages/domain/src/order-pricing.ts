/**
 * The server's pricing of an order from its own menu (architecture: the server is the authority).
 * Every rule the app checks for speed is checked here again; a broken rule is a problem with a
 * message the app can show, never an exception.
 */
import type { AvailabilityWindows } from './availability.ts';
import { DEFAULT_BURDEN, MAX_ITEM_COUNT, MAX_RESTRICTED_ITEMS } from './limits.ts';
import { groupsOf, isItemOrderable } from './menu-visibility.ts';
import { missingRequiredGroups, overfilledGroups, type GroupRule, type ModifierRule } from './modifier-selection.ts';
import { percentageOf } from './money.ts';
import { SERVICE_CHARGE_ITEM_TYPE } from './payment-summary.ts';

export interface PricedMenuItem {
  id: number;
  name: string;
  priceMinor: number;
  itemType: string;
  displayOrder: number;
  visible: boolean;
  currentInventory: number | null;
  burden: number;
  isRestricted: boolean;
  modifierGroupsIds: readonly number[];
  availability: AvailabilityWindows;
  /** sold without GST (the server's menu only; customers are never sent it) */
  gstFree?: boolean;
}
export interface PricedModifier extends ModifierRule {
  name: string;
  priceMinor: number;
}
export interface PricingMenu {
  items: ReadonlyMap<number, PricedMenuItem>;
  modifiers: ReadonlyMap<number, PricedModifier>;
  groups: ReadonlyMap<number, GroupRule>;
}
export interface ServiceCharge {
  name: string;
  kind: 'percentage' | 'fixed';
  /** basis points for percentage, minor units for fixed */
  value: number;
}
export interface PricingVendor {
  storeName: string;
  maxBurdenPerOrder: number | null;
  serviceCharges: readonly ServiceCharge[];
}
export interface PricingLine {
  menuItemId: number;
  quantity: number;
  modifiers: ReadonlyArray<{ modifierId: number; quantity: number }>;
}

export interface SummaryLine {
  id: number | null;
  parentItemId: number | null;
  name: string;
  quantity: number;
  perItemMinor: number;
  priceMinor: number;
  itemType: string;
}
export interface PricedOrder {
  lines: SummaryLine[];
  subtotalMinor: number;
  /** the part of the subtotal for items sold without GST, with their options */
  gstFreeMinor: number;
  charges: Array<{ name: string; minor: number }>;
  totalMinor: number;
  orderBurden: number;
  /** menu item id → count taken from stock when paid */
  stockNeeded: Map<number, number>;
}

export type OrderProblemCode =
  | 'empty'
  | 'quantity'
  | 'unknown_item'
  | 'unavailable'
  | 'sold_out'
  | 'bad_option'
  | 'missing_options'
  | 'too_many_options'
  | 'restricted'
  | 'burden';
export interface OrderProblem {
  code: OrderProblemCode;
  message: string;
  menuItemIds: number[];
}

export type PricingResult = { ok: true; order: PricedOrder } | { ok: false; problem: OrderProblem };

const fail = (code: OrderProblemCode, message: string, menuItemIds: number[] = []): PricingResult => ({
  ok: false,
  problem: { code, message, menuItemIds },
});

/** Prices an order and checks it against the menu at an instant (the pickup time when scheduled). */
export function priceOrder(
  lines: readonly PricingLine[],
  menu: PricingMenu,
  vendor: PricingVendor,
  instantMs: number,
  timeZone: string,
): PricingResult {
  if (lines.length === 0) return fail('empty', 'Your order is empty.');
  const summary: SummaryLine[] = [];
  const stockNeeded = new Map<number, number>();
  let subtotal = 0;
  let gstFree = 0;
  let burden = 0;
  let restricted = 0;

  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_ITEM_COUNT) {
      return fail('quantity', `Quantity must be between 1 and ${MAX_ITEM_COUNT}.`, [line.menuItemId]);
    }
    const item = menu.items.get(line.menuItemId);
    if (!item) return fail('unknown_item', `Item ${line.menuItemId} is not on this menu.`, [line.menuItemId]);
    if (!isItemOrderable(item, menu.groups, menu.modifiers, instantMs, timeZone)) {
      return fail('unavailable', `${item.name} is not available right now.`, [item.id]);
    }
    const groups = groupsOf(item, menu.groups);
    const selected: number[] = [];
    const modifierLines: SummaryLine[] = [];
    for (const choice of line.modifiers) {
      const modifier = menu.modifiers.get(choice.modifierId);
      const group = modifier ? menu.groups.get(modifier.groupId) : undefined;
      if (!modifier || !group || !modifier.visible || !group.visible || !item.modifierGroupsIds.includes(group.id)) {
        return fail('bad_option', `That option is not available for ${item.name}.`, [item.id]);
      }
      if (!Number.isInteger(choice.quantity) || choice.quantity < 1 || choice.quantity > MAX_ITEM_COUNT) {
        return fail('quantity', `Option quantity must be between 1 and ${MAX_ITEM_COUNT}.`, [item.id]);
      }
      if (selected.includes(modifier.id))
        return fail('bad_option', `${modifier.name} is chosen twice for ${item.name}.`, [item.id]);
      selected.push(modifier.id);
      const quantity = choice.quantity * line.quantity;
      modifierLines.push({
        id: modifier.id,
        parentItemId: item.id,
        name: modifier.name,
        quantity,
        perItemMinor: modifier.priceMinor,
        priceMinor: modifier.priceMinor * quantity,
        itemType: item.itemType,
      });
    }
    const missing = missingRequiredGroups(groups, selected);
    if (missing.length > 0) {
      return fail('missing_options', `Please select the following required option: ${missing.join(', ')}`, [item.id]);
    }
    const overfilled = overfilledGroups(groups, selected);
    if (overfilled.length > 0)
      return fail('too_many_options', `Too many choices for ${overfilled.join(', ')}.`, [item.id]);

    const itemPrice = item.priceMinor * line.quantity;
    summary.push({
      id: item.id,
      parentItemId: null,
      name: item.name,
      quantity: line.quantity,
      perItemMinor: item.priceMinor,
      priceMinor: itemPrice,
      itemType: item.itemType,
    });
    summary.push(...modifierLines);
    const linePrice = itemPrice + modifierLines.reduce((sum, m) => sum + m.priceMinor, 0);
    subtotal += linePrice;
    if (item.gstFree) gstFree += linePrice;
    burden += (item.burden ?? DEFAULT_BURDEN) * line.quantity;
    if (item.isRestricted) restricted += line.quantity;
    stockNeeded.set(item.id, (stockNeeded.get(item.id) ?? 0) + line.quantity);
  }

  const soldOut = [...stockNeeded].filter(([id, count]) => {
    const stock = menu.items.get(id)?.currentInventory ?? null;
    return stock !== null && count > stock;
  });
  if (soldOut.length > 0) {
    const names = soldOut.map(([id]) => menu.items.get(id)?.name ?? String(id));
    return fail(
      'sold_out',
      `We've sold out of ${names.join(', ')}.`,
      soldOut.map(([id]) => id),
    );
  }
  if (restricted > MAX_RESTRICTED_ITEMS) {
    return fail('restricted', `Sorry, there is a limit of ${MAX_RESTRICTED_ITEMS} alcoholic drinks per order.`);
  }
  if (vendor.maxBurdenPerOrder !== null && burden > vendor.maxBurdenPerOrder) {
    return fail('burden', `To serve you better, ${vendor.storeName} limits order sizes.`);
  }

  const charges = vendor.serviceCharges.map((charge) => ({
    name: charge.name,
    minor: charge.kind === 'percentage' ? percentageOf(subtotal, charge.value) : charge.value,
  }));
  for (const charge of charges) {
    summary.push({
      id: null,
      parentItemId: null,
      name: charge.name,
      quantity: 1,
      perItemMinor: charge.minor,
      priceMinor: charge.minor,
      itemType: SERVICE_CHARGE_ITEM_TYPE,
    });
  }
  const total = subtotal + charges.reduce((sum, c) => sum + c.minor, 0);
  return {
    ok: true,
    order: {
      lines: summary,
      subtotalMinor: subtotal,
      gstFreeMinor: gstFree,
      charges,
      totalMinor: total,
      orderBurden: burden,
      stockNeeded,
    },
  };
}
