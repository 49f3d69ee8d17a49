import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatRemainingMinutes, VERY_SOON_TEXT, waitEstimateText } from './wait-estimate.ts';

describe('formatRemainingMinutes (days, hrs, mins)', () => {
  it('names each non-zero unit, singular or plural', () => {
    expect(formatRemainingMinutes(0)).toBe('0 mins');
    expect(formatRemainingMinutes(1)).toBe('1 min');
    expect(formatRemainingMinutes(45)).toBe('45 mins');
    expect(formatRemainingMinutes(60)).toBe('1 hr');
    expect(formatRemainingMinutes(65)).toBe('1 hr 5 mins');
    expect(formatRemainingMinutes(125)).toBe('2 hrs 5 mins');
    expect(formatRemainingMinutes(24 * 60)).toBe('1 day');
    expect(formatRemainingMinutes(24 * 60 + 1)).toBe('1 day 1 min');
    expect(formatRemainingMinutes(2 * 24 * 60 + 3 * 60 + 7)).toBe('2 days 3 hrs 7 mins');
  });
  it('treats negative and missing values as no time', () => {
    expect(formatRemainingMinutes(-5)).toBe('0 mins');
    expect(formatRemainingMinutes(Number.NaN)).toBe('0 mins');
  });
});

describe('waitEstimateText (spec §9)', () => {
  it("reads 'Very Soon!' at 66 s or less", () => {
    expect(VERY_SOON_TEXT).toBe('Very Soon!');
    expect(waitEstimateText(0)).toBe('Very Soon!');
    expect(waitEstimateText(66)).toBe('Very Soon!');
    expect(waitEstimateText(null)).toBe('Very Soon!');
    expect(waitEstimateText(-30)).toBe('Very Soon!');
  });
  it('gives a range from estimate / 1.1 to estimate × 1.1 just above 66 s', () => {
    // 67 s: 60.9 s to 73.7 s
    expect(waitEstimateText(67)).toBe('1 min - 2 mins');
  });
  it('rounds the low end down and the high end up to whole minutes', () => {
    // 13 min = 780 s: 709 s (11.8 min) to 858 s (14.3 min)
    expect(waitEstimateText(780)).toBe('11 mins - 15 mins');
    // 1 hr 10 min = 4200 s: 3818 s (63.6 min) to 4620 s (77 min)
    expect(waitEstimateText(4200)).toBe('1 hr 3 mins - 1 hr 17 mins');
    // 2 days = 172800 s: 157091 s (43 hrs 38.2 min) to 190080 s (2 days 4 hrs 48 min)
    expect(waitEstimateText(172_800)).toBe('1 day 19 hrs 38 mins - 2 days 4 hrs 48 mins');
  });
  it('always brackets the estimate itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 67, max: 10_000_000 }), (secs) => {
        const [low, high] = waitEstimateText(secs).split(' - ');
        const minutes = (text: string | undefined) => {
          let total = 0;
          for (const [, n, u] of (text ?? '').matchAll(/(\d+) (day|hr|min)/g))
            total += Number(n) * (u === 'day' ? 1440 : u === 'hr' ? 60 : 1);
          return total;
        };
        return minutes(low) * 60 <= secs && secs <= minutes(high) * 60 && minutes(low) < minutes(high);
      }),
    );
  });
});
