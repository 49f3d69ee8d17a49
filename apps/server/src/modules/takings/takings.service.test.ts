import { describe, expect, it } from 'vitest';
import { gstShare, localDay } from './takings.service.ts';

describe('gstShare', () => {
  it('is a eleventh of what was paid when everything is taxable at 10 %', () => {
    const order = { total_minor: 1100, discount_minor: 0, charges: 100, goods: 1000, free_goods: 0 };
    expect(order.total_minor * gstShare(order, 1000)).toBeCloseTo(100, 9);
  });
  it('leaves GST-free items out, and takes a coupon off items in proportion', () => {
    // $10 taxable + $10 GST-free, $4 coupon: $2 of it off each; taxable paid $8 → GST 8/11.
    const order = { total_minor: 1600, discount_minor: 400, charges: 0, goods: 2000, free_goods: 1000 };
    expect(order.total_minor * gstShare(order, 1000)).toBeCloseTo(800 / 11, 9);
  });
  it('is nothing for a free order, and follows the rate', () => {
    expect(gstShare({ total_minor: 0, discount_minor: 1000, charges: 0, goods: 1000, free_goods: 0 }, 1000)).toBe(0);
    const order = { total_minor: 1150, discount_minor: 0, charges: 0, goods: 1150, free_goods: 0 };
    expect(order.total_minor * gstShare(order, 1500)).toBeCloseTo(150, 9);
  });
});

describe('localDay', () => {
  it("is the venue's calendar day, across midnight in Sydney", () => {
    expect(localDay(Date.UTC(2026, 10, 26, 12, 59), 'Australia/Sydney')).toBe('2026-11-26');
    expect(localDay(Date.UTC(2026, 10, 26, 13, 0), 'Australia/Sydney')).toBe('2026-11-27');
  });
});
