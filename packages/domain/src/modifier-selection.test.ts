import { describe, expect, it } from 'vitest';
import {
  clearGroup,
  defaultSelection,
  isSingleChoiceGroup,
  missingRequiredGroups,
  optionKey,
  overfilledGroups,
  requiredGroupsSatisfiable,
  toggleModifier,
  type GroupRule,
  type ModifierRule,
} from './modifier-selection.ts';

const side: GroupRule = {
  id: 1,
  name: 'Choose a side',
  minimumChoices: 1,
  maximumChoices: 1,
  defaultModifierId: 11,
  visible: true,
  modifierIds: [11, 12, 13],
};
const sauces: GroupRule = {
  id: 2,
  name: 'Sauces',
  minimumChoices: 0,
  maximumChoices: 2,
  defaultModifierId: null,
  visible: true,
  modifierIds: [21, 22, 23],
};
const extras: GroupRule = {
  id: 3,
  name: 'Extras',
  minimumChoices: 0,
  maximumChoices: 0,
  defaultModifierId: null,
  visible: true,
  modifierIds: [31, 32, 33, 34],
};
const modifiers = new Map<number, ModifierRule>(
  [11, 12, 13, 21, 22, 23, 31, 32, 33, 34].map((id) => [id, { id, groupId: Math.floor(id / 10), visible: true }]),
);

describe('toggleModifier', () => {
  it('deselects a modifier chosen again', () => {
    expect(toggleModifier([21], sauces, 21)).toEqual([]);
  });
  it('switches a one-choice group like a radio button', () => {
    expect(toggleModifier([11], side, 12)).toEqual([12]);
  });
  it('lets go of the earliest choice beyond the maximum, leaving other groups alone', () => {
    expect(toggleModifier([11, 21, 22], sauces, 23)).toEqual([11, 22, 23]);
  });
  it('never limits a group whose maximum is 0 (unlimited)', () => {
    expect(toggleModifier([31, 32, 33], extras, 34)).toEqual([31, 32, 33, 34]);
  });
});

describe('single-choice groups', () => {
  it('are the groups with a maximum of exactly one', () => {
    expect(isSingleChoiceGroup(side)).toBe(true);
    expect(isSingleChoiceGroup({ ...side, minimumChoices: 0 })).toBe(true);
    expect(isSingleChoiceGroup(sauces)).toBe(false);
    expect(isSingleChoiceGroup(extras)).toBe(false);
  });
  it('can be emptied without touching other groups (choosing none)', () => {
    expect(clearGroup([11, 21, 31], side)).toEqual([21, 31]);
    expect(clearGroup([21], side)).toEqual([21]);
  });
});

describe('defaultSelection', () => {
  it('picks each visible group default that is visible', () => {
    expect(defaultSelection([side, sauces], modifiers)).toEqual([11]);
    const hidden = new Map(modifiers).set(11, { id: 11, groupId: 1, visible: false });
    expect(defaultSelection([side], hidden)).toEqual([]);
  });
});

describe('missingRequiredGroups', () => {
  it('names required groups below their minimum', () => {
    expect(missingRequiredGroups([side, sauces], [])).toEqual(['Choose a side']);
    expect(missingRequiredGroups([side, sauces], [12])).toEqual([]);
  });
});

describe('overfilledGroups', () => {
  it('names groups over their maximum', () => {
    expect(overfilledGroups([sauces, extras], [21, 22, 23, 31, 32, 33])).toEqual(['Sauces']);
  });
});

describe('requiredGroupsSatisfiable', () => {
  it('is false when a required group is hidden or short of visible modifiers', () => {
    expect(requiredGroupsSatisfiable([side, sauces], modifiers)).toBe(true);
    expect(requiredGroupsSatisfiable([{ ...side, visible: false }], modifiers)).toBe(false);
    const twoHidden = new Map(modifiers);
    for (const id of [11, 12, 13]) twoHidden.set(id, { id, groupId: 1, visible: false });
    expect(requiredGroupsSatisfiable([side], twoHidden)).toBe(false);
    expect(requiredGroupsSatisfiable([{ ...side, minimumChoices: 4 }], modifiers)).toBe(false);
  });
  it('ignores optional groups', () => {
    expect(requiredGroupsSatisfiable([{ ...sauces, visible: false }], modifiers)).toBe(true);
  });
});

describe('optionKey', () => {
  it('is the sorted ids, the same for any order of choice', () => {
    expect(optionKey([22, 11])).toBe('11,22');
    expect(optionKey([])).toBe('');
  });
});
