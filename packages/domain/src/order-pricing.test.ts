import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GroupRule } from './modifier-selection.ts';
import {
  priceOrder,
  type PricedMenuItem,
  type PricedModifier,
  type PricingMenu,
  type PricingVendor,
} from './order-pricing.ts';
import { zonedTimeToUtc } from './time-zone.ts';

const SYDNEY = 'Australia/Sydney';
const NOON = zonedTimeToUtc({ year: 2026, month: 11, day: 23, hour: 12, minute: 0 }, SYDNEY); // a Monday

const item = (id: number, extra: Partial<PricedMenuItem> = {}): PricedMenuItem => ({
  id,
  name: `Item ${id}`,
  priceMinor: 1000,
  itemType: 'Mains',
  displayOrder: id,
  visible: true,
  currentInventory: null,
  burden: 1,
  isRestricted: false,
  modifierGroupsIds: [],
  availability: null,
  ...extra,
});
const side: GroupRule = {
  id: 1,
  name: 'Choose a side',
  minimumChoices: 1,
  maximumChoices: 1,
  defaultModifierId: 11,
  visible: true,
  modifierIds: [11, 12],
};
const modifier = (id: number, priceMinor: number): PricedModifier => ({
  id,
  groupId: 1,
  visible: true,
  name: `Mod ${id}`,
  priceMinor,
});

const menu: PricingMenu = {
  items: new Map([
    [1, item(1, { name: 'Burger', priceMinor: 1590, modifierGroupsIds: [1] })],
    [2, item(2, { name: 'Lager', priceMinor: 1100, isRestricted: true })],
    [3, item(3, { name: 'Hidden', visible: false })],
    [4, item(4, { name: 'Pie', currentInventory: 2 })],
    [5, item(5, { name: 'Breakfast roll', availability: { monday: [{ startTime: '06:00', endTime: '11:00' }] } })],
    [6, item(6, { name: 'Family pack', burden: 4 })],
  ]),
  modifiers: new Map([
    [11, modifier(11, 0)],
    [12, modifier(12, 250)],
  ]),
  groups: new Map([[1, side]]),
};
const vendor: PricingVendor = { storeName: 'Grill & Bun', maxBurdenPerOrder: 10, serviceCharges: [] };
const price = (lines: Parameters<typeof priceOrder>[0], v: PricingVendor = vendor) =>
  priceOrder(lines, menu, v, NOON, SYDNEY);

describe('priceOrder', () => {
  it('prices items and modifiers from the menu, modifiers carrying their parent item id', () => {
    const result = price([{ menuItemId: 1, quantity: 2, modifiers: [{ modifierId: 12, quantity: 1 }] }]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.subtotalMinor).toBe(2 * 1590 + 2 * 250);
    expect(result.order.lines).toEqual([
      {
        id: 1,
        parentItemId: null,
        name: 'Burger',
        quantity: 2,
        perItemMinor: 1590,
        priceMinor: 3180,
        itemType: 'Mains',
      },
      { id: 12, parentItemId: 1, name: 'Mod 12', quantity: 2, perItemMinor: 250, priceMinor: 500, itemType: 'Mains' },
    ]);
  });
  it('adds service charges as ServiceCharge lines', () => {
    const charged = {
      ...vendor,
      serviceCharges: [
        { name: 'Service fee', kind: 'fixed' as const, value: 50 },
        { name: 'Surcharge', kind: 'percentage' as const, value: 150 },
      ],
    };
    const result = price([{ menuItemId: 6, quantity: 1, modifiers: [] }], charged);
    if (!result.ok) throw new Error(result.problem.message);
    expect(result.order.charges).toEqual([
      { name: 'Service fee', minor: 50 },
      { name: 'Surcharge', minor: 15 },
    ]);
    expect(result.order.totalMinor).toBe(1000 + 50 + 15);
    expect(result.order.lines.filter((l) => l.itemType === 'ServiceCharge')).toHaveLength(2);
  });
  it.each([
    ['an empty order', [], 'empty'],
    ['an unknown item', [{ menuItemId: 99, quantity: 1, modifiers: [] }], 'unknown_item'],
    ['a hidden item', [{ menuItemId: 3, quantity: 1, modifiers: [] }], 'unavailable'],
    ['a zero quantity', [{ menuItemId: 6, quantity: 0, modifiers: [] }], 'quantity'],
    ['a quantity over 99', [{ menuItemId: 6, quantity: 100, modifiers: [] }], 'quantity'],
    ['a fractional quantity', [{ menuItemId: 6, quantity: 1.5, modifiers: [] }], 'quantity'],
    ['a missing required option', [{ menuItemId: 1, quantity: 1, modifiers: [] }], 'missing_options'],
    [
      'too many choices',
      [
        {
          menuItemId: 1,
          quantity: 1,
          modifiers: [
            { modifierId: 11, quantity: 1 },
            { modifierId: 12, quantity: 1 },
          ],
        },
      ],
      'too_many_options',
    ],
    [
      'an option of another item',
      [{ menuItemId: 6, quantity: 1, modifiers: [{ modifierId: 11, quantity: 1 }] }],
      'bad_option',
    ],
    [
      'more than the stock',
      [
        { menuItemId: 4, quantity: 1, modifiers: [] },
        { menuItemId: 4, quantity: 2, modifiers: [] },
      ],
      'sold_out',
    ],
    ['seven restricted drinks', [{ menuItemId: 2, quantity: 7, modifiers: [] }], 'restricted'],
    ['a burden over the maximum', [{ menuItemId: 6, quantity: 3, modifiers: [] }], 'burden'],
  ] as const)('refuses %s', (_name, lines, code) => {
    const result = price(lines as never);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.code).toBe(code);
  });
  it('names the vendor in the burden message and the group in the missing-options message', () => {
    const burden = price([{ menuItemId: 6, quantity: 3, modifiers: [] }]);
    expect(!burden.ok && burden.problem.message).toBe('To serve you better, Grill & Bun limits order sizes.');
    const missing = price([{ menuItemId: 1, quantity: 1, modifiers: [] }]);
    expect(!missing.ok && missing.problem.message).toBe('Please select the following required option: Choose a side');
  });
  it('refuses an item outside its availability window', () => {
    const evening = zonedTimeToUtc({ year: 2026, month: 11, day: 23, hour: 18, minute: 0 }, SYDNEY);
    expect(priceOrder([{ menuItemId: 5, quantity: 1, modifiers: [] }], menu, vendor, evening, SYDNEY).ok).toBe(false);
    expect(price([{ menuItemId: 5, quantity: 1, modifiers: [] }]).ok).toBe(false); // noon is after 11:00
  });
  it('totals equal the sum of price × count plus modifier price × count (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ burger: fc.boolean(), quantity: fc.integer({ min: 1, max: 3 }), extra: fc.boolean() }), {
          minLength: 1,
          maxLength: 3,
        }),
        (picks) => {
          const lines = picks.map((p) =>
            p.burger
              ? { menuItemId: 1, quantity: p.quantity, modifiers: [{ modifierId: p.extra ? 12 : 11, quantity: 1 }] }
              : { menuItemId: 2, quantity: 1, modifiers: [] },
          );
          const result = priceOrder(lines, menu, { ...vendor, maxBurdenPerOrder: null }, NOON, SYDNEY);
          if (!result.ok) return;
          const expected = lines.reduce((sum, l) => {
            const base = (menu.items.get(l.menuItemId)?.priceMinor ?? 0) * l.quantity;
            const mods = l.modifiers.reduce(
              (m, c) => m + (menu.modifiers.get(c.modifierId)?.priceMinor ?? 0) * l.quantity,
              0,
            );
            return sum + base + mods;
          }, 0);
          expect(result.order.subtotalMinor).toBe(expected);
          expect(result.order.totalMinor).toBe(expected);
        },
      ),
    );
  });
});
