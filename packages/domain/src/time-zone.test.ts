import { describe, expect, it } from 'vitest';
import { addDays, formatClockTime, parseClock, zoneOffsetMs, zonedParts, zonedTimeToUtc } from './time-zone.ts';

const SYDNEY = 'Australia/Sydney';
const HOUR = 3_600_000;

describe('zonedParts', () => {
  it('reads the local date, time and weekday in a zone', () => {
    // 2026-11-22T05:30Z is 16:30 on Sunday in Sydney (AEDT, +11).
    expect(zonedParts(Date.UTC(2026, 10, 22, 5, 30), SYDNEY)).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      hour: 16,
      minute: 30,
      second: 0,
      weekday: 'sunday',
    });
  });
  it('crosses the date line into the next local day', () => {
    expect(zonedParts(Date.UTC(2026, 10, 22, 14, 0), SYDNEY)).toMatchObject({ day: 23, hour: 1, weekday: 'monday' });
  });
});

describe('zoneOffsetMs', () => {
  it('is +11 h in the Sydney summer and +10 h in winter', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), SYDNEY)).toBe(11 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), SYDNEY)).toBe(10 * HOUR);
  });
});

describe('zonedTimeToUtc', () => {
  it('is the inverse of zonedParts on an ordinary day', () => {
    const instant = zonedTimeToUtc({ year: 2026, month: 11, day: 22, hour: 16, minute: 30 }, SYDNEY);
    expect(instant).toBe(Date.UTC(2026, 10, 22, 5, 30));
  });
  it('moves a time skipped by spring-forward past the gap (4 Oct 2026, 02:30 → 03:30 AEDT)', () => {
    const instant = zonedTimeToUtc({ year: 2026, month: 10, day: 4, hour: 2, minute: 30 }, SYDNEY);
    expect(zonedParts(instant, SYDNEY)).toMatchObject({ hour: 3, minute: 30 });
  });
  it('takes the first of a repeated autumn time (5 Apr 2026, 02:30 AEDT)', () => {
    const instant = zonedTimeToUtc({ year: 2026, month: 4, day: 5, hour: 2, minute: 30 }, SYDNEY);
    expect(instant).toBe(Date.UTC(2026, 3, 4, 15, 30));
    expect(zoneOffsetMs(instant, SYDNEY)).toBe(11 * HOUR);
  });
  it('keeps times either side of a change on their own offsets', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 10, day: 4, hour: 1, minute: 0 }, SYDNEY)).toBe(
      Date.UTC(2026, 9, 3, 15, 0),
    );
    expect(zonedTimeToUtc({ year: 2026, month: 10, day: 4, hour: 4, minute: 0 }, SYDNEY)).toBe(
      Date.UTC(2026, 9, 3, 17, 0),
    );
  });
});

describe('formatClockTime', () => {
  it('formats as h:mm a in the zone', () => {
    expect(formatClockTime(Date.UTC(2026, 10, 22, 6, 15), SYDNEY)).toBe('5:15 PM');
    expect(formatClockTime(Date.UTC(2026, 10, 21, 13, 5), SYDNEY)).toBe('12:05 AM');
    expect(formatClockTime(Date.UTC(2026, 10, 22, 1, 0), SYDNEY)).toBe('12:00 PM');
    expect(formatClockTime(Date.UTC(2026, 10, 21, 22, 45), SYDNEY)).toBe('9:45 AM');
  });
});

describe('parseClock and addDays', () => {
  it('parses HH:mm to minutes and rejects nonsense', () => {
    expect(parseClock('00:00')).toBe(0);
    expect(parseClock('23:59')).toBe(1439);
    expect(parseClock('24:00')).toBe(1440);
    expect(parseClock('24:30')).toBeNull();
    expect(parseClock('9:00')).toBeNull();
    expect(parseClock('12:60')).toBeNull();
  });
  it('adds calendar days across month and year ends', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });
});
