import { useMemo } from 'react';
import type { Menu, MenuItem } from '@venue/contract/menu';
import { menuSections, optionGroupsOf, type MenuSection } from '../lib/menu-view';

export interface MenuView {
  /** the item types on the menu at the instant, as headed sections */
  sections: MenuSection[];
  /** items with option groups to choose from */
  hasOptions: (item: MenuItem) => boolean;
}

/** What the menu shows at an instant (the picked time, else now) in the store's time zone. */
export function useMenuView(menu: Menu | null, instantMs: number, timeZone: string | null): MenuView {
  const sections = useMemo(
    () => (menu && timeZone !== null ? menuSections(menu, instantMs, timeZone) : []),
    [menu, instantMs, timeZone],
  );
  const hasOptions = useMemo(() => {
    const ids = new Set<number>();
    if (menu) for (const item of menu.items) if (optionGroupsOf(item, menu).length > 0) ids.add(item.id);
    return (item: MenuItem) => ids.has(item.id);
  }, [menu]);
  return { sections, hasOptions };
}
