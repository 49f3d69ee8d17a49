import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney, majorAmount, parseMajor, percentageOf, toMoney } from './money.ts';

describe('money', () => {
  it('builds the API money object from minor units', () => {
    expect(toMoney(1250)).toEqual({ amount: 12.5, minorAmount: 1250, currencySymbol: '$', currencyCode: 'AUD' });
    expect(() => toMoney(1.5)).toThrow(RangeError);
  });
  it('formats with two decimals and thousands separators', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(2500)).toBe('$25.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(-305)).toBe('\u2212$3.05');
    expect(formatMoney(-123456789)).toBe('\u2212$1,234,567.89');
  });
  it("groups thousands as en-AU's number format does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (minor) => {
        const major = Math.floor(minor / 100);
        const cents = String(minor % 100).padStart(2, '0');
        expect(formatMoney(minor)).toBe(`$${major.toLocaleString('en-AU')}.${cents}`);
      }),
    );
  });
  it('writes major units with two decimals and no symbol', () => {
    expect(majorAmount(0)).toBe('0.00');
    expect(majorAmount(5)).toBe('0.05');
    expect(majorAmount(1999)).toBe('19.99');
    expect(majorAmount(150000)).toBe('1500.00');
    for (let minor = 0; minor < 100_000; minor += 7) expect(parseMajor(majorAmount(minor))).toBe(minor);
  });
  it('rounds percentages half away from zero to whole cents', () => {
    expect(percentageOf(1000, 150)).toBe(15);
    expect(percentageOf(1033, 150)).toBe(15); // 15.495
    expect(percentageOf(1100, 150)).toBe(17); // 16.5
  });
  it('parses major-unit strings exactly', () => {
    expect(parseMajor('12.5')).toBe(1250);
    expect(parseMajor('0.07')).toBe(7);
    expect(parseMajor(19.99)).toBe(1999);
    expect(parseMajor('1.234')).toBeNull();
    expect(parseMajor('abc')).toBeNull();
  });
  it('round-trips any amount through format-free parsing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (minor) => {
        expect(parseMajor((minor / 100).toFixed(2))).toBe(minor);
        expect(toMoney(minor).amount * 100).toBeCloseTo(minor, 6);
      }),
    );
  });
});
