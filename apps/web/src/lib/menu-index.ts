import type { Menu, MenuItem, Modifier, ModifierGroup } from '@venue/contract/menu';

/** A menu's items, modifiers and groups by id: what the domain rules look things up in. */
export interface MenuIndex {
  items: Map<number, MenuItem>;
  modifiers: Map<number, Modifier>;
  groups: Map<number, ModifierGroup>;
}

const cache = new WeakMap<Menu, MenuIndex>();

/** Indexes a menu (once per menu object). */
export function indexMenu(menu: Menu): MenuIndex {
  let index = cache.get(menu);
  if (!index) {
    index = {
      items: new Map(menu.items.map((item) => [item.id, item])),
      modifiers: new Map(menu.modifiers.map((modifier) => [modifier.id, modifier])),
      groups: new Map(menu.modifierGroups.map((group) => [group.id, group])),
    };
    cache.set(menu, index);
  }
  return index;
}
