import { describe, expect, it } from 'vitest';
import { actorWords, dayEndMs, dayStartMs, searchTerms } from './order-records.service.ts';

describe('searchTerms', () => {
  it('reads digits as an order number or a mobile, the rest as words', () => {
    expect(searchTerms('001')).toEqual({ text: null, digits: '1' });
    expect(searchTerms('0412 345 678')).toEqual({ text: null, digits: '0412345678' });
    expect(searchTerms(' Mei CHEN ')).toEqual({ text: 'mei chen', digits: null });
    expect(searchTerms('mei@example.com')).toEqual({ text: 'mei@example.com', digits: null });
    expect(searchTerms('')).toEqual({ text: null, digits: null });
  });
});

describe('venue days', () => {
  it('start at local midnight, also on the day daylight saving starts', () => {
    expect(new Date(dayStartMs('2026-11-27', 'Australia/Sydney')).toISOString()).toBe('2026-11-26T13:00:00.000Z');
    expect(new Date(dayEndMs('2026-11-27', 'Australia/Sydney')).toISOString()).toBe('2026-11-27T13:00:00.000Z');
    // 2026-10-04: clocks go forward at 02:00, a 23-hour day.
    expect(dayEndMs('2026-10-04', 'Australia/Sydney') - dayStartMs('2026-10-04', 'Australia/Sydney')).toBe(
      23 * 3_600_000,
    );
  });
});

describe('actorWords', () => {
  it('names who acted', () => {
    expect(actorWords('manager:3:Alex Smith')).toBe('Alex Smith');
    expect(actorWords('staff:7:Bar tablet')).toBe('Staff: Bar tablet');
    expect(actorWords('ops')).toBe('Operations API');
    expect(actorWords('kitchen-simulator')).toBe('Kitchen simulator');
  });
});
