import { describe, expect, it } from 'vitest';
import { gstOf, localDay, refundGst } from './takings.service.ts';

describe('GST included', () => {
  it('is a eleventh of what is taxable at 10 %, and follows the rate', () => {
    expect(gstOf(1100, 1000)).toBeCloseTo(100, 9);
    expect(gstOf(1150, 1500)).toBeCloseTo(150, 9);
  });
  it("a refund takes back its order's taxable share", () => {
    // An order of $16 of which $8 was taxable: a $4 refund takes back the GST of $2.
    expect(refundGst({ amount_minor: 400, total_minor: 1600, taxable: 800 }, 1000)).toBeCloseTo(200 / 11, 9);
    expect(refundGst({ amount_minor: 400, total_minor: 0, taxable: 0 }, 1000)).toBe(0);
  });
});

describe('localDay', () => {
  it("is the venue's calendar day, across midnight in Sydney", () => {
    expect(localDay(Date.UTC(2026, 10, 26, 12, 59), 'Australia/Sydney')).toBe('2026-11-26');
    expect(localDay(Date.UTC(2026, 10, 26, 13, 0), 'Australia/Sydney')).toBe('2026-11-27');
  });
});
