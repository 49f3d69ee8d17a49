import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { basketItemCount, basketTotal, lineTotal, type TotalLine } from './basket.ts';

const line = (count: number, priceMinor: number, modifiers: number[] = []): TotalLine => ({
  count,
  priceMinor,
  modifiers: modifiers.map((price) => ({ priceMinor: price, count: 1 })),
});

const arbitraryLine = fc.record({
  count: fc.integer({ min: 1, max: 99 }),
  priceMinor: fc.integer({ min: 0, max: 100_000 }),
  modifiers: fc.array(
    fc.record({ priceMinor: fc.integer({ min: 0, max: 10_000 }), count: fc.integer({ min: 1, max: 3 }) }),
    {
      maxLength: 6,
    },
  ),
});

describe('basket totals', () => {
  it('adds price × count and each option price × count', () => {
    // 2 burgers at $16.50 with bacon ($3.00) and onion rings ($1.50), 1 cola at $5.00
    expect(lineTotal(line(2, 1650, [300, 150]))).toBe(2 * (1650 + 300 + 150));
    expect(basketTotal([line(2, 1650, [300, 150]), line(1, 500)])).toBe(4200 + 500);
  });

  it('counts an option chosen twice per unit twice', () => {
    expect(lineTotal({ count: 3, priceMinor: 400, modifiers: [{ priceMinor: 70, count: 2 }] })).toBe(3 * (400 + 140));
  });

  it('is zero for an empty basket', () => {
    expect(basketTotal([])).toBe(0);
    expect(basketItemCount([])).toBe(0);
  });

  it('counts items, not options', () => {
    expect(basketItemCount([line(2, 100, [1, 2]), line(3, 100)])).toBe(5);
  });

  it('is the sum of its lines whatever their order, and grows with every line (property)', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 20 }), (lines) => {
        const total = basketTotal(lines);
        expect(total).toBe(lines.reduce((sum, l) => sum + lineTotal(l), 0));
        expect(basketTotal([...lines].reverse())).toBe(total);
        expect(Number.isSafeInteger(total)).toBe(true);
        for (const l of lines) expect(lineTotal(l)).toBeGreaterThanOrEqual(l.count * l.priceMinor);
      }),
    );
  });

  it('splitting a line into two with the same options keeps the total (property)', () => {
    fc.assert(
      fc.property(arbitraryLine, fc.integer({ min: 1, max: 98 }), (l, cut) => {
        fc.pre(cut < l.count);
        expect(
          basketTotal([
            { ...l, count: cut },
            { ...l, count: l.count - cut },
          ]),
        ).toBe(lineTotal(l));
      }),
    );
  });
});
