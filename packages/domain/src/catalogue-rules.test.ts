import { describe, expect, it } from 'vitest';
import { catalogueRuleProblems, jsonPath } from './catalogue-rules.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are broken on purpose
type Doc = any;

/** A small valid catalogue (as the rules read it); each test breaks one thing. */
function catalogue(): Doc {
  return {
    version: 1,
    venue: { id: 1, clientId: 1, name: 'Hall' },
    vendors: [
      {
        id: 10,
        vendorOrderConfiguration: { availableServiceModes: ['TakeAway'], defaultOrderServiceMode: 'TakeAway' },
        itemTypes: ['Food', 'Drinks'],
        items: [
          {
            id: 100,
            itemType: 'Food',
            modifierGroupsIds: [1],
            availability: { monday: [{ startTime: '11:00', endTime: '14:00' }] },
          },
          { id: 101, itemType: 'Drinks', modifierGroupsIds: [], availability: null },
        ],
        modifierGroups: [
          { id: 1, modifierIds: [1000, 1001], minimumChoices: 1, maximumChoices: 1, defaultModifierId: 1000 },
        ],
        modifiers: [
          { id: 1000, groupId: 1 },
          { id: 1001, groupId: 1 },
        ],
      },
      { id: 20, itemTypes: ['Wine'], items: [{ id: 200, itemType: 'Wine' }], modifierGroups: [], modifiers: [] },
    ],
    coupons: [
      { code: 'TEN', kind: 'percentage', value: 1000, vendorId: null },
      {
        code: 'TWO',
        kind: 'fixed',
        value: 200,
        vendorId: 10,
        validFrom: '2026-01-01T00:00:00Z',
        validUntil: '2026-02-01T00:00:00Z',
      },
      { code: 'FREE', kind: 'full', value: 0 },
    ],
  };
}

function problemsAfter(change: (doc: Doc) => void) {
  const doc = catalogue();
  change(doc);
  return catalogueRuleProblems(doc);
}

describe('jsonPath', () => {
  it('writes identifiers with dots, indexes in brackets and other keys quoted', () => {
    expect(jsonPath(['vendors', 1, 'items', 3, 'price'])).toBe('$.vendors[1].items[3].price');
    expect(jsonPath([])).toBe('$');
    expect(jsonPath(['a b', '0x'])).toBe('$["a b"]["0x"]');
  });
});

describe('catalogue rules', () => {
  it('finds nothing wrong with a sound catalogue', () => {
    expect(catalogueRuleProblems(catalogue())).toEqual([]);
  });

  it("reads anything without throwing: wrong types are the shape check's to report", () => {
    for (const value of [null, 1, 'x', [], { vendors: 'x' }, { vendors: [null, 1, { items: {} }] }, { coupons: [1] }])
      expect(() => catalogueRuleProblems(value)).not.toThrow();
  });

  it('reports a vendor id used twice, at the second use', () => {
    expect(problemsAfter((d) => (d.vendors[1]!.id = 10))).toEqual([
      { path: '$.vendors[1].id', message: 'Vendor id 10 is used twice (also at $.vendors[0].id).' },
    ]);
  });

  it('reports duplicate item, group and modifier ids across the whole venue', () => {
    expect(problemsAfter((d) => (d.vendors[1]!.items[0]!.id = 100))).toEqual([
      {
        path: '$.vendors[1].items[0].id',
        message: 'Menu item id 100 is used twice (also at $.vendors[0].items[0].id).',
      },
    ]);
    expect(
      problemsAfter((d) => {
        d.vendors[0]!.modifiers[1]!.id = 1000;
        d.vendors[0]!.modifierGroups[0]!.modifierIds = [1000];
      }),
    ).toContainEqual({
      path: '$.vendors[0].modifiers[1].id',
      message: 'Modifier id 1000 is used twice (also at $.vendors[0].modifiers[0].id).',
    });
    expect(
      problemsAfter((d) => {
        d.vendors[1]!.modifierGroups = [
          { id: 1, modifierIds: [], minimumChoices: 0, maximumChoices: 0, defaultModifierId: 0 },
        ];
        (d.vendors[1]!.modifierGroups[0] as { defaultModifierId: unknown }).defaultModifierId = null;
      }),
    ).toEqual([
      {
        path: '$.vendors[1].modifierGroups[0].id',
        message: 'Modifier group id 1 is used twice (also at $.vendors[0].modifierGroups[0].id).',
      },
    ]);
  });

  it("reports an item type that is not one of the vendor's, and one listed twice", () => {
    expect(problemsAfter((d) => (d.vendors[0]!.items[1]!.itemType = 'Drink'))).toEqual([
      { path: '$.vendors[0].items[1].itemType', message: 'Item type "Drink" is not one of this vendor\'s itemTypes.' },
    ]);
    expect(problemsAfter((d) => d.vendors[0]!.itemTypes.push('Food'))).toEqual([
      { path: '$.vendors[0].itemTypes[2]', message: 'Item type "Food" is listed twice.' },
    ]);
  });

  it('reports an unknown modifier group on an item, one of another vendor, and one listed twice', () => {
    expect(problemsAfter((d) => (d.vendors[0]!.items[0]!.modifierGroupsIds = [1, 99, 1]))).toEqual([
      {
        path: '$.vendors[0].items[0].modifierGroupsIds[1]',
        message: 'Modifier group 99 is not a modifier group of this vendor.',
      },
      { path: '$.vendors[0].items[0].modifierGroupsIds[2]', message: 'Modifier group 1 is listed twice.' },
    ]);
    expect(
      problemsAfter((d) => (d.vendors[1]!.items[0] = { id: 200, itemType: 'Wine', modifierGroupsIds: [1] } as never)),
    ).toEqual([
      {
        path: '$.vendors[1].items[0].modifierGroupsIds[0]',
        message: 'Modifier group 1 is not a modifier group of this vendor.',
      },
    ]);
  });

  it('reports a modifier whose group does not exist, and group lists that do not match the modifiers', () => {
    expect(problemsAfter((d) => (d.vendors[0]!.modifiers[1]!.groupId = 7))).toEqual([
      {
        path: '$.vendors[0].modifiers[1].groupId',
        message: 'Modifier group 7 is not a modifier group of this vendor.',
      },
      {
        path: '$.vendors[0].modifierGroups[0].modifierIds[1]',
        message: 'Modifier 1001 belongs to group 7 (its groupId), not to this group.',
      },
    ]);
    expect(problemsAfter((d) => (d.vendors[0]!.modifierGroups[0]!.modifierIds = [1000, 1999]))).toEqual([
      {
        path: '$.vendors[0].modifierGroups[0].modifierIds[1]',
        message: 'Modifier 1999 is not a modifier of this vendor.',
      },
      {
        path: '$.vendors[0].modifierGroups[0].modifierIds',
        message: 'Modifier 1001 names this group as its groupId but is not listed here.',
      },
    ]);
  });

  it('reports minimumChoices above maximumChoices, but not when maximumChoices is 0 (no limit)', () => {
    expect(problemsAfter((d) => (d.vendors[0]!.modifierGroups[0]!.minimumChoices = 2))).toEqual([
      {
        path: '$.vendors[0].modifierGroups[0].minimumChoices',
        message: 'minimumChoices (2) is more than maximumChoices (1); use maximumChoices 0 for no limit.',
      },
    ]);
    expect(
      problemsAfter((d) => {
        d.vendors[0]!.modifierGroups[0]!.minimumChoices = 2;
        d.vendors[0]!.modifierGroups[0]!.maximumChoices = 0;
      }),
    ).toEqual([]);
  });

  it('reports a default modifier that is not in the group', () => {
    expect(problemsAfter((d) => (d.vendors[0]!.modifierGroups[0]!.defaultModifierId = 5))).toEqual([
      {
        path: '$.vendors[0].modifierGroups[0].defaultModifierId',
        message: 'Default modifier 5 is not a modifier of this group.',
      },
    ]);
  });

  it('reports an availability window that ends before it starts', () => {
    expect(
      problemsAfter(
        (d) => (d.vendors[0]!.items[0]!.availability = { monday: [{ startTime: '22:00', endTime: '02:00' }] }),
      ),
    ).toEqual([
      {
        path: '$.vendors[0].items[0].availability.monday[0].endTime',
        message:
          'The window ends (02:00) before it starts (22:00); write a window past midnight as two, one on each day.',
      },
    ]);
  });

  it('reports a default service mode the vendor does not offer, and a mode listed twice', () => {
    expect(
      problemsAfter((d) => (d.vendors[0]!.vendorOrderConfiguration.defaultOrderServiceMode = 'HomeDelivery')),
    ).toEqual([
      {
        path: '$.vendors[0].vendorOrderConfiguration.defaultOrderServiceMode',
        message: 'The default service mode HomeDelivery is not one of availableServiceModes.',
      },
    ]);
    expect(
      problemsAfter((d) => (d.vendors[0]!.vendorOrderConfiguration.availableServiceModes = ['TakeAway', 'TakeAway'])),
    ).toEqual([
      { path: '$.vendors[0].vendorOrderConfiguration.availableServiceModes[1]', message: 'TakeAway is listed twice.' },
    ]);
  });

  it('reports coupon problems: a code twice (whatever its case), an unknown vendor, an end before the start, values out of range', () => {
    expect(problemsAfter((d) => (d.coupons[1]!.code = 'ten'))).toEqual([
      { path: '$.coupons[1].code', message: 'Coupon code ten is used twice (also at $.coupons[0].code).' },
    ]);
    expect(problemsAfter((d) => (d.coupons[1]!.vendorId = 99))).toEqual([
      { path: '$.coupons[1].vendorId', message: 'Vendor 99 is not a vendor of this catalogue.' },
    ]);
    expect(problemsAfter((d) => (d.coupons[1]!.validUntil = '2025-12-31T00:00:00Z'))).toEqual([
      { path: '$.coupons[1].validUntil', message: 'The coupon ends (validUntil) before it starts (validFrom).' },
    ]);
    expect(problemsAfter((d) => (d.coupons[0]!.value = 10_001))).toEqual([
      {
        path: '$.coupons[0].value',
        message: "A percentage coupon's value is in basis points, from 1 to 10000 (100 %); 10001 is not.",
      },
    ]);
    expect(problemsAfter((d) => (d.coupons[1]!.value = 0))).toEqual([
      { path: '$.coupons[1].value', message: 'A fixed coupon takes at least 1 cent off.' },
    ]);
    expect(problemsAfter((d) => (d.coupons[2]!.value = 5))).toEqual([
      { path: '$.coupons[2].value', message: 'A full coupon pays the whole order: its value must be 0.' },
    ]);
  });

  it('reports every problem of a document at once', () => {
    const problems = problemsAfter((d) => {
      d.vendors[1]!.id = 10;
      d.vendors[0]!.items[1]!.itemType = 'Drink';
      d.coupons[1]!.vendorId = 99;
    });
    expect(problems.map((p) => p.path).sort()).toEqual([
      '$.coupons[1].vendorId',
      '$.vendors[0].items[1].itemType',
      '$.vendors[1].id',
    ]);
  });
});

describe('service charges', () => {
  it('refuse a percentage over 100 %, at its own path', () => {
    const document = catalogue();
    document.vendors[0].vendorOrderConfiguration.serviceCharges = [
      { name: 'Card fee', kind: 'percentage', value: 150 },
      { name: 'Typo', kind: 'percentage', value: 15_000 },
      { name: 'Bag', kind: 'fixed', value: 15_000 },
    ];
    expect(catalogueRuleProblems(document)).toEqual([
      {
        path: '$.vendors[0].vendorOrderConfiguration.serviceCharges[1].value',
        message: 'A percentage service charge is in basis points, at most 10000 (100 %); 15000 is not.',
      },
    ]);
  });
});
