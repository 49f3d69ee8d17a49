import { describe, expect, it } from 'vitest';
import { money } from '../../../test/fixtures';
import {
  basketCount,
  basketTotalMinor,
  limitStateFor,
  orderItemsOf,
  reduceToStock,
  type BasketEntry,
  type UserOrder,
} from './basket';

const entry = (overrides: Partial<BasketEntry> & Pick<BasketEntry, 'id' | 'name'>): BasketEntry => ({
  count: 1,
  price: money(1000),
  itemType: 'Mains',
  burden: 1,
  isRestricted: false,
  modifiers: [],
  ...overrides,
});

const order: UserOrder = {
  Burger: {
    '101,303': entry({
      id: 11,
      name: 'Burger',
      count: 2,
      price: money(1650),
      modifiers: [
        { id: 101, name: 'Chips', price: money(0), groupId: 1, count: 1 },
        { id: 303, name: 'Aioli', price: money(50), groupId: 3, count: 1 },
      ],
    }),
    '102': entry({
      id: 11,
      name: 'Burger',
      price: money(1650),
      modifiers: [{ id: 102, name: 'Side salad', price: money(150), groupId: 1, count: 1 }],
    }),
  },
  Lager: { '': entry({ id: 13, name: 'Lager', count: 3, price: money(1150), isRestricted: true, burden: 2 }) },
};

describe('basket helpers', () => {
  it('totals price × count plus option price × count (spec §5)', () => {
    expect(basketTotalMinor(order)).toBe(2 * (1650 + 50) + (1650 + 150) + 3 * 1150);
    expect(basketCount(order)).toBe(6);
  });

  it('gives the limits the burden, restricted count, item count and line count', () => {
    expect(limitStateFor(order, 'Burger', '102')).toEqual({
      orderBurden: 3 + 6,
      restrictedCount: 3,
      itemCountInOrder: 3,
      lineCount: 1,
    });
    expect(limitStateFor(order, 'Fries', '')).toMatchObject({ itemCountInOrder: 0, lineCount: 0 });
  });

  it('cuts an item to its stock, line by line from the last one back', () => {
    const changes = reduceToStock(order, 'Burger', 1);
    const counts = Object.fromEntries(Object.entries(order.Burger!).map(([key, e]) => [key, e.count]));
    for (const change of changes) counts[change.key] = change.count;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(1);
    expect(changes.every((change) => change.name === 'Burger' && change.count >= 0)).toBe(true);
    expect(reduceToStock(order, 'Burger', 5)).toEqual([]);
    expect(reduceToStock(order, 'Lager', 0)).toEqual([{ name: 'Lager', key: '', count: 0 }]);
  });

  it('builds calculate-order-payment lines (spec §7), the note once on the first line', () => {
    const items = orderItemsOf(order, '  no onions ');
    expect(items).toHaveLength(3);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Burger',
          itemType: 'Mains',
          menuItemId: 11,
          quantity: 2,
          modifiers: [
            { quantity: 1, modifierId: 101, name: 'Chips' },
            { quantity: 1, modifierId: 303, name: 'Aioli' },
          ],
        }),
        expect.objectContaining({
          menuItemId: 11,
          quantity: 1,
          modifiers: [{ quantity: 1, modifierId: 102, name: 'Side salad' }],
        }),
        expect.objectContaining({ name: 'Lager', menuItemId: 13, quantity: 3, modifiers: [] }),
      ]),
    );
    expect(items.map((item) => item.note)).toEqual(['no onions', undefined, undefined]);
    expect(orderItemsOf(order, '   ')[0]).not.toHaveProperty('note');
  });
});
