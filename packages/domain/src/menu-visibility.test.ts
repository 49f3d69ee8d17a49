import { describe, expect, it } from 'vitest';
import { groupByItemType, isItemOrderable } from './menu-visibility.ts';
import { zonedTimeToUtc } from './time-zone.ts';

const SYDNEY = 'Australia/Sydney';
const at = (hour: number) => zonedTimeToUtc({ year: 2026, month: 11, day: 23, hour, minute: 0 }, SYDNEY);

describe('isItemOrderable', () => {
  const group = {
    id: 1,
    name: 'Size',
    minimumChoices: 1,
    maximumChoices: 1,
    defaultModifierId: null,
    visible: true,
    modifierIds: [11],
  };
  const groups = new Map([[1, group]]);
  const modifiers = new Map([[11, { id: 11, groupId: 1, visible: true }]]);
  const base = {
    id: 1,
    itemType: 'Coffee',
    displayOrder: 1,
    visible: true,
    modifierGroupsIds: [1],
    availability: null,
  };
  it('shows a visible, available item whose required groups can be met', () => {
    expect(isItemOrderable(base, groups, modifiers, at(12), SYDNEY)).toBe(true);
  });
  it('hides invisible items, items out of their window and items whose required group is empty', () => {
    expect(isItemOrderable({ ...base, visible: false }, groups, modifiers, at(12), SYDNEY)).toBe(false);
    const morning = { ...base, availability: { monday: [{ startTime: '06:00', endTime: '11:00' }] } };
    expect(isItemOrderable(morning, groups, modifiers, at(9), SYDNEY)).toBe(true);
    expect(isItemOrderable(morning, groups, modifiers, at(12), SYDNEY)).toBe(false);
    const hiddenModifier = new Map([[11, { id: 11, groupId: 1, visible: false }]]);
    expect(isItemOrderable(base, groups, hiddenModifier, at(12), SYDNEY)).toBe(false);
  });
});

describe('groupByItemType', () => {
  it('orders sections and items by display order', () => {
    const sections = groupByItemType([
      { itemType: 'Drinks', displayOrder: 5, name: 'b' },
      { itemType: 'Mains', displayOrder: 1, name: 'a' },
      { itemType: 'Drinks', displayOrder: 3, name: 'c' },
    ]);
    expect(sections.map((s) => [s.itemType, s.items.map((i) => i.name)])).toEqual([
      ['Mains', ['a']],
      ['Drinks', ['c', 'b']],
    ]);
  });
});
