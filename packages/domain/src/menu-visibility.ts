/** Which menu items a customer sees and can order (spec §2 Place order, §5). */
import { isAvailableAt, type AvailabilityWindows } from './availability.ts';
import { requiredGroupsSatisfiable, type GroupRule, type ModifierRule } from './modifier-selection.ts';

/** The parts of a menu item visibility reads. */
export interface VisibleItemRule {
  id: number;
  itemType: string;
  displayOrder: number;
  visible: boolean;
  modifierGroupsIds: readonly number[];
  availability: AvailabilityWindows;
}

/** The groups of an item, in the item's order, skipping ids the menu does not have. */
export function groupsOf<G extends GroupRule>(
  item: { modifierGroupsIds: readonly number[] },
  groups: ReadonlyMap<number, G>,
): G[] {
  return item.modifierGroupsIds.flatMap((id) => {
    const group = groups.get(id);
    return group ? [group] : [];
  });
}

/** Whether an item is shown: visible, available at the instant, and its required groups can be met. */
export function isItemOrderable(
  item: VisibleItemRule,
  groups: ReadonlyMap<number, GroupRule>,
  modifiers: ReadonlyMap<number, ModifierRule>,
  instantMs: number,
  timeZone: string,
): boolean {
  return (
    item.visible &&
    isAvailableAt(item.availability, instantMs, timeZone) &&
    requiredGroupsSatisfiable(groupsOf(item, groups), modifiers)
  );
}

/** Items grouped by item type; sections ordered by their first item's display order, items by display order. */
export function groupByItemType<T extends { itemType: string; displayOrder: number }>(
  items: readonly T[],
): Array<{ itemType: string; items: T[] }> {
  const sections = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => a.displayOrder - b.displayOrder)) {
    const section = sections.get(item.itemType);
    if (section) section.push(item);
    else sections.set(item.itemType, [item]);
  }
  return [...sections.entries()].map(([itemType, list]) => ({ itemType, items: list }));
}
