import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_ITEM_COUNT, MAX_RESTRICTED_ITEMS, checkAdd, type LimitState } from './limits.ts';

const empty: LimitState = { orderBurden: 0, restrictedCount: 0, itemCountInOrder: 0, lineCount: 0 };
const plain = { burden: 1, isRestricted: false, currentInventory: null };

describe('checkAdd', () => {
  it('allows an ordinary add', () => {
    expect(checkAdd(empty, plain, 1, 10)).toBeNull();
  });
  it('refuses when the burden is at the maximum or would pass it', () => {
    expect(checkAdd({ ...empty, orderBurden: 10 }, plain, 1, 10)).toBe('burden');
    expect(checkAdd({ ...empty, orderBurden: 9 }, { ...plain, burden: 2 }, 1, 10)).toBe('burden');
    expect(checkAdd({ ...empty, orderBurden: 9 }, plain, 1, 10)).toBeNull();
    expect(checkAdd({ ...empty, orderBurden: 500 }, plain, 1, null)).toBeNull();
  });
  it('refuses beyond the current inventory, counting every option choice of the item', () => {
    expect(checkAdd({ ...empty, itemCountInOrder: 3 }, { ...plain, currentInventory: 3 }, 1, null)).toBe('inventory');
    expect(checkAdd({ ...empty, itemCountInOrder: 2 }, { ...plain, currentInventory: 3 }, 1, null)).toBeNull();
    expect(checkAdd(empty, { ...plain, currentInventory: 0 }, 1, null)).toBe('inventory');
  });
  it('refuses the seventh restricted item', () => {
    const drink = { ...plain, isRestricted: true };
    expect(checkAdd({ ...empty, restrictedCount: MAX_RESTRICTED_ITEMS - 1 }, drink, 1, null)).toBeNull();
    expect(checkAdd({ ...empty, restrictedCount: MAX_RESTRICTED_ITEMS }, drink, 1, null)).toBe('restricted');
    expect(checkAdd({ ...empty, restrictedCount: MAX_RESTRICTED_ITEMS }, plain, 1, null)).toBeNull();
  });
  it('refuses the hundredth of a line', () => {
    expect(checkAdd({ ...empty, lineCount: MAX_ITEM_COUNT - 1 }, plain, 1, null)).toBeNull();
    expect(checkAdd({ ...empty, lineCount: MAX_ITEM_COUNT }, plain, 1, null)).toBe('itemMax');
  });
  it('never lets an accepted add pass any limit (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          orderBurden: fc.nat(50),
          restrictedCount: fc.nat(6),
          itemCountInOrder: fc.nat(99),
          lineCount: fc.nat(99),
        }),
        fc.record({
          burden: fc.integer({ min: 0, max: 5 }),
          isRestricted: fc.boolean(),
          currentInventory: fc.option(fc.nat(20), { nil: null }),
        }),
        fc.integer({ min: 1, max: 10 }),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
        (state, item, count, max) => {
          fc.pre(state.lineCount <= state.itemCountInOrder);
          if (checkAdd(state, item, count, max) !== null) return;
          if (max !== null) expect(state.orderBurden + item.burden * count).toBeLessThanOrEqual(max);
          if (item.currentInventory !== null)
            expect(state.itemCountInOrder + count).toBeLessThanOrEqual(item.currentInventory);
          if (item.isRestricted) expect(state.restrictedCount + count).toBeLessThanOrEqual(MAX_RESTRICTED_ITEMS);
          expect(state.lineCount + count).toBeLessThanOrEqual(MAX_ITEM_COUNT);
        },
      ),
    );
  });
});
