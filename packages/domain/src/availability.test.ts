import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from './time-zone.ts';
import { isAvailableAt } from './availability.ts';

const SYDNEY = 'Australia/Sydney';
const at = (day: number, hour: number, minute = 0) =>
  zonedTimeToUtc({ year: 2026, month: 11, day, hour, minute }, SYDNEY);

describe('isAvailableAt', () => {
  const breakfast = {
    monday: [{ startTime: '06:00', endTime: '11:00' }],
    sunday: [{ startTime: '07:00', endTime: '11:00' }],
  };
  it('is always true without availability', () => {
    expect(isAvailableAt(null, at(22, 3), SYDNEY)).toBe(true);
  });
  it('includes both ends of a window', () => {
    expect(isAvailableAt(breakfast, at(23, 6, 0), SYDNEY)).toBe(true); // Monday 06:00
    expect(isAvailableAt(breakfast, at(23, 11, 0), SYDNEY)).toBe(true);
    expect(isAvailableAt(breakfast, at(23, 11, 1), SYDNEY)).toBe(false);
    expect(isAvailableAt(breakfast, at(23, 5, 59), SYDNEY)).toBe(false);
  });
  it('uses the weekday in the venue time zone', () => {
    expect(isAvailableAt(breakfast, at(22, 6, 30), SYDNEY)).toBe(false); // Sunday starts at 07:00
    expect(isAvailableAt(breakfast, at(22, 7, 30), SYDNEY)).toBe(true);
  });
  it('is false on a weekday that is not listed', () => {
    expect(isAvailableAt(breakfast, at(24, 8), SYDNEY)).toBe(false); // Tuesday
  });
  it('handles a window past midnight', () => {
    const late = { friday: [{ startTime: '22:00', endTime: '01:00' }] };
    expect(isAvailableAt(late, at(27, 23, 30), SYDNEY)).toBe(true);
  });
});
