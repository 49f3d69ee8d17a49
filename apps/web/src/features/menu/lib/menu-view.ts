/** What the place-order screen shows of a menu (spec §2 Place order, §5). */
import type { Menu, MenuItem, Modifier, ModifierGroup } from '@venue/contract/menu';
import { groupByItemType, groupsOf, isItemOrderable } from '@venue/domain/menu-visibility';
import { indexMenu } from '../../../lib/menu-index';

export interface MenuSection {
  itemType: string;
  items: MenuItem[];
}

/**
 * The items a customer sees, by item type in display order: visible, inside their availability
 * window at `instantMs` (the preferred time, or now) in the vendor's time zone, and with required
 * option groups that can be met. Sold-out items stay, labelled 'Sold Out'.
 */
export function menuSections(menu: Menu, instantMs: number, timeZone: string): MenuSection[] {
  const index = indexMenu(menu);
  const shown = menu.items.filter((item) => isItemOrderable(item, index.groups, index.modifiers, instantMs, timeZone));
  return groupByItemType(shown);
}

/** A group as the options modal shows it: only its visible modifiers, in display order. */
export interface OptionGroup {
  group: ModifierGroup;
  modifiers: Modifier[];
}

/** The visible option groups of an item, in the item's order, each with its visible modifiers. */
export function optionGroupsOf(item: MenuItem, menu: Menu): OptionGroup[] {
  const index = indexMenu(menu);
  return groupsOf(item, index.groups)
    .filter((group) => group.visible)
    .map((group) => ({
      group,
      modifiers: group.modifierIds
        .map((id) => index.modifiers.get(id))
        .filter((modifier): modifier is Modifier => modifier?.visible === true && modifier.groupId === group.id)
        .sort((a, b) => a.displayOrder - b.displayOrder),
    }))
    .filter((option) => option.modifiers.length > 0);
}

/** The element id of an item type's section, for the tabs' in-page links. */
export function sectionId(itemType: string): string {
  return `type-${itemType
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}
