import { describe, expect, it } from 'vitest';
import type { Menu } from '@venue/contract/menu';
import { makeMenu, money } from '../../../test/fixtures';
import type { BasketEntry, UserOrder } from './basket';
import { checkBasket, reorderBasket } from './menu-check';

const NOW = Date.parse('2026-11-23T02:00:00.000Z'); // Monday 1 pm in Sydney
const TZ = 'Australia/Sydney';

function entry(menu: Menu, name: string, count: number, modifierIds: number[] = []): BasketEntry {
  const item = menu.items.find((i) => i.name === name)!;
  return {
    id: item.id,
    name,
    count,
    price: item.price,
    itemType: item.itemType,
    burden: item.burden,
    isRestricted: item.isRestricted,
    modifiers: modifierIds.map((id) => {
      const modifier = menu.modifiers.find((m) => m.id === id)!;
      return { id, name: modifier.name, price: modifier.price, groupId: modifier.groupId, count: 1 };
    }),
  };
}

function edit(menu: Menu, change: (menu: Menu) => void): Menu {
  const copy = structuredClone(menu);
  change(copy);
  return copy;
}

describe('checkBasket: sold-out and hidden basket items (spec §2 transition guards)', () => {
  const menu = makeMenu();
  const basket: UserOrder = {
    Burger: { '101': entry(menu, 'Burger', 1, [101]), '102,303': entry(menu, 'Burger', 2, [102, 303]) },
    Fries: { '': entry(menu, 'Fries', 2) },
    Salad: { '': entry(menu, 'Salad', 2) },
  };

  it('changes nothing while everything is still offered', () => {
    expect(checkBasket(basket, menu, NOW, TZ)).toEqual({ changes: [], soldOut: [] });
  });

  it('removes items now sold out (stock 0) or hidden, naming them once', () => {
    const changed = edit(menu, (m) => {
      m.items.find((i) => i.name === 'Fries')!.currentInventory = 0;
      m.items.find((i) => i.name === 'Burger')!.visible = false;
    });
    const check = checkBasket(basket, changed, NOW, TZ);
    expect(check.soldOut.sort()).toEqual(['Burger', 'Fries']);
    expect(check.changes).toEqual(
      expect.arrayContaining([
        { name: 'Burger', key: '101', count: 0 },
        { name: 'Burger', key: '102,303', count: 0 },
        { name: 'Fries', key: '', count: 0 },
      ]),
    );
    expect(check.changes).toHaveLength(3);
  });

  it('removes lines whose option is no longer offered, and items gone from the menu', () => {
    const changed = edit(menu, (m) => {
      m.modifiers.find((x) => x.id === 303)!.visible = false;
      m.items = m.items.filter((i) => i.name !== 'Salad');
    });
    const check = checkBasket(basket, changed, NOW, TZ);
    expect(check.changes).toEqual([
      { name: 'Burger', key: '102,303', count: 0 },
      { name: 'Salad', key: '', count: 0 },
    ]);
    expect(check.soldOut).toEqual(['Burger', 'Salad']);
  });

  it('cuts an item over its stock down to it', () => {
    const changed = edit(menu, (m) => {
      m.items.find((i) => i.name === 'Salad')!.currentInventory = 1;
    });
    expect(checkBasket(basket, changed, NOW, TZ)).toEqual({
      changes: [{ name: 'Salad', key: '', count: 1 }],
      soldOut: ['Salad'],
    });
  });

  it('removes items outside their availability window at the order time', () => {
    const changed = edit(menu, (m) => {
      m.items.find((i) => i.name === 'Fries')!.availability = { monday: [{ startTime: '06:00', endTime: '11:00' }] };
    });
    expect(checkBasket(basket, changed, NOW, TZ).soldOut).toEqual(['Fries']);
    // at 10 am the same Monday they are available
    expect(checkBasket(basket, changed, Date.parse('2026-11-22T23:00:00.000Z'), TZ).soldOut).toEqual([]);
  });
});

describe('reorderBasket: the last order against the current menu (spec §4)', () => {
  const menu = makeMenu();
  const last: UserOrder = {
    Burger: { '102,303': { ...entry(menu, 'Burger', 2, [102, 303]), price: money(1) } },
    Fries: { '': entry(menu, 'Fries', 3) },
    Salad: { '': entry(menu, 'Salad', 5) },
  };

  it('keeps visible, in-stock items at current prices, cut to the stock', () => {
    const order = reorderBasket(last, menu, NOW, TZ);
    expect(Object.keys(order)).toEqual(['Burger', 'Fries', 'Salad']);
    expect(order.Burger!['102,303']!.price.minorAmount).toBe(1650);
    expect(order.Fries!['']!.count).toBe(3);
    expect(order.Salad!['']!.count).toBe(2);
  });

  it('drops hidden and sold-out items', () => {
    const changed = edit(menu, (m) => {
      m.items.find((i) => i.name === 'Fries')!.visible = false;
      m.items.find((i) => i.name === 'Salad')!.currentInventory = 0;
    });
    expect(Object.keys(reorderBasket(last, changed, NOW, TZ))).toEqual(['Burger']);
  });

  it('drops options no longer visible and re-keys the line; an item missing a required option goes', () => {
    const withoutAioli = edit(menu, (m) => {
      m.modifiers.find((x) => x.id === 303)!.visible = false;
    });
    const order = reorderBasket(last, withoutAioli, NOW, TZ);
    expect(Object.keys(order.Burger!)).toEqual(['102']);
    expect(order.Burger!['102']!.modifiers.map((m) => m.name)).toEqual(['Side salad']);

    const withoutSideSalad = edit(menu, (m) => {
      m.modifiers.find((x) => x.id === 102)!.visible = false;
    });
    expect(reorderBasket(last, withoutSideSalad, NOW, TZ).Burger).toBeUndefined();
  });

  it('drops options of a group that is no longer visible', () => {
    const saucesHidden = edit(menu, (m) => {
      m.modifierGroups.find((g) => g.name === 'Sauces')!.visible = false;
    });
    expect(Object.keys(reorderBasket(last, saucesHidden, NOW, TZ).Burger!)).toEqual(['102']);
  });
});
