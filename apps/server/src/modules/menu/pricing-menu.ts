/** The menu as the server's pricing reads it: maps by id, built once per menu version. */
import type { Menu } from '@venue/contract/menu';
import type { PricedMenuItem, PricedModifier, PricingMenu } from '@venue/domain/order-pricing';
import type { GroupRule } from '@venue/domain/modifier-selection';

export function toPricingMenu(menu: Menu, gstFreeItemIds: ReadonlySet<number> = new Set()): PricingMenu {
  const items = new Map<number, PricedMenuItem>();
  for (const item of menu.items) {
    items.set(item.id, {
      id: item.id,
      name: item.name,
      priceMinor: item.price.minorAmount,
      itemType: item.itemType,
      displayOrder: item.displayOrder,
      visible: item.visible,
      currentInventory: item.currentInventory,
      burden: item.burden,
      isRestricted: item.isRestricted,
      modifierGroupsIds: item.modifierGroupsIds,
      availability: item.availability,
      gstFree: gstFreeItemIds.has(item.id),
    });
  }
  const modifiers = new Map<number, PricedModifier>();
  for (const modifier of menu.modifiers) {
    modifiers.set(modifier.id, {
      id: modifier.id,
      groupId: modifier.groupId,
      visible: modifier.visible,
      name: modifier.name,
      priceMinor: modifier.price.minorAmount,
    });
  }
  const groups = new Map<number, GroupRule>();
  for (const group of menu.modifierGroups) {
    groups.set(group.id, {
      id: group.id,
      name: group.name,
      minimumChoices: group.minimumChoices,
      maximumChoices: group.maximumChoices,
      defaultModifierId: group.defaultModifierId,
      visible: group.visible,
      modifierIds: group.modifierIds,
    });
  }
  return { items, modifiers, groups };
}
